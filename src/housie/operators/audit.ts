// Statistical audit of a file of books (anyone's, in our JSONL) against the exact
// distributions of a uniform book, computed here from exact integers (the counting
// tables' weights) and turned into floats only for the p-values:
//  type      each ticket position's number of 3-number columns (0-3)          6 tests, 3 df
//  column    each ticket position's count (1-3) in each column               54 tests, 2 df
//  position  each number's ticket (1-6), exactly uniform                     90 tests, 5 df
//  rows      the row of a column's single number / the row a double skips,  108 tests, 2 df
//            exactly uniform (rows of a pattern can be permuted)
//  serial    numbers keeping their ticket from one book to the next: mean exactly 15,
//            exact variance from the pair probabilities below; z-test          1 test
// Every test's p-value, Holm's correction over all of them, and a verdict at alpha.
import { optionsObject, seriesArgument } from "../../args.js";
import { UsageError } from "../../errors.js";
import { firstTicketVectorDistribution } from "../count/marginals.js";
import { readSeries } from "../series/read-series.js";
import { type SeriesBatch, CELLS_PER_TICKET } from "../model/cells.js";
import { COLUMNS, COLUMN_SIZE } from "../model/columns.js";
import { gcd } from "../../math.js";
import { chiSquareTest, holmAdjust, normalTwoSided } from "./stats.js";

/** The five families of tests `auditBooks` runs (see the operators guide). */
export type AuditFamily = "type" | "column" | "position" | "rows" | "serial";

/** One statistical test of an audit: its statistic, degrees of freedom, p-value and Holm-adjusted p-value. */
export interface AuditTest {
  /** The family of tests it belongs to. */
  family: AuditFamily;
  /** What is tested, e.g. "ticket 2, column 5 count". */
  name: string;
  /** The χ² statistic, or z for the serial test. */
  statistic: number;
  /** Degrees of freedom (chi-square), or null for the serial z-test. */
  df: number | null;
  /** The p-value. */
  p: number;
  /** Holm-adjusted p-value; the test rejects when it is at most alpha. */
  adjusted: number;
  /** Whether the Holm-adjusted p-value is at most alpha. */
  reject: boolean;
}

/** What `auditBooks` found: the books read, the tests and the verdict ("pass" or "reject"). */
export interface AuditReport {
  /** How many books were read. */
  books: number;
  /** The significance level over all tests. */
  alpha: number;
  /** Every test run, in order. */
  tests: AuditTest[];
  /** Tests not run for want of data (expected counts too small). */
  skipped: string[];
  /** "reject" when any test rejects. */
  verdict: "pass" | "reject";
}

/** Options of `auditBooks`: the significance level `alpha` (default 0.01), kept over all tests by Holm's correction. */
export interface AuditOptions {
  /** Family-wise error rate (default 0.01). */
  alpha?: number;
}

/** An exact probability as numerator/denominator (bigints). */
interface Exact {
  num: bigint;
  den: bigint;
}

/** Exact reference distributions of one ticket of a uniform book (every position alike). */
export interface AuditReference {
  /** P(type d), d = number of 3-number columns. */
  type: Exact[];
  /** P(column j holds k + 1 numbers), index 3j + k. */
  column: Exact[];
  /** Serial test: the exact variance of the matches between two independent books (mean 15). */
  matchVariance: Exact;
}

function exact(num: bigint, den: bigint): Exact {
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

function toFloat(x: Exact): number {
  // Scaled integer division keeps 18 significant digits before the float conversion.
  return Number((x.num * 10n ** 18n) / x.den) / 1e18;
}

let reference: AuditReference | undefined;

/**
 * The exact reference distributions, from the weights of ticket 1's column-count vector
 * (every ticket of a uniform book has the same distribution, by symmetry).
 *
 * Serial test: with A, B independent uniform books, S = #{x : A(x) = B(x)} (A(x) = the
 * ticket of x). Each x matches with probability 1/6, so E S = 15. For x != y let q be the
 * probability that x and y share a ticket; then P(both match) = q²/6 + (1-q)²/30. Given
 * the books' count matrix, column j's numbers are split uniformly, so q = 6 E[c_j(c_j-1)]
 * / (n_j(n_j-1)) in one column and 6 E[c_j c_k] / (n_j n_k) across columns j, k.
 *
 * @example
 * ```ts
 * import { auditReference } from "tabula-grids";
 *
 * auditReference().type.length; // 4
 * ```
 */
export function auditReference(): AuditReference {
  if (reference) return reference;
  const d = firstTicketVectorDistribution();
  const t = d.tables;
  const type = [0n, 0n, 0n, 0n];
  const column = new Array<bigint>(3 * COLUMNS).fill(0n);
  const pairSame = new Array<bigint>(COLUMNS).fill(0n); // sum w c_j (c_j - 1)
  const pairCross = new Array<bigint>(COLUMNS * COLUMNS).fill(0n); // sum w c_j c_k
  for (let v = 0; v < t.vectors; v++) {
    const w = d.weight[v]!;
    type[t.vectorType[v]!]! += w;
    for (let j = 0; j < COLUMNS; j++) {
      const cj = t.vectorDigits[v * COLUMNS + j]!;
      column[3 * j + cj - 1]! += w;
      pairSame[j]! += w * BigInt(cj * (cj - 1));
      for (let k = 0; k < COLUMNS; k++) pairCross[j * COLUMNS + k]! += w * BigInt(cj * t.vectorDigits[v * COLUMNS + k]!);
    }
  }
  // Var S = sum over ordered pairs (x, y) of P(both match) - 1/36; x = y gives 1/6 - 1/36.
  // Each q = a / (total * m) with a whole; collect the sum over a common denominator.
  const total = d.total;
  let num = 0n;
  let den = 1n;
  const add = (pairs: bigint, a: bigint, m: bigint): void => {
    // pairs * (q²/6 + (1-q)²/30 - 1/36) with q = a / D, D = total * m:
    // = pairs * (30 a² + 6 (D - a)² - 5 D²) / (180 D²)
    const D = total * m;
    const termNum = pairs * (30n * a * a + 6n * (D - a) * (D - a) - 5n * D * D);
    const termDen = 180n * D * D;
    num = num * termDen + termNum * den;
    den *= termDen;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  };
  for (let j = 0; j < COLUMNS; j++) {
    const n = BigInt(COLUMN_SIZE[j]!);
    add(n * (n - 1n), 6n * pairSame[j]!, n * (n - 1n));
    for (let k = 0; k < COLUMNS; k++) {
      if (k === j) continue;
      const m = BigInt(COLUMN_SIZE[k]!);
      add(n * m, 6n * pairCross[j * COLUMNS + k]!, n * m);
    }
  }
  // The 90 diagonal terms: 90 * 5/36.
  num = num * 36n + 90n * 5n * den;
  den *= 36n;
  reference = {
    type: type.map((w) => exact(w, total)),
    column: column.map((w) => exact(w, total)),
    matchVariance: exact(num, den),
  };
  return reference;
}

/** Counts gathered from the books in one pass (constant memory). */
class AuditCounts {
  books = 0;
  readonly type = new Float64Array(6 * 4); // [t * 4 + d]
  readonly column = new Float64Array(6 * COLUMNS * 3); // [(t * 9 + j) * 3 + c - 1]
  readonly position = new Float64Array(91 * 6); // [x * 6 + t]
  readonly single = new Float64Array(6 * COLUMNS * 3); // [(t * 9 + j) * 3 + row]
  readonly double = new Float64Array(6 * COLUMNS * 3); // [(t * 9 + j) * 3 + skipped row]
  matches = 0;
  pairs = 0;
  private previous = new Uint8Array(91);
  private current = new Uint8Array(91);

  add(cells: Uint8Array, at: number): void {
    const pos = this.current;
    for (let t = 0; t < 6; t++) {
      const base = at + t * CELLS_PER_TICKET;
      let threes = 0;
      for (let j = 0; j < COLUMNS; j++) {
        let rows = 0; // bit r set when row r holds a number
        for (let r = 0; r < 3; r++) {
          const x = cells[base + 9 * r + j]!;
          if (x === 0) continue;
          rows |= 1 << r;
          pos[x] = t;
          this.position[x * 6 + t]!++;
        }
        const slot = (t * COLUMNS + j) * 3;
        const count = (rows & 1) + ((rows >> 1) & 1) + (rows >> 2);
        this.column[slot + count - 1]!++;
        if (count === 1)
          this.single[slot + (rows >> 1)]!++; // rows 1, 2, 4 -> 0, 1, 2
        else if (count === 2) this.double[slot + (rows === 6 ? 0 : rows === 5 ? 1 : 2)]!++;
        else threes++;
      }
      this.type[t * 4 + threes]!++;
    }
    if (this.books > 0) {
      let m = 0;
      for (let x = 1; x <= 90; x++) if (pos[x] === this.previous[x]) m++;
      this.matches += m;
      this.pairs++;
    }
    this.current = this.previous;
    this.previous = pos;
    this.books++;
  }
}

/**
 * Audits books (a JSONL file, or batches from readSeries) against the exact
 * distributions of uniform books; streams in constant memory.
 *
 * @param series a JSONL file of books, or batches from readSeries
 * @param options `alpha`, the significance level (default 0.01)
 * @example
 * ```ts
 * import { auditBooks } from "tabula-grids";
 *
 * auditBooks("node_modules/tabula-grids/examples/housie-supplier.jsonl").verdict; // "reject" (a biased supplier)
 * ```
 */
export function auditBooks(series: string | Iterable<SeriesBatch>, options: AuditOptions = {}): AuditReport {
  seriesArgument(series, "series");
  options = optionsObject(options, "options", ["alpha"]);
  const alpha = options.alpha ?? 0.01;
  if (!(alpha > 0 && alpha < 1)) throw new UsageError(`alpha ${alpha} (expected a number between 0 and 1)`);
  const counts = new AuditCounts();
  const batches = typeof series === "string" ? readSeries(series, { ticketsPerRecord: 6 }) : series;
  for (const batch of batches) {
    if (batch.ticketsPerRecord !== 6) throw new UsageError("the audit needs books (6 tickets per record), not single tickets");
    for (let b = 0; b < batch.count; b++) counts.add(batch.cells, b * 6 * CELLS_PER_TICKET);
  }
  return auditCounts(counts, alpha);
}

function auditCounts(c: AuditCounts, alpha: number): AuditReport {
  const ref = auditReference();
  const tests: Omit<AuditTest, "adjusted" | "reject">[] = [];
  const skipped: string[] = [];
  const chi = (family: AuditFamily, name: string, observed: ArrayLike<number>, probabilities: number[]): void => {
    const result = chiSquareTest(Array.from(observed), probabilities);
    if (result) tests.push({ family, name, statistic: result.statistic, df: result.df, p: result.p });
    else skipped.push(name);
  };
  const typeP = ref.type.map(toFloat);
  const third = [1 / 3, 1 / 3, 1 / 3];
  for (let t = 0; t < 6; t++) chi("type", `ticket ${t + 1}: columns of 3`, c.type.subarray(t * 4, t * 4 + 4), typeP);
  for (let t = 0; t < 6; t++) {
    for (let j = 0; j < COLUMNS; j++) {
      const slot = (t * COLUMNS + j) * 3;
      chi("column", `ticket ${t + 1}, column ${j + 1}: count`, c.column.subarray(slot, slot + 3), ref.column.slice(3 * j, 3 * j + 3).map(toFloat));
    }
  }
  for (let x = 1; x <= 90; x++)
    chi(
      "position",
      `number ${x}: ticket`,
      c.position.subarray(x * 6, x * 6 + 6),
      [1, 1, 1, 1, 1, 1].map((v) => v / 6),
    );
  for (let t = 0; t < 6; t++) {
    for (let j = 0; j < COLUMNS; j++) {
      const slot = (t * COLUMNS + j) * 3;
      chi("rows", `ticket ${t + 1}, column ${j + 1}: row of a single`, c.single.subarray(slot, slot + 3), third);
      chi("rows", `ticket ${t + 1}, column ${j + 1}: row a double skips`, c.double.subarray(slot, slot + 3), third);
    }
  }
  if (c.pairs >= 2) {
    const variance = toFloat(ref.matchVariance);
    const z = (c.matches - 15 * c.pairs) / Math.sqrt(c.pairs * variance);
    tests.push({
      family: "serial",
      name: `numbers keeping their ticket, book to book (mean ${(c.matches / c.pairs).toFixed(3)}, exact 15)`,
      statistic: z,
      df: null,
      p: normalTwoSided(z),
    });
  } else skipped.push("serial: numbers keeping their ticket");
  const adjusted = holmAdjust(tests.map((t) => t.p));
  const full = tests.map((t, i) => ({ ...t, adjusted: adjusted[i]!, reject: adjusted[i]! <= alpha }));
  return { books: c.books, alpha, tests: full, skipped, verdict: full.some((t) => t.reject) ? "reject" : "pass" };
}
