// Pair totals and pair alias tables per class of pair residual, for the book sampler,
// computed directly instead of from pairs.ts's full table of the 2.4 million pairs
// (40 MB, about 0.2 s to build, which only the exact count needs).
//
// A pair residual r (r_j in 2..6, the column sums of two tickets) has the pairs (a, b)
// with a + b = r; K(r) = sum w(a) w(b) is unchanged when the seven middle columns are
// permuted, so it is kept per class: r_1, r_9 and the multiset of the middle counts
// (5 x 5 x 330 = 8,250 classes, 342 of them with pairs, 16,951 pairs in all). Each
// class's canonical member (middle ascending) keeps an alias table over its pairs,
// listed in order of the first vector, as pairs.ts lists a code's pairs: the same
// tables, so the same draws.

import { vectorCount, vectorOfCode3, vectorCode3 } from "./patterns";
import { ensureWeights, ticketWeight } from "./weights";
import { ensureVectorCodes, vectorLanes, LANE_HIGH, ALIAS_THRESHOLD } from "./pairs";
import { buildAlias, ALIAS_LIMIT } from "./alias";

export const MIDDLE_CLASSES = 330; // multisets of 7 counts from 5 values
export const PAIR_CLASSES = 5 * 5 * MIDDLE_CLASSES;
/** Class of a middle multiset, keyed by the counts of its 5 values in 3-bit fields
 * (values 3..7 for three tickets, 2..6 for two), and back. */
export const middleClass: usize = memory.data((1 << 15) * 2); // u16, static memory (see draw.ts)
export const middleKey = new StaticArray<u16>(MIDDLE_CLASSES);
/** K of each pair-residual class, at (r_1 - 2) + 5 ((r_9 - 2) + 5 middle class). */
export const pairClassTotal: usize = memory.data(PAIR_CLASSES * 4); // u32
/** Class p's pairs take alias words [pairClassStart[p], pairClassStart[p + 1]) of
 * pairClassAlias, in pairs.ts's word format (threshold, pair, alias offset). */
export const pairClassStart = new StaticArray<u32>(PAIR_CLASSES + 1);
const PAIR_LIMIT = 1 << 15;
export const pairClassAlias: usize = memory.data(PAIR_LIMIT * 8); // u64
let middleReady = false;
let pairClassesReady = false;

/** Fills middleClass and middleKey: multisets as counts (k0..k4) summing to 7. */
export function ensureMiddleClasses(): void {
  if (middleReady) return;
  let middle = 0;
  for (let k0 = 0; k0 <= 7; k0++)
    for (let k1 = 0; k1 <= 7 - k0; k1++)
      for (let k2 = 0; k2 <= 7 - k0 - k1; k2++) {
        for (let k3 = 0; k3 <= 7 - k0 - k1 - k2; k3++) {
          const key = k0 | (k1 << 3) | (k2 << 6) | (k3 << 9) | ((7 - k0 - k1 - k2 - k3) << 12);
          store<u16>(middleClass + ((<usize>key) << 1), <u16>middle);
          unchecked((middleKey[middle] = <u16>key));
          middle++;
        }
      }
  middleReady = true;
}

/** K(r) of a pair residual given as 7-bit lanes (lane j = r_j, each in 2..6). */
// @ts-ignore: decorator
@inline export function pairTotalOfLanes(r: u64): u32 {
  let key: u32 = 0;
  for (let j: u64 = 1; j < 8; j++) key += 1 << (3 * (<u32>((r >> (7 * j)) & 127) - 2));
  const p = <i32>(r & 127) - 2 + 5 * (<i32>((r >> 56) & 127) - 2 + 5 * <i32>load<u16>(middleClass + ((<usize>key) << 1)));
  return load<u32>(pairClassTotal + ((<usize>p) << 2));
}

export function ensurePairClasses(): void {
  if (pairClassesReady) return;
  ensureMiddleClasses();
  ensureWeights();
  ensureVectorCodes();
  const vectors = vectorCount();
  const weight = new StaticArray<u64>(ALIAS_LIMIT);
  const threshold = new StaticArray<u64>(ALIAS_LIMIT);
  const alias = new StaticArray<u16>(ALIAS_LIMIT);
  const pairOf = new StaticArray<u32>(ALIAS_LIMIT);
  let slot: u32 = 0;
  for (let p = 0; p < PAIR_CLASSES; p++) {
    unchecked((pairClassStart[p] = slot));
    store<u32>(pairClassTotal + ((<usize>p) << 2), 0);
    // The canonical member r: r_1, then the middle ascending, then r_9.
    const first: u64 = <u64>(p % 5) + 2;
    const last: u64 = <u64>((p / 5) % 5) + 2;
    const key = <u32>unchecked(middleKey[p / 25]);
    let lanes: u64 = first | (last << 56);
    let sum = first + last;
    let code3: i32 = <i32>first - 2 + (<i32>last - 2) * 6561; // sum_j (r_j - 2) 3^j
    let j: u64 = 1;
    let power = 3;
    for (let x: u64 = 0; x < 5; x++) {
      for (let i: u32 = 0; i < ((key >> (3 * <u32>x)) & 7); i++) {
        lanes |= (x + 2) << (7 * j++);
        sum += x + 2;
        code3 += <i32>x * power;
        power *= 3;
      }
    }
    if (sum != 30) continue; // each ticket holds 15 numbers
    // a fits iff r_j - 3 <= a_j <= r_j - 1 in every column (lane tests as in pairs.ts).
    let upper: u64 = 0;
    let lower: u64 = 0;
    for (let c: u64 = 0; c < 9; c++) {
      const rc = (lanes >> (7 * c)) & 127;
      upper |= (64 - rc) << (7 * c);
      lower |= (67 - rc) << (7 * c);
    }
    let n = 0;
    let total: u64 = 0;
    for (let a = 0; a < vectors; a++) {
      const la = unchecked(vectorLanes[a]);
      if (((la + upper) & LANE_HIGH) != 0 || ((la + lower) & LANE_HIGH) != LANE_HIGH) continue;
      const b = <i32>load<i16>(vectorOfCode3 + ((<usize>(code3 - <i32>unchecked(vectorCode3[a]))) << 1));
      if (b < 0) continue;
      if (n >= ALIAS_LIMIT) unreachable();
      const w = <u64>unchecked(ticketWeight[a]) * <u64>unchecked(ticketWeight[b]);
      unchecked((weight[n] = w));
      unchecked((pairOf[n] = ((<u32>a) << 11) | (<u32>b)));
      total += w;
      n++;
    }
    if (n == 0) continue;
    if (total > ALIAS_THRESHOLD || slot + <u32>n > <u32>PAIR_LIMIT) unreachable();
    store<u32>(pairClassTotal + ((<usize>p) << 2), <u32>total);
    buildAlias(weight, n, total, threshold, alias);
    for (let i = 0; i < n; i++) {
      store<u64>(
        pairClassAlias + ((<usize>(slot + <u32>i)) << 3),
        ((<u64>unchecked(pairOf[i])) << 29) | unchecked(threshold[i]) | ((<u64>unchecked(alias[i])) << 51),
      );
    }
    slot += <u32>n;
  }
  unchecked((pairClassStart[PAIR_CLASSES] = slot));
  pairClassesReady = true;
}

/** Test hooks: a pair class's K and its canonical member's code sum_j (r_j - 2) 5^j. */
export function pairClassTotalAt(p: i32): u32 {
  ensurePairClasses();
  return load<u32>(pairClassTotal + ((<usize>p) << 2));
}
export function pairClassCodeAt(p: i32): u32 {
  ensureMiddleClasses();
  const key = <u32>unchecked(middleKey[p / 25]);
  let code: u32 = <u32>(p % 5) + <u32>((p / 5) % 5) * 390625; // 5^8
  let power: u32 = 5;
  for (let x: u32 = 0; x < 5; x++)
    for (let i: u32 = 0; i < ((key >> (3 * x)) & 7); i++) {
      code += x * power;
      power *= 5;
    }
  return code;
}
