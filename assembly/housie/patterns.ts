// Every blank/number pattern of a ticket: 3 rows of 9 bits, 5 bits per row, no empty
// column. Pattern bits: row r, column j is bit 9r + j. Patterns are stored grouped by
// their column-count vector (how many numbers each column holds, 1..3), vectors in
// ascending order of their packed key (2 bits per column).

/** Columns of a ticket (exported: the host's model reads it). */
export const COLUMNS: i32 = 9;
export const PATTERN_COUNT = 735210;
export const VECTOR_COUNT = 1554;
export const CODE3_SPACE = 19683; // 3^9

/**
 * The numbers each column holds, 4 bits a column (column 0 lowest): 9 (1-9), 10 (10-19,
 * ..., 70-79) and 11 (80-90); column j starts at 1 + the sizes of the columns before it.
 * The one statement of the column ranges: the tables below, read.ts's number-to-column
 * table and fill.ts's first numbers are made from it, and the host's model reads it
 * (src/housie/model/columns.ts). fill.ts's shuffle tables are written for these sizes.
 */
export const COLUMN_SIZES: u64 = 0xbaaaaaaa9;

/** Numbers in column j. */
@inline export function columnSizeOf(j: i32): i32 {
  return (<i32>(COLUMN_SIZES >> ((<u64>j) << 2))) & 15;
}

/** Numbers per column and the first number of each (made from COLUMN_SIZES at start-up). */
export const columnSize = new StaticArray<i32>(COLUMNS);
export const columnFirst = new StaticArray<i32>(COLUMNS);
for (let j = 0, first = 1; j < COLUMNS; j++) {
  unchecked((columnSize[j] = columnSizeOf(j)));
  unchecked((columnFirst[j] = first));
  first += columnSizeOf(j);
}

const rowMasks = new StaticArray<u32>(126);
/** Each vector's patterns, listed on first use into memory of its own (heap.alloc, never
 * freed): a single ticket needs one vector's, a book none (layouts.ts lists the four
 * canonical vectors' on its own). The whole table in one piece (2.9 MB, the patterns
 * grouped by vector as vectorPatternStart says) only for enumeratePatterns. */
const vectorPatternsBase: usize = memory.data(VECTOR_COUNT * sizeof<usize>()); // static memory
let patterns = new StaticArray<u32>(0); // PATTERN_COUNT, allocated by enumeratePatterns
let enumerated = false;
/** Vector index by its code sum_j (c_j - 1) 3^j, -1 for codes that are not vectors
 * (39 KB, where a table by packed key took 1 MB to clear and fill at start-up). */
export const vectorOfCode3: usize = memory.data(CODE3_SPACE * 2); // i16, static memory (see draw.ts)
/** Each vector's code sum_j (c_j - 1) 3^j. */
export const vectorCode3 = new StaticArray<u32>(VECTOR_COUNT);
export const vectorKey = new StaticArray<u32>(VECTOR_COUNT);
export const vectorPatternStart = new StaticArray<u32>(VECTOR_COUNT + 1);
/** Count of column j of vector v at [v * 9 + j]. */
export const vectorDigits = new StaticArray<u8>(VECTOR_COUNT * COLUMNS);
/** How many columns of the vector hold 3 numbers (0..3): its type. */
export const vectorType: usize = memory.data(VECTOR_COUNT); // u8, static memory
/** Per vector, the masks of its columns holding 3, 2 and 1 numbers (9 bits each, at 3v..). */
const vectorMasks = new StaticArray<u32>(3 * VECTOR_COUNT);
let vectorsReady = false;
let vectorsFound = 0;

// A pattern of vector c is rows (a, b, r) with a + b + r = c column by column. Given a
// (it must hold every column of 3), d = c - a has 2s (columns both b and r hold) and 1s
// (columns one of them holds): b takes the 2s and 5 - #2s of the 1s, r the rest, so a
// has C(#1s, 5 - #2s) completions. Listed in (a, b) order, the masks ascending: the
// order the full enumeration used to store them in (kept, so seeded output is unchanged).

/** The 2s and 1s of c - a, as (twos | ones << 9), or -1 when a does not fit c. */
// @ts-ignore: decorator
@inline function restOf(a: u32, threes: u32, twos: u32, ones: u32): i32 {
  if ((a & threes) != threes) return -1;
  const restTwos = threes | (twos & ~a);
  const restOnes = (twos & a) | (ones & ~a);
  const need = 5 - <i32>popcnt<u32>(restTwos);
  if (need < 0 || need > <i32>popcnt<u32>(restOnes)) return -1;
  return <i32>(restTwos | (restOnes << 9));
}

function chooseSmall(n: u32, k: u32): u32 {
  let r: u32 = 1;
  for (let i: u32 = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

/** Patterns of a vector with masks (threes, twos, ones): the completions of each row a. */
function countPatterns(threes: u32, twos: u32, ones: u32): u32 {
  let count: u32 = 0;
  for (let i = 0; i < 126; i++) {
    const d = restOf(unchecked(rowMasks[i]), threes, twos, ones);
    if (d >= 0) count += chooseSmall(popcnt<u32>((<u32>d) >> 9), 5 - popcnt<u32>((<u32>d) & 511));
  }
  return count;
}

/** Fills the vector tables (keys ascending) and each vector's pattern count; idempotent.
 * The vectors are the digit strings 1..3 summing to 15 (all of them have patterns);
 * a vector's pattern count depends only on its number of 3s (which fixes how many 2s
 * and 1s), so it is counted once per type, on the type's first vector. */
export function ensureVectors(): void {
  if (vectorsReady) return;
  let rows = 0;
  for (let bits: u32 = 0; bits < 512; bits++) if (popcnt<u32>(bits) == 5) unchecked((rowMasks[rows++] = bits));
  memory.fill(vectorOfCode3, 0xff, (<usize>CODE3_SPACE) << 1);
  const typeCount = new StaticArray<u32>(4);
  let vectors = 0;
  let total: u32 = 0;
  // Digits 1..3, column 0 the least significant, counted up like an odometer:
  // ascending order of the packed key.
  let key: u32 = 0x15555; // every digit 1
  let sum: u32 = 9;
  while (true) {
    if (sum == 15) {
      let threes: u32 = 0,
        twos: u32 = 0,
        ones: u32 = 0;
      for (let j: u32 = 0; j < 9; j++) {
        const digit = (key >> (2 * j)) & 3;
        if (digit == 3) threes |= 1 << j;
        else if (digit == 2) twos |= 1 << j;
        else ones |= 1 << j;
      }
      const type = <i32>popcnt<u32>(threes);
      if (unchecked(typeCount[type]) == 0) unchecked((typeCount[type] = countPatterns(threes, twos, ones)));
      addVector(vectors, key, threes, twos, ones, total);
      total += unchecked(typeCount[type]);
      vectors++;
    }
    // The next key: the lowest digit below 3 goes up one, the 3s below it back to 1.
    let j: u32 = 0;
    while (j < 9 && ((key >> (2 * j)) & 3) == 3) {
      key ^= 2 << (2 * j);
      sum -= 2;
      j++;
    }
    if (j == 9) break;
    key += 1 << (2 * j);
    sum++;
  }
  if (vectors != VECTOR_COUNT || total != <u32>PATTERN_COUNT) unreachable();
  unchecked((vectorPatternStart[vectors] = total));
  vectorsFound = vectors;
  vectorsReady = true;
}

function addVector(vectors: i32, key: u32, threes: u32, twos: u32, ones: u32, total: u32): void {
  if (vectors >= VECTOR_COUNT) unreachable();
  unchecked((vectorKey[vectors] = key));
  unchecked((vectorPatternStart[vectors] = total));
  let code3: u32 = 0;
  let power: u32 = 1;
  for (let j = 0; j < COLUMNS; j++) {
    const digit = (key >> (2 * j)) & 3;
    unchecked((vectorDigits[vectors * COLUMNS + j] = <u8>digit));
    code3 += (digit - 1) * power;
    power *= 3;
  }
  unchecked((vectorCode3[vectors] = code3));
  store<i16>(vectorOfCode3 + ((<usize>code3) << 1), <i16>vectors);
  store<u8>(vectorType + <usize>vectors, <u8>popcnt<u32>(threes));
  unchecked((vectorMasks[3 * vectors] = threes));
  unchecked((vectorMasks[3 * vectors + 1] = twos));
  unchecked((vectorMasks[3 * vectors + 2] = ones));
}

/** Writes vector v's patterns (row r, column j at bit 9r + j) at `out` in order;
 * returns how many. */
export function listPatterns(v: i32, out: usize): u32 {
  ensureVectors();
  const threes = unchecked(vectorMasks[3 * v]);
  const twos = unchecked(vectorMasks[3 * v + 1]);
  const ones = unchecked(vectorMasks[3 * v + 2]);
  let n: u32 = 0;
  for (let i = 0; i < 126; i++) {
    const a = unchecked(rowMasks[i]);
    const d = restOf(a, threes, twos, ones);
    if (d < 0) continue;
    const restTwos = (<u32>d) & 511;
    const restOnes = (<u32>d) >> 9;
    // b = restTwos | s for the subsets s of restOnes of size `need`, ascending.
    const need = 5 - popcnt<u32>(restTwos);
    let s: u32 = 0;
    while (true) {
      if (popcnt<u32>(s) == need) {
        const b = restTwos | s;
        const r = restTwos | (restOnes & ~s);
        store<u32>(out + ((<usize>n) << 2), a | (b << 9) | (r << 18));
        n++;
      }
      if (s == restOnes) break;
      s = (s - restOnes) & restOnes; // the next subset of restOnes, ascending
    }
  }
  return n;
}

/** The address of vector v's patterns (u32s, patternsOf(v) of them), listed on first use. */
// @ts-ignore: decorator
@inline export function patternsOfVector(v: i32): usize {
  const at = load<usize>(vectorPatternsBase + ((<usize>v) << alignof<usize>()));
  return at != 0 ? at : listVector(v);
}

function listVector(v: i32): usize {
  const at = heap.alloc((<usize>patternsOf(v)) << 2);
  if (listPatterns(v, at) != patternsOf(v)) unreachable();
  store<usize>(vectorPatternsBase + ((<usize>v) << alignof<usize>()), at);
  return at;
}

/** Fills the whole pattern table; returns the number of patterns (735,210). Idempotent. */
export function enumeratePatterns(): i32 {
  ensureVectors();
  if (!enumerated) {
    patterns = new StaticArray<u32>(PATTERN_COUNT);
    for (let v = 0; v < vectorsFound; v++) listPatterns(v, changetype<usize>(patterns) + ((<usize>unchecked(vectorPatternStart[v])) << 2));
    enumerated = true;
  }
  return <i32>unchecked(vectorPatternStart[vectorsFound]);
}

export function ensurePatterns(): void {
  ensureVectors();
}

export function vectorCount(): i32 {
  ensureVectors();
  return vectorsFound;
}

/** Number of patterns whose column counts are vector v. */
// @ts-ignore: decorator
@inline export function patternsOf(v: i32): u32 {
  return unchecked(vectorPatternStart[v + 1]) - unchecked(vectorPatternStart[v]);
}

export function patternAt(i: i32): u32 {
  enumeratePatterns();
  return unchecked(patterns[i]);
}
export function patternStartOf(v: i32): u32 {
  return unchecked(vectorPatternStart[v]);
}
export function vectorKeyAt(v: i32): u32 {
  return unchecked(vectorKey[v]);
}
export function patternsPtr(): usize {
  enumeratePatterns();
  return changetype<usize>(patterns);
}
export function vectorPatternStartPtr(): usize {
  ensureVectors();
  return changetype<usize>(vectorPatternStart);
}
export function vectorKeyPtr(): usize {
  ensureVectors();
  return changetype<usize>(vectorKey);
}
