// The card shape the kernel works on, set by the host (src/bingo/kernel.ts from
// src/bingo/shape.ts) before a run: grid size, each column's first number, range size and
// count of numbers, free squares, and what the sampler and the uniqueness key derive from
// them (Lehmer weights, key words). One shape per instance.
import { within } from "../common/guard";

/** Largest grid side. */
export const MAX_SIDE: i32 = 8;
/** Most numbers in a column's range (a column's used numbers are one 64-bit mask). */
export const MAX_RANGE: i32 = 64;
/** Largest number on a card (cells are bytes). */
export const MAX_NUMBER: i32 = 255;
const MAX_CELLS = MAX_SIDE * MAX_SIDE;

export let rows: i32 = 0;
export let columns: i32 = 0;
export let cells: i32 = 0;
/** Bit r*columns+c set: square (r, c) is free. */
export let freeMask: u64 = 0;
export const columnLo = new StaticArray<i32>(MAX_SIDE);
export const columnSize = new StaticArray<i32>(MAX_SIDE);
/** Numbers on column c: rows minus its free squares. */
export const columnCount = new StaticArray<i32>(MAX_SIDE);
/** weight[c * MAX_SIDE + i] = (n-i-1)·…·(n-k+1): the Lehmer weight of column c's i-th number. */
export const weight = new StaticArray<u64>(MAX_CELLS);
/** The key word column c's rank goes into, and its multiplier there. */
export const keyWord = new StaticArray<i32>(MAX_SIDE);
export const keyMultiplier = new StaticArray<u64>(MAX_SIDE);
export let keyWords: i32 = 1;
const WORD_LIMIT: u64 = (<u64>1) << 63;

/** Starts a shape of `r` rows and `c` columns, no free squares. */
export function setShape(r: i32, c: i32): void {
  within(r, 1, MAX_SIDE, "limit-exceeded: setShape: rows outside 1-8");
  within(c, 1, MAX_SIDE, "limit-exceeded: setShape: columns outside 1-8");
  rows = r;
  columns = c;
  cells = r * c;
  freeMask = 0;
}

/** Column `c` holds numbers lo .. lo+size-1. */
export function setColumn(c: i32, lo: i32, size: i32): void {
  within(c, 0, columns - 1, "limit-exceeded: setColumn: no such column");
  within(size, 1, MAX_RANGE, "limit-exceeded: setColumn: range outside 1-64 numbers");
  within(lo, 1, MAX_NUMBER - size + 1, "limit-exceeded: setColumn: numbers past 255");
  unchecked((columnLo[c] = lo));
  unchecked((columnSize[c] = size));
}

/** Square (r, c) is free. */
export function setFree(r: i32, c: i32): void {
  within(r, 0, rows - 1, "limit-exceeded: setFree: no such row");
  within(c, 0, columns - 1, "limit-exceeded: setFree: no such column");
  freeMask |= (<u64>1) << (<u64>(r * columns + c));
}

/** Derives the counts, weights and key plan once every column is set; the number of key words. */
export function commitShape(): i32 {
  keyWords = 1;
  let product: u64 = 1;
  for (let c = 0; c < columns; c++) {
    let k = 0;
    for (let r = 0; r < rows; r++) if (((freeMask >> (<u64>(r * columns + c))) & 1) == 0) k++;
    const n = unchecked(columnSize[c]);
    if (k < 1 || k > n) abort("limit-exceeded: commitShape: a column holds more numbers than its range, or none");
    unchecked((columnCount[c] = k));
    let radix: u64 = 1;
    for (let i = 0; i < k; i++) radix *= <u64>(n - i);
    for (let i = 0; i < k; i++) {
      let w: u64 = 1;
      for (let t = i + 1; t < k; t++) w *= <u64>(n - t);
      unchecked((weight[c * MAX_SIDE + i] = w));
    }
    // product * radix >= 2^63, without overflowing 64 bits
    if (product > (WORD_LIMIT - 1) / radix) {
      keyWords++;
      product = 1;
    }
    unchecked((keyWord[c] = keyWords - 1));
    unchecked((keyMultiplier[c] = product));
    product *= radix;
  }
  if (keyWords > 2) abort("limit-exceeded: commitShape: card keys past two 64-bit words");
  return keyWords;
}
