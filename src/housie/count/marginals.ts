// Exact distributions of features of a uniform book, for the uniformity tests (and
// anyone checking a generator): the first ticket's column-count vector, and where
// number 90 lands.
//
// P(ticket 1 has vector a, ticket 2 has vector b) = t(a) t(b) C(a + b) / S, where
// C(u) = sum over pair sums u2 of K(u2) K(n - u - u2) is the kernel's convolveSegment
// and S the total (see count.ts); summing over b gives ticket 1's marginal.
import { argumentError } from "../../args.js";
import { housieKernel } from "../kernel.js";
import { COLUMNS } from "../model/columns.js";
import { gcd } from "../../math.js";
import { enumeratePatternsTs, weightsOf, pairsOf, type PatternTables } from "./tables.js";

export interface VectorDistribution {
  tables: PatternTables;
  /** Unnormalised exact weight of ticket 1 having vector v; `total` is their sum. */
  weight: bigint[];
  total: bigint;
}

function canonicalCode(code: number): number {
  const digits: number[] = [];
  for (let j = 0; j < COLUMNS; j++, code = Math.floor(code / 5)) digits.push(code % 5);
  const middle = digits.slice(1, 8).sort((x, y) => x - y);
  const all = [digits[0]!, ...middle, digits[8]!];
  return all.reduceRight((acc, d) => acc * 5 + d, 0);
}

/** An exact probability numerator / denominator (reduced), and `value` as a float for convenience. */
export interface ExactProbability {
  numerator: bigint;
  denominator: bigint;
  value: number;
}

/**
 * The floats of a list of exact probabilities (e.g. for a chi-square test).
 *
 * @param list exact probabilities
 * @example
 * ```ts
 * import { probabilityValues, singleTicketTypeProbabilities } from "tabula-grids";
 *
 * probabilityValues(singleTicketTypeProbabilities()); // [0.32012283736391556, 0.533407063009005, 0.1429294945675857, 0.003540605059493846]
 * ```
 */
export function probabilityValues(list: readonly ExactProbability[]): number[] {
  if (!Array.isArray(list) || !list.every((p: unknown) => typeof (p as ExactProbability | null)?.value === "number")) {
    throw argumentError("list", "an array of exact probabilities ({ numerator, denominator, value })", list);
  }
  return list.map((p) => p.value);
}

let cached: VectorDistribution | undefined;

/** The exact distribution of the first ticket's column-count vector in a uniform book. */
export function firstTicketVectorDistribution(): VectorDistribution {
  if (cached) return cached;
  const k = housieKernel();
  const segments = k.pairSegments();
  const bySegment = new Map<number, bigint>(); // canonical code -> C
  const convolution = new Map<number, bigint>(); // any pair code -> C
  for (let s = 0; s < segments; s++) {
    const code = k.segmentCodeAt(s);
    const canon = canonicalCode(code);
    let c = bySegment.get(canon);
    if (c === undefined) {
      const segment = canon === code ? s : -1;
      if (segment < 0) continue; // filled when its canonical segment comes round
      const low = BigInt.asUintN(64, k.convolveSegment(segment));
      c = (BigInt.asUintN(64, k.convolutionHighBits()) << 64n) + low;
      bySegment.set(canon, c);
    }
  }
  for (let s = 0; s < segments; s++) {
    const code = k.segmentCodeAt(s);
    convolution.set(code, bySegment.get(canonicalCode(code))!);
  }
  const t = enumeratePatternsTs();
  const w = weightsOf(t);
  const p = pairsOf(t, w);
  const weight: bigint[] = [];
  let total = 0n;
  for (let a = 0; a < t.vectors; a++) {
    let inner = 0n;
    for (let b = 0; b < t.vectors; b++) {
      const c = convolution.get(p.vectorCode[a]! + p.vectorCode[b]!);
      if (c) inner += BigInt(w.ticketWeight[b]!) * c;
    }
    const value = BigInt(w.ticketWeight[a]!) * inner;
    weight.push(value);
    total += value;
  }
  cached = { tables: t, weight, total };
  return cached;
}

/**
 * Exact probabilities of ticket 1's type: 0..3 columns of 3.
 *
 * @example
 * ```ts
 * import { firstTicketTypeProbabilities } from "tabula-grids";
 *
 * firstTicketTypeProbabilities().length; // 4: no, one, two or three columns of 3
 * firstTicketTypeProbabilities()[1].value; // 0.5043716877015041
 * ```
 */
export function firstTicketTypeProbabilities(): ExactProbability[] {
  const d = firstTicketVectorDistribution();
  const byType = [0n, 0n, 0n, 0n];
  d.weight.forEach((w, v) => {
    byType[d.tables.vectorType[v]!]! += w;
  });
  return byType.map((w) => ratio(w, d.total));
}

/**
 * Exact probabilities of a ticket's counts in columns 1, 5 and 9 (numbers 1-9, 40-49,
 * 80-90), index 9 (c_1 - 1) + 3 (c_5 - 1) + (c_9 - 1): the same for every ticket of a
 * uniform book, as books are symmetric under reordering tickets.
 */
export function ticketCountsProbabilities(): ExactProbability[] {
  const d = firstTicketVectorDistribution();
  const byCounts = new Array<bigint>(27).fill(0n);
  d.weight.forEach((w, v) => {
    const digits = d.tables.vectorDigits;
    byCounts[9 * (digits[v * COLUMNS]! - 1) + 3 * (digits[v * COLUMNS + 4]! - 1) + (digits[v * COLUMNS + 8]! - 1)]! += w;
  });
  return byCounts.map((w) => ratio(w, d.total));
}

/**
 * Exact probabilities of (ticket t, row r) holding number 90, index t * 3 + r: ticket t
 * with vector c gets 90 with probability c_9 / 11 (the column is split uniformly), and
 * 90 sits in the lowest filled cell of column 9 of its (uniform) pattern.
 *
 * @example
 * ```ts
 * import { ninetyPositionProbabilities } from "tabula-grids";
 *
 * ninetyPositionProbabilities().length; // 18: 6 tickets × 3 rows
 * ```
 */
export function ninetyPositionProbabilities(): ExactProbability[] {
  return fresh((ninety ??= computeNinetyPositions()));
}

function computeNinetyPositions(): ExactProbability[] {
  const d = firstTicketVectorDistribution();
  const t = d.tables;
  const rows = [0n, 0n, 0n];
  let common = 1n; // lcm of the pattern counts, so that perRow / p(v) stays whole
  for (let v = 0; v < t.vectors; v++) common = lcm(common, BigInt(t.vectorPatternStart[v + 1]! - t.vectorPatternStart[v]!));
  for (let v = 0; v < t.vectors; v++) {
    const c9 = BigInt(t.vectorDigits[v * COLUMNS + 8]!);
    const start = t.vectorPatternStart[v]!;
    const end = t.vectorPatternStart[v + 1]!;
    const perRow = [0n, 0n, 0n];
    for (let i = start; i < end; i++) {
      const pattern = t.patterns[i]!;
      const lowest = (pattern >>> 26) & 1 ? 2 : (pattern >>> 17) & 1 ? 1 : 0;
      perRow[lowest]!++;
    }
    for (let r = 0; r < 3; r++) rows[r]! += d.weight[v]! * c9 * perRow[r]! * (common / BigInt(end - start));
  }
  // Every ticket alike (books are symmetric under reordering tickets): 1/6 each.
  const sum = rows.reduce((a, b) => a + b, 0n);
  return Array.from({ length: 18 }, (_, i) => ratio(rows[i % 3]!, 6n * sum));
}

/**
 * Exact probabilities of a uniform single ticket's type.
 *
 * @example
 * ```ts
 * import { singleTicketTypeProbabilities } from "tabula-grids";
 *
 * singleTicketTypeProbabilities()[0]; // { numerator: 40181751n, denominator: 125519789n, value: 0.32012283736391556 }
 * ```
 */
export function singleTicketTypeProbabilities(): ExactProbability[] {
  return fresh((singleTypes ??= computeSingleTicketTypes()));
}

function computeSingleTicketTypes(): ExactProbability[] {
  const t = enumeratePatternsTs();
  const w = weightsOf(t);
  const byType = [0n, 0n, 0n, 0n];
  w.fillingWeight.forEach((f, v) => {
    byType[t.vectorType[v]!]! += f;
  });
  const total = byType.reduce((a, b) => a + b, 0n);
  return byType.map((x) => ratio(x, total));
}

// Computed once a process (the single-ticket types enumerate every pattern in TS); each
// call returns fresh objects, so a caller that changes one changes nobody else's.
let ninety: ExactProbability[] | undefined;
let singleTypes: ExactProbability[] | undefined;
const fresh = (list: readonly ExactProbability[]): ExactProbability[] => list.map((p) => ({ ...p }));

/** a / b reduced, with its float (correct to about 1e-18 before rounding to a double). */
function ratio(a: bigint, b: bigint): ExactProbability {
  const g = gcd(a, b) || 1n;
  return { numerator: a / g, denominator: b / g, value: Number((a * 10n ** 18n) / b) / 1e18 };
}

function lcm(a: bigint, b: bigint): bigint {
  return (a / gcd(a, b)) * b;
}
