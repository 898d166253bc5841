// Exact counts of housie patterns, tickets and books (derivation in docs/derivations.md, "Housie").
//
// books (ordered) = prod_j n_j! * sum over count matrices of prod_t w(c_t), with
// w(c) = p(c) / prod_j c_j!. With integer weights t(c) = w(c) * 6^9 / G, the sum is
// S * G^6 / 6^54 where S = sum_{u1,u2} K(u1) K(u2) K(n - u1 - u2) and K(u) sums
// t(a) t(b) over ordered pairs of vectors with a + b = u: a meet in the middle over
// three pairs of tickets. Columns 2-8 are interchangeable, so u1 runs over sums whose
// middle digits are sorted, each counted with its number of arrangements.
import { factorial } from "../../math.js";
import { oneOf, optionsObject } from "../../args.js";
import { housieKernel } from "../kernel.js";
import { COLUMNS, COLUMN_SIZE } from "../model/columns.js";
import { enumeratePatternsTs, weightsOf, pairsOf, feasible, type PairTables } from "./tables.js";

/** The exact housie counts, as bigints. */
export interface HousieCounts {
  /** Blank/number patterns of a ticket (3 rows of 5 numbers, no empty column). */
  patterns: bigint;
  /** Distinct column-count vectors of those patterns. */
  vectors: bigint;
  /** Distinct single tickets. */
  tickets: bigint;
  /** Distinct books as ordered sequences of 6 tickets. */
  orderedBooks: bigint;
  /** Distinct books as unordered sets of 6 tickets (ordered / 6!). */
  books: bigint;
}

/** The housie engines: the WASM kernel or its TypeScript baseline. */
export type Engine = "wasm" | "ts";

/** Middle digits (columns 2-8) of a base-5 pair-sum code, or undefined unless sorted. */
function arrangements(code: number): bigint | undefined {
  const digits: number[] = [];
  for (let j = 0; j < COLUMNS; j++, code = Math.floor(code / 5)) digits.push(code % 5);
  const middle = digits.slice(1, 8);
  for (let i = 1; i < middle.length; i++) if (middle[i - 1]! > middle[i]!) return undefined;
  let ways = factorial(7);
  const runs = new Map<number, number>();
  for (const d of middle) runs.set(d, (runs.get(d) ?? 0) + 1);
  for (const r of runs.values()) ways /= factorial(r);
  return ways;
}

/** Books from S and the weight scale G: prod n_j! * S * G^6 / 6^54, checked exact. */
function booksFrom(S: bigint, scale: bigint): { orderedBooks: bigint; books: bigint } {
  let numerator = S * scale ** 6n;
  for (const n of COLUMN_SIZE) numerator *= factorial(n);
  const denominator = 6n ** 54n;
  if (numerator % denominator !== 0n) throw new Error("housie: book count is not a whole number (table bug)");
  const orderedBooks = numerator / denominator;
  if (orderedBooks % 720n !== 0n) throw new Error("housie: ordered books not divisible by 6!");
  return { orderedBooks, books: orderedBooks / 720n };
}

/** The sum of K(u2) K(n - u1 - u2) over pair sums u2 (TS baseline of convolveSegment). */
function convolveTs(p: PairTables, s1: number): bigint {
  const rest = p.bookCode - p.segmentCode[s1]!;
  const l0 = p.segmentLanes[s1 * 3]!;
  const l1 = p.segmentLanes[s1 * 3 + 1]!;
  const l2 = p.segmentLanes[s1 * 3 + 2]!;
  let total = 0n;
  let high = 0; // sum of (K(u2) >> 16) * K(r): flushed before passing 2^53
  let low = 0; // sum of (K(u2) & 0xffff) * K(r)
  let pending = 0;
  const segments = p.segmentCode.length;
  for (let s2 = 0; s2 < segments; s2++) {
    if (!feasible(p, l0 + p.segmentLanes[s2 * 3]!, l1 + p.segmentLanes[s2 * 3 + 1]!, l2 + p.segmentLanes[s2 * 3 + 2]!)) continue;
    const code2 = p.segmentCode[s2]!;
    const k2 = p.codeTotal[code2]!;
    const kr = p.codeTotal[rest - code2]!;
    high += Math.floor(k2 / 65536) * kr;
    low += (k2 & 0xffff) * kr;
    if (++pending === 64) {
      total += (BigInt(high) << 16n) + BigInt(low);
      high = low = pending = 0;
    }
  }
  return total + (BigInt(high) << 16n) + BigInt(low);
}

function countTs(): HousieCounts {
  const t = enumeratePatternsTs();
  const w = weightsOf(t);
  const p = pairsOf(t, w);
  let S = 0n;
  for (let s = 0; s < p.segmentCode.length; s++) {
    const ways = arrangements(p.segmentCode[s]!);
    if (ways === undefined) continue;
    S += BigInt(p.codeTotal[p.segmentCode[s]!]!) * ways * convolveTs(p, s);
  }
  return {
    patterns: BigInt(t.patterns.length),
    vectors: BigInt(t.vectors),
    tickets: w.fillingWeight.reduce((a, b) => a + b, 0n),
    ...booksFrom(S, w.scale),
  };
}

function countWasm(): HousieCounts {
  const k = housieKernel();
  const patterns = k.enumeratePatterns();
  const vectors = k.vectorCount();
  let tickets = 0n;
  for (let v = 0; v < vectors; v++) tickets += BigInt.asUintN(64, k.fillingWeightOf(v));
  // The kernel's weight scale G, from vector 0: p(c) * prod_j 6/c_j! = G * t(c).
  const start = new Uint32Array(k.memory.buffer, k.vectorPatternStartPtr(), 2);
  const key = new Uint32Array(k.memory.buffer, k.vectorKeyPtr(), 1)[0]!;
  let raw = BigInt(start[1]! - start[0]!);
  for (let j = 0; j < COLUMNS; j++) {
    const c = (key >> (2 * j)) & 3;
    raw *= c === 1 ? 6n : c === 2 ? 3n : 1n;
  }
  const scale = raw / BigInt(k.ticketWeightOf(0));
  let S = 0n;
  const segments = k.pairSegments();
  for (let s = 0; s < segments; s++) {
    const code = k.segmentCodeAt(s);
    const ways = arrangements(code);
    if (ways === undefined) continue;
    const low = BigInt.asUintN(64, k.convolveSegment(s));
    const conv = (BigInt.asUintN(64, k.convolutionHighBits()) << 64n) + low;
    S += BigInt(k.segmentTotalAt(s)) * ways * conv;
  }
  return { patterns: BigInt(patterns), vectors: BigInt(vectors), tickets, ...booksFrom(S, scale) };
}

/**
 * Exact counts of patterns, vectors, tickets and books (WASM kernel by default).
 *
 * @param options `engine`: "wasm" (default) or "ts"
 * @example
 * ```ts
 * import { countHousie } from "tabula-grids";
 *
 * const counts = countHousie();
 * counts.tickets; // 3669688706217187500n
 * counts.books;   // 649599362683678428164393082432658483439892243268874797056000000000000000000n (unordered)
 * ```
 */
export function countHousie(options: { engine?: Engine } = {}): HousieCounts {
  const { engine = "wasm" } = optionsObject<{ engine?: Engine }>(options, "options", ["engine"]);
  return oneOf(engine, "engine", ["wasm", "ts"] as const) === "ts" ? countTs() : countWasm();
}
