// The 210 rows of the 7×7 puzzle (two 0s, two 1s, three 2s), their additive
// column-count fingerprints and their 21-bit column-equality masks.

/** Row width. */
export const WIDTH: i32 = 7;
/** Number of rows with two 0s, two 1s and three 2s: 7!/(2!2!3!). */
export const ROW_COUNT: i32 = 210;

/**
 * Fingerprint layout: 14 four-bit fields in an i64. Field c (0..6) counts the 0s in
 * column c, field 7+c counts the 1s (the 2s follow from the total). Seven rows never
 * push a field past 7, so sums never carry.
 */
/** Fingerprint of a complete table: every column has two 0s and two 1s. */
export const TABLE_TARGET: i64 = 0x22222222222222;

// The rows' tables, filled once at start-up, in static memory (memory.data).
const rowPrintBase: usize = memory.data(ROW_COUNT * sizeof<i64>());
const rowMaskBase: usize = memory.data(ROW_COUNT * sizeof<i32>());
const rowCodeBase: usize = memory.data(ROW_COUNT * sizeof<i32>());

/** Additive fingerprint of row r. */
// @ts-ignore: decorator
@inline export function rowPrint(r: i32): i64 {
  return load<i64>(rowPrintBase + ((<usize>r) << 3));
}
/** Column-equality mask of row r: bit k set when the row is equal in column pair k. */
// @ts-ignore: decorator
@inline export function rowMask(r: i32): i32 {
  return load<i32>(rowMaskBase + ((<usize>r) << 2));
}
/** Row r packed two bits per column, column 0 in the low bits (the API's row code). */
// @ts-ignore: decorator
@inline export function rowCode(r: i32): i32 {
  return load<i32>(rowCodeBase + ((<usize>r) << 2));
}

/** Fingerprint of a row given as a 2-bit-per-column code. */
export function printOfCode(code: i32): i64 {
  let print: i64 = 0;
  for (let c = 0; c < WIDTH; c++) {
    const s = (code >> (2 * c)) & 3;
    if (s == 0) print += (<i64>1) << (4 * c);
    else if (s == 1) print += (<i64>1) << (4 * (WIDTH + c));
  }
  return print;
}

/** Column-equality mask of a row given as a 2-bit-per-column code. */
export function maskOfCode(code: i32): i32 {
  let mask = 0;
  let bit = 0;
  for (let i = 0; i < WIDTH; i++) {
    for (let j = i + 1; j < WIDTH; j++) {
      if (((code >> (2 * i)) & 3) == ((code >> (2 * j)) & 3)) mask |= 1 << bit;
      bit++;
    }
  }
  return mask;
}

function enumerateRows(): void {
  let n = 0;
  // Odometer over 3^7 rows in lexicographic order; keep those with counts 2,2,3.
  for (let x = 0; x < 2187; x++) {
    let v = x;
    let code = 0;
    let zeros = 0,
      ones = 0;
    for (let c = WIDTH - 1; c >= 0; c--) {
      const s = v % 3;
      v /= 3;
      if (s == 0) zeros++;
      else if (s == 1) ones++;
      code |= s << (2 * c);
    }
    if (zeros != 2 || ones != 2) continue;
    store<i32>(rowCodeBase + ((<usize>n) << 2), code);
    store<i64>(rowPrintBase + ((<usize>n) << 3), printOfCode(code));
    store<i32>(rowMaskBase + ((<usize>n) << 2), maskOfCode(code));
    n++;
  }
}

enumerateRows();
