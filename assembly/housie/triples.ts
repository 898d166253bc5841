// Three-ticket totals for the book sampler's first stage. For the column sums t that
// tickets 4-6 must make up (t_j in 3..n_j-3), A(t) = sum over vectors c of
// w(c) * K(t - c): the weight of every way to finish the book. A is symmetric in
// columns 2-8, so it is kept per class: t_1, t_9 and the multiset of the middle
// counts (4 x 6 x 330 = 7,920 classes, 63 KB). A < W * K* < 2^48.

import { COLUMNS, columnSize, vectorCount } from "./patterns";
import { ensurePairs, vectorLanes, vectorCode, totalOfCode, LANE_HIGH } from "./pairs";
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
let triplesReady = false;

/** The class of the residual t, given the lanes (7 bits per column) of tickets 1-3. */
// @ts-ignore: decorator
@inline export function classOfLanes(lanes: u64): i32 {
  const first = 9 - <i32>(lanes & 127) - 3;
  const last = 11 - <i32>((lanes >> 56) & 127) - 3;
  let key: u32 = 0;
  for (let j: u64 = 1; j < 8; j++) key += (<u32>1) << (3 * (7 - <u32>((lanes >> (7 * j)) & 127))); // t_j - 3 = 7 - S_j
  return first + 4 * (last + 6 * <i32>unchecked(middleClass[key]));
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
  triplesReady = true;
}

export function maxTriple(): u64 { ensureTriples(); return maxTripleTotal; }
