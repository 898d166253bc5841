// Pairs of tickets and their summed column counts, the meet-in-the-middle half of the
// exact book count. (The book sampler needs only the pair classes it draws from, which
// pair-classes.ts builds directly; it shares vectorCode and vectorLanes from here.)
//
// A pair sum u has u_j in 2..6; its code is sum_j (u_j - 2) * 5^j (< 5^9), which is the
// sum of the two vectors' codes sum_j (c_j - 1) * 5^j because no digit carries. For each
// code, pairs (a, b) are listed with cumulative weights w(a) * w(b), so a uniform integer
// below the code's total picks a pair with probability proportional to its weight.
//
// Feasibility of a residual is tested on "lanes": 7 bits per column packed in a u64.

import { COLUMNS, VECTOR_COUNT, vectorDigits, columnSize, vectorCount } from "./patterns";
import { ensureWeights, ticketWeight } from "./weights";
import { buildAlias, ALIAS_LIMIT } from "./alias";

export const CODE_SPACE = 1953125; // 5^9
export const vectorCode = new StaticArray<u32>(VECTOR_COUNT);
export const vectorLanes = new StaticArray<u64>(VECTOR_COUNT);
/** Pairs with code k occupy [codeStart[k], codeStart[k+1]); codeTotal[k] is their weight. */
export let codeStart = new StaticArray<u32>(0); // CODE_SPACE + 1, allocated by ensurePairs
export let codeTotal = new StaticArray<u32>(0); // CODE_SPACE, allocated by ensurePairs
const PAIR_COUNT = VECTOR_COUNT * VECTOR_COUNT;
/** Per pair slot, one word of the code's alias table (Walker/Vose, exact in integers):
 * bits 0-28 the threshold h (<= T < 2^29), bits 29-50 the slot's pair (first << 11 |
 * second), bits 51-63 the offset of its alias slot within the code. A uniform slot i of
 * the code and an independent uniform y below the code's total T pick slot i's pair if
 * y < h, else its alias's: every pair with probability w(a) w(b) / T. */
export let pairAlias = new StaticArray<u64>(0); // PAIR_COUNT, allocated by ensurePairs
export const ALIAS_THRESHOLD: u64 = (1 << 29) - 1;
/** The pair (first << 11 | second) stored in an alias word. */
// @ts-ignore: decorator
@inline export function aliasPair(word: u64): u32 {
  return (<u32>(word >> 29)) & 0x3fffff;
}

/** Distinct pair sums ("segments"): their code, lanes and total weight. */
export let segmentCode = new StaticArray<u32>(0); // CODE_SPACE >> 4, allocated by ensurePairs
export let segmentLanes = new StaticArray<u64>(0); // CODE_SPACE >> 4, allocated by ensurePairs
export let segments = 0;
export let maxCodeTotal: u32 = 0;
/** code of the residual when four (or two pairs of) tickets sum to nothing yet. */
export let bookCode: u32 = 0;
/** Lane constants: a sum S of four vectors leaves a feasible pair residual n - S iff
 * ((S + laneUpper) & LANE_HIGH) == 0 and ((S + laneLower) & LANE_HIGH) == LANE_HIGH. */
export let laneUpper: u64 = 0;
export let laneLower: u64 = 0;
export const LANE_HIGH: u64 = 0x4081020408102040; // bit 6 of each of the 9 lanes
let pairsReady = false;

// A compact copy of the nonzero totals for the sampler's hot look-up: a bitmap of codes
// with pairs, a rank per 64-code word and the totals in code order, ~0.6 MB together
// instead of 7.8 MB, so that most look-ups hit the cache.
const BITMAP_WORDS = (CODE_SPACE >> 6) + 1;
let codeBitmap = new StaticArray<u64>(0); // BITMAP_WORDS, allocated by ensurePairs
let codeRank = new StaticArray<u32>(0); // BITMAP_WORDS, allocated by ensurePairs
let compactTotal = new StaticArray<u32>(0); // CODE_SPACE >> 4, allocated by ensurePairs

/** codeTotal[code], through the compact copy. */
// @ts-ignore: decorator
@inline export function totalOfCode(code: u32): u32 {
  const word = unchecked(codeBitmap[code >> 6]);
  const bit = <u64>(code & 63);
  if (((word >> bit) & 1) == 0) return 0;
  const below = word & (((<u64>1) << bit) - 1);
  return unchecked(compactTotal[unchecked(codeRank[code >> 6]) + <u32>popcnt<u64>(below)]);
}

let codesReady = false;

/** Fills vectorCode and vectorLanes (also what the book sampler's pair classes need). */
export function ensureVectorCodes(): void {
  if (codesReady) return;
  const vectors = vectorCount();
  for (let v = 0; v < vectors; v++) {
    let code: u32 = 0;
    let lanes: u64 = 0;
    let p: u32 = 1;
    for (let j = 0; j < COLUMNS; j++) {
      const c = <u32>unchecked(vectorDigits[v * COLUMNS + j]);
      code += (c - 1) * p;
      lanes |= (<u64>c) << (7 * <u64>j);
      p *= 5;
    }
    unchecked((vectorCode[v] = code));
    unchecked((vectorLanes[v] = lanes));
  }
  codesReady = true;
}

export function ensurePairs(): void {
  if (pairsReady) return;
  // Allocated here, not at instantiation, so that single tickets (which never need
  // these 40 MB) start fast and small.
  codeStart = new StaticArray<u32>(CODE_SPACE + 1);
  codeTotal = new StaticArray<u32>(CODE_SPACE);
  pairAlias = new StaticArray<u64>(PAIR_COUNT);
  segmentCode = new StaticArray<u32>(CODE_SPACE >> 4);
  segmentLanes = new StaticArray<u64>(CODE_SPACE >> 4);
  codeBitmap = new StaticArray<u64>(BITMAP_WORDS);
  codeRank = new StaticArray<u32>(BITMAP_WORDS);
  compactTotal = new StaticArray<u32>(CODE_SPACE >> 4);
  ensureWeights();
  const vectors = vectorCount();
  let power: u32 = 1;
  bookCode = 0;
  laneUpper = 0;
  laneLower = 0;
  for (let j = 0; j < COLUMNS; j++) {
    const n = <u64>unchecked(columnSize[j]);
    bookCode += <u32>(n - 6) * power;
    laneUpper |= (64 - (n - 1)) << (7 * <u64>j); // sum >= n-1 leaves the pair < 2
    laneLower |= (64 - (n - 6)) << (7 * <u64>j); // sum >= n-6 leaves the pair <= 6
    power *= 5;
  }
  ensureVectorCodes();
  // Counting sort of all ordered pairs by code.
  for (let k = 0; k <= CODE_SPACE; k++) unchecked((codeStart[k] = 0));
  for (let a = 0; a < vectors; a++) {
    const ca = unchecked(vectorCode[a]);
    for (let b = 0; b < vectors; b++) unchecked(codeStart[ca + unchecked(vectorCode[b]) + 1]++);
  }
  segments = 0;
  for (let k = 0; k < CODE_SPACE; k++) {
    if (unchecked(codeStart[k + 1]) != 0) {
      unchecked((segmentCode[segments] = k));
      segments++;
    }
    unchecked((codeStart[k + 1] += codeStart[k]));
  }
  // Placement: pairs of a code in (a, b) order, with running weight totals.
  for (let k = 0; k < CODE_SPACE; k++) unchecked((codeTotal[k] = 0));
  const placed = new StaticArray<u32>(CODE_SPACE);
  for (let a = 0; a < vectors; a++) {
    const ca = unchecked(vectorCode[a]);
    const wa = unchecked(ticketWeight[a]);
    for (let b = 0; b < vectors; b++) {
      const code = ca + unchecked(vectorCode[b]);
      const slot = unchecked(codeStart[code]) + unchecked(placed[code]++);
      const total = unchecked(codeTotal[code]) + wa * unchecked(ticketWeight[b]);
      unchecked((codeTotal[code] = total));
      unchecked((pairAlias[slot] = (((<u64>a) << 11) | (<u64>b)) << 29));
    }
  }
  maxCodeTotal = 0;
  for (let k = 0; k < CODE_SPACE; k++) if (unchecked(codeTotal[k]) > maxCodeTotal) maxCodeTotal = unchecked(codeTotal[k]);
  if (<u64>maxCodeTotal > ALIAS_THRESHOLD) unreachable(); // thresholds take 29 bits
  buildAliases();
  for (let w = 0; w < BITMAP_WORDS; w++) unchecked((codeBitmap[w] = 0));
  for (let s = 0; s < segments; s++) {
    const code = unchecked(segmentCode[s]);
    unchecked((codeBitmap[code >> 6] |= (<u64>1) << (<u64>(code & 63))));
    unchecked((compactTotal[s] = codeTotal[code])); // segments are in code order
  }
  let rank: u32 = 0;
  for (let w = 0; w < BITMAP_WORDS; w++) {
    unchecked((codeRank[w] = rank));
    rank += <u32>popcnt<u64>(unchecked(codeBitmap[w]));
  }
  for (let s = 0; s < segments; s++) {
    const code = unchecked(segmentCode[s]);
    const pair = aliasPair(unchecked(pairAlias[codeStart[code]]));
    const a = pair >> 11;
    const b = pair & 2047;
    unchecked((segmentLanes[s] = vectorLanes[a] + vectorLanes[b]));
  }
  pairsReady = true;
}

/** Alias tables per code (see pairAlias), exact in integers (alias.ts). */
function buildAliases(): void {
  const weight = new StaticArray<u64>(ALIAS_LIMIT);
  const threshold = new StaticArray<u64>(ALIAS_LIMIT);
  const alias = new StaticArray<u16>(ALIAS_LIMIT);
  for (let k = 0; k < CODE_SPACE; k++) {
    const start = <i32>unchecked(codeStart[k]);
    const n = <i32>unchecked(codeStart[k + 1]) - start;
    if (n == 0) continue;
    for (let i = 0; i < n; i++) {
      const pair = aliasPair(unchecked(pairAlias[start + i]));
      unchecked((weight[i] = <u64>unchecked(ticketWeight[pair >> 11]) * <u64>unchecked(ticketWeight[pair & 2047])));
    }
    buildAlias(weight, n, <u64>unchecked(codeTotal[k]), threshold, alias);
    for (let i = 0; i < n; i++) unchecked((pairAlias[start + i] |= unchecked(threshold[i]) | ((<u64>unchecked(alias[i])) << 51)));
  }
}

/** Number of distinct pair sums. */
export function pairSegments(): i32 {
  ensurePairs();
  return segments;
}
export function segmentCodeAt(s: i32): u32 {
  return unchecked(segmentCode[s]);
}
export function segmentTotalAt(s: i32): u32 {
  return unchecked(codeTotal[segmentCode[s]]);
}
export function maxPairTotal(): u32 {
  ensurePairs();
  return maxCodeTotal;
}

export let convolutionHigh: u64 = 0;
/**
 * sum over pair sums u2 of total(u2) * total(n - u1 - u2), for the pair sum u1 of
 * segment s1: the weight of all books whose tickets 1-2 sum to u1. Returns the low 64
 * bits; the high bits are left in `convolutionHigh`.
 */
export function convolveSegment(s1: i32): u64 {
  const lanes1 = unchecked(segmentLanes[s1]);
  const rest = bookCode - unchecked(segmentCode[s1]);
  let low: u64 = 0;
  let high: u64 = 0;
  for (let s2 = 0; s2 < segments; s2++) {
    const sum = lanes1 + unchecked(segmentLanes[s2]);
    if (((sum + laneUpper) & LANE_HIGH) != 0 || ((sum + laneLower) & LANE_HIGH) != LANE_HIGH) continue;
    const code2 = unchecked(segmentCode[s2]);
    const product = <u64>unchecked(codeTotal[code2]) * <u64>unchecked(codeTotal[rest - code2]);
    low += product;
    if (low < product) high++;
  }
  convolutionHigh = high;
  return low;
}
export function convolutionHighBits(): u64 {
  return convolutionHigh;
}
