// Three-ticket totals for the book sampler (draw.ts). For the column sums t of three
// tickets (t_j in 3..n_j-3), A(t) = sum over vectors c of w(c) * K(t - c): the weight of
// every three tickets summing to t. A is symmetric in columns 2-8, so it is kept per
// class: t_1, t_9 and the multiset of the middle counts (4 x 6 x 330 = 7,920 classes,
// 63 KB). A < 2^47.

import { COLUMNS, columnSize, vectorCount } from "./patterns";
import { ensurePairs, vectorLanes, vectorCode, totalOfCode, LANE_HIGH } from "./pairs";
import { ticketWeight } from "./weights";

export const MIDDLE_CLASSES = 330; // multisets of 7 counts from 3..7
export const CLASS_COUNT = 4 * 6 * MIDDLE_CLASSES;
export const tripleTotal = new StaticArray<u64>(CLASS_COUNT);
/** Class of a middle multiset, keyed by its counts of 3..7 in 3-bit fields, and back. */
export const middleClass = new StaticArray<u16>(1 << 15);
export const middleKey = new StaticArray<u16>(MIDDLE_CLASSES);

/** Pair totals K(r) per class of pair residual r (r_1, r_9 in 2..6 and the middle
 * multiset of 2..6: 5 x 5 x 330 = 8,250, 33 KB): the same numbers as totalOfCode, which
 * K's symmetry in columns 2-8 allows to keep this small, so the sampler's look-up
 * stays in cache. */
export const pairClassTotal = new StaticArray<u32>(5 * 5 * MIDDLE_CLASSES);
/** Per pair-residual class, the code of its canonical member (middle ascending). */
export const pairClassCode = new StaticArray<u32>(5 * 5 * MIDDLE_CLASSES);

function ensurePairClasses(): void {
  for (let middle = 0; middle < MIDDLE_CLASSES; middle++) {
    // Middle digits r_j - 2 in ascending order, columns 1..7 (powers 5^1..5^7); the key
    // counts each digit value in 3 bits.
    const key = <u32>unchecked(middleKey[middle]);
    let code: u32 = 0;
    let power: u32 = 5;
    for (let x: u32 = 0; x < 5; x++) for (let i: u32 = 0; i < ((key >> (3 * x)) & 7); i++) { code += x * power; power *= 5; }
    for (let first: u32 = 0; first < 5; first++) {
      for (let last: u32 = 0; last < 5; last++) {
        const full = code + first + last * 390625; // 5^8
        unchecked(pairClassCode[<i32>first + 5 * (<i32>last + 5 * middle)] = full);
        unchecked(pairClassTotal[<i32>first + 5 * (<i32>last + 5 * middle)] = totalOfCode(full));
      }
    }
  }
}

let triplesReady = false;

export function ensureTriples(): void {
  if (triplesReady) return;
  ensurePairs();
  const vectors = vectorCount();
  const t = new StaticArray<i32>(COLUMNS);
  let middle = 0;
  let maxTotal: u64 = 0;
  // Middle multisets as counts (k3..k7) summing to 7, in a fixed order.
  for (let k3 = 0; k3 <= 7; k3++) for (let k4 = 0; k4 <= 7 - k3; k4++) for (let k5 = 0; k5 <= 7 - k3 - k4; k5++) {
    for (let k6 = 0; k6 <= 7 - k3 - k4 - k5; k6++) {
      const k7 = 7 - k3 - k4 - k5 - k6;
      const key = k3 | (k4 << 3) | (k5 << 6) | (k6 << 9) | (k7 << 12);
      unchecked(middleClass[key] = <u16>middle);
      unchecked(middleKey[middle] = <u16>key);
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
          for (let v = 0; v < vectors; v++) {
            const lanes = unchecked(vectorLanes[v]);
            if (((lanes + upper) & LANE_HIGH) != 0 || ((lanes + lower) & LANE_HIGH) != LANE_HIGH) continue;
            const pair = totalOfCode(code - unchecked(vectorCode[v]));
            total += <u64>unchecked(ticketWeight[v]) * <u64>pair;
          }
          const cls = (first - 3) + 4 * ((last - 3) + 6 * middle);
          unchecked(tripleTotal[cls] = total);
          if (total > maxTotal) maxTotal = total;
        }
      }
      middle++;
    }
  }
  if (maxTotal >= (<u64>1 << 47)) unreachable(); // draw.ts: W = w K < 2^41 and A < 2^47
  ensurePairClasses();
  triplesReady = true;
}

export function quadLimitTop(): u32 { ensureTriples(); return quadLimit; }
