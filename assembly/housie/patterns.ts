// Every blank/number pattern of a ticket: 3 rows of 9 bits, 5 bits per row, no empty
// column. Pattern bits: row r, column j is bit 9r + j. Patterns are stored grouped by
// their column-count vector (how many numbers each column holds, 1..3), vectors in
// ascending order of their packed key (2 bits per column).

export const COLUMNS = 9;
export const PATTERN_COUNT = 735210;
export const VECTOR_COUNT = 1554;
const KEY_SPACE = 1 << 18; // 2 bits per column

/** Numbers per column in a book: 1-9, 10-19, ..., 70-79, 80-90. */
export const columnSize: StaticArray<i32> = [9, 10, 10, 10, 10, 10, 10, 10, 11];
export const columnFirst: StaticArray<i32> = [1, 10, 20, 30, 40, 50, 60, 70, 80];

const rowMasks = new StaticArray<u32>(126);
const rowSpread = new StaticArray<u32>(126); // row bits spread to 2 bits per column
/** For each 9-bit mask m: the rows (indices, ascending) that cover m, listed from
 * coverStart[m]. The third row of a pattern must cover the columns the first two miss,
 * so the enumeration visits only the 735,210 patterns instead of testing 126^3 triples
 * (an unpredictable branch each): start-up for a single ticket. */
const coverStart = new StaticArray<u32>(513);
const coverRows = new StaticArray<u8>(126 * 32); // each row covers the 2^5 subsets of its bits
export const patterns = new StaticArray<u32>(PATTERN_COUNT);
export const vectorOfKey = new StaticArray<i32>(KEY_SPACE);
export const vectorKey = new StaticArray<u32>(VECTOR_COUNT);
export const vectorPatternStart = new StaticArray<u32>(VECTOR_COUNT + 1);
/** Count of column j of vector v at [v * 9 + j]. */
export const vectorDigits = new StaticArray<u8>(VECTOR_COUNT * COLUMNS);
/** How many columns of the vector hold 3 numbers (0..3): its type. */
export const vectorType = new StaticArray<u8>(VECTOR_COUNT);
let enumerated = false;
let vectorsFound = 0;

// @ts-ignore: decorator
@inline function spread(bits: u32): u32 {
  let out: u32 = 0;
  for (let j: u32 = 0; j < 9; j++) out |= ((bits >> j) & 1) << (2 * j);
  return out;
}

/** Fills the tables; returns the number of patterns (735,210). Idempotent. */
export function enumeratePatterns(): i32 {
  let rows = 0;
  for (let bits: u32 = 0; bits < 512; bits++) {
    if (popcnt<u32>(bits) != 5) continue;
    unchecked(rowMasks[rows] = bits);
    unchecked(rowSpread[rows] = spread(bits));
    rows++;
  }
  let covers: u32 = 0;
  for (let m = 0; m < 512; m++) {
    unchecked(coverStart[m] = covers);
    for (let c = 0; c < rows; c++) {
      if ((unchecked(rowMasks[c]) & <u32>m) == <u32>m) unchecked(coverRows[covers++] = <u8>c);
    }
  }
  unchecked(coverStart[512] = covers);
  // Pass 1: how many patterns each count vector has.
  const perKey = vectorOfKey; // reused: counts first, then vector indices
  for (let k = 0; k < KEY_SPACE; k++) unchecked(perKey[k] = 0);
  for (let a = 0; a < rows; a++) {
    const ma = unchecked(rowMasks[a]);
    const sa = unchecked(rowSpread[a]);
    for (let b = 0; b < rows; b++) {
      const mab = ma | unchecked(rowMasks[b]);
      const sab = sa + unchecked(rowSpread[b]);
      const missing = 511 & ~mab;
      const end = unchecked(coverStart[missing + 1]);
      for (let i = unchecked(coverStart[missing]); i < end; i++) {
        const key = sab + unchecked(rowSpread[<i32>unchecked(coverRows[i])]);
        unchecked(perKey[key]++);
      }
    }
  }
  // Vectors in key order; start offsets of each vector's patterns.
  let vectors = 0;
  let total: u32 = 0;
  for (let key = 0; key < KEY_SPACE; key++) {
    const count = unchecked(perKey[key]);
    if (count == 0) { unchecked(perKey[key] = -1); continue; }
    unchecked(vectorKey[vectors] = key);
    unchecked(vectorPatternStart[vectors] = total);
    let threes: u8 = 0;
    for (let j = 0; j < COLUMNS; j++) {
      const digit = <u8>((key >> (2 * j)) & 3);
      unchecked(vectorDigits[vectors * COLUMNS + j] = digit);
      if (digit == 3) threes++;
    }
    unchecked(vectorType[vectors] = threes);
    total += <u32>count;
    unchecked(perKey[key] = vectors);
    vectors++;
  }
  unchecked(vectorPatternStart[vectors] = total);
  // Pass 2: place each pattern after the earlier ones of its vector.
  const fill = new StaticArray<u32>(VECTOR_COUNT);
  for (let a = 0; a < rows; a++) {
    const ma = unchecked(rowMasks[a]);
    const sa = unchecked(rowSpread[a]);
    for (let b = 0; b < rows; b++) {
      const mb = unchecked(rowMasks[b]);
      const mab = ma | mb;
      const sab = sa + unchecked(rowSpread[b]);
      const missing = 511 & ~mab;
      const end = unchecked(coverStart[missing + 1]);
      for (let i = unchecked(coverStart[missing]); i < end; i++) {
        const c = <i32>unchecked(coverRows[i]);
        const mc = unchecked(rowMasks[c]);
        const v = unchecked(perKey[sab + unchecked(rowSpread[c])]);
        const slot = unchecked(vectorPatternStart[v]) + unchecked(fill[v]++);
        unchecked(patterns[slot] = ma | (mb << 9) | (mc << 18));
      }
    }
  }
  vectorsFound = vectors;
  enumerated = true;
  return <i32>total;
}

export function ensurePatterns(): void {
  if (!enumerated) enumeratePatterns();
}

export function vectorCount(): i32 {
  ensurePatterns();
  return vectorsFound;
}

/** Number of patterns whose column counts are vector v. */
// @ts-ignore: decorator
@inline export function patternsOf(v: i32): u32 {
  return unchecked(vectorPatternStart[v + 1]) - unchecked(vectorPatternStart[v]);
}

export function patternAt(i: i32): u32 { return unchecked(patterns[i]); }
export function patternStartOf(v: i32): u32 { return unchecked(vectorPatternStart[v]); }
export function vectorKeyAt(v: i32): u32 { return unchecked(vectorKey[v]); }
export function patternsPtr(): usize { return changetype<usize>(patterns); }
export function vectorPatternStartPtr(): usize { return changetype<usize>(vectorPatternStart); }
export function vectorKeyPtr(): usize { return changetype<usize>(vectorKey); }
