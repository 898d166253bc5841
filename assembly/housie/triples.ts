// Three-ticket totals for the book sampler (draw.ts). For the column sums t of three
// tickets (t_j in 3..n_j-3), A(t) = sum over vectors c of w(c) * K(t - c): the weight of
// every three tickets summing to t. A is symmetric in columns 2-8, so it is kept per
// class: t_1, t_9 and the multiset of the middle counts (4 x 6 x 330 = 7,920 classes,
// 63 KB). A < 2^47. Only the classes whose counts sum to 45 (three tickets of 15) can
// hold tickets; K comes per class of pair residual from pair-classes.ts.

import { COLUMNS, columnSize, vectorCount } from "./patterns";
import { vectorLanes, LANE_HIGH } from "./pairs";
import { ticketWeight } from "./weights";
import { ensurePairClasses, pairTotalOfLanes, middleKey, MIDDLE_CLASSES } from "./pair-classes";

export const CLASS_COUNT = 4 * 6 * MIDDLE_CLASSES;
export const tripleTotal = new StaticArray<u64>(CLASS_COUNT);

let triplesReady = false;

export function ensureTriples(): void {
  if (triplesReady) return;
  ensurePairClasses();
  const vectors = vectorCount();
  let maxTotal: u64 = 0;
  for (let middle = 0; middle < MIDDLE_CLASSES; middle++) {
    // The middle counts in ascending order (values 3..7, counted in 3-bit fields).
    const key = <u32>unchecked(middleKey[middle]);
    let middleLanes: u64 = 0;
    let middleSum: u64 = 0;
    let j: u64 = 1;
    for (let x: u64 = 0; x < 5; x++) {
      for (let i: u32 = 0; i < ((key >> (3 * <u32>x)) & 7); i++) { middleLanes |= (x + 3) << (7 * j++); middleSum += x + 3; }
    }
    for (let first: u64 = 3; first <= <u64>unchecked(columnSize[0]) - 3; first++) {
      for (let last: u64 = 3; last <= <u64>unchecked(columnSize[8]) - 3; last++) {
        const cls = <i32>(first - 3) + 4 * (<i32>(last - 3) + 6 * middle);
        unchecked(tripleTotal[cls] = 0);
        if (first + last + middleSum != 45) continue;
        const t = middleLanes | first | (last << 56);
        // c fits iff t_j - 6 <= c_j <= t_j - 2 in every column (lanes as in pairs.ts).
        let upper: u64 = 0;
        let lower: u64 = 0;
        for (let c: u64 = 0; c < <u64>COLUMNS; c++) {
          const tc = (t >> (7 * c)) & 127;
          upper |= (64 - (tc - 1)) << (7 * c);
          lower |= (64 - (tc - 6)) << (7 * c);
        }
        let total: u64 = 0;
        for (let v = 0; v < vectors; v++) {
          const lanes = unchecked(vectorLanes[v]);
          if (((lanes + upper) & LANE_HIGH) != 0 || ((lanes + lower) & LANE_HIGH) != LANE_HIGH) continue;
          total += <u64>unchecked(ticketWeight[v]) * <u64>pairTotalOfLanes(t - lanes);
        }
        unchecked(tripleTotal[cls] = total);
        if (total > maxTotal) maxTotal = total;
      }
    }
  }
  if (maxTotal >= (<u64>1 << 47)) unreachable(); // draw.ts: W = w K < 2^41 and A < 2^47
  triplesReady = true;
}

/** Test hook: A of class i (t_1 - 3 + 4 (t_9 - 3 + 6 middle class)). */
export function tripleTotalAt(i: i32): u64 { ensureTriples(); return unchecked(tripleTotal[i]); }
