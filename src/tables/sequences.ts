// Named integer sequences of table counts (`count-farms sequence NAME`), as OEIS b-file
// entries "index value". Triangles are read by rows (n = 0, 1, …; k = 0..n), indexed
// from 0. docs/sequences.md lists the families, their terms and how they were checked.
import { UsageError } from "../errors.js";
import { quote } from "../io/quote.js";
import { MAX_TABLE_SIZE } from "./problem.js";

/** One term: a table problem (or the empty table, size 0, counted as 1). */
export interface SequenceTerm {
  index: number;
  size: number;
  counts: number[];
  distinctRows: boolean;
  distinctColumns: boolean;
}

export interface SequenceFamily {
  name: string;
  /** One line: what a(n) counts. */
  definition: string;
  /** The published sequence it reproduces, if any. */
  oeis?: string;
  /** Largest n (table size, or triangle row) by default, and the largest accepted. */
  defaultTo: number;
  maxTo: number;
  /** Why terms past maxTo are refused (measured growth). */
  reach: string;
  terms(to: number): SequenceTerm[];
}

const binary = (n: number, k: number): number[] => [n - k, k];

/** 2n×2n tables over n symbols, each twice per line, for 2n ≤ to; rows and columns distinct or not. */
function twoOfEach(to: number, distinct: boolean): SequenceTerm[] {
  const out: SequenceTerm[] = [];
  for (let n = 0; 2 * n <= to; n++)
    out.push({ index: n, size: 2 * n, counts: new Array<number>(n).fill(2), distinctRows: distinct, distinctColumns: distinct });
  return out;
}

/** Triangle T(n, k), 0 ≤ k ≤ n ≤ to, read by rows. */
function triangle(to: number, rows: boolean, columns: boolean): SequenceTerm[] {
  const out: SequenceTerm[] = [];
  for (let n = 0; n <= to; n++) {
    for (let k = 0; k <= n; k++) out.push({ index: out.length, size: n, counts: binary(n, k), distinctRows: rows, distinctColumns: columns });
  }
  return out;
}

/** T(2n, n), 0 ≤ n, 2n ≤ to. */
function central(to: number, rows: boolean, columns: boolean): SequenceTerm[] {
  const out: SequenceTerm[] = [];
  for (let n = 0; 2 * n <= to; n++) out.push({ index: n, size: 2 * n, counts: binary(2 * n, n), distinctRows: rows, distinctColumns: columns });
  return out;
}

/** Three symbols as even as can be, the larger counts last: 7 → (2,2,3). */
export function farmCounts(n: number): number[] {
  const q = Math.floor(n / 3);
  const r = n % 3;
  return [q + (r >= 3 ? 1 : 0), q + (r >= 2 ? 1 : 0), q + (r >= 1 ? 1 : 0)];
}

function sizes(from: number, to: number, term: (n: number) => Omit<SequenceTerm, "index" | "size">): SequenceTerm[] {
  const out: SequenceTerm[] = [];
  for (let n = from; n <= to; n++) out.push({ index: n, size: n, ...term(n) });
  return out;
}

const TRIANGLE_REACH =
  "with both rules row 14 takes about 6 s, row 15 90 s and row 16 15 minutes on one core (rows distinct only: 2 s, 24 s, 137 s); rows past 16 do not fit the kernel (16 rows × 16 columns)";

export const SEQUENCES: readonly SequenceFamily[] = [
  {
    name: "binary-distinct",
    definition: "T(n,k): n×n 0-1 tables with k ones in every row and column, rows pairwise distinct and columns pairwise distinct; triangle by rows, 0 ≤ k ≤ n",
    defaultTo: 10,
    maxTo: MAX_TABLE_SIZE,
    reach: TRIANGLE_REACH,
    terms: (to) => triangle(to, true, true),
  },
  {
    name: "binary-distinct-central",
    definition: "T(2n,n) of binary-distinct: 2n×2n 0-1 tables with n ones in every row and column, rows and columns pairwise distinct",
    defaultTo: 12,
    maxTo: MAX_TABLE_SIZE,
    reach: TRIANGLE_REACH,
    terms: (to) => central(to, true, true),
  },
  {
    name: "binary-distinct-rows",
    definition: "T(n,k): n×n 0-1 tables with k ones in every row and column, rows pairwise distinct (columns may repeat); triangle by rows",
    defaultTo: 10,
    maxTo: MAX_TABLE_SIZE,
    reach: TRIANGLE_REACH,
    terms: (to) => triangle(to, true, false),
  },
  {
    name: "binary-distinct-rows-central",
    definition: "T(2n,n) of binary-distinct-rows",
    defaultTo: 12,
    maxTo: MAX_TABLE_SIZE,
    reach: TRIANGLE_REACH,
    terms: (to) => central(to, true, false),
  },
  {
    name: "farm",
    definition:
      "n×n tables over {0,1,2} with counts (⌊n/3⌋, ⌊(n+1)/3⌋, ⌊(n+2)/3⌋) of the symbols in every row and column, rows and columns pairwise distinct (n = 7: the contest's (2,2,3))",
    defaultTo: 9,
    maxTo: 11,
    reach: "n = 10 takes seconds and n = 11 minutes; the states grow about tenfold per size, so n = 12 is out of reach of one machine in an hour",
    terms: (to) => sizes(1, to, (n) => ({ counts: farmCounts(n), distinctRows: true, distinctColumns: true })),
  },
  {
    name: "latin",
    definition: "Latin squares of order n (every symbol once in each row and column)",
    oeis: "A002860",
    defaultTo: 8,
    maxTo: 9,
    reach:
      "the symmetric method's kernel does order 8 in about a second and order 9 in about 34 s of CPU by meeting in the middle; order 10 is estimated at about 11 hours of CPU (its classes grow about twentyfold per order)",
    terms: (to) => sizes(1, to, (n) => ({ counts: new Array<number>(n).fill(1), distinctRows: false, distinctColumns: false })),
  },
  {
    name: "two-of-each",
    definition: "2n×2n tables over {0, …, n−1} with every symbol twice in every row and column (rows and columns may repeat)",
    defaultTo: 8,
    maxTo: 8,
    reach:
      "the 8×8 term takes under a second; the 10×10 term, 18156024043005531925607192936640000 (docs/results.md), took about 26 minutes of CPU by meeting in the middle and is refused here by the estimate (count-farms --size 10 --counts 2,2,2,2,2 --allow-equal-rows --allow-equal-columns --force counts it)",
    terms: (to) => twoOfEach(to, false),
  },
  {
    name: "two-of-each-distinct",
    definition: "2n×2n tables over {0, …, n−1} with every symbol twice in every row and column, rows pairwise distinct and columns pairwise distinct",
    defaultTo: 8,
    maxTo: 8,
    reach:
      "the 8×8 term takes under a second; the 10×10 term, 18155959978951902105904289158656000 (docs/results.md), took about 55 minutes of CPU in four --shard parts by the symmetric method over the column method's jobs and is refused here by the estimate (count-farms --size 10 --counts 2,2,2,2,2 --force counts it)",
    terms: (to) => twoOfEach(to, true),
  },
  {
    name: "binary",
    definition: "T(n,k): n×n 0-1 tables with k ones in every row and column (no distinctness); triangle by rows",
    oeis: "A008300",
    defaultTo: 10,
    maxTo: MAX_TABLE_SIZE,
    reach: "row 16 takes seconds; larger tables do not fit the kernel (16 rows × 16 columns)",
    terms: (to) => triangle(to, false, false),
  },
  {
    name: "binary-central",
    definition: "2n×2n 0-1 tables with n ones in every row and column",
    oeis: "A058527",
    defaultTo: 16,
    maxTo: MAX_TABLE_SIZE,
    reach: "16×16 takes seconds; larger tables do not fit the kernel",
    terms: (to) => central(to, false, false),
  },
  {
    name: "binary-3",
    definition: "n×n 0-1 tables with 3 ones in every row and column",
    oeis: "A001501",
    defaultTo: 16,
    maxTo: MAX_TABLE_SIZE,
    reach: "16×16 takes seconds; larger tables do not fit the kernel",
    terms: (to) => sizes(0, to, (n) => ({ counts: n >= 3 ? [n - 3, 3] : [], distinctRows: false, distinctColumns: false })),
  },
];

export function sequenceFamily(name: string): SequenceFamily {
  const family = SEQUENCES.find((f) => f.name === name);
  if (!family) throw new UsageError(`unknown sequence ${quote(name)} (expected one of ${SEQUENCES.map((f) => f.name).join(", ")})`);
  return family;
}

/** The terms up to `to` (default: the family's), refusing sizes past its reach with why. */
export function sequenceTerms(family: SequenceFamily, to = family.defaultTo): SequenceTerm[] {
  if (to > family.maxTo) throw new UsageError(`sequence ${family.name} stops at --to ${family.maxTo}: ${family.reach}`);
  return family.terms(to);
}
