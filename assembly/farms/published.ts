// The published Challenge24 2008 algorithm: meet in the middle over the five free rows.
// Count 5-sets m2<m3<m4<m5<m6 of candidate rows whose fingerprints complete the column
// counts and whose masks AND (with the given rows') to zero; the answer is 5! times that.
// Rows that would overshoot a column are skipped wholesale through allowed-row bitsets.

import { ROW_COUNT, TABLE_TARGET, rowPrint, rowMask, rowCode, printOfCode, maskOfCode } from "./rows";
import { resetPairs, addPair, finishPairs, findSlot, slotStartBase, slotEndBase, entriesBase, ENTRY_INDEX_SHIFT } from "./pair-table";
import { WORDS, indexCandidates, allowedRows, narrowAllowed } from "./allowed-rows";

// The candidates' fingerprints and masks, and the allowed-row bitsets of each level, in
// static memory (memory.data): constant addresses, read by the loops without a managed
// global (which the incremental runtime would store on the shadow stack at every read).
const candPrintBase: usize = memory.data(ROW_COUNT * sizeof<i64>());
const candMaskBase: usize = memory.data(ROW_COUNT * sizeof<i32>());
const allowedTopBase: usize = memory.data(WORDS * sizeof<u64>());
const allowed5Base: usize = memory.data(WORDS * sizeof<u64>());
const allowed3Base: usize = memory.data(WORDS * sizeof<u64>());
const allowed4Base: usize = memory.data(WORDS * sizeof<u64>());

// @ts-ignore: decorator
@inline function printAt(m: i32): i64 {
  return load<i64>(candPrintBase + ((<usize>m) << 3));
}
// @ts-ignore: decorator
@inline function maskAt(m: i32): i32 {
  return load<i32>(candMaskBase + ((<usize>m) << 2));
}

/** Bits of word `w` of the bitset at `set` that stand for candidates above `index`. */
// @ts-ignore: decorator
@inline function wordAbove(set: usize, w: i32, index: i32): u64 {
  const first = index + 1 - (w << 6); // first wanted bit within this word
  const word = load<u64>(set + ((<usize>w) << 3));
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
    const code = rowCode(r);
    if (code == code0 || code == code1) continue;
    store<i64>(candPrintBase + ((<usize>n) << 3), rowPrint(r));
    store<i32>(candMaskBase + ((<usize>n) << 2), rowMask(r));
    n++;
  }
  indexCandidates(candPrintBase, n);
  const need = TABLE_TARGET - printOfCode(code0) - printOfCode(code1);
  const givenMask = maskOfCode(code0) & maskOfCode(code1);
  allowedRows(need, allowedTopBase);

  // Pairs (m5, m6), added in descending m5 so each key's entries run from high m5 down.
  resetPairs();
  for (let m5 = n - 2; m5 >= 0; m5--) {
    if ((load<u64>(allowedTopBase + ((<usize>(m5 >> 6)) << 3)) & ((<u64>1) << (<u64>(m5 & 63)))) == 0) continue;
    const p5 = printAt(m5);
    const k5 = maskAt(m5);
    narrowAllowed(allowedTopBase, need, need - p5, allowed5Base);
    for (let w = (m5 + 1) >> 6; w < WORDS; w++) {
      let bits = wordAbove(allowed5Base, w, m5);
      while (bits != 0) {
        const m6 = (w << 6) + <i32>ctz(bits);
        bits &= bits - 1;
        addPair(p5 + printAt(m6), m5, k5 & maskAt(m6));
      }
    }
  }
  finishPairs();

  // Triples (m2, m3, m4): each level visits only rows that fit what is left.
  let sets: i64 = 0;
  for (let w2 = 0; w2 < WORDS; w2++) {
    let bits2 = load<u64>(allowedTopBase + ((<usize>w2) << 3));
    while (bits2 != 0) {
      const m2 = (w2 << 6) + <i32>ctz(bits2);
      bits2 &= bits2 - 1;
      if (m2 >= n - 4) break;
      const rest2 = need - printAt(m2);
      const k2 = givenMask & maskAt(m2);
      narrowAllowed(allowedTopBase, need, rest2, allowed3Base);
      for (let w3 = (m2 + 1) >> 6; w3 < WORDS; w3++) {
        let bits3 = wordAbove(allowed3Base, w3, m2);
        while (bits3 != 0) {
          const m3 = (w3 << 6) + <i32>ctz(bits3);
          bits3 &= bits3 - 1;
          const rest3 = rest2 - printAt(m3);
          const k3 = k2 & maskAt(m3);
          narrowAllowed(allowed3Base, rest2, rest3, allowed4Base);
          for (let w4 = (m3 + 1) >> 6; w4 < WORDS; w4++) {
            let bits4 = wordAbove(allowed4Base, w4, m3);
            while (bits4 != 0) {
              const m4 = (w4 << 6) + <i32>ctz(bits4);
              bits4 &= bits4 - 1;
              const slot = findSlot(rest3 - printAt(m4));
              if (slot < 0) continue;
              const k4 = k3 & maskAt(m4);
              const end = load<i32>(slotEndBase + ((<usize>slot) << 2));
              for (let e = load<i32>(slotStartBase + ((<usize>slot) << 2)); e < end; e++) {
                const entry = load<i32>(entriesBase + ((<usize>e) << 2));
                if (entry >> ENTRY_INDEX_SHIFT <= m4) break;
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
