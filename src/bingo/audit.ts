// Statistical audit of a card series (anyone's, in the card codec) against a uniform
// ordered card (derivations.md, "Bingo cards"), where each column is a uniform ordered
// choice, so that:
//  square  each square's number is uniform over its column's range        one test a square, n-1 df
//  step    (lower number - upper number) mod n, for two squares one above the other in a
//          column (free squares skipped), is uniform over 1..n-1           one test a pair, n-2 df
// A sampler that sorts columns, or nudges a repeat to the next number, fails the step tests;
// one that favours some numbers fails the square tests. Holm's correction over all tests,
// a verdict at alpha. The statistics are the housie audit's (housie/operators/stats.ts).
import { UsageError } from "../errors.js";
import { chiSquareTest, holmAdjust } from "../housie/operators/stats.js";
import { readCardSeries } from "./codec.js";
import { cellCount, cellIndex, columnName, isFree, rangeSize, type CardShape } from "./shape.js";

export interface CardAuditTest {
  family: "square" | "step";
  name: string;
  statistic: number;
  df: number;
  p: number;
  adjusted: number;
  reject: boolean;
}

export interface CardAuditReport {
  ball: string;
  cards: number;
  alpha: number;
  tests: CardAuditTest[];
  /** Tests not run for want of data (expected counts too small). */
  skipped: string[];
  verdict: "pass" | "reject";
}

interface Tally {
  family: "square" | "step";
  name: string;
  counts: number[];
  probabilities: number[];
}

function tallies(shape: CardShape): { list: Tally[]; add: (cells: Uint8Array, at: number) => void } {
  const list: Tally[] = [];
  const adders: ((cells: Uint8Array, at: number) => void)[] = [];
  for (let c = 0; c < shape.columns; c++) {
    const lo = shape.columnRanges[c]![0];
    const n = rangeSize(shape, c);
    const rows = Array.from({ length: shape.rows }, (_, r) => r).filter((r) => !isFree(shape, r, c));
    for (const r of rows) {
      const t: Tally = {
        family: "square",
        name: `row ${r + 1}, column ${columnName(shape, c)}`,
        counts: new Array<number>(n).fill(0),
        probabilities: new Array<number>(n).fill(1 / n),
      };
      const s = cellIndex(shape, r, c);
      list.push(t);
      adders.push((cells, at) => {
        t.counts[cells[at + s]! - lo]!++;
      });
    }
    for (let i = 0; i + 1 < rows.length && n > 2; i++) {
      const upper = cellIndex(shape, rows[i]!, c);
      const lower = cellIndex(shape, rows[i + 1]!, c);
      const t: Tally = {
        family: "step",
        name: `column ${columnName(shape, c)}, rows ${rows[i]! + 1}-${rows[i + 1]! + 1}`,
        counts: new Array<number>(n - 1).fill(0),
        probabilities: new Array<number>(n - 1).fill(1 / (n - 1)),
      };
      list.push(t);
      adders.push((cells, at) => {
        t.counts[((((cells[at + lower]! - cells[at + upper]!) % n) + n) % n) - 1]!++;
      });
    }
  }
  return {
    list,
    add: (cells, at) => {
      for (const a of adders) a(cells, at);
    },
  };
}

/** Audits a card series file ("-": standard input) at family-wise level alpha (default 0.01). */
export async function auditCards(file: string, options: { ball?: string; alpha?: number; name?: string } = {}): Promise<CardAuditReport> {
  const alpha = options.alpha ?? 0.01;
  if (!(alpha > 0 && alpha < 1)) throw new UsageError(`alpha ${alpha} (expected a number between 0 and 1)`);
  let shape: CardShape | undefined;
  let t: ReturnType<typeof tallies> | undefined;
  let cards = 0;
  for await (const batch of readCardSeries(file, { ball: options.ball, name: options.name })) {
    shape ??= batch.shape;
    t ??= tallies(shape);
    const size = cellCount(shape);
    for (let i = 0; i < batch.serials.length; i++) t.add(batch.cells, i * size);
    cards += batch.serials.length;
  }
  if (!shape || !t) throw new UsageError(`${options.name ?? file} holds no cards`);
  const run: Omit<CardAuditTest, "adjusted" | "reject">[] = [];
  const skipped: string[] = [];
  for (const x of t.list) {
    const result = chiSquareTest(x.counts, x.probabilities);
    if (result === null) skipped.push(`${x.family} ${x.name}`);
    else run.push({ family: x.family, name: x.name, ...result });
  }
  const adjusted = holmAdjust(run.map((x) => x.p));
  const tests = run.map((x, i) => ({ ...x, adjusted: adjusted[i]!, reject: adjusted[i]! <= alpha }));
  return { ball: shape.ball, cards, alpha, tests, skipped, verdict: tests.some((x) => x.reject) ? "reject" : "pass" };
}
