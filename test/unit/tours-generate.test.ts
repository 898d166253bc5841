import { describe, expect, it } from "vitest";
import { generateTour, validateTour } from "../../src/tours/index.js";
import { UsageError } from "../../src/errors.js";

import { slowTest, SLOW } from "../support/tier.js";
/** Independent rule check, written apart from validateTour. */
function followsRules(grid: Int32Array, n: number, closed: boolean): boolean {
  const at = new Int32Array(n * n + 1).fill(-1);
  for (let i = 0; i < n * n; i++) {
    if (grid[i]! < 1 || grid[i]! > n * n || at[grid[i]!] !== -1) return false;
    at[grid[i]!] = i;
  }
  const legal = (a: number, b: number) => {
    const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n)),
      dc = Math.abs((a % n) - (b % n));
    return (dr === 3 && dc === 0) || (dr === 0 && dc === 3) || (dr === 2 && dc === 2);
  };
  for (let k = 1; k < n * n; k++) if (!legal(at[k]!, at[k + 1]!)) return false;
  return !closed || legal(at[n * n]!, at[1]!);
}

describe("generateTour", () => {
  it("makes valid open and closed tours for every n from 5 to 60, identical on both engines", () => {
    for (let n = 5; n <= (SLOW ? 60 : 30); n++) {
      // 31..60 in the slow suite
      for (const seed of [0, 1, 77]) {
        for (const closed of [false, true]) {
          const wasm = generateTour({ size: n, closed, seed });
          const ts = generateTour({ size: n, closed, seed, engine: "ts" });
          expect(followsRules(wasm, n, closed), `n=${n} seed=${seed} closed=${closed}`).toBe(true);
          expect(Buffer.from(ts.buffer).equals(Buffer.from(wasm.buffer)), `engines differ n=${n} seed=${seed} closed=${closed}`).toBe(true);
        }
      }
    }
  });

  slowTest("succeeds for every n from 61 to 300, open and closed", () => {
    for (let n = 61; n <= 300; n++) {
      const seed = n * 7919;
      expect(followsRules(generateTour({ size: n, seed }), n, false), `open n=${n}`).toBe(true);
      expect(followsRules(generateTour({ size: n, seed, closed: true }), n, true), `closed n=${n}`).toBe(true);
    }
  });

  it("makes valid tours on large boards by construction", () => {
    for (const n of [301, 499, 1000]) {
      const tour = generateTour({ size: n, seed: n });
      expect(followsRules(tour, n, true)).toBe(true); // constructed tours are closed
    }
    const ts = generateTour({ size: 512, seed: 9, engine: "ts" });
    expect(Buffer.from(ts.buffer).equals(Buffer.from(generateTour({ size: 512, seed: 9 }).buffer))).toBe(true);
  });

  slowTest("numbers the given start square 1, on every square of small boards", () => {
    for (let n = 5; n <= 9; n++) {
      for (let s = 0; s < n * n; s++) {
        for (const closed of [false, true]) {
          const tour = generateTour({ size: n, closed, start: [Math.floor(s / n), s % n], seed: s });
          expect(tour[s], `n=${n} start=${s} closed=${closed}`).toBe(1);
          expect(followsRules(tour, n, closed)).toBe(true);
        }
      }
    }
    expect(generateTour({ size: 40, start: [17, 33], seed: 5 })[17 * 40 + 33]).toBe(1);
    expect(generateTour({ size: 400, start: [399, 0], seed: 5 })[399 * 400]).toBe(1);
  });

  it("is reproducible per seed and varies between seeds", () => {
    for (const n of [7, 50, 350]) {
      const a = generateTour({ size: n, seed: 1 });
      expect(Array.from(generateTour({ size: n, seed: 1 }))).toEqual(Array.from(a));
      expect(Array.from(generateTour({ size: n, seed: 2 }))).not.toEqual(Array.from(a));
    }
  });

  it("handles the trivial and impossible sizes", () => {
    expect(Array.from(generateTour({ size: 1 }))).toEqual([1]);
    expect(() => generateTour({ size: 1, closed: true })).toThrow(/no closed tour exists on a 1×1 board/);
    for (const size of [2, 3, 4]) expect(() => generateTour({ size }), `size ${size}`).toThrow(/no tour exists/);
    expect(() => generateTour({ size: 0 })).toThrow(UsageError);
    expect(() => generateTour({ size: 5.5 })).toThrow(UsageError);
    expect(() => generateTour({ size: 6, start: [6, 0] })).toThrow(/outside the 6×6 board/);
    expect(() => generateTour({ size: 6, seed: -1 })).toThrow(UsageError);
  });
});

describe("validateTour", () => {
  it("accepts tours and reports closure", () => {
    const open = generateTour({ size: 5, seed: 3 });
    expect(validateTour(open).ok).toBe(true);
    expect(validateTour(generateTour({ size: 5, seed: 3, closed: true })).closed).toBe(true);
    const rows = Array.from({ length: 5 }, (_, r) => Array.from(open.subarray(r * 5, r * 5 + 5)));
    expect(validateTour(rows).ok).toBe(true);
  });

  it("rejects repeats, out-of-range numbers, illegal steps and non-square grids", () => {
    const tour = generateTour({ size: 6, seed: 4 });
    const repeated = tour.slice();
    repeated[0] = repeated[1]!;
    expect(validateTour(repeated).problem).toMatch(/appears twice/);
    const big = tour.slice();
    big[0] = 37;
    expect(validateTour(big).problem).toMatch(/not a number from 1 to 36/);
    const swapped = tour.slice();
    const a = swapped.indexOf(1),
      b = swapped.indexOf(2);
    [swapped[a], swapped[b]] = [swapped[b]!, swapped[a]!];
    const check = validateTour(swapped);
    expect(check.ok).toBe(false);
    expect(check.problem).toMatch(/not a legal move/);
    expect(validateTour(new Int32Array(7)).ok).toBe(false);
  });
});
