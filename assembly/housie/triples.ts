// Three-ticket totals for the book sampler's second level. For the column sums t that
// tickets 4-6 must make up (t_j in 3..n_j-3), A(t) = sum over vectors c of
// w(c) * K(t - c): the weight of every way to finish the book. A is symmetric in
// columns 2-8, so it is kept per class: t_1, t_9 and the multiset of the middle
// counts (4 x 6 x 330 = 7,920 classes, 63 KB). A < W * K* < 2^48.

import { COLUMNS, columnSize, vectorCount } from "./patterns";
import { ensurePairs, vectorLanes, vectorCode, totalOfCode, LANE_HIGH, laneUpper3 } from "./pairs";
import { ticketWeight } from "./weights";

export const MIDDLE_CLASSES = 330; // multisets of 7 counts from 3..7
export const CLASS_COUNT = 4 * 6 * MIDDLE_CLASSES;
export const tripleTotal = new StaticArray<u64>(CLASS_COUNT);
/** Per class: the largest pair total K(t - c) over the vectors c that fit, a bound for
 * stage 2's acceptance draw (tighter than the global K*). */
export const tripleBound = new StaticArray<u32>(CLASS_COUNT);
/** Class of a middle multiset, keyed by its counts of 3..7 in 3-bit fields. */
export const middleClass = new StaticArray<u16>(1 << 15);
export let maxTripleTotal: u64 = 0;

// Four-ticket totals for the sampler's first level. For the column sums u that tickets
// 3-6 must make up (u_1 in 4..7, u_j in 4..8 in the middle, u_9 in 5..9), B(u) =
// sum over vectors c of w(c) A(u - c), the weight of every way to finish the book after
// tickets 1-2, and M(u) >= max_c A(u - c), the bound of the second level's test. Per class
// (u_1, u_9, middle multiset: 4 x 5 x 330 = 6,600): B < 2^65 as its top bits B >> 33 and
// its low 33 bits, and M / 2^15 rounded up (A < 2^47, so it fits 32 bits).
export const PAIR_CLASS_COUNT = 4 * 5 * MIDDLE_CLASSES;
export const quadTop = new StaticArray<u32>(PAIR_CLASS_COUNT);
export const quadLow = new StaticArray<u64>(PAIR_CLASS_COUNT);
export const quadBound = new StaticArray<u32>(PAIR_CLASS_COUNT);
/** ceil(B* / 2^33): the first level draws y < quadLimit * 2^33 and keeps iff y < B(u). */
export let quadLimit: u32 = 0;

/** Pair totals K(r) per class of pair residual r (r_1, r_9 in 2..6 and the middle
 * multiset of 2..6: 5 x 5 x 330 = 8,250, 33 KB): the same numbers as totalOfCode, which
 * K's symmetry in columns 2-8 allows to keep this small, so the third level's look-up
 * stays in cache. */
export const pairClassTotal = new StaticArray<u32>(5 * 5 * MIDDLE_CLASSES);

/** middleClass's and pairClassTotal's addresses as plain integers (see sample.ts's
 * setBases), for the sampler's per-round look-ups. */
let middleClassBase: usize = 0;
let pairClassTotalBase: usize = 0;
export function setTripleBases(): void {
  middleClassBase = changetype<usize>(middleClass);
  pairClassTotalBase = changetype<usize>(pairClassTotal);
}

/** sum over the middle columns j = 1..7 of 2^(top - 3 S_j), S_j the lane j of `lanes`:
 * the middleClass key of the residual (top = 3 x the residual's offset plus 3 S_j). */
// @ts-ignore: decorator
@inline function middleKey(lanes: u64, top: u32): u32 {
  const l = <u32>(lanes >> 7);
  const h = <u32>(lanes >> 35);
  const one = (<u32>1) << top;
  return (one >> (3 * (l & 127))) + (one >> (3 * ((l >> 7) & 127))) + (one >> (3 * ((l >> 14) & 127)))
    + (one >> (3 * ((l >> 21) & 127))) + (one >> (3 * (h & 127))) + (one >> (3 * ((h >> 7) & 127)))
    + (one >> (3 * ((h >> 14) & 127)));
}

/** K(r) for the residual r = n - S of four tickets whose column sums S (lanes) fit. */
// @ts-ignore: decorator
@inline export function pairTotalOfLanes(lanes: u64): u32 {
  const first = 7 - <i32>(lanes & 127); // r_1 - 2
  const last = 9 - <i32>((lanes >> 56) & 127); // r_9 - 2
  // r_j - 2 = 8 - S_j: key = sum_j 2^(3 (8 - S_j)) = sum_j 2^24 >> 3 S_j (unrolled).
  const key = middleKey(lanes, 24);
  const middle = <i32>load<u16>(middleClassBase + (<usize>key << 1));
  return load<u32>(pairClassTotalBase + (<usize>(first + 5 * (last + 5 * middle)) << 2));
}

function ensurePairClasses(): void {
  for (let k0 = 0; k0 <= 7; k0++) for (let k1 = 0; k1 <= 7 - k0; k1++) for (let k2 = 0; k2 <= 7 - k0 - k1; k2++) {
    for (let k3 = 0; k3 <= 7 - k0 - k1 - k2; k3++) {
      const k4 = 7 - k0 - k1 - k2 - k3;
      const middle = <i32>unchecked(middleClass[k0 | (k1 << 3) | (k2 << 6) | (k3 << 9) | (k4 << 12)]);
      // Middle digits r_j - 2 in ascending order, columns 1..7 (powers 5^1..5^7).
      let code: u32 = 0;
      let power: u32 = 5;
      for (let i = 0; i < k0; i++) { power *= 5; }
      for (let i = 0; i < k1; i++) { code += 1 * power; power *= 5; }
      for (let i = 0; i < k2; i++) { code += 2 * power; power *= 5; }
      for (let i = 0; i < k3; i++) { code += 3 * power; power *= 5; }
      for (let i = 0; i < k4; i++) { code += 4 * power; power *= 5; }
      for (let first: u32 = 0; first < 5; first++) {
        for (let last: u32 = 0; last < 5; last++) {
          unchecked(pairClassTotal[<i32>first + 5 * (<i32>last + 5 * middle)] = totalOfCode(code + first + last * 390625)); // 5^8
        }
      }
    }
  }
}

/** The class of the residual u, given the lanes (7 bits per column) of tickets 1-2. */
// @ts-ignore: decorator
@inline export function classOfPairLanes(lanes: u64): i32 {
  const first = 5 - <i32>(lanes & 127); // u_1 - 4
  const last = 6 - <i32>((lanes >> 56) & 127); // u_9 - 5
  const key = middleKey(lanes, 18); // u_j - 4 = 6 - S_j
  return first + 4 * (last + 5 * <i32>load<u16>(middleClassBase + (<usize>key << 1)));
}

function ensureQuads(): void {
  const vectors = vectorCount();
  const u = new StaticArray<i32>(COLUMNS);
  let bestTop: u32 = 0;
  let bestLow: u64 = 0;
  // Middle multisets (counts of 4..8) in the order of middleClass's keys.
  for (let k0 = 0; k0 <= 7; k0++) for (let k1 = 0; k1 <= 7 - k0; k1++) for (let k2 = 0; k2 <= 7 - k0 - k1; k2++) {
    for (let k3 = 0; k3 <= 7 - k0 - k1 - k2; k3++) {
      const k4 = 7 - k0 - k1 - k2 - k3;
      const middle = <i32>unchecked(middleClass[k0 | (k1 << 3) | (k2 << 6) | (k3 << 9) | (k4 << 12)]);
      let j = 1;
      for (let i = 0; i < k0; i++) unchecked(u[j++] = 4);
      for (let i = 0; i < k1; i++) unchecked(u[j++] = 5);
      for (let i = 0; i < k2; i++) unchecked(u[j++] = 6);
      for (let i = 0; i < k3; i++) unchecked(u[j++] = 7);
      for (let i = 0; i < k4; i++) unchecked(u[j++] = 8);
      for (let first = 4; first <= 7; first++) {
        for (let last = 5; last <= 9; last++) {
          unchecked(u[0] = first);
          unchecked(u[8] = last);
          // Lanes of the sum S = n - u of tickets 1-2; a vector c fits iff S + c leaves
          // every t_j >= 3 (t_j <= n_j - 3 holds as each ticket has c_j >= 1).
          let ab: u64 = 0;
          for (let c = 0; c < COLUMNS; c++) ab |= <u64>(unchecked(columnSize[c]) - unchecked(u[c])) << (7 * <u64>c);
          let low: u64 = 0;
          let high: u64 = 0;
          let bound: u64 = 0;
          for (let v = 0; v < vectors; v++) {
            const abc = ab + unchecked(vectorLanes[v]);
            if (((abc + laneUpper3) & LANE_HIGH) != 0) continue;
            const a = unchecked(tripleTotal[classOfLanes(abc)]);
            if (a > bound) bound = a;
            // w(c) A < 2^12 * 2^48: add the 60-bit product into a 128-bit total.
            const product = <u64>unchecked(ticketWeight[v]) * a;
            low += product;
            if (low < product) high++;
          }
          if (high > 1) unreachable(); // B < 2^65
          const cls = (first - 4) + 4 * ((last - 5) + 5 * middle);
          const top = <u32>((high << 31) | (low >> 33));
          const rest = low & ((<u64>1 << 33) - 1);
          unchecked(quadTop[cls] = top);
          unchecked(quadLow[cls] = rest);
          unchecked(quadBound[cls] = <u32>((bound + 0x7fff) >> 15));
          if (top > bestTop || (top == bestTop && rest > bestLow)) { bestTop = top; bestLow = rest; }
        }
      }
    }
  }
  if (bestTop == 0xffffffff && bestLow != 0) unreachable();
  quadLimit = bestTop + <u32>(bestLow != 0);
}
let triplesReady = false;

/** The class of the residual t, given the lanes (7 bits per column) of tickets 1-3. */
// @ts-ignore: decorator
@inline export function classOfLanes(lanes: u64): i32 {
  const first = 9 - <i32>(lanes & 127) - 3;
  const last = 11 - <i32>((lanes >> 56) & 127) - 3;
  const key = middleKey(lanes, 21); // t_j - 3 = 7 - S_j
  return first + 4 * (last + 6 * <i32>unchecked(middleClass[key]));
}

/** classOfLanes for the sampler (after setTripleBases). */
// @ts-ignore: decorator
@inline export function classOfLanesFast(lanes: u64): i32 {
  const first = 9 - <i32>(lanes & 127) - 3;
  const last = 11 - <i32>((lanes >> 56) & 127) - 3;
  const key = middleKey(lanes, 21); // t_j - 3 = 7 - S_j
  return first + 4 * (last + 6 * <i32>load<u16>(middleClassBase + (<usize>key << 1)));
}

export function ensureTriples(): void {
  if (triplesReady) return;
  ensurePairs();
  const vectors = vectorCount();
  const t = new StaticArray<i32>(COLUMNS);
  let middle = 0;
  maxTripleTotal = 0;
  // Middle multisets as counts (k3..k7) summing to 7, in a fixed order.
  for (let k3 = 0; k3 <= 7; k3++) for (let k4 = 0; k4 <= 7 - k3; k4++) for (let k5 = 0; k5 <= 7 - k3 - k4; k5++) {
    for (let k6 = 0; k6 <= 7 - k3 - k4 - k5; k6++) {
      const k7 = 7 - k3 - k4 - k5 - k6;
      const key = k3 | (k4 << 3) | (k5 << 6) | (k6 << 9) | (k7 << 12);
      unchecked(middleClass[key] = <u16>middle);
      // A representative: the middle counts in ascending order.
      let j = 1;
      for (let i = 0; i < k3; i++) unchecked(t[j++] = 3);
      for (let i = 0; i < k4; i++) unchecked(t[j++] = 4);
      for (let i = 0; i < k5; i++) unchecked(t[j++] = 5);
      for (let i = 0; i < k6; i++) unchecked(t[j++] = 6);
      for (let i = 0; i < k7; i++) unchecked(t[j++] = 7);
      for (let first = 3; first <= unchecked(columnSize[0]) - 3; first++) {
        for (let last = 3; last <= unchecked(columnSize[8]) - 3; last++) {
          unchecked(t[0] = first);
          unchecked(t[8] = last);
          // c fits iff t_j - 6 <= c_j <= t_j - 2 in every column (lanes as in pairs.ts).
          let upper: u64 = 0;
          let lower: u64 = 0;
          let code: u32 = 0;
          let power: u32 = 1;
          for (let c = 0; c < COLUMNS; c++) {
            const tc = <u64>unchecked(t[c]);
            upper |= (64 - (tc - 1)) << (7 * <u64>c);
            lower |= (64 - (tc - 6)) << (7 * <u64>c);
            code += <u32>(tc - 3) * power;
            power *= 5;
          }
          let total: u64 = 0;
          let bound: u32 = 1; // >= 1 so that a draw below it is defined (A(t) = 0 never reaches stage 2)
          for (let v = 0; v < vectors; v++) {
            const lanes = unchecked(vectorLanes[v]);
            if (((lanes + upper) & LANE_HIGH) != 0 || ((lanes + lower) & LANE_HIGH) != LANE_HIGH) continue;
            const pair = totalOfCode(code - unchecked(vectorCode[v]));
            total += <u64>unchecked(ticketWeight[v]) * <u64>pair;
            if (pair > bound) bound = pair;
          }
          const cls = (first - 3) + 4 * ((last - 3) + 6 * middle);
          unchecked(tripleTotal[cls] = total);
          unchecked(tripleBound[cls] = bound);
          if (total > maxTripleTotal) maxTripleTotal = total;
        }
      }
      middle++;
    }
  }
  if (maxTripleTotal >= (<u64>1 << 47)) unreachable(); // the draws split A into 32 + 15 bits
  ensureQuads();
  ensurePairClasses();
  triplesReady = true;
}

export function maxTriple(): u64 { ensureTriples(); return maxTripleTotal; }
/** ceil(B* / 2^33): the first level's bound is this times 2^33. */
export function quadLimitTop(): u32 { ensureTriples(); return quadLimit; }
