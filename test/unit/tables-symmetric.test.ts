// The symmetric method (states up to column and equal-count symbol permutations): the
// published Latin square counts, and the same numbers as brute force and the column
// method wherever it applies (no distinctness rules, or every count at most 1).
import { describe, expect, it } from "vitest";
import { countTables } from "../../src/tables/index.js";
import { automorphismCount, countSymmetricMitmTs, countSymmetricTs, symmetryOrder } from "../../src/tables/sym-ts.js";
import {
  countSymmetricMitmWasm,
  countSymmetricWasm,
  symLayer,
  symLimits,
  symMergeShares,
  symMitmSum,
  symRowByRowFrom,
  symTotalOfLastLayer,
  type SymLayerPart,
} from "../../src/tables/sym-wasm.js";
import { usesSymmetric } from "../../src/tables/count.js";
import { normalizeProblem } from "../../src/tables/problem.js";
import { tablesModule } from "../../src/tables/kernel.js";
import { tablesTestKernel } from "../support/test-kernels.js";
import { KernelError, UsageError } from "../../src/errors.js";
import { bruteForceCounts, rowsWithCounts } from "../support/tables-brute-force.js";

import { slowTest } from "../support/tier.js";
// The test build (its symUseInvariants hook), loaded before any test loads the release kernel.
const testHooks = tablesTestKernel();

/** OEIS A002860, Latin squares of order n = 1..7 (n = 8 is in test/long). */
const A002860 = [1n, 2n, 12n, 576n, 161280n, 812851200n, 61479419904000n];

const COUNT_VECTORS: number[][] = [[1], [2], [1, 1], [2, 1], [1, 1, 1], [2, 2], [3, 1], [2, 1, 1], [1, 1, 1, 1], [0, 2, 1], [3, 2], [3, 1, 1]];

describe("countTables, symmetric method", () => {
  it("counts Latin squares of orders 1 to 7 (OEIS A002860)", () => {
    A002860.forEach((expected, i) => {
      const n = i + 1;
      expect(countTables({ size: n, counts: new Array<number>(n).fill(1), method: "symmetric" }), `order ${n}`).toBe(expected);
    });
  });

  it("agrees with brute force without distinctness rules, with 0, 1 or 2 given rows (n ≤ 5)", () => {
    for (const counts of COUNT_VECTORS) {
      const size = counts.reduce((a, b) => a + b, 0);
      const rows = rowsWithCounts(counts);
      for (const given of [[], [rows[0]!], [rows[rows.length - 1]!, rows[0]!]].filter((g) => g.length <= size)) {
        const label = `n=${size} counts=${counts.join(",")} given=${given.length}`;
        const brute = bruteForceCounts(counts, given);
        const plain = { size, counts, given, distinctRows: false, distinctColumns: false, method: "symmetric" as const };
        expect(countTables(plain), label).toBe(BigInt(brute.plain));
        // Latin-like counts: equal rows or columns are impossible, the rules hold for free.
        if (counts.every((c) => c <= 1)) expect(countTables({ ...plain, distinctRows: true, distinctColumns: true }), label).toBe(BigInt(brute.both));
      }
    }
  });

  it("agrees with the column method on 6×6 and 7×7 tables without distinctness rules", () => {
    const cases: [number, number[], string[]][] = [
      [6, [2, 2, 2], []],
      [6, [1, 1, 1, 1, 2], ["012344"]],
      [7, [2, 2, 3], ["2100221", "0221102"]],
      [7, [1, 1, 1, 1, 1, 1, 1], ["0123456", "1234560"]],
    ];
    for (const [size, counts, given] of cases) {
      const problem = { size, counts, given, distinctRows: false, distinctColumns: false };
      expect(countTables({ ...problem, method: "symmetric" }), `${size} ${counts.join(",")}`).toBe(countTables({ ...problem, method: "columns" }));
    }
  });

  it("agrees with the column method on 12×12 binary tables (multiplicities past float-exact quotients)", () => {
    const problem = { size: 12, counts: [6, 6], distinctRows: false, distinctColumns: false };
    expect(countTables({ ...problem, method: "symmetric" })).toBe(64051375889927380035549804336n);
    expect(countTables({ ...problem, method: "columns" })).toBe(64051375889927380035549804336n);
  });

  it("counts Latin squares of orders 1 to 7 with both engines (the kernel and its TS baseline)", () => {
    A002860.forEach((expected, i) => {
      const n = i + 1;
      const problem = normalizeProblem({ size: n, counts: new Array<number>(n).fill(1) });
      const wasmLayers: number[] = [];
      const tsLayers: number[] = [];
      expect(
        countSymmetricWasm(problem, (_placed, _rows, states) => wasmLayers.push(states)),
        `order ${n}, wasm`,
      ).toBe(expected);
      expect(
        countSymmetricTs(problem, (_placed, _rows, states) => tsLayers.push(states)),
        `order ${n}, ts`,
      ).toBe(expected);
      // The same classes per layer: both engines canonise the same way.
      expect(wasmLayers, `order ${n}, layers`).toEqual(tsLayers);
    });
  });

  it("the kernel's canonical forms with and without invariants give the same classes and counts", () => {
    const kernel = testHooks;
    const run = (problem: Parameters<typeof countSymmetricWasm>[0]) => {
      const layers: number[] = [];
      const count = countSymmetricWasm(problem, (_placed, _rows, states) => layers.push(states));
      return { count, layers };
    };
    const problems = [
      normalizeProblem({ size: 7, counts: new Array<number>(7).fill(1) }),
      normalizeProblem({ size: 7, counts: [1, 1, 1, 2, 2], distinctRows: false, distinctColumns: false }),
      normalizeProblem({ size: 8, counts: [4, 4], distinctRows: false, distinctColumns: false }),
    ];
    for (const problem of problems) {
      const label = `${problem.size} ${problem.counts.join(",")}`;
      const withInvariants = run(problem);
      kernel.symUseInvariants(0);
      try {
        expect(run(problem), label).toEqual(withInvariants);
      } finally {
        kernel.symUseInvariants(1);
      }
    }
  });

  it("both engines equal the column method on every count vector to n = 7, with and without given rows", () => {
    const cases: [number, number[], string[]][] = [
      ...COUNT_VECTORS.map((counts): [number, number[], string[]] => [counts.reduce((a, b) => a + b, 0), counts, []]),
      [6, [2, 2, 2], []],
      [6, [3, 3], ["000111"]],
      [6, [1, 1, 1, 1, 2], ["012344"]],
      [6, [0, 1, 2, 3], []],
      [7, [2, 2, 3], ["2100221", "0221102"]],
      [7, [3, 1, 3], []],
      [7, [1, 1, 1, 1, 1, 1, 1], ["0123456", "1234560"]],
      [7, [1, 1, 1, 2, 2], ["0123434"]],
    ];
    for (const [size, counts, given] of cases) {
      const label = `${size} ${counts.join(",")} given ${given.join("/")}`;
      const problem = { size, counts, given, distinctRows: false, distinctColumns: false };
      const columns = countTables({ ...problem, method: "columns" });
      expect(countTables({ ...problem, method: "symmetric", engine: "wasm" }), label).toBe(columns);
      expect(countTables({ ...problem, method: "symmetric", engine: "ts" }), label).toBe(columns);
    }
  });

  it("gives a count past the kernel's 128 bits exactly (14×14 binary, by the TS engine)", () => {
    const problem = { size: 14, counts: [7, 7], distinctRows: false, distinctColumns: false, method: "symmetric" as const };
    expect(countTables({ ...problem, engine: "wasm" })).toBe(108738182111446498614705217754614976371200n);
  });

  it("reads its limits from the kernel and refuses past them with a KernelError", () => {
    expect(symLimits()).toEqual({ maxSize: tablesModule.constant("SYM_MAX_SIZE"), maxSymbols: tablesModule.constant("SYM_MAX_SYMBOLS") });
    const { maxSize } = symLimits();
    const tooBig = { size: maxSize + 1, counts: [maxSize + 1], given: [] };
    expect(() => countSymmetricWasm(tooBig)).toThrow(KernelError);
    expect(() => countSymmetricWasm(tooBig)).toThrow(/use the ts engine/);
  });

  it("counts each job of the column method's plan where distinct rows or columns break the whole table's symmetry", () => {
    expect(countTables({ size: 4, counts: [2, 2], method: "symmetric" })).toBe(72n);
    expect(usesSymmetric(normalizeProblem({ size: 4, counts: [2, 2] }), "symmetric")).toBe(false);
  });
});

describe("the symmetric method, meeting in the middle", () => {
  /** A layer or share that stays within 128 bits (every one here does). */
  const layer = (...args: Parameters<typeof symLayer>): SymLayerPart => {
    const part = symLayer(...args);
    if (!part) throw new Error("a count passed 128 bits");
    return part;
  };
  const plain = (size: number, counts: number[], given: string[] = []) =>
    normalizeProblem({ size, counts, given, distinctRows: false, distinctColumns: false });

  slowTest("both engines equal the row-by-row count on every count vector to n = 7 and on 8×8 (2,2,2,2) and (3,3,2)", () => {
    const cases = [
      ...COUNT_VECTORS.map((counts) =>
        plain(
          counts.reduce((a, b) => a + b, 0),
          counts,
        ),
      ),
      plain(6, [2, 2, 2]),
      plain(6, [1, 1, 2, 2]),
      plain(7, [2, 2, 3]),
      plain(7, [1, 2, 1, 3]),
      plain(7, [1, 1, 1, 2, 2]),
      normalizeProblem({ size: 7, counts: new Array<number>(7).fill(1) }),
      plain(8, [2, 2, 2, 2]),
      plain(8, [3, 3, 2]),
    ];
    for (const problem of cases) {
      const label = `${problem.size} ${problem.counts.join(",")}`;
      const rowByRow = countSymmetricWasm(problem);
      expect(rowByRow, label).toBe(countSymmetricTs(problem));
      expect(countSymmetricMitmWasm(problem), `${label}, wasm`).toBe(rowByRow);
      if (problem.size <= 6 || problem.counts.length <= 3) expect(countSymmetricMitmTs(problem), `${label}, ts`).toBe(rowByRow);
    }
  });

  slowTest("split into shares of layer ⌈n/2⌉ (built from the start or from a saved layer), sums to the same count, n even and odd", () => {
    const cases = [plain(8, [2, 2, 2, 2]), plain(7, [2, 2, 3]), normalizeProblem({ size: 7, counts: new Array<number>(7).fill(1) }), plain(9, [3, 3, 3])];
    for (const problem of cases) {
      const label = `${problem.size} ${problem.counts.join(",")}`;
      const whole = countSymmetricMitmWasm(problem);
      const half = Math.ceil(problem.size / 2);
      for (const shares of [1, 2, 5]) {
        const parts = Array.from({ length: shares }, (_, share) => layer(problem, half, share, shares));
        expect(symMitmSum(problem, parts), `${label}, ${shares} shares`).toBe(whole);
        // The second way from the same shares: carried on row by row instead of paired.
        expect(symRowByRowFrom(problem, parts), `${label}, ${shares} shares row by row`).toBe(whole);
        // The shares split the layer's labelled tables: their ways add up to the whole layer's.
        const ways = (part: { ways: BigUint64Array }) => part.ways.reduce((sum, limb, i) => sum + (i % 2 === 0 ? limb : limb << 64n), 0n);
        expect(
          parts.reduce((sum, part) => sum + ways(part), 0n),
          label,
        ).toBe(ways(layer(problem, half)));
        // Merged, they are the layer whole: its classes and ways (the classes' order may differ).
        const merged = symMergeShares(problem, parts)!;
        expect({ row: merged.row, shares: merged.shares, states: merged.states, ways: ways(merged) }, label).toEqual({
          row: half,
          shares: 1,
          states: layer(problem, half).states,
          ways: ways(layer(problem, half)),
        });
      }
      // The last layer's ways are the count (its one row left is forced).
      expect(symTotalOfLastLayer(problem, layer(problem, problem.size - 1)), label).toBe(whole);
      const before = layer(problem, half - 1);
      const fromBefore = [0, 1].map((share) => layer(problem, half, share, 2, before));
      expect(symMitmSum(problem, fromBefore, before), `${label}, the layer before passed`).toBe(whole);
      const saved = layer(problem, half - 2);
      const fromSaved = [0, 1, 2].map((share) => layer(problem, half, share, 3, saved));
      expect(symMitmSum(problem, fromSaved.reverse()), `${label}, from layer ${half - 2}`).toBe(whole);
    }
    // Known values among them: 8×8 (2,2,2,2) without the rules, Latin squares of order 7 (A002860).
    expect(countSymmetricMitmWasm(cases[0]!)).toBe(1049233314843201600n);
    expect(countSymmetricMitmWasm(cases[2]!)).toBe(61479419904000n);
  });

  it("refuses parts that are not every share of one layer of the count, once each", () => {
    const problem = plain(6, [2, 2, 2]);
    const parts = [0, 1, 2].map((share) => layer(problem, 3, share, 3));
    expect(() => symMitmSum(problem, parts.slice(0, 2))).toThrow(UsageError);
    expect(() => symRowByRowFrom(problem, parts.slice(0, 2))).toThrow(UsageError);
    expect(() => symMergeShares(problem, parts.slice(0, 2))).toThrow(/every share of layer 3/);
    expect(() => symTotalOfLastLayer(problem, layer(problem, 4))).toThrow(/must be layer 5 of this count, whole/);
    expect(() => symTotalOfLastLayer(problem, layer(problem, 5, 0, 2))).toThrow(/whole/);
    expect(() => symMitmSum(problem, [parts[0]!, parts[0]!, parts[1]!])).toThrow(UsageError);
    expect(() => symMitmSum(plain(6, [3, 3]), parts)).toThrow(UsageError);
    expect(() => symMitmSum(problem, [layer(problem, 2)])).toThrow(/every share of layer 3/);
    const odd = plain(7, [2, 2, 3]);
    const oddParts = [layer(odd, 4)];
    expect(() => symMitmSum(odd, oddParts, layer(odd, 2))).toThrow(/the layer before must be layer 3/);
    expect(() => symMitmSum(odd, oddParts, layer(odd, 3, 0, 2))).toThrow(/whole/);
    expect(() => layer(problem, 3, 3, 3)).toThrow(UsageError);
    expect(() => layer(problem, 6)).toThrow(/a layer is a row from 1 to 5/);
    expect(() => layer(problem, 3, 0, 1, parts[1])).toThrow(/a whole earlier layer/);
    expect(() => layer(normalizeProblem({ size: 6, counts: [2, 2, 2], given: ["001122"] }), 3)).toThrow(UsageError);
  });

  it("reproduces published values: 4×4 and 6×6 binary (A001499 90, A001501 297200), 6×6 (2,2,2) 35599500", () => {
    expect(countSymmetricMitmWasm(plain(4, [2, 2]))).toBe(90n);
    expect(countSymmetricMitmWasm(plain(6, [3, 3]))).toBe(297200n);
    expect(countSymmetricMitmTs(plain(6, [3, 3]))).toBe(297200n);
    // 6×6 over three symbols, each twice per line: the column method agrees.
    expect(countSymmetricMitmWasm(plain(6, [2, 2, 2]))).toBe(
      countTables({ size: 6, counts: [2, 2, 2], distinctRows: false, distinctColumns: false, method: "columns" }),
    );
  });

  it("is the path countTables takes when nothing is given: ⌈n/2⌉ layers, and the same count as the column method", () => {
    const problem = { size: 8, counts: [2, 2, 2, 2], distinctRows: false, distinctColumns: false };
    const layers: [number, number][] = [];
    const count = countTables({ ...problem, method: "symmetric", onLayer: (placed, rows) => layers.push([placed, rows]) });
    expect(layers).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(count).toBe(countTables({ ...problem, method: "columns" }));
    expect(count).toBe(1049233314843201600n);
    // With a given row it goes row by row to the last row but one.
    const given = { ...problem, given: ["00112233"] };
    const givenLayers: number[] = [];
    expect(countTables({ ...given, method: "symmetric", onLayer: (placed) => givenLayers.push(placed) })).toBe(countTables({ ...given, method: "columns" }));
    expect(givenLayers).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("auto picks it for 10×10 (2,2,2,2,2) without distinctness rules, past the column method's reach", () => {
    expect(usesSymmetric(plain(10, [2, 2, 2, 2, 2]))).toBe(true);
    expect(usesSymmetric(plain(8, [2, 2, 2, 2]))).toBe(false);
    expect(usesSymmetric(normalizeProblem({ size: 10, counts: [2, 2, 2, 2, 2] }))).toBe(false);
  });

  it("counts automorphisms (column and equal-count symbol permutations) and the group", () => {
    expect(symmetryOrder(4, [2, 2])).toBe(48n);
    expect(symmetryOrder(5, [1, 2, 2])).toBe(240n);
    // Two columns that swap with the symbols: (1,0), (0,1).
    expect(automorphismCount(Uint8Array.from([1, 0, 0, 1]), 2, 2, [1, 1])).toBe(2n);
    // Counts 1 and 2 cannot swap: only the identity.
    expect(automorphismCount(Uint8Array.from([1, 0, 0, 1]), 2, 2, [1, 2])).toBe(1n);
    // Four equal columns (1,1): 4! column permutations times both symbol orders.
    expect(automorphismCount(Uint8Array.from([1, 1, 1, 1, 1, 1, 1, 1]), 4, 2, [2, 2])).toBe(48n);
  });
});
