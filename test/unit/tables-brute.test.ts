// The fast table counter against plain brute force on every small case: several count
// vectors for n ≤ 5, g = 0, 1, 2 given rows, all four combinations of the distinctness
// rules, both engines.
import { describe, expect, it } from "vitest";
import { countTables } from "../../src/tables/index.js";
import { bruteForceCounts, rowsWithCounts } from "../support/tables-brute-force.js";
import { slowTest } from "../support/tier.js";

const COUNT_VECTORS: number[][] = [
  [1],
  [1, 1],
  [2],
  [1, 1, 1],
  [2, 1],
  [2, 2],
  [1, 2, 1],
  [3, 1],
  [1, 1, 1, 1],
  [2, 2, 1],
  [3, 2],
  [1, 3, 1],
  [2, 1, 1, 1],
  [4, 1],
  [0, 2, 1],
  [1, 1, 1, 1, 1],
];

/** The given-row prefixes tried for a count vector: none, one, two (also equal ones). */
function givenPrefixes(counts: number[]): number[][][] {
  const rows = rowsWithCounts(counts);
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const middle = rows[Math.floor(rows.length / 2)]!;
  const out: number[][][] = [[], [first], [last]];
  if (counts.reduce((a, b) => a + b, 0) >= 2) out.push([first, last], [middle, first], [first, first]);
  return out;
}

const RULES = [
  { key: "plain", distinctRows: false, distinctColumns: false },
  { key: "distinctRows", distinctRows: true, distinctColumns: false },
  { key: "distinctColumns", distinctRows: false, distinctColumns: true },
  { key: "both", distinctRows: true, distinctColumns: true },
] as const;

describe("countTables against brute force (n ≤ 5)", () => {
  for (const counts of COUNT_VECTORS) {
    const size = counts.reduce((a, b) => a + b, 0);
    for (const given of givenPrefixes(counts)) {
      const label = `n=${size} counts=${counts.join(",")} given=[${given.map((r) => r.join("")).join(";")}]`;
      // n = 5 with no given row (the longest brute forces) in the slow suite.
      (size === 5 && given.length === 0 ? slowTest : it)(label, () => {
        const brute = bruteForceCounts(counts, given);
        for (const rule of RULES) {
          const problem = { size, counts, given, distinctRows: rule.distinctRows, distinctColumns: rule.distinctColumns };
          const expected = BigInt(brute[rule.key]);
          expect(countTables({ ...problem, engine: "wasm" }), `${rule.key} wasm`).toBe(expected);
          expect(countTables({ ...problem, engine: "ts" }), `${rule.key} ts`).toBe(expected);
        }
      });
    }
  }

  it("has nonzero answers in most cases (the comparison is not vacuous)", () => {
    const small = COUNT_VECTORS.filter((counts) => counts.reduce((a, b) => a + b, 0) <= 4);
    const nonzero = small.filter((counts) => bruteForceCounts(counts, []).both > 0);
    expect(nonzero.length).toBeGreaterThan(small.length / 2);
  });
});
