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

/** Symbols of each row, row-major, 7 per row. */
export const rowSymbols = new StaticArray<u8>(ROW_COUNT * WIDTH);
/** Additive fingerprint of each row. */
export const rowPrint = new StaticArray<i64>(ROW_COUNT);
/** Column-equality mask of each row: bit k set when the row is equal in column pair k. */
export const rowMask = new StaticArray<i32>(ROW_COUNT);
/** Row packed two bits per column, column 0 in the low bits (the API's row code). */
export const rowCode = new StaticArray<i32>(ROW_COUNT);

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
    let zeros = 0, ones = 0;
    for (let c = WIDTH - 1; c >= 0; c--) {
      const s = v % 3;
      v /= 3;
      if (s == 0) zeros++;
      else if (s == 1) ones++;
      code |= s << (2 * c);
    }
    if (zeros != 2 || ones != 2) continue;
    for (let c = 0; c < WIDTH; c++) unchecked(rowSymbols[n * WIDTH + c] = <u8>((code >> (2 * c)) & 3));
    unchecked(rowCode[n] = code);
    unchecked(rowPrint[n] = printOfCode(code));
    unchecked(rowMask[n] = maskOfCode(code));
    n++;
  }
}

enumerateRows();
