// One DP step: place a part of weight w (one compressed row, repeated w times) on every
// state of a layer, so that the row's symbol counts, weighted by the column weights, come
// out right and no column passes its counts. Rows come from a list made once per set of
// column weights (filtered by bitsets), or, when there are too many rows to list, from a
// walk that spreads each run of equal columns over the symbols (binomial ways).

import { symbols, space, countOf, strideOf, strideBase, digits, MAX_SYMBOLS } from "./comp";
import { width, LayerStore, beginLayer, currentLayerSize, addState } from "./store";
import { multiplySmall, productLo, productHi } from "./wide";
import { i32At, setI32At, u32At, setU32At, u16At, setU16At, u8At, setU8At, u64At, setU64At } from "./raw";

export const MAX_COLUMNS: i32 = 16;

// The fixed tables are in static memory (memory.data, see raw.ts): constant addresses,
// no managed global read in the walk's recursion or the row loops.
/** C(a, r) at a * (MAX_COLUMNS + 1) + r (read with choose). */
const chooseBase: usize = memory.data((MAX_COLUMNS + 1) * (MAX_COLUMNS + 1) * sizeof<u32>());
// @ts-ignore: decorator
@inline export function choose(a: i32, r: i32): u32 {
  return u32At(chooseBase, a * (MAX_COLUMNS + 1) + r);
}
/** The state being emitted (u16 codes), unsorted, and sorted. */
export const outBase: usize = memory.data(MAX_COLUMNS * sizeof<u16>());
export const sortedBase: usize = memory.data(MAX_COLUMNS * sizeof<u16>());

const groupCodeBase: usize = memory.data(MAX_COLUMNS * sizeof<i32>());
const groupSizeBase: usize = memory.data(MAX_COLUMNS * sizeof<i32>());
const needBase: usize = memory.data(MAX_SYMBOLS * sizeof<i32>());
/** capacityFrom at g * MAX_SYMBOLS + s: weight of the columns in groups g.. that can take s. */
const capacityFromBase: usize = memory.data((MAX_COLUMNS + 1) * MAX_SYMBOLS * sizeof<i32>());
let groups: i32 = 0;
let part: i32 = 0;
let parentLo: u64 = 0;
let parentHi: u64 = 0;

function prepareChoose(): void {
  for (let a = 0; a <= MAX_COLUMNS; a++) {
    let b: u32 = 1;
    for (let r = 0; r <= a; r++) {
      setU32At(chooseBase, a * (MAX_COLUMNS + 1) + r, b);
      b = (b * <u32>(a - r)) / <u32>(r + 1);
    }
  }
}
prepareChoose();

/** Sorts `out` into `sorted` (insertion sort: states are at most 16 codes). */
export function sortOut(): void {
  const w = width;
  for (let i = 0; i < w; i++) {
    const code = load<u16>(outBase + ((<usize>i) << 1));
    let j = i;
    while (j > 0 && load<u16>(sortedBase + ((<usize>(j - 1)) << 1)) > code) {
      store<u16>(sortedBase + ((<usize>j) << 1), load<u16>(sortedBase + ((<usize>(j - 1)) << 1)));
      j--;
    }
    store<u16>(sortedBase + ((<usize>j) << 1), code);
  }
}

/** Adds the state in `out` with count (lo, hi) × ways to the layer being built. */
export function emitState(lo: u64, hi: u64, ways: u64): void {
  sortOut();
  multiplySmall(lo, hi, ways);
  addState(sortedBase, productLo, productHi);
}

/**
 * Distributes the columns of group gi, symbol by symbol: `left` columns of the group
 * are still unassigned, `at` is the next slot of `out`.
 */
function walk(gi: i32, s: i32, left: i32, at: i32, ways: u64): void {
  if (gi == groups) {
    // The needs sum to the weight still unassigned, so none is left over here.
    emitState(parentLo, parentHi, ways);
    return;
  }
  if (s == 0) {
    // Prune: every symbol still needed must fit in the columns that remain.
    const row = gi * MAX_SYMBOLS;
    for (let x = 0; x < symbols; x++) if (i32At(needBase, x) > i32At(capacityFromBase, row + x)) return;
    if (left == 1) {
      // A lone column (the common case): try each symbol directly.
      const code = i32At(groupCodeBase, gi);
      const weight = code / space;
      const comp = code - weight * space;
      const nextLeft = gi + 1 < groups ? i32At(groupSizeBase, gi + 1) : 0;
      for (let x = 0; x < symbols; x++) {
        if (i32At(needBase, x) < weight || <i32>unchecked(digits[comp * symbols + x]) + part > countOf(x)) continue;
        setI32At(needBase, x, i32At(needBase, x) - weight);
        setU16At(outBase, at, <u16>(code + part * strideOf(x)));
        walk(gi + 1, 0, nextLeft, at + 1, ways);
        setI32At(needBase, x, i32At(needBase, x) + weight);
      }
      return;
    }
  }
  const code = i32At(groupCodeBase, gi);
  const weight = code / space;
  const comp = code - weight * space;
  const bumped = <u16>(code + part * strideOf(s));
  const fits = <i32>unchecked(digits[comp * symbols + s]) + part <= countOf(s);
  if (s == symbols - 1 || left == 0) {
    // The rest of the group takes symbol s; then the next group starts.
    const nextLeft = gi + 1 < groups ? i32At(groupSizeBase, gi + 1) : 0;
    if (left == 0) {
      walk(gi + 1, 0, nextLeft, at, ways);
      return;
    }
    const used = weight * left;
    if (!fits || i32At(needBase, s) < used) return;
    setI32At(needBase, s, i32At(needBase, s) - used);
    for (let i = 0; i < left; i++) setU16At(outBase, at + i, bumped);
    walk(gi + 1, 0, nextLeft, at + left, ways);
    setI32At(needBase, s, i32At(needBase, s) + used);
    return;
  }
  let most = 0;
  if (fits) {
    most = i32At(needBase, s) / weight;
    if (most > left) most = left;
  }
  for (let x = 0; x <= most; x++) {
    if (x > 0) setU16At(outBase, at + x - 1, bumped);
    setI32At(needBase, s, i32At(needBase, s) - weight * x);
    walk(gi, s + 1, left - x, at + x, ways * <u64>choose(left, x));
    setI32At(needBase, s, i32At(needBase, s) + weight * x);
  }
}

// Precomputed rows for states whose columns are all different (the common case once
// given rows are placed): every compressed row as symbols per sorted position (position
// weights are the same in every state of a job), and per (position, symbol) a bitset of
// the rows that put that symbol there. A state's rows are those outside the OR of the
// bitsets of its full (position, symbol) pairs.
const MAX_LISTED_ROWS: i32 = 1 << 15;
let rowCount: i32 = 0;
let rowWords: i32 = 0;
let rowsListed: bool = false;
let rowSymbols = new StaticArray<u8>(0);
let symbolBits = new StaticArray<u64>(0);
/** descentBits[i * rowWords ..]: rows whose symbol at position i exceeds that at i+1. */
let descentBits = new StaticArray<u64>(0);
const positionCodeBase: usize = memory.data(MAX_COLUMNS * sizeof<i32>());
const blockedBase: usize = memory.data((MAX_LISTED_ROWS / 64 + 1) * sizeof<u64>());
const positionWeightBase: usize = memory.data(MAX_COLUMNS * sizeof<i32>());

const rowNeedBase: usize = memory.data(MAX_SYMBOLS * sizeof<i32>());
const rowPrefixBase: usize = memory.data(MAX_COLUMNS);
let listing: bool = false;

/** Counts (listing = false) or records (true) the rows completing rowPrefix from i on. */
function extendRow(i: i32): void {
  if (i == width) {
    if (listing) {
      const bit = (<u64>1) << (<u64>(rowCount & 63));
      for (let j = 0; j < width; j++) {
        const x = <i32>u8At(rowPrefixBase, j);
        unchecked((rowSymbols[rowCount * width + j] = <u8>x));
        const at = (j * symbols + x) * rowWords + (rowCount >> 6);
        unchecked((symbolBits[at] |= bit));
        if (j + 1 < width && x > <i32>u8At(rowPrefixBase, j + 1)) unchecked((descentBits[j * rowWords + (rowCount >> 6)] |= bit));
      }
    }
    rowCount++;
    return;
  }
  const weight = i32At(positionWeightBase, i);
  for (let x = 0; x < symbols && rowCount <= MAX_LISTED_ROWS; x++) {
    if (i32At(rowNeedBase, x) < weight) continue;
    setI32At(rowNeedBase, x, i32At(rowNeedBase, x) - weight);
    setU8At(rowPrefixBase, i, <u8>x);
    extendRow(i + 1);
    setI32At(rowNeedBase, x, i32At(rowNeedBase, x) + weight);
  }
}

/** Lists the rows for the column weights (u16s at `weights`, sorted, as in every state), if few. */
export function listRows(weights: usize): void {
  rowsListed = false;
  for (let i = 0; i < width; i++) setI32At(positionWeightBase, i, <i32>u16At(weights, i));
  for (let x = 0; x < symbols; x++) setI32At(rowNeedBase, x, countOf(x));
  listing = false;
  rowCount = 0;
  extendRow(0);
  if (rowCount > MAX_LISTED_ROWS) return;
  rowWords = (rowCount + 63) >> 6;
  if (rowSymbols.length < rowCount * width) rowSymbols = new StaticArray<u8>(rowCount * width);
  const bitWords = width * symbols * rowWords;
  if (symbolBits.length < bitWords) symbolBits = new StaticArray<u64>(bitWords);
  for (let w = 0; w < bitWords; w++) unchecked((symbolBits[w] = 0));
  if (descentBits.length < width * rowWords) descentBits = new StaticArray<u64>(width * rowWords);
  for (let w = 0; w < width * rowWords; w++) unchecked((descentBits[w] = 0));
  listing = true;
  rowCount = 0;
  extendRow(0);
  rowsListed = true;
}

/**
 * Emits every row allowed on the state whose sorted codes are in positionCode. Among
 * equal columns only rows with nondecreasing symbols are taken (descent bitsets), each
 * standing for its multinomial number of arrangements.
 */
function emitListedRows(): void {
  for (let word = 0; word < rowWords; word++) setU64At(blockedBase, word, 0);
  let lone = true;
  for (let i = 0; i < width; i++) {
    const code = i32At(positionCodeBase, i);
    const comp = code % space;
    for (let x = 0; x < symbols; x++) {
      if (<i32>unchecked(digits[comp * symbols + x]) + part <= countOf(x)) continue;
      const at = (i * symbols + x) * rowWords;
      for (let word = 0; word < rowWords; word++) setU64At(blockedBase, word, u64At(blockedBase, word) | unchecked(symbolBits[at + word]));
    }
    if (i + 1 < width && code == i32At(positionCodeBase, i + 1)) {
      lone = false;
      const at = i * rowWords;
      for (let word = 0; word < rowWords; word++) setU64At(blockedBase, word, u64At(blockedBase, word) | unchecked(descentBits[at + word]));
    }
  }
  // The row list's address, read once per state (it is sized per job, not static).
  const w = width;
  const codes = positionCodeBase;
  const rowsAt = changetype<usize>(rowSymbols);
  const strides = strideBase;
  const blockedAt = blockedBase;
  for (let word = 0; word < rowWords; word++) {
    let free = ~load<u64>(blockedAt + ((<usize>word) << 3));
    if (word == rowWords - 1 && (rowCount & 63) != 0) free &= ((<u64>1) << (<u64>(rowCount & 63))) - 1;
    while (free != 0) {
      const r = (word << 6) + <i32>ctz(free);
      free &= free - 1;
      const at = rowsAt + <usize>(r * w);
      for (let i = 0; i < w; i++) {
        const symbol = <usize>load<u8>(at + <usize>i);
        store<u16>(
          outBase + ((<usize>i) << 1),
          <u16>(load<i32>(codes + ((<usize>i) << 2)) + part * load<i32>(strides + (symbol << 2))),
        );
      }
      let ways: u64 = 1;
      if (!lone) {
        // Π over runs of equal columns of the multinomial of their symbols.
        let inGroup = 0;
        let run = 0;
        for (let i = 0; i < w; i++) {
          const code = load<i32>(codes + ((<usize>i) << 2));
          const symbol = load<u8>(at + <usize>i);
          const sameGroup = i > 0 && code == load<i32>(codes + ((<usize>(i - 1)) << 2));
          inGroup = sameGroup ? inGroup + 1 : 1;
          run = sameGroup && symbol == load<u8>(at + <usize>(i - 1)) ? run + 1 : 1;
          const runEnds = i == w - 1 || load<i32>(codes + ((<usize>(i + 1)) << 2)) != code || load<u8>(at + <usize>(i + 1)) != symbol;
          if (runEnds && inGroup > run) ways *= <u64>choose(inGroup, run);
        }
      }
      emitState(parentLo, parentHi, ways);
    }
  }
}

/**
 * Builds, on top of `dst`, the layer after placing one part of weight w on every state
 * of the layer [base, base+size) of `src`. Returns its size.
 */
export function place(src: LayerStore, base: i32, size: i32, w: i32, dst: LayerStore): i32 {
  part = w;
  beginLayer(dst);
  for (let p = base; p < base + size; p++) {
    const at = p * width;
    parentLo = unchecked(src.lo[p]);
    parentHi = unchecked(src.hi[p]);
    if (rowsListed) {
      for (let i = 0; i < width; i++) setI32At(positionCodeBase, i, <i32>unchecked(src.codes[at + i]));
      emitListedRows();
      continue;
    }
    // Too many rows to list: walk the runs of equal columns instead.
    groups = 0;
    for (let i = 0; i < width; i++) {
      const code = <i32>unchecked(src.codes[at + i]);
      if (i > 0 && code == i32At(groupCodeBase, groups - 1)) setI32At(groupSizeBase, groups - 1, i32At(groupSizeBase, groups - 1) + 1);
      else {
        setI32At(groupCodeBase, groups, code);
        setI32At(groupSizeBase, groups, 1);
        groups++;
      }
    }
    for (let s = 0; s < symbols; s++) {
      setI32At(needBase, s, countOf(s));
      setI32At(capacityFromBase, groups * MAX_SYMBOLS + s, 0);
    }
    for (let g = groups - 1; g >= 0; g--) {
      const code = i32At(groupCodeBase, g);
      const weight = code / space;
      const comp = code - weight * space;
      const columns = weight * i32At(groupSizeBase, g);
      for (let s = 0; s < symbols; s++) {
        const fits = <i32>unchecked(digits[comp * symbols + s]) + part <= countOf(s);
        setI32At(capacityFromBase, g * MAX_SYMBOLS + s, i32At(capacityFromBase, (g + 1) * MAX_SYMBOLS + s) + (fits ? columns : 0));
      }
    }
    walk(0, 0, i32At(groupSizeBase, 0), 0, 1);
  }
  return currentLayerSize();
}
