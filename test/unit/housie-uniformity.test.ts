// Chi-square tests at 99% of generated books and tickets against exact distributions
// computed from the counting tables. Seeds are fixed, so each test is deterministic;
// the same tests reject the biased 2007 row-bins generator (test/fixtures).
import { describe, expect, it } from "vitest";
import { HousieRun } from "../../src/housie/generate.js";
import { Xoshiro128 } from "../../src/housie/rng.js";
import { firstTicketTypeProbabilities, ninetyPositionProbabilities, singleTicketTypeProbabilities } from "../../src/housie/marginals.js";
import { rowBinsBook } from "../fixtures/housie-row-bins.js";

/** Upper 1% points of chi-square with 3 and 17 degrees of freedom. */
const CRITICAL_99 = { 3: 11.345, 17: 33.409 } as const;
const BOOKS = 20_000;

function chiSquare(observed: number[], probabilities: number[]): number {
  const n = observed.reduce((a, b) => a + b, 0);
  return observed.reduce((sum, o, i) => sum + (o - n * probabilities[i]!) ** 2 / (n * probabilities[i]!), 0);
}

/** Columns of the ticket at `at` that hold 3 numbers. */
function threes(cells: Uint8Array, at: number): number {
  let d = 0;
  for (let j = 0; j < 9; j++) if (cells[at + j] && cells[at + 9 + j] && cells[at + 18 + j]) d++;
  return d;
}

interface BookFeatures { firstType: number[]; ninety: number[] }

function features(books: Iterable<Uint8Array>): BookFeatures {
  const firstType = [0, 0, 0, 0];
  const ninety = new Array<number>(18).fill(0);
  for (const book of books) {
    firstType[threes(book, 0)]!++;
    const at = book.indexOf(90);
    ninety[Math.floor(at / 27) * 3 + Math.floor((at % 27) / 9)]!++;
  }
  return { firstType, ninety };
}

function* kernelBooks(seed: bigint): Generator<Uint8Array> {
  const run = new HousieRun("books", { seed });
  for (let left = BOOKS; left > 0; left -= 4000) {
    const { cells } = run.nextCells(Math.min(4000, left));
    for (let i = 0; i * 162 < cells.length; i++) yield cells.subarray(i * 162, i * 162 + 162);
  }
}

function* rowBinsBooks(seed: bigint): Generator<Uint8Array> {
  const rng = new Xoshiro128(seed);
  for (let i = 0; i < BOOKS; i++) yield rowBinsBook(rng);
}

describe("housie uniformity (chi-square, 99%)", () => {
  const typeP = firstTicketTypeProbabilities();
  const ninetyP = ninetyPositionProbabilities();
  const ours = features(kernelBooks(20261121n));
  const biased = features(rowBinsBooks(20261121n));

  it("the exact distributions are proper", () => {
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
    expect(chiSquare(observed, singleTicketTypeProbabilities())).toBeLessThan(CRITICAL_99[3]);
  });
});
