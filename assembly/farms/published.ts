// The published Challenge24 2008 algorithm: meet in the middle over the five free rows.
// Count 5-sets m2<m3<m4<m5<m6 of candidate rows whose fingerprints complete the column
// counts and whose masks AND (with the given rows') to zero; the answer is 5! times that.
// Rows that would overshoot a column are skipped wholesale through allowed-row bitsets.

import { ROW_COUNT, TABLE_TARGET, rowPrint, rowMask, rowCode, printOfCode, maskOfCode } from "./rows";
import { resetPairs, addPair, finishPairs, findSlot, slotStart, slotEnd, entries, ENTRY_INDEX_SHIFT } from "./pair-table";
import { WORDS, indexCandidates, allowedRows, narrowAllowed } from "./allowed-rows";

const candPrint = new StaticArray<i64>(ROW_COUNT);
const candMask = new StaticArray<i32>(ROW_COUNT);
const allowedTop = new StaticArray<u64>(WORDS);
const allowed5 = new StaticArray<u64>(WORDS);
const allowed3 = new StaticArray<u64>(WORDS);
const allowed4 = new StaticArray<u64>(WORDS);

/** Bits of word `w` of `set` that stand for candidates above `index`. */
// @ts-ignore: decorator
@inline function wordAbove(set: StaticArray<u64>, w: i32, index: i32): u64 {
  const first = index + 1 - (w << 6); // first wanted bit within this word
  const word = unchecked(set[w]);
  return first <= 0 ? word : first >= 64 ? 0 : word & (~(<u64>0) << (<u64>first));
}

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
  indexCandidates(candPrint, n);
  const need = TABLE_TARGET - printOfCode(code0) - printOfCode(code1);
  const givenMask = maskOfCode(code0) & maskOfCode(code1);
  allowedRows(need, allowedTop);

  // Pairs (m5, m6), added in descending m5 so each key's entries run from high m5 down.
  resetPairs();
  for (let m5 = n - 2; m5 >= 0; m5--) {
    if ((unchecked(allowedTop[m5 >> 6]) & ((<u64>1) << (<u64>(m5 & 63)))) == 0) continue;
    const p5 = unchecked(candPrint[m5]);
    const k5 = unchecked(candMask[m5]);
    narrowAllowed(allowedTop, need, need - p5, allowed5);
    for (let w = (m5 + 1) >> 6; w < WORDS; w++) {
      let bits = wordAbove(allowed5, w, m5);
      while (bits != 0) {
        const m6 = (w << 6) + <i32>ctz(bits);
        bits &= bits - 1;
        addPair(p5 + unchecked(candPrint[m6]), m5, k5 & unchecked(candMask[m6]));
      }
    }
  }
  finishPairs();

  // Triples (m2, m3, m4): each level visits only rows that fit what is left.
  let sets: i64 = 0;
  for (let w2 = 0; w2 < WORDS; w2++) {
    let bits2 = unchecked(allowedTop[w2]);
    while (bits2 != 0) {
      const m2 = (w2 << 6) + <i32>ctz(bits2);
      bits2 &= bits2 - 1;
      if (m2 >= n - 4) break;
      const rest2 = need - unchecked(candPrint[m2]);
      const k2 = givenMask & unchecked(candMask[m2]);
      narrowAllowed(allowedTop, need, rest2, allowed3);
      for (let w3 = (m2 + 1) >> 6; w3 < WORDS; w3++) {
        let bits3 = wordAbove(allowed3, w3, m2);
        while (bits3 != 0) {
          const m3 = (w3 << 6) + <i32>ctz(bits3);
          bits3 &= bits3 - 1;
          const rest3 = rest2 - unchecked(candPrint[m3]);
          const k3 = k2 & unchecked(candMask[m3]);
          narrowAllowed(allowed3, rest2, rest3, allowed4);
          for (let w4 = (m3 + 1) >> 6; w4 < WORDS; w4++) {
            let bits4 = wordAbove(allowed4, w4, m3);
            while (bits4 != 0) {
              const m4 = (w4 << 6) + <i32>ctz(bits4);
              bits4 &= bits4 - 1;
              const slot = findSlot(rest3 - unchecked(candPrint[m4]));
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
      }
    }
  }
  return sets;
}
