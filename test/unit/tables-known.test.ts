// The fast table counter on larger cases: the 6×6 chessboard puzzle (checked by an
// independent enumeration of row sets), classical counts, answers past 64 bits with
// both engines, and the errors of the API.
import { describe, expect, it } from "vitest";
import { countTables, UsageError } from "../../src/index.js";

import { slowTest } from "../support/tier.js";
/** 6×6 chessboard puzzle by plain enumeration: 6-sets of distinct 3-of-6 rows, × 6!. */
function chessboardBySets(): bigint {
  const rows: number[] = [];
  for (let mask = 0; mask < 64; mask++) {
    let ones = 0;
    for (let b = 0; b < 6; b++) ones += (mask >> b) & 1;
    if (ones === 3) rows.push(mask);
  }
  let sets = 0;
  const chosen: number[] = [];
  const pick = (from: number): void => {
    if (chosen.length === 6) {
      const columns = new Set<number>();
      for (let c = 0; c < 6; c++) {
        let column = 0;
        let ones = 0;
        chosen.forEach((row, i) => {
          if ((row >> c) & 1) {
            column |= 1 << i;
            ones++;
          }
        });
        if (ones !== 3) return;
        columns.add(column);
      }
      if (columns.size === 6) sets++;
      return;
    }
    for (let i = from; i < rows.length; i++) {
      chosen.push(rows[i]!);
      pick(i + 1);
      chosen.pop();
    }
  };
  pick(0);
  return BigInt(sets) * 720n;
}

describe("countTables on known counts", () => {
  it("solves the 6×6 chessboard puzzle: 194400 boards, as an independent enumeration finds", () => {
    // 194400 is the answer of the J wiki essay (Essays/ChessboardPuzzle); the puzzle's
    // first official answer, 237600, was wrong and later corrected.
    const expected = chessboardBySets();
    expect(expected).toBe(194400n);
    expect(countTables({ size: 6, counts: [3, 3], engine: "wasm" })).toBe(expected);
    expect(countTables({ size: 6, counts: [3, 3], engine: "ts" })).toBe(expected);
  });

  it("matches classical counts: 0/1 matrices with all line sums n/2 (OEIS A058527) and Latin squares", () => {
    const plain = { distinctRows: false, distinctColumns: false };
    expect(countTables({ size: 6, counts: [3, 3], ...plain })).toBe(297200n);
    expect(countTables({ size: 8, counts: [4, 4], ...plain })).toBe(116963796250n);
    expect(countTables({ size: 10, counts: [5, 5], ...plain })).toBe(6736218287430460752n);
    expect(countTables({ size: 6, counts: [1, 1, 1, 1, 1, 1] })).toBe(812851200n);
    expect(countTables({ size: 6, counts: [1, 1, 1, 1, 1, 1], engine: "ts" })).toBe(812851200n);
  });

  slowTest("agrees between engines past 64 bits (n = 8 and n = 9, nothing given)", () => {
    const eight = countTables({ size: 8, counts: [2, 2, 2, 2], engine: "wasm" });
    expect(eight).toBe(countTables({ size: 8, counts: [2, 2, 2, 2], engine: "ts" }));
    const nine = countTables({ size: 9, counts: [3, 3, 3], engine: "wasm" });
    expect(nine).toBeGreaterThan(1n << 64n);
    expect(nine).toBe(countTables({ size: 9, counts: [3, 3, 3], engine: "ts" }));
    const plain = { size: 9, counts: [3, 3, 3], distinctRows: false, distinctColumns: false };
    const nineAll = countTables({ ...plain, engine: "wasm" });
    expect(nineAll).toBeGreaterThan(1n << 64n);
    expect(nineAll).toBe(countTables({ ...plain, engine: "ts" }));
    expect(nineAll).toBeGreaterThan(nine);
  });

  slowTest("agrees between engines with given rows at n = 9", () => {
    const problem = { size: 9, counts: [3, 3, 3], given: ["012012012", "120120120"], distinctRows: false };
    expect(countTables({ ...problem, engine: "wasm" })).toBe(countTables({ ...problem, engine: "ts" }));
  });
});

describe("countTables errors", () => {
  const bad = (problem: Parameters<typeof countTables>[0]) => () => countTables(problem);
  it("rejects counts that do not sum to the size", () => {
    expect(bad({ size: 7, counts: [2, 2, 2] })).toThrow(UsageError);
    expect(bad({ size: 7, counts: [2, 2, 2] })).toThrow(/sum to 6, not to the size 7/);
  });
  it("rejects given rows that break the counts or the symbols", () => {
    expect(bad({ size: 7, counts: [2, 2, 3], given: ["2222222"] })).toThrow(/given row 1 .* has symbol counts 0,0,7, not 2,2,3/);
    expect(bad({ size: 7, counts: [2, 2, 3], given: ["0011222", "001122"] })).toThrow(/given row 2 has 6 symbols/);
    expect(bad({ size: 7, counts: [2, 2, 3], given: ["0011223"] })).toThrow(/not one of 0..2/);
  });
  it("rejects unsupported sizes and engines, saying the limit and why", () => {
    expect(bad({ size: 17, counts: [9, 8] })).toThrow(/size 17 is not supported: the limit is 1 to 16 because .*128 bits/);
    expect(bad({ size: 0, counts: [] })).toThrow(UsageError);
    expect(bad({ size: 3, counts: [1, 1, 1], engine: "fast" as never })).toThrow(/unknown engine/);
  });
  it("counts given rows that overfill a column as 0", () => {
    expect(countTables({ size: 4, counts: [2, 2], given: ["0011", "0011", "0011"], distinctRows: false })).toBe(0n);
  });
});
