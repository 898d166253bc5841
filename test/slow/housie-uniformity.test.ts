// Chi-square tests at 99% of generated books and tickets against exact distributions
// computed from the counting tables. Seeds are fixed, so each test is deterministic;
// the same tests reject the biased 2007 row-bins generator (test/fixtures).
import { describe, expect, it } from "vitest";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { Xoshiro128 } from "../../src/core/random.js";
import {
  firstTicketTypeProbabilities,
  ninetyPositionProbabilities,
  singleTicketTypeProbabilities,
  ticketCountsProbabilities,
  probabilityValues,
  type ExactProbability,
} from "../../src/housie/count/marginals.js";
import { rowBinsBook } from "../fixtures/housie-row-bins.js";
import { UnpermutedBookSampler } from "../fixtures/flawed-sampler.js";

/** Upper 1% points of chi-square with 3, 17 and 25 degrees of freedom. */
const CRITICAL_99 = { 3: 11.345, 17: 33.409, 25: 44.314 } as const;
const BOOKS = 20_000;

function chiSquare(observed: number[], probabilities: number[]): number {
  const n = observed.reduce((a, b) => a + b, 0);
  return observed.reduce((sum, o, i) => sum + (o - n * probabilities[i]!) ** 2 / (n * probabilities[i]!), 0);
}

/** How many numbers column j of the ticket at `at` holds. */
function countIn(cells: Uint8Array, at: number, j: number): number {
  return (cells[at + j] ? 1 : 0) + (cells[at + 9 + j] ? 1 : 0) + (cells[at + 18 + j] ? 1 : 0);
}

/** Columns of the ticket at `at` that hold 3 numbers. */
function threes(cells: Uint8Array, at: number): number {
  let d = 0;
  for (let j = 0; j < 9; j++) if (cells[at + j] && cells[at + 9 + j] && cells[at + 18 + j]) d++;
  return d;
}

/** Tickets 1 and 4 come from different paths of the sampler (draw.ts): both are checked. */
interface BookFeatures {
  firstType: number[];
  ninety: number[];
  counts1: number[];
  counts4: number[];
}

function features(books: Iterable<Uint8Array>): BookFeatures {
  const firstType = [0, 0, 0, 0];
  const ninety = new Array<number>(18).fill(0);
  const counts1 = new Array<number>(27).fill(0);
  const counts4 = new Array<number>(27).fill(0);
  const countsAt = (book: Uint8Array, at: number) => 9 * (countIn(book, at, 0) - 1) + 3 * (countIn(book, at, 4) - 1) + (countIn(book, at, 8) - 1);
  for (const book of books) {
    counts1[countsAt(book, 0)]!++;
    counts4[countsAt(book, 3 * 27)]!++;
    firstType[threes(book, 0)]!++;
    const at = book.indexOf(90);
    ninety[Math.floor(at / 27) * 3 + Math.floor((at % 27) / 9)]!++;
  }
  return { firstType, ninety, counts1, counts4 };
}

function* kernelBooks(seed: bigint): Generator<Uint8Array> {
  const run = new HousieRun("books", { seed });
  for (let left = BOOKS; left > 0; left -= 4000) {
    const { cells } = run.nextCells(Math.min(4000, left));
    for (let i = 0; i * 162 < cells.length; i++) yield cells.subarray(i * 162, i * 162 + 162);
  }
}

/** Our sampler with its middle-column permutation left out (test/fixtures/flawed-sampler.ts). */
function* unpermutedBooks(seed: bigint): Generator<Uint8Array> {
  const sampler = new UnpermutedBookSampler(seed);
  for (let i = 0; i < BOOKS; i++) yield sampler.nextBook();
}

function* rowBinsBooks(seed: bigint): Generator<Uint8Array> {
  const rng = new Xoshiro128(seed);
  for (let i = 0; i < BOOKS; i++) yield rowBinsBook(rng);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

describe("housie uniformity (chi-square, 99%)", () => {
  const typeP = probabilityValues(firstTicketTypeProbabilities());
  const ninetyP = probabilityValues(ninetyPositionProbabilities());
  const ours = features(kernelBooks(20261121n));
  const biased = features(rowBinsBooks(20261121n));

  it("the exact distributions are fractions summing to exactly 1, their floats to 1 within 1e-12", () => {
    const sumsToOne = (list: ExactProbability[]) => {
      const common = list.reduce((d, p) => (d * p.denominator) / gcd(d, p.denominator), 1n);
      expect(list.reduce((sum, p) => sum + (p.numerator * common) / p.denominator, 0n)).toBe(common);
      for (const p of list) {
        expect(gcd(p.numerator, p.denominator)).toBe(1n);
        expect(p.value).toBeCloseTo(Number(p.numerator) / Number(p.denominator), 14);
      }
    };
    for (const list of [firstTicketTypeProbabilities(), ninetyPositionProbabilities(), singleTicketTypeProbabilities(), ticketCountsProbabilities()])
      sumsToOne(list);
    // The single ticket's type: p(c) prod C(n_j, c_j) summed by type, over T.
    expect(singleTicketTypeProbabilities().reduce((d, p) => (d > p.denominator ? d : p.denominator), 0n) <= 3669688706217187500n).toBe(true);

    expect(typeP.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(ninetyP.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(Math.min(...typeP, ...ninetyP)).toBeGreaterThan(0);
  });

  it("first ticket's number of 3-number columns: uniform books pass, row bins fail", () => {
    expect(chiSquare(ours.firstType, typeP)).toBeLessThan(CRITICAL_99[3]);
    expect(chiSquare(biased.firstType, typeP)).toBeGreaterThan(CRITICAL_99[3]);
  });

  it("ticket and row holding 90: uniform books pass, row bins fail", () => {
    expect(chiSquare(ours.ninety, ninetyP)).toBeLessThan(CRITICAL_99[17]);
    expect(chiSquare(biased.ninety, ninetyP)).toBeGreaterThan(CRITICAL_99[17]);
  });

  it("tickets 1 and 4: counts in columns 1, 5 and 9: uniform books pass; row bins, and our sampler without its middle permutation, fail", () => {
    // Counts (3, 3, 3) are rare (0.4 books expected in 20,000): pooled with (3, 3, 2).
    const pool = (x: number[]) => [...x.slice(0, 25), x[25]! + x[26]!];
    const countsP = pool(probabilityValues(ticketCountsProbabilities()));
    expect(Math.min(...countsP) * BOOKS).toBeGreaterThan(5); // chi-square is reliable
    expect(chiSquare(pool(ours.counts1), countsP)).toBeLessThan(CRITICAL_99[25]);
    expect(chiSquare(pool(ours.counts4), countsP)).toBeLessThan(CRITICAL_99[25]);
    expect(chiSquare(pool(biased.counts1), countsP)).toBeGreaterThan(CRITICAL_99[25]);
    expect(chiSquare(pool(biased.counts4), countsP)).toBeGreaterThan(CRITICAL_99[25]);
    // The same test catches our own sampler without its middle-column permutation.
    const unpermuted = features(unpermutedBooks(20261121n));
    expect(chiSquare(pool(unpermuted.counts1), countsP)).toBeGreaterThan(CRITICAL_99[25]);
    expect(chiSquare(pool(unpermuted.counts4), countsP)).toBeGreaterThan(CRITICAL_99[25]);
  });

  it("consecutive books are independent: runs test and lag-1 serial correlation at 99%", () => {
    // Number 90's ticket is in the first half (tickets 1-3) with probability exactly 1/2
    // (books are symmetric under reordering tickets); number 1's ticket index is 1..6.
    const half: boolean[] = [];
    const oneAt: number[] = [];
    for (const book of kernelBooks(777n)) {
      half.push(book.indexOf(90) < 81);
      oneAt.push(Math.floor(book.indexOf(1) / 27));
    }
    const n1 = half.filter(Boolean).length;
    const n2 = half.length - n1;
    let runs = 1;
    for (let i = 1; i < half.length; i++) if (half[i] !== half[i - 1]) runs++;
    const mean = (2 * n1 * n2) / half.length + 1;
    const variance = ((mean - 1) * (mean - 2)) / (half.length - 1);
    expect(Math.abs((runs - mean) / Math.sqrt(variance))).toBeLessThan(2.576);
    const avg = oneAt.reduce((a, b) => a + b, 0) / oneAt.length;
    let num = 0;
    let den = 0;
    for (let i = 0; i < oneAt.length; i++) {
      den += (oneAt[i]! - avg) ** 2;
      if (i > 0) num += (oneAt[i]! - avg) * (oneAt[i - 1]! - avg);
    }
    expect(Math.abs(num / den) * Math.sqrt(oneAt.length)).toBeLessThan(2.576);
    // The same statistics catch a generator that repeats itself every other book.
    const repeated = half.map((_, i) => half[i - (i % 2)]!);
    let repeatedRuns = 1;
    for (let i = 1; i < repeated.length; i++) if (repeated[i] !== repeated[i - 1]) repeatedRuns++;
    expect(Math.abs((repeatedRuns - mean) / Math.sqrt(variance))).toBeGreaterThan(2.576);
  });

  it("single tickets: the type follows the exact ticket counts", () => {
    const run = new HousieRun("tickets", { seed: 8n });
    const observed = [0, 0, 0, 0];
    for (let b = 0; b < 5; b++) {
      const { cells } = run.nextCells(4000);
      for (let i = 0; i < 4000; i++) observed[threes(cells, i * 27)]!++;
    }
    expect(chiSquare(observed, probabilityValues(singleTicketTypeProbabilities()))).toBeLessThan(CRITICAL_99[3]);
  });
});
