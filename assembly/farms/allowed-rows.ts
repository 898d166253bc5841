// Candidate sets as 256-bit bitsets (four u64 words), so the loops visit only rows that
// still fit the column counts instead of testing every row. A row fits the remaining
// counts when none of its 0s or 1s falls in a column whose remaining count of that
// symbol is zero: AND away the rows holding that symbol there.

export const WORDS: i32 = 4;
const FIELD_LOW_BITS: i64 = 0x77777777777777;
const FIELD_TOP_BITS: i64 = 0x88888888888888;

/** Rows (by candidate index) holding a 0 in column c: words [4c, 4c+4). Then 1s at 28..
 * In static memory (memory.data): its address is a constant, read without a managed global. */
const rowsWithSymbolAtBase: usize = memory.data(14 * WORDS * sizeof<u64>());
let candidateCount: i32 = 0;

/** Top bit of each 4-bit field set where that field of `x` (fields 0..7) is zero. */
// @ts-ignore: decorator
@inline function zeroFields(x: i64): i64 {
  return ~(((x & FIELD_LOW_BITS) + FIELD_LOW_BITS) | x) & FIELD_TOP_BITS;
}

/** Records the fingerprints of the n candidate rows (i64s at `prints`) column by column (fields as in rows.ts). */
export function indexCandidates(prints: usize, n: i32): void {
  candidateCount = n;
  memory.fill(rowsWithSymbolAtBase, 0, 14 * WORDS * sizeof<u64>());
  for (let r = 0; r < n; r++) {
    const print = load<i64>(prints + ((<usize>r) << 3));
    for (let f = 0; f < 14; f++) {
      if (((print >> (4 * f)) & 0xf) != 0) {
        const at = rowsWithSymbolAtBase + ((<usize>(f * WORDS + (r >> 6))) << 3);
        store<u64>(at, load<u64>(at) | ((<u64>1) << (<u64>(r & 63))));
      }
    }
  }
}

/** Writes into the WORDS words at `out` the candidates that fit under the remaining counts. */
export function allowedRows(remaining: i64, out: usize): void {
  for (let w = 0; w < WORDS; w++) {
    const bits = candidateCount - (w << 6);
    store<u64>(out + ((<usize>w) << 3), bits >= 64 ? ~(<u64>0) : bits <= 0 ? 0 : ((<u64>1) << (<u64>bits)) - 1);
  }
  narrowAllowed(out, -1, remaining, out);
}

/**
 * `out` = the rows of `from` (allowed under `before`) that still fit under `after`
 * (≤ `before` fieldwise): only the fields that `after` newly exhausts remove rows.
 * Pass before = -1 (no field zero) to apply every exhausted field. Both are the
 * addresses of WORDS-word bitsets.
 */
// @ts-ignore: decorator
@inline export function narrowAllowed(from: usize, before: i64, after: i64, out: usize): void {
  let a0 = load<u64>(from),
    a1 = load<u64>(from, 8),
    a2 = load<u64>(from, 16),
    a3 = load<u64>(from, 24);
  let exhausted = zeroFields(after) & ~zeroFields(before);
  while (exhausted != 0) {
    // Field f's words start at byte 32 f; bit 4f+3 marks field f.
    const at = rowsWithSymbolAtBase + (((<usize>ctz(exhausted)) >> 2) << 5);
    exhausted &= exhausted - 1;
    a0 &= ~load<u64>(at);
    a1 &= ~load<u64>(at, 8);
    a2 &= ~load<u64>(at, 16);
    a3 &= ~load<u64>(at, 24);
  }
  store<u64>(out, a0);
  store<u64>(out, a1, 8);
  store<u64>(out, a2, 16);
  store<u64>(out, a3, 24);
}
