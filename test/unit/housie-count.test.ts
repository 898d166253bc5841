import { describe, expect, it } from "vitest";
import { countHousie } from "../../src/housie/count/count.js";
import { enumeratePatternsTs } from "../../src/housie/count/tables.js";
import { expectSameElements } from "../support/same-elements.js";
import { housieTestKernel } from "../support/test-kernels.js";
import { slowTest } from "../support/tier.js";

// The test build (hooks for the class weights), before any API call loads the release one.
const housieKernel = housieTestKernel;
housieTestKernel();

describe("housie pattern enumeration", () => {
  it("finds 735,210 patterns over 1,554 vectors, identical in WASM and TS", () => {
    const k = housieKernel();
    expect(k.enumeratePatterns()).toBe(735210);
    expect(k.vectorCount()).toBe(1554);
    const ts = enumeratePatternsTs();
    expect(ts.patterns.length).toBe(735210);
    expect(ts.vectors).toBe(1554);
    expectSameElements(new Uint32Array(k.memory.buffer, k.patternsPtr(), 735210), ts.patterns, "patterns");
    expectSameElements(new Uint32Array(k.memory.buffer, k.vectorPatternStartPtr(), 1555), ts.vectorPatternStart, "vectorPatternStart");
  });

  it("stores only valid patterns, grouped under their column counts", () => {
    const t = enumeratePatternsTs();
    const seen = new Set<number>();
    let badRows = 0;
    let badColumns = 0;
    for (let v = 0; v < t.vectors; v++) {
      for (let i = t.vectorPatternStart[v]!; i < t.vectorPatternStart[v + 1]!; i++) {
        const p = t.patterns[i]!;
        seen.add(p);
        for (let r = 0; r < 3; r++) {
          let bits = 0;
          for (let j = 0; j < 9; j++) bits += (p >>> (9 * r + j)) & 1;
          if (bits !== 5) badRows++;
        }
        for (let j = 0; j < 9; j++) {
          const c = ((p >>> j) & 1) + ((p >>> (9 + j)) & 1) + ((p >>> (18 + j)) & 1);
          if (c !== t.vectorDigits[v * 9 + j]) badColumns++;
        }
      }
    }
    expect([badRows, badColumns, seen.size]).toEqual([0, 0, 735210]);
    // Patterns per vector depend only on how many columns hold 3 numbers.
    const byType = new Map<number, Set<number>>();
    for (let v = 0; v < t.vectors; v++) {
      const set = byType.get(t.vectorType[v]!) ?? new Set();
      set.add(t.vectorPatternStart[v + 1]! - t.vectorPatternStart[v]!);
      byType.set(t.vectorType[v]!, set);
    }
    expect([...byType.entries()].sort().map(([d, s]) => [d, [...s]])).toEqual([
      [0, [1710]],
      [1, [639]],
      [2, [240]],
      [3, [90]],
    ]);
  });
});

describe("housie exact counts", () => {
  const wasm = countHousie();

  it("derives the published single-ticket count", () => {
    expect(wasm.patterns).toBe(735210n);
    expect(wasm.vectors).toBe(1554n);
    expect(wasm.tickets).toBe(3_669_688_706_217_187_500n);
  });

  slowTest("counts books the same way in the TS baseline, and unordered = ordered / 6!", () => {
    const ts = countHousie({ engine: "ts" });
    expect(ts).toEqual(wasm);
    expect(wasm.books * 720n).toBe(wasm.orderedBooks);
    expect(wasm.orderedBooks).toBe(467711541132248468278363019351514108076722415153589853880320000000000000000000n);
  });

  it("agrees with an independent column-by-column DP over the tickets' (count, 3s) states", () => {
    // Column j deals its n_j numbers to the six tickets (1..3 each, n_j!/prod k! ways);
    // a ticket's state is (numbers so far, columns of 3 so far). States are kept sorted
    // (tickets are interchangeable) with G = the total weight of the state's orbit, which
    // transitions exactly as sum over sorted x of G(x) * ways(x + column -> y).
    // At the end each ticket has 15 numbers and p(d) patterns (d = its columns of 3).
    const patternsOfType = [1710n, 639n, 240n, 90n];
    const sizes = [9, 10, 10, 10, 10, 10, 10, 10, 11];
    const fact = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * fact(n - 1));
    const columnsFor = new Map<number, { v: number[]; ways: bigint }[]>();
    for (const n of new Set(sizes)) {
      const list: { v: number[]; ways: bigint }[] = [];
      for (let code = 0; code < 729; code++) {
        const v = [0, 1, 2, 3, 4, 5].map((t) => (Math.floor(code / 3 ** t) % 3) + 1);
        if (v.reduce((a, b) => a + b, 0) !== n) continue;
        list.push({ v, ways: v.reduce((w, k) => w / fact(k), fact(n)) });
      }
      columnsFor.set(n, list);
    }
    const encode = (states: number[]) => states.sort((a, b) => a - b).reduce((key, x) => key * 64 + x, 0);
    const decode = (key: number) => Array.from({ length: 6 }, (_, i) => Math.floor(key / 64 ** (5 - i)) % 64);
    let layer = new Map<number, bigint>([[0, 1n]]);
    sizes.forEach((n, j) => {
      const left = sizes.length - 1 - j;
      const next = new Map<number, bigint>();
      for (const [key, g] of layer) {
        const states = decode(key);
        for (const { v, ways } of columnsFor.get(n)!) {
          const moved = states.map((st, t) => st + v[t]! * 4 + (v[t] === 3 ? 1 : 0));
          if (moved.some((st) => (st >> 2) + left > 15 || (st >> 2) + 3 * left < 15)) continue;
          const y = encode(moved);
          next.set(y, (next.get(y) ?? 0n) + g * ways);
        }
      }
      layer = next;
    });
    let books = 0n;
    for (const [key, g] of layer) books += decode(key).reduce((w, st) => w * patternsOfType[st & 3]!, g);
    expect(books).toBe(wasm.orderedBooks);
  });

  it("gives the book sampler's class weights the total weight of all books", () => {
    // The sampler draws the class of tickets 4-6's column sums t with weight
    // |class| A(n - t) A(t); summed over classes that is every book's weight prod w(c_t),
    // i.e. S = orderedBooks * 6^54 / (prod n_j! G^6) with integer weights
    // p(c) prod_j 6/c_j! / G. An independent use of the same sum, checked exactly.
    const k = housieKernel();
    let factorials = 1n;
    for (const n of [9, 10, 10, 10, 10, 10, 10, 10, 11]) for (let i = 2n; i <= BigInt(n); i++) factorials *= i;
    // The heaviest vectors have three 1s, six 2s and 1,710 patterns, which gives G.
    let heaviest = 0;
    for (let v = 0; v < 1554; v++) heaviest = Math.max(heaviest, k.ticketWeightOf(v));
    const G = (1710n * 6n ** 3n * 3n ** 6n) / BigInt(heaviest);
    const S = (wasm.orderedBooks * 6n ** 54n) / (factorials * G ** 6n);
    expect((S * factorials * G ** 6n) / 6n ** 54n).toBe(wasm.orderedBooks); // S is exact
    const mask = (1n << 64n) - 1n;
    const sum = ((BigInt.asUintN(64, k.classWeightSumHigh()) & mask) << 64n) | BigInt.asUintN(64, k.classWeightSumLow());
    expect(sum).toBe(S);
    expect(k.drawClassCount()).toBe(536);
  });
});
