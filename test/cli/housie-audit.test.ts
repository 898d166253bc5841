// housie audit: our books pass; biased generators fail the test that sees their bias.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { ticketsFromCells, type SeriesBatch } from "../../src/housie/model/cells.js";
import { Xoshiro128 } from "../../src/core/random.js";
import { auditBooks, auditReference, type AuditReport } from "../../src/housie/operators/audit.js";
import { chiSquareSurvival, holmAdjust, logGamma, normalTwoSided, upperGammaRegularized, chiSquareTest } from "../../src/housie/operators/stats.js";
import { rowBinsBook } from "../fixtures/housie-row-bins.js";
import { runCli } from "../support/cli-run.js";

import { SLOW, slowTest } from "../support/tier.js";
const dir = mkdtempSync(join(tmpdir(), "housie-audit-"));

function ourBooks(n: number, seed: bigint): Uint8Array {
  const run = new HousieRun("books", { seed });
  const cells = new Uint8Array(n * 162);
  for (let i = 0; i < n; i += 4096) cells.set(run.nextCells(Math.min(4096, n - i)).cells, i * 162);
  return cells;
}

function batchOf(cells: Uint8Array): SeriesBatch[] {
  const n = cells.length / 162;
  return [{ count: n, ticketsPerRecord: 6, cells, serials: BigUint64Array.from({ length: n }, (_, i) => BigInt(i + 1)), lines: new Float64Array(n) }];
}

function swapTickets(cells: Uint8Array, book: number, a: number, b: number): void {
  const x = book * 162 + a * 27;
  const y = book * 162 + b * 27;
  const tmp = cells.slice(x, x + 27);
  cells.copyWithin(x, y, y + 27);
  cells.set(tmp, y);
}

function threes(cells: Uint8Array, at: number): number {
  let d = 0;
  for (let j = 0; j < 9; j++) if (cells[at + j] && cells[at + 9 + j] && cells[at + 18 + j]) d++;
  return d;
}

/** Ticket (0-5) of each number in a book. */
function ticketOf(cells: Uint8Array, book: number): Uint8Array {
  const pos = new Uint8Array(91);
  for (let c = 0; c < 162; c++) {
    const x = cells[book * 162 + c]!;
    if (x) pos[x] = Math.floor(c / 27);
  }
  return pos;
}

const rejected = (r: AuditReport) => r.tests.filter((t) => t.reject).map((t) => t.family);

describe("housie audit: statistics", () => {
  it("the incomplete gamma gives known chi-square and normal tails", () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(chiSquareSurvival(11.345, 3)).toBeCloseTo(0.01, 5);
    expect(chiSquareSurvival(44.314, 25)).toBeCloseTo(0.01, 5);
    expect(chiSquareSurvival(2, 2)).toBeCloseTo(Math.exp(-1), 14); // df 2: exactly e^(-x/2)
    // Even df = 2k: the survival is exactly e^(-x/2) sum_{i<k} (x/2)^i / i!, summed here in logs.
    const evenDf = (x: number, k: number) => {
      let term = -x / 2;
      let sum = Math.exp(term);
      for (let i = 1; i < k; i++) {
        term += Math.log(x / 2 / i);
        sum += Math.exp(term);
      }
      return sum;
    };
    expect(chiSquareSurvival(400, 300) / evenDf(400, 150)).toBeCloseTo(1, 10);
    expect(chiSquareSurvival(30, 8) / evenDf(30, 4)).toBeCloseTo(1, 12);
    expect(normalTwoSided(1.959964)).toBeCloseTo(0.05, 6);
    expect(normalTwoSided(2.575829)).toBeCloseTo(0.01, 6);
    expect(upperGammaRegularized(3, 0)).toBe(1);
    expect(normalTwoSided(40)).toBeLessThan(1e-300);
  });

  it("Holm's adjustment: the smallest p times m, then monotone, capped at 1", () => {
    expect(holmAdjust([0.01, 0.04, 0.03, 0.5])).toEqual([0.04, 0.09, 0.09, 0.5]);
    expect(holmAdjust([0.9, 0.3])).toEqual([0.9, 0.6]);
  });

  it("chi-square pools cells expected below 5", () => {
    const r = chiSquareTest([50, 45, 3, 2], [0.5, 0.46, 0.03, 0.01])!;
    expect(r.df).toBe(1); // expected 1 and 3 pool into 4, still below 5, so pool with 46: two cells, 50 and 50
    expect(r.statistic).toBeCloseTo(0, 12);
    expect(chiSquareTest([3], [1])).toBeNull();
  });

  slowTest("the exact reference: proper distributions, and the serial test's mean 15 and exact variance", () => {
    const ref = auditReference();
    const sum = (xs: { num: bigint; den: bigint }[]) => xs.reduce((acc, x) => acc + Number(x.num) / Number(x.den), 0);
    expect(sum(ref.type)).toBeCloseTo(1, 14);
    for (let j = 0; j < 9; j++) expect(sum(ref.column.slice(3 * j, 3 * j + 3))).toBeCloseTo(1, 14);
    // Expected count per column: 6 tickets share n_j numbers.
    const mean = (j: number) => ref.column.slice(3 * j, 3 * j + 3).reduce((a, x, k) => a + ((k + 1) * Number(x.num)) / Number(x.den), 0);
    expect(mean(0) * 6).toBeCloseTo(9, 12);
    expect(mean(8) * 6).toBeCloseTo(11, 12);
    // Against simulation: the variance of matches between consecutive independent books.
    const cells = ourBooks(20_001, 99n);
    const s: number[] = [];
    let prev = ticketOf(cells, 0);
    for (let b = 1; b < 20_001; b++) {
      const pos = ticketOf(cells, b);
      let m = 0;
      for (let x = 1; x <= 90; x++) if (pos[x] === prev[x]) m++;
      s.push(m);
      prev = pos;
    }
    const avg = s.reduce((a, b) => a + b, 0) / s.length;
    const variance = s.reduce((a, b) => a + (b - avg) ** 2, 0) / (s.length - 1);
    const exactVariance = Number(ref.matchVariance.num) / Number(ref.matchVariance.den);
    expect(exactVariance).toBeGreaterThan(12);
    expect(exactVariance).not.toBeCloseTo(90 * (1 / 6) * (5 / 6), 1); // not 90 independent coins: numbers share tickets
    expect(Math.abs(variance - exactVariance)).toBeLessThan(0.4); // sampling sd of the variance here is about 0.13
    expect(Math.abs(avg - 15)).toBeLessThan(0.1);
  });
});

describe("housie audit: verdicts", () => {
  it("our books pass at alpha 0.01 (two seeds; the second in the slow suite)", () => {
    for (const seed of SLOW ? [1n, 2n] : [1n]) {
      const report = auditBooks(batchOf(ourBooks(30_000, seed)));
      expect(report.tests).toHaveLength(259);
      expect(report.skipped).toEqual([]);
      expect(report.verdict).toBe("pass");
    }
  });

  it("the 2007 row-bins generator fails", () => {
    const rng = new Xoshiro128(2007n);
    const cells = new Uint8Array(3000 * 162);
    for (let b = 0; b < 3000; b++) cells.set(rowBinsBook(rng), b * 162);
    const report = auditBooks(batchOf(cells));
    expect(report.verdict).toBe("reject");
    expect(new Set(rejected(report))).toContain("type");
  });

  it("swapping tickets 1 and 2 in 10% of books: invisible when blind (the books stay exactly uniform), caught when the swap looks at the tickets", () => {
    const rng = new Xoshiro128(12n);
    const blind = ourBooks(30_000, 3n);
    for (let b = 0; b < 30_000; b++) if (rng.below(10) === 0) swapTickets(blind, b, 0, 1);
    expect(auditBooks(batchOf(blind)).verdict).toBe("pass");
    // A supplier that, in 10% of books, puts the ticket with more full columns first.
    const sorted = ourBooks(30_000, 3n);
    for (let b = 0; b < 30_000; b++) {
      if (rng.below(10) === 0 && threes(sorted, b * 162 + 27) > threes(sorted, b * 162)) swapTickets(sorted, b, 0, 1);
    }
    const report = auditBooks(batchOf(sorted));
    expect(report.verdict).toBe("reject");
    expect(rejected(report)).toContain("type");
  });

  it("10% of books copying the previous book's ticket order fails the serial test (and only it)", () => {
    const rng = new Xoshiro128(44n);
    const n = 20_000;
    const cells = ourBooks(n, 4n);
    for (let b = 1; b < n; b++) {
      if (rng.below(10) !== 0) continue;
      // Reorder this book's tickets to follow the previous book: slot t takes the remaining
      // ticket sharing most numbers with the previous book's ticket t.
      const prev = ticketOf(cells, b - 1);
      const book = cells.slice(b * 162, b * 162 + 162);
      const left = [0, 1, 2, 3, 4, 5];
      for (let t = 0; t < 6; t++) {
        const overlap = (u: number) => book.subarray(u * 27, u * 27 + 27).reduce((a, x) => a + (x !== 0 && prev[x] === t ? 1 : 0), 0);
        const best = left.reduce((a, u) => (overlap(u) > overlap(a) ? u : a), left[0]!);
        left.splice(left.indexOf(best), 1);
        cells.set(book.subarray(best * 27, best * 27 + 27), b * 162 + t * 27);
      }
    }
    const report = auditBooks(batchOf(cells));
    expect(report.verdict).toBe("reject");
    expect(rejected(report)).toEqual(["serial"]);
    expect(report.tests.find((t) => t.family === "serial")!.statistic).toBeGreaterThan(5);
  });

  slowTest("CLI: exit 0 and a pass verdict for our file, 1 for a rejected file, 2 for single tickets or a bad alpha; --json", () => {
    const good = join(dir, "good.jsonl");
    const run = runCli("housie", ["books", "-n", "3000", "--seed", "8", "-f", "jsonl", "-o", good]);
    expect(run.status).toBe(0);
    const pass = runCli("housie", ["audit", good]);
    expect(pass.stderr).toBe("");
    expect(pass.status).toBe(0);
    expect(pass.stdout).toMatch(/verdict: pass/);
    expect(pass.stdout).toMatch(/ticket 1: columns of 3\s+chi2 = [\d.]+\s+df 3\s+p = /);
    const rng = new Xoshiro128(5n);
    const bad = join(dir, "row-bins.jsonl");
    let text = "";
    for (let b = 0; b < 3000; b++) {
      const cells = rowBinsBook(rng);
      text += JSON.stringify({ serial: b + 1, tickets: ticketsFromCells(cells, 0, 6) }) + "\n";
    }
    writeFileSync(bad, text);
    const reject = runCli("housie", ["audit", bad, "--json", "--alpha", "0.05"]);
    expect(reject.status).toBe(1);
    const json = JSON.parse(reject.stdout) as AuditReport;
    expect(json.alpha).toBe(0.05);
    expect(json.books).toBe(3000);
    expect(json.verdict).toBe("reject");
    const tickets = join(dir, "tickets.jsonl");
    runCli("housie", ["tickets", "-n", "10", "-f", "jsonl", "-o", tickets]);
    const wrong = runCli("housie", ["audit", tickets]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/tickets.jsonl:1: record has 1 ticket\(s\) \(expected books \(6 tickets per record\) here\) \[shape\]$/m);
    expect(runCli("housie", ["audit", good, "--alpha", "2"]).status).toBe(2);
  });
});
