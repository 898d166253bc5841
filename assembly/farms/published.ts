// The published Challenge24 2008 algorithm: meet in the middle over the five free rows.
// Count 5-sets m2<m3<m4<m5<m6 of candidate rows whose fingerprints complete the column
// counts and whose masks AND (with the given rows') to zero; the answer is 5! times that.

import { ROW_COUNT, TABLE_TARGET, rowPrint, rowMask, rowCode, printOfCode, maskOfCode, fitsUnder } from "./rows";
import { resetPairs, addPair, finishPairs, findSlot, slotStart, slotEnd, entries, ENTRY_INDEX_SHIFT } from "./pair-table";

const candPrint = new StaticArray<i64>(ROW_COUNT);
const candMask = new StaticArray<i32>(ROW_COUNT);

/**
 * Number of ways to fill rows 3..7 below the given rows (2-bit-per-column codes, each
 * with two 0s, two 1s, three 2s), divided by 5!. Equal given rows give 0.
 */
export function countPublishedSets(code0: i32, code1: i32): i64 {
  if (code0 == code1) return 0;
  let n = 0;
  for (let r = 0; r < ROW_COUNT; r++) {
    const code = unchecked(rowCode[r]);
    if (code == code0 || code == code1) continue;
    unchecked(candPrint[n] = rowPrint[r]);
    unchecked(candMask[n] = rowMask[r]);
    n++;
  }
  const need = TABLE_TARGET - printOfCode(code0) - printOfCode(code1);
  const givenMask = maskOfCode(code0) & maskOfCode(code1);

  // Pairs (m5, m6), added in descending m5 so each key's entries run from high m5 down.
  resetPairs();
  for (let m5 = n - 2; m5 >= 0; m5--) {
    const p5 = unchecked(candPrint[m5]);
    if (!fitsUnder(p5, need)) continue;
    const k5 = unchecked(candMask[m5]);
    for (let m6 = m5 + 1; m6 < n; m6++) {
      const key = p5 + unchecked(candPrint[m6]);
      if (fitsUnder(key, need)) addPair(key, m5, k5 & unchecked(candMask[m6]));
    }
  }
  finishPairs();

  // Triples (m2, m3, m4), pruned as soon as a partial sum overshoots a column.
  let sets: i64 = 0;
  for (let m2 = 0; m2 < n - 4; m2++) {
    const s2 = unchecked(candPrint[m2]);
    if (!fitsUnder(s2, need)) continue;
    const k2 = givenMask & unchecked(candMask[m2]);
    for (let m3 = m2 + 1; m3 < n - 3; m3++) {
      const s3 = s2 + unchecked(candPrint[m3]);
      if (!fitsUnder(s3, need)) continue;
      const k3 = k2 & unchecked(candMask[m3]);
      for (let m4 = m3 + 1; m4 < n - 2; m4++) {
        const s4 = s3 + unchecked(candPrint[m4]);
        if (!fitsUnder(s4, need)) continue;
        const slot = findSlot(need - s4);
        if (slot < 0) continue;
        const k4 = k3 & unchecked(candMask[m4]);
        const end = unchecked(slotEnd[slot]);
        for (let e = unchecked(slotStart[slot]); e < end; e++) {
          const entry = unchecked(entries[e]);
          if ((entry >> ENTRY_INDEX_SHIFT) <= m4) break;
          if ((entry & k4) == 0) sets++;
        }
      }
    }
  }
  return sets;
}
