// The frontier counter: published values (OEIS) as fixtures, the pen-and-paper counts
// the search engine established, kernel = TS baseline, both orders, shards, limits.
import { describe, expect, it } from "vitest";
import { KernelError, UsageError } from "../../src/errors.js";
import { countTours } from "../../src/tours/count-core.js";
import { countHamiltonian, MAX_FRONTIER_SIDE, type HamiltonianCountOptions } from "../../src/tours/frontier.js";
import { frontierPlan, squareOrder } from "../../src/tours/frontier-plan.js";
import { countFrontierTs } from "../../src/tours/frontier-ts.js";
import { toursModule } from "../../src/tours/kernel.js";
import { boardGraph, KNIGHT, parseLeapers } from "../../src/tours/leapers.js";
import { toursTestKernel } from "../support/test-kernels.js";
import { loadPlan } from "../support/frontier-setup.js";

import { slowTest, SLOW } from "../support/tier.js";
// The test build (its frontierSetPrune switch), loaded before any test loads the release kernel.
const testHooks = toursTestKernel();

const count = (options: HamiltonianCountOptions) => countHamiltonian(options).count;

describe("frontier counter: published knight's-tour values", () => {
  it("A165134: directed Hamiltonian paths of the n×n knight graph, 5×5 and 6×6", () => {
    expect(count({ rows: 5, cols: 5, moves: KNIGHT })).toBe(1728n);
    expect(count({ rows: 6, cols: 6, moves: KNIGHT })).toBe(6637920n);
  });

  it("A001230: undirected closed knight's tours of the 6×6 board (and none on odd boards)", () => {
    expect(count({ rows: 6, cols: 6, moves: KNIGHT, closed: true })).toBe(9862n);
    expect(count({ rows: 5, cols: 5, moves: KNIGHT, closed: true })).toBe(0n);
  });

  // A070030 (closed knight's tours of 3×2n) itself could not be retrieved; its terms follow
  // from two OEIS pages the search tool found (Knuth, "Long and skinny knight's tours"):
  // A169769, geometrically distinct closed tours of 3×n (https://oeis.org/A169769/internal):
  // n = 10, 12, 14, 16, 18: 6, 44, 396, 3868, 37070; A169768, those with twofold symmetry
  // (https://oeis.org/A169768): 4, 0, 24, 24, 276. A169769's page gives
  // A169769 = A169764/4 + A169768/2 with A169764 all closed tours of 3×n, so all tours =
  // 4·A169769 − 2·A169768 = 16, 176, 1536, 15424, 147728: the terms recalled before hold.
  it("A070030: closed knight's tours of 3×2n boards, n = 5..9", () => {
    const terms = [16n, 176n, 1536n, 15424n, 147728n];
    terms.forEach((term, i) => expect(count({ rows: 3, cols: 10 + 2 * i, moves: KNIGHT, closed: true })).toBe(term));
    expect(count({ rows: 10, cols: 3, moves: KNIGHT, closed: true })).toBe(16n); // the same board turned
    expect(count({ rows: 3, cols: 8, moves: KNIGHT, closed: true })).toBe(0n);
  });

  // Knight's rectangles (OEIS pages found by the search tool, 2026-11-26): A079137,
  // undirected Hamiltonian paths of the 4×n knight graph (https://oeis.org/A079137/internal),
  // so directed = 2×; A118067, directed paths of 3×n (https://oeis.org/A118067); A389755,
  // undirected paths on the first k cells of 5×⌈k/5⌉, whose a(5n) = A083386(n)
  // (https://oeis.org/A389755): a(40) = 18061054 is 5×8; A383661, closed tours on the
  // first 2k cells of 5×⌈2k/5⌉ (Knuth): 5×8 44202, 5×10 13311268.
  it("A079137: directed paths of 4×n knight boards are twice the undirected terms, n = 3..14", () => {
    const undirected = [8n, 0n, 82n, 744n, 6378n, 31088n, 189688n, 1213112n, 6683852n, 36486328n, 201282470n, 1083585304n];
    // To 4×10 in npm test, to 4×14 (most of the cost) in the slow suite.
    undirected.slice(0, SLOW ? undirected.length : 8).forEach((term, i) => expect(count({ rows: 4, cols: 3 + i, moves: KNIGHT })).toBe(2n * term));
  });

  slowTest("A118067, A389755 (A083386) and A383661: 3×n and 5×n knight boards", () => {
    expect([7, 8, 9, 10, 11, 12].map((cols) => count({ rows: 3, cols, moves: KNIGHT }))).toEqual([104n, 792n, 1120n, 6096n, 21344n, 114496n]);
    expect(count({ rows: 5, cols: 8, moves: KNIGHT })).toBe(2n * 18061054n);
    expect(count({ rows: 5, cols: 8, moves: KNIGHT, closed: true })).toBe(44202n);
    expect(count({ rows: 10, cols: 5, moves: KNIGHT, closed: true })).toBe(13311268n);
  });
});

describe("frontier counter: pen-and-paper counts", () => {
  it("5×5: 12400 directed paths, 48 closed tours, 548 from row 1 col 2", () => {
    expect(count({ rows: 5, cols: 5 })).toBe(12400n);
    expect(count({ rows: 5, cols: 5, closed: true })).toBe(48n);
    expect(count({ rows: 5, cols: 5, from: [0, 1] })).toBe(548n);
    expect(count({ rows: 5, cols: 5, closed: true, from: [2, 3] })).toBe(96n); // directed, from a square: 2 × 48
  });

  it("6×6: 8250272 directed paths, 13138 closed tours; 7×7: 5808784 closed tours", () => {
    expect(count({ rows: 6, cols: 6 })).toBe(8250272n);
    expect(count({ rows: 6, cols: 6, closed: true })).toBe(13138n);
    expect(count({ rows: 7, cols: 7, closed: true })).toBe(5808784n);
  });

  it("agrees with the search engine on 5×5 from every square and on 6×6 from a square", () => {
    for (let s = 0; s < 25; s++) {
      const from = [Math.floor(s / 5), s % 5] as const;
      expect(count({ rows: 5, cols: 5, from }), `from ${s}`).toBe(countTours({ size: 5, from }));
    }
    expect(count({ rows: 6, cols: 6, from: [2, 2] })).toBe(countTours({ size: 6, from: [2, 2] }));
  });

  it("paths to a square and between two squares add up to the paths from one", () => {
    let sum = 0n;
    for (let t = 0; t < 25; t++) if (t !== 1) sum += count({ rows: 5, cols: 5, from: [0, 1], to: [Math.floor(t / 5), t % 5] });
    expect(sum).toBe(548n);
    expect(count({ rows: 5, cols: 5, to: [0, 1] })).toBe(548n);
    expect(count({ rows: 5, cols: 5, from: [0, 1], to: [0, 1] })).toBe(0n);
  });
});

describe("frontier counter: engines, orders and shards", () => {
  const boards: HamiltonianCountOptions[] = [
    { rows: 5, cols: 5, from: [0, 1] },
    { rows: 4, cols: 5, moves: parseLeapers("1,2+0,1") },
    { rows: 3, cols: 6, moves: parseLeapers("1,1+0,2") },
    { rows: 5, cols: 4, moves: KNIGHT, from: [0, 0] },
    { rows: 4, cols: 5, moves: parseLeapers("0,1+1,1"), closed: true },
  ];

  it("the kernel and the TS baseline give the same counts", () => {
    // npm test: all but the 4×5 (1,2)+(0,1) board (a second of the TS baseline's time), which the slow suite adds
    for (const b of SLOW ? boards : boards.filter((_, i) => i !== 1)) expect(count({ ...b, engine: "ts" }), JSON.stringify(b)).toBe(count(b));
  });

  it("the greedy order and the row order give the same counts (different states)", () => {
    for (const closed of [false, true]) {
      const greedy = countFrontierTs(frontierPlan(5, 4, KNIGHT), { mode: closed ? "cycles" : "paths", ends: [] });
      const rows = countFrontierTs(frontierPlan(5, 4, KNIGHT, "rows"), { mode: closed ? "cycles" : "paths", ends: [] });
      expect(greedy.count).toBe(rows.count);
    }
  });

  slowTest("a board's plan is chosen once a process (cached) and is the order the search chooses afresh", () => {
    const first = frontierPlan(6, 6, KNIGHT);
    expect(frontierPlan(6, 6, KNIGHT)).toBe(first);
    expect(frontierPlan(6, 6, KNIGHT, "rows")).not.toBe(first);
    const order = squareOrder(6, 6, boardGraph(6, 6, KNIGHT), "greedy");
    expect(order.map((square) => first.stepOf[square])).toEqual(order.map((_, k) => k));
    for (let n = 0; n < 20; n++) frontierPlan(3, 3 + n, KNIGHT); // more boards than the cache keeps
    expect(frontierPlan(6, 6, KNIGHT)).not.toBe(first);
    expect(frontierPlan(6, 6, KNIGHT).stepOf).toEqual(first.stepOf);
  });

  it("the randomised greedy order keeps the 7×7 pen-and-paper frontier at 11 squares (21 row by row)", () => {
    expect(frontierPlan(7, 7, parseLeapers("0,3+2,2")).width).toBe(11);
    expect(frontierPlan(7, 7, parseLeapers("0,3+2,2"), "rows").width).toBe(21);
  });

  it("sharded counts merge to the unsharded count on 6×6 (kernel) and 5×5 (baseline)", () => {
    for (const closed of [false, true]) {
      for (const [engine, n] of [
        ["wasm", 6],
        ["ts", 5],
      ] as const) {
        const whole = count({ rows: n, cols: n, closed });
        let sum = 0n;
        const parts: bigint[] = [];
        for (let i = 0; i < 5; i++) {
          const part = countHamiltonian({ rows: n, cols: n, closed, engine, shard: { shard: i, shards: 5 } });
          expect(part.splitStep).toBeGreaterThan(0);
          parts.push(part.count);
          sum += part.count;
        }
        expect(sum, `${engine} closed=${closed}`).toBe(whole);
        if (!closed) expect(parts.filter((p) => p > 0n).length).toBeGreaterThan(1); // really split
      }
    }
  });

  it("reports the frontier width, peak states and memory", () => {
    const r = countHamiltonian({ rows: 6, cols: 6 });
    expect(r.width).toBe(8);
    expect(r.peakStates).toBeGreaterThan(1000);
    expect(r.peakBytes).toBeGreaterThan(0);
    expect(r.entryBytes).toBe(16); // one key word and a 64-bit count
    expect(Math.max(...r.stepStates)).toBe(r.peakStates);
  });

  it("pruning dead states keeps every count and drops states (6×6 knight: 36,861 → 17,195 at the peak)", () => {
    const kernel = testHooks;
    const problems: HamiltonianCountOptions[] = [
      { rows: 6, cols: 6, moves: KNIGHT },
      { rows: 6, cols: 6, moves: KNIGHT, closed: true },
      { rows: 5, cols: 5, moves: KNIGHT, from: [0, 0] },
      { rows: 5, cols: 5, moves: KNIGHT, from: [0, 1] }, // the minority colour: no path starts there
      { rows: 4, cols: 5, moves: KNIGHT, from: [0, 0], to: [3, 4] },
      { rows: 4, cols: 4, moves: parseLeapers("1,2+0,1") },
      { rows: 6, cols: 6, from: [0, 1] },
      { rows: 5, cols: 6, closed: true },
    ];
    const run = (prune: boolean) => {
      kernel.frontierSetPrune(prune);
      try {
        return problems.map((o) => countHamiltonian(o));
      } finally {
        kernel.frontierSetPrune(true);
      }
    };
    const off = run(false),
      on = run(true);
    expect(on.map((r) => r.count)).toEqual(off.map((r) => r.count));
    expect(on[0]!.count).toBe(6637920n);
    expect(on[3]!.count).toBe(0n);
    on.forEach((r, i) => expect(r.peakStates).toBeLessThanOrEqual(off[i]!.peakStates));
    expect([off[0]!.peakStates, on[0]!.peakStates]).toEqual([36861, 17195]);
    // The dropped successors are reported: none with the pruning off, some on the knight.
    expect(off.every((r) => r.droppedStates === 0)).toBe(true);
    expect(on[0]!.droppedStates).toBe(112119);
    expect(on[1]!.droppedStates).toBeGreaterThan(0);
  });

  it("droppedStates counts each dead successor once however many passes its step took; the TS baseline drops none", () => {
    const whole = countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT });
    const tight = countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT, memoryCapMiB: 1 });
    expect(tight.peakParts).toBeGreaterThan(1);
    expect(tight.droppedStates).toBe(whole.droppedStates);
    const ts = countHamiltonian({ rows: 5, cols: 6, moves: KNIGHT, engine: "ts" });
    expect(ts.count).toBe(37568n);
    expect(ts.droppedStates).toBe(0);
  });

  it("onProgress hears every step in order with its states, on both engines; a throw stops the count", () => {
    for (const engine of ["wasm", "ts"] as const) {
      const heard: [number, number, number, number][] = [];
      const r = countHamiltonian({ rows: 5, cols: 6, moves: KNIGHT, engine, onProgress: (...args) => void heard.push(args) });
      expect(heard.map(([step]) => step)).toEqual(Array.from({ length: 30 }, (_, k) => k + 1));
      expect(heard.every(([, steps, , passes]) => steps === 30 && passes === 1)).toBe(true);
      expect(Math.max(...heard.map(([, , states]) => states))).toBe(r.peakStates);
      if (engine === "wasm") expect(heard.map(([, , states]) => states)).toEqual(r.stepStates);
    }
    const tight: number[] = [];
    countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT, memoryCapMiB: 1, onProgress: (_s, _n, _states, passes) => void tight.push(passes) });
    expect(Math.max(...tight)).toBeGreaterThan(1); // the passes of a split step are reported
    expect(() =>
      countHamiltonian({
        rows: 5,
        cols: 5,
        onProgress: (step) => {
          if (step === 10) throw new Error("stop at 10");
        },
      }),
    ).toThrow("stop at 10");
    expect(count({ rows: 5, cols: 5 })).toBe(12400n); // the kernel counts again after it, without the listener
    expect(() => countHamiltonian({ rows: 5, cols: 5, onProgress: 3 as never })).toThrow(UsageError);
  });
});

describe("frontier counter: limits and bad input", () => {
  it("128-bit counts (the rerun when a count passes 2^64) give the same counts with 8 more bytes a state", () => {
    const kernel = toursModule.exports;
    const plan = frontierPlan(6, 6, KNIGHT);
    for (const wide of [false, true]) {
      loadPlan(kernel, plan, 64, wide);
      kernel.frontierCount(false, plan.width, 0, 1);
      expect(kernel.frontierResultLo()).toBe(6637920n / 2n);
      expect(kernel.frontierResultHi()).toBe(0n);
      expect(kernel.frontierEntryBytes()).toBe(wide ? 24 : 16);
    }
  });

  it("a board past the memory cap is a KernelError limit-exceeded, not a crash", () => {
    let error: unknown;
    try {
      countHamiltonian({ rows: 7, cols: 7, memoryCapMiB: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KernelError);
    expect((error as KernelError).code).toBe("limit-exceeded");
    expect((error as Error).message).toMatch(/state tables need more than 1 MiB/);
    expect(count({ rows: 5, cols: 5 })).toBe(12400n); // the kernel still works after it
  });

  slowTest("under a tight cap a step runs in several passes (parts of its table by key hash) and the count is unchanged", () => {
    const whole = countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT });
    const tight = countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT, memoryCapMiB: 1 });
    expect(whole.peakParts).toBe(1);
    expect(whole.peakBytes).toBeGreaterThan(2 ** 20);
    expect(tight.peakParts).toBeGreaterThan(1);
    expect(tight.peakBytes).toBeLessThanOrEqual(2 ** 20);
    expect(tight.count).toBe(6637920n);
    expect(tight.stepStates).toEqual(whole.stepStates);
    // 6×6 pen-and-paper (12,400 states at the peak) fits 1 MiB with every step in one pass.
    expect(countHamiltonian({ rows: 6, cols: 6, memoryCapMiB: 1 })).toMatchObject({ count: 8250272n, peakParts: 1 });
    // A step after growth whose estimated next layer alone would pass the cap: the table
    // still gets a third of the room (a few passes), not thousands of passes over cur.
    const knight = countHamiltonian({ rows: 6, cols: 7, moves: KNIGHT, memoryCapMiB: 5 });
    expect(knight.count).toBe(779938932n);
    expect(knight.peakParts).toBeGreaterThan(1);
    expect(knight.peakParts).toBeLessThanOrEqual(4); // the passes continue one another: 2 (16 before)
    // At the edge: two layers of the peak (132,142 states, 16 bytes each) nearly fill 4 MiB.
    // A pass that runs short of room is followed by one with a smaller range, not a
    // restart of the step with twice the parts (before, 12×12 under 21 MiB: 170 s to refuse).
    const edge = countHamiltonian({ rows: 6, cols: 7, moves: KNIGHT, memoryCapMiB: 4 });
    expect(edge.count).toBe(779938932n);
    expect(edge.peakBytes).toBeLessThanOrEqual(4 * 2 ** 20);
    expect(edge.peakParts).toBeLessThanOrEqual(6);
  });

  it("tiny boards: one square is one path and no cycle", () => {
    expect(count({ rows: 1, cols: 1 })).toBe(1n);
    expect(count({ rows: 1, cols: 1, closed: true })).toBe(0n);
    expect(count({ rows: 1, cols: 2, moves: parseLeapers("0,1") })).toBe(2n);
    expect(count({ rows: 1, cols: 2, moves: parseLeapers("0,1"), closed: true })).toBe(0n);
    expect(count({ rows: 2, cols: 2, moves: parseLeapers("0,1"), closed: true })).toBe(1n);
  });

  it("a board past the kernel's own limits (read from it) is refused by the binding before the kernel runs", () => {
    const maxWidth = toursModule.constant("FRONTIER_MAX_WIDTH");
    // The side limit is the kernel's square limit: every board up to it fits.
    expect(MAX_FRONTIER_SIDE ** 2).toBeLessThanOrEqual(toursModule.constant("FRONTIER_MAX_SQUARES"));
    expect((MAX_FRONTIER_SIDE + 1) ** 2).toBeGreaterThan(toursModule.constant("FRONTIER_MAX_SQUARES"));
    // 54×54 pen-and-paper has a frontier of 162 squares in the greedy order.
    expect(frontierPlan(54, 54, parseLeapers("0,3+2,2")).width).toBeGreaterThan(maxWidth);
    const instance = toursModule.exports;
    let error: unknown;
    try {
      countHamiltonian({ rows: 54, cols: 54, closed: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KernelError);
    expect((error as KernelError).code).toBe("limit-exceeded");
    expect((error as Error).message).toContain(`wider than ${maxWidth}`);
    // Refused by the host: a kernel abort would have dropped the instance.
    expect(toursModule.exports).toBe(instance);
  });

  it("bad options are UsageErrors", () => {
    expect(() => count({ rows: 0, cols: 5 })).toThrow(UsageError);
    expect(() => count({ rows: 5, cols: 5, from: [5, 0] })).toThrow(/outside the 5×5 board/);
    expect(() => count({ rows: 5, cols: 5, closed: true, to: [1, 1] })).toThrow(/--to is for open tours/);
    expect(() => count({ rows: 5, cols: 5, moves: [[0, 0]] })).toThrow(UsageError);
    expect(() => parseLeapers("1;2")).toThrow(/--moves expects leapers a,b joined by \+/);
  });

  slowTest("takes an order given square by square, and refuses one that is not every square once", () => {
    // 5×6 pen-and-paper paths column by column, then the same squares backwards: other
    // frontiers at every step, the count of the default order.
    const byColumns = Array.from({ length: 30 }, (_, k) => (k % 5) * 6 + Math.floor(k / 5));
    const expected = count({ rows: 5, cols: 6 });
    expect(expected).toBe(113456n);
    expect(countHamiltonian({ rows: 5, cols: 6, order: byColumns })).toMatchObject({ count: expected, width: 15 });
    expect(count({ rows: 5, cols: 6, order: [...byColumns].reverse(), closed: true })).toBe(296n);
    const first29 = byColumns.slice(0, 29);
    // Too short, a square twice, off the board, not a whole number, an unknown kind, and
    // values that are no order at all (a typed array is refused like any non-array).
    const bad = [first29, [...first29, byColumns[0]], [...first29, 30], [...first29, 0.5], "diagonal", null, NaN, 2 ** 70, new Int32Array(byColumns)];
    for (const order of bad) expect(() => count({ rows: 5, cols: 6, order: order as never })).toThrow(UsageError);
    expect(() => count({ rows: 5, cols: 6, order: [0, 0] })).toThrow(/the 30 squares by step, each of 0\.\.29 once/);
  });
});
