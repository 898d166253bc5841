// Three-ticket totals for the book sampler (draw.ts). For the column sums t of three
// tickets (t_j in 3..n_j-3), A(t) = sum over vectors c of w(c) * K(t - c): the weight of
// every three tickets summing to t. A is symmetric in columns 2-8, so it is kept per
// class: t_1, t_9 and the multiset of the middle counts (4 x 6 x 330 = 7,920 classes,
// 63 KB). A < 2^47. Only the classes whose counts sum to 45 (three tickets of 15) can
// hold tickets; K comes per class of pair residual from pair-classes.ts. The terms
// w(c) K(t - c) > 0 are kept for draw.ts, whose per-class alias tables are made of them.

import { COLUMNS, columnSize, vectorCount } from "./patterns";
import { vectorLanes, LANE_HIGH } from "./pairs";
import { ticketWeight } from "./weights";
import { ensurePairClasses, pairTotalOfLanes, middleKey, MIDDLE_CLASSES } from "./pair-classes";

export const CLASS_COUNT = 4 * 6 * MIDDLE_CLASSES;
export const tripleTotal = new StaticArray<u64>(CLASS_COUNT);
/** Class i's terms are [termStart[i], termStart[i + 1]): the vectors c (ascending) with
 * K(t - c) > 0, as u16s at termVectorBase, and their w(c) K(t - c), u64s at
 * termWeightBase. Unmanaged (not zeroed, every term is written), freed by releaseTerms. */
export const TERM_LIMIT = 1 << 18;
export const termStart = new StaticArray<u32>(CLASS_COUNT + 1);
export let termWeightBase: usize = 0;
export let termVectorBase: usize = 0;

let triplesReady = false;

export function ensureTriples(): void {
  if (triplesReady) return;
  ensurePairClasses();
  const vectors = vectorCount();
  termWeightBase = heap.alloc((<usize>TERM_LIMIT) << 3);
  termVectorBase = heap.alloc((<usize>TERM_LIMIT) << 1);
  let terms: u32 = 0;
  let maxTotal: u64 = 0;
  for (let middle = 0; middle < MIDDLE_CLASSES; middle++) {
    // The middle counts in ascending order (values 3..7, counted in 3-bit fields).
    const key = <u32>unchecked(middleKey[middle]);
    let middleLanes: u64 = 0;
    let middleSum: u64 = 0;
    let j: u64 = 1;
    for (let x: u64 = 0; x < 5; x++) {
      for (let i: u32 = 0; i < ((key >> (3 * <u32>x)) & 7); i++) {
        middleLanes |= (x + 3) << (7 * j++);
        middleSum += x + 3;
      }
    }
    // In index order (first the fastest), so that each class's terms follow the last's.
    for (let last: u64 = 3; last <= <u64>unchecked(columnSize[8]) - 3; last++) {
      for (let first: u64 = 3; first <= <u64>unchecked(columnSize[0]) - 3; first++) {
        const cls = <i32>(first - 3) + 4 * (<i32>(last - 3) + 6 * middle);
        unchecked((tripleTotal[cls] = 0));
        unchecked((termStart[cls] = terms));
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
          const pair = pairTotalOfLanes(t - lanes);
          if (pair == 0) continue;
          const term = <u64>unchecked(ticketWeight[v]) * <u64>pair;
          if (terms >= <u32>TERM_LIMIT) unreachable();
          store<u64>(termWeightBase + ((<usize>terms) << 3), term);
          store<u16>(termVectorBase + ((<usize>terms) << 1), <u16>v);
          terms++;
          total += term;
        }
        unchecked((tripleTotal[cls] = total));
        if (total > maxTotal) maxTotal = total;
      }
    }
  }
  unchecked((termStart[CLASS_COUNT] = terms));
  if (maxTotal >= (<u64>1) << 47) unreachable(); // draw.ts: W = w K < 2^41 and A < 2^47
  triplesReady = true;
}

/** Frees the terms (draw.ts has made its alias tables of them). */
export function releaseTerms(): void {
  if (termWeightBase == 0) return;
  heap.free(termWeightBase);
  heap.free(termVectorBase);
  termWeightBase = 0;
  termVectorBase = 0;
}

/** Test hook: A of class i (t_1 - 3 + 4 (t_9 - 3 + 6 middle class)). */
export function tripleTotalAt(i: i32): u64 {
  ensureTriples();
  return unchecked(tripleTotal[i]);
}
