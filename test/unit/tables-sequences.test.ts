// Named sequences of table counts: the published ones reproduced term by term, the new
// ones against plain brute force on their small terms, and the family definitions.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countTables } from "../../src/tables/index.js";
import { farmCounts, sequenceFamily, sequenceTerms, SEQUENCES } from "../../src/tables/sequences.js";
import { countSequenceTerm } from "../../src/tables/sequence-count.js";
import { bruteForceCounts } from "../support/tables-brute-force.js";

async function values(name: string, to: number): Promise<bigint[]> {
  const out: bigint[] = [];
  for (const term of sequenceTerms(sequenceFamily(name), to)) out.push(await countSequenceTerm(term));
  return out;
}

/** OEIS A008300, rows n = 0..9 flattened (T(n,k) = n×n 0-1 tables, k ones per row and column). */
const A008300 = [
  [1],
  [1, 1],
  [1, 2, 1],
  [1, 6, 6, 1],
  [1, 24, 90, 24, 1],
  [1, 120, 2040, 2040, 120, 1],
  [1, 720, 67950, 297200, 67950, 720, 1],
  [1, 5040, 3110940, 68938800, 68938800, 3110940, 5040, 1],
  [1, 40320, 187530840, 24046189440, 116963796250, 24046189440, 187530840, 40320, 1],
  [1, 362880, 14398171200, 12025780892160, 315031400802720, 315031400802720, 12025780892160, 14398171200, 362880, 1],
]
  .flat()
  .map(BigInt);

/** OEIS A001501, n = 0..15 (3 ones in every row and column). */
const A001501 = [
  "1",
  "0",
  "0",
  "1",
  "24",
  "2040",
  "297200",
  "68938800",
  "24046189440",
  "12025780892160",
  "8302816499443200",
  "7673688777463632000",
  "9254768770160124288000",
  "14255616537578735986867200",
  "27537152449960680597739468800",
  "65662040698002721810659005184000",
].map(BigInt);

/** OEIS A058528, n = 0..14 (4 ones in every row and column). */
const A058528 = [
  "1",
  "0",
  "0",
  "0",
  "1",
  "120",
  "67950",
  "68938800",
  "116963796250",
  "315031400802720",
  "1289144584143523800",
  "7722015017013984456000",
  "65599839591251908982712750",
  "769237071909157579108571190000",
  "12163525741347497524178307740904300",
].map(BigInt);

/** OEIS A058527, n = 0..5 (2n×2n, n ones in every row and column). */
const A058527 = [1n, 2n, 90n, 297200n, 116963796250n, 6736218287430460752n];

describe("published sequences, reproduced", () => {
  it("A008300 rows 0 to 9 (binary)", async () => {
    expect(await values("binary", 9)).toEqual(A008300);
  });
  it("A001501 for n = 0 to 15 (binary-3)", async () => {
    expect(await values("binary-3", 15)).toEqual(A001501);
  });
  it("A058528 for n = 0 to 14 (4 ones per line, no family of its own)", async () => {
    const terms = A058528.map((_, n) =>
      countSequenceTerm({ index: n, size: n, counts: n >= 4 ? [n - 4, 4] : [], distinctRows: false, distinctColumns: false }),
    );
    expect(await Promise.all(terms)).toEqual(A058528);
  });
  it("A058527 for n = 0 to 5 (binary-central)", async () => {
    expect(await values("binary-central", 10)).toEqual(A058527);
  });
  it("A002860 for n = 1 to 7 (latin)", async () => {
    expect(await values("latin", 7)).toEqual([1n, 2n, 12n, 576n, 161280n, 812851200n, 61479419904000n]);
  });
});

describe("new sequences against brute force", () => {
  const cases: [string, number][] = [
    ["binary-distinct", 5],
    ["binary-distinct-rows", 5],
    ["farm", 4],
  ];
  it.each(cases)("%s up to n = %i", async (name, to) => {
    const terms = sequenceTerms(sequenceFamily(name), to);
    const counts: bigint[] = [];
    for (const term of terms) {
      const counted = await countSequenceTerm(term);
      counts.push(counted);
      const brute = term.size === 0 ? 1 : bruteForceCounts(term.counts, [])[term.distinctColumns ? "both" : "distinctRows"];
      expect(counted, `${name} ${term.index}`).toBe(BigInt(brute));
    }
    // Not vacuous: some terms are neither 0 nor 1.
    expect(counts.some((c) => c > 1n)).toBe(true);
  });

  it("two-of-each: brute force to 4×4, the column method to 8×8, and the terms nobody listed", async () => {
    const counts = await values("two-of-each", 8);
    expect(counts).toEqual([1n, 1n, 90n, 35599500n, 1049233314843201600n]);
    // The symmetric method counts these; brute force and the column method are other ways.
    expect(BigInt(bruteForceCounts([2, 2], []).plain)).toBe(counts[2]);
    for (const n of [3, 4]) {
      const columns = countTables({ size: 2 * n, counts: new Array<number>(n).fill(2), distinctRows: false, distinctColumns: false, method: "columns" });
      expect(columns, `n = ${n}`).toBe(counts[n]);
    }
  });

  it("two-of-each-distinct: brute force to 4×4, the symmetric method over the jobs to 8×8", async () => {
    const counts = await values("two-of-each-distinct", 8);
    expect(counts).toEqual([1n, 0n, 72n, 34797600n, 1048812374356185600n]);
    expect(BigInt(bruteForceCounts([2, 2], []).both)).toBe(counts[2]);
    for (const n of [3, 4]) {
      const symmetric = countTables({ size: 2 * n, counts: new Array<number>(n).fill(2), method: "symmetric" });
      expect(symmetric, `n = ${n}`).toBe(counts[n]);
    }
  });

  // docs/b-binary-distinct*.txt hold rows 0..16, counted once (row 16 takes 15 minutes):
  // the rows the counter makes in a moment are counted again, the rest held to the
  // triangles' identities, so a file edited by hand or cut short fails here.
  it.each(["binary-distinct", "binary-distinct-rows"])("docs/b-%s.txt: rows 0..16, the counter's to row 10, symmetric, multiples of n!", async (name) => {
    const text = readFileSync(new URL(`../../docs/b-${name}.txt`, import.meta.url), "utf8");
    const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
    const terms = lines.map((line, i) => {
      const [index, value] = line.split(" ");
      expect(Number(index), line).toBe(i);
      return BigInt(value!);
    });
    expect(terms.length).toBe((17 * 18) / 2);
    expect(terms.slice(0, 66)).toEqual(await values(name, 10));
    let factorial = 1n;
    for (let n = 0; n <= 16; n++) {
      if (n > 0) factorial *= BigInt(n);
      const row = terms.slice((n * (n + 1)) / 2, ((n + 1) * (n + 2)) / 2);
      expect(row, `row ${n}`).toEqual([...row].reverse());
      expect(
        row.every((t) => t % factorial === 0n),
        `row ${n}`,
      ).toBe(true);
      if (n > 0) expect(row[1], `row ${n}`).toBe(factorial);
    }
  });

  it("the central columns are the triangles' T(2n, n)", async () => {
    const triangle = await values("binary-distinct", 6);
    const central = await values("binary-distinct-central", 6);
    const at = (n: number, k: number) => triangle[(n * (n + 1)) / 2 + k]!;
    expect(central).toEqual([at(0, 0), at(2, 1), at(4, 2), at(6, 3)]);
  });
});

describe("sequence families", () => {
  it("farm counts are as even as can be, larger last; n = 7 is the contest's (2,2,3)", () => {
    expect(farmCounts(7)).toEqual([2, 2, 3]);
    expect(farmCounts(8)).toEqual([2, 3, 3]);
    expect(farmCounts(9)).toEqual([3, 3, 3]);
    for (let n = 1; n <= 16; n++) expect(farmCounts(n).reduce((a, b) => a + b, 0)).toBe(n);
  });
  it("the farm term n = 7 is the contest's count with no given rows", async () => {
    const term = sequenceTerms(sequenceFamily("farm"), 7).at(-1)!;
    expect(await countSequenceTerm(term)).toBe(countTables({ size: 7, counts: [2, 2, 3] }));
  });
  it("refuses unknown names and sizes past a family's reach, saying why", () => {
    expect(() => sequenceFamily("nope")).toThrow(/unknown sequence "nope" \(expected one of binary-distinct,/);
    expect(() => sequenceTerms(sequenceFamily("latin"), 10)).toThrow(/sequence latin stops at --to 9: /);
    expect(() => sequenceTerms(sequenceFamily("two-of-each-distinct"), 10)).toThrow(/sequence two-of-each-distinct stops at --to 8: .*--force counts it/);
    expect(SEQUENCES.every((f) => f.defaultTo <= f.maxTo)).toBe(true);
  });
});
