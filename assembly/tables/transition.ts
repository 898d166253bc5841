// One DP step: place a part of weight w (one compressed row, repeated w times) on every
// state of a layer, so that the row's symbol counts, weighted by the column weights, come
// out right and no column passes its counts. Rows come from a list made once per set of
// column weights (filtered by bitsets), or, when there are too many rows to list, from a
// walk that spreads each run of equal columns over the symbols (binomial ways).

import { symbols, space, counts, stride, digits, MAX_SYMBOLS } from "./comp";
import { width, LayerStore, beginLayer, currentLayerSize, addState } from "./store";
import { multiplySmall, productLo, productHi } from "./wide";

export const MAX_COLUMNS: i32 = 16;

/** choose[a * (MAX_COLUMNS + 1) + r] = C(a, r). */
export const choose = new StaticArray<u32>((MAX_COLUMNS + 1) * (MAX_COLUMNS + 1));
/** The state being emitted, unsorted, and sorted. */
export const out = new StaticArray<u16>(MAX_COLUMNS);
export const sorted = new StaticArray<u16>(MAX_COLUMNS);
// Addresses of the per-state scratch as plain integers: a read of a managed global costs
// a shadow-stack store under the incremental runtime, a usize one does not.
const outBase: usize = changetype<usize>(out);
const sortedBase: usize = changetype<usize>(sorted);

const groupCode = new StaticArray<i32>(MAX_COLUMNS);
const groupSize = new StaticArray<i32>(MAX_COLUMNS);
const need = new StaticArray<i32>(MAX_SYMBOLS);
/** capacityFrom[g * MAX_SYMBOLS + s]: weight of the columns in groups g.. that can take s. */
const capacityFrom = new StaticArray<i32>((MAX_COLUMNS + 1) * MAX_SYMBOLS);
let groups: i32 = 0;
let part: i32 = 0;
let parentLo: u64 = 0;
let parentHi: u64 = 0;

function prepareChoose(): void {
  for (let a = 0; a <= MAX_COLUMNS; a++) {
    let b: u32 = 1;
    for (let r = 0; r <= a; r++) {
      unchecked(choose[a * (MAX_COLUMNS + 1) + r] = b);
      b = b * <u32>(a - r) / <u32>(r + 1);
    }
  }
}
prepareChoose();

/** Sorts `out` into `sorted` (insertion sort: states are at most 16 codes). */
export function sortOut(): void {
  const w = width;
  for (let i = 0; i < w; i++) {
    const code = load<u16>(outBase + (<usize>i << 1));
    let j = i;
    while (j > 0 && load<u16>(sortedBase + (<usize>(j - 1) << 1)) > code) {
      store<u16>(sortedBase + (<usize>j << 1), load<u16>(sortedBase + (<usize>(j - 1) << 1)));
      j--;
    }
    store<u16>(sortedBase + (<usize>j << 1), code);
  }
}

/** Adds the state in `out` with count (lo, hi) × ways to the layer being built. */
export function emitState(lo: u64, hi: u64, ways: u64): void {
  sortOut();
  multiplySmall(lo, hi, ways);
  addState(sorted, productLo, productHi);
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
    for (let x = 0; x < symbols; x++) if (unchecked(need[x]) > unchecked(capacityFrom[row + x])) return;
    if (left == 1) {
      // A lone column (the common case): try each symbol directly.
      const code = unchecked(groupCode[gi]);
      const weight = code / space;
      const comp = code - weight * space;
      const nextLeft = gi + 1 < groups ? unchecked(groupSize[gi + 1]) : 0;
      for (let x = 0; x < symbols; x++) {
        if (unchecked(need[x]) < weight || <i32>unchecked(digits[comp * symbols + x]) + part > unchecked(counts[x])) continue;
        unchecked(need[x] -= weight);
        unchecked(out[at] = <u16>(code + part * unchecked(stride[x])));
        walk(gi + 1, 0, nextLeft, at + 1, ways);
        unchecked(need[x] += weight);
      }
      return;
    }
  }
  const code = unchecked(groupCode[gi]);
  const weight = code / space;
  const comp = code - weight * space;
  const bumped = <u16>(code + part * unchecked(stride[s]));
  const fits = <i32>unchecked(digits[comp * symbols + s]) + part <= unchecked(counts[s]);
  if (s == symbols - 1 || left == 0) {
    // The rest of the group takes symbol s; then the next group starts.
    const nextLeft = gi + 1 < groups ? unchecked(groupSize[gi + 1]) : 0;
    if (left == 0) { walk(gi + 1, 0, nextLeft, at, ways); return; }
    const used = weight * left;
    if (!fits || unchecked(need[s]) < used) return;
    unchecked(need[s] -= used);
    for (let i = 0; i < left; i++) unchecked(out[at + i] = bumped);
    walk(gi + 1, 0, nextLeft, at + left, ways);
    unchecked(need[s] += used);
    return;
  }
  let most = 0;
  if (fits) {
    most = unchecked(need[s]) / weight;
    if (most > left) most = left;
  }
  const row = left * (MAX_COLUMNS + 1);
  for (let x = 0; x <= most; x++) {
    if (x > 0) unchecked(out[at + x - 1] = bumped);
    unchecked(need[s] -= weight * x);
    walk(gi, s + 1, left - x, at + x, ways * <u64>unchecked(choose[row + x]));
    unchecked(need[s] += weight * x);
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
const positionCode = new StaticArray<i32>(MAX_COLUMNS);
const blocked = new StaticArray<u64>(MAX_LISTED_ROWS / 64 + 1);
const positionWeight = new StaticArray<i32>(MAX_COLUMNS);

const rowNeed = new StaticArray<i32>(MAX_SYMBOLS);
const rowPrefix = new StaticArray<u8>(MAX_COLUMNS);
let listing: bool = false;

/** Counts (listing = false) or records (true) the rows completing rowPrefix from i on. */
function extendRow(i: i32): void {
  if (i == width) {
    if (listing) {
      const bit = (<u64>1) << <u64>(rowCount & 63);
      for (let j = 0; j < width; j++) {
        const x = <i32>unchecked(rowPrefix[j]);
        unchecked(rowSymbols[rowCount * width + j] = <u8>x);
        const at = (j * symbols + x) * rowWords + (rowCount >> 6);
        unchecked(symbolBits[at] |= bit);
        if (j + 1 < width && x > <i32>unchecked(rowPrefix[j + 1])) unchecked(descentBits[j * rowWords + (rowCount >> 6)] |= bit);
      }
    }
    rowCount++;
    return;
  }
  const weight = unchecked(positionWeight[i]);
  for (let x = 0; x < symbols && rowCount <= MAX_LISTED_ROWS; x++) {
    if (unchecked(rowNeed[x]) < weight) continue;
    unchecked(rowNeed[x] -= weight);
    unchecked(rowPrefix[i] = <u8>x);
    extendRow(i + 1);
    unchecked(rowNeed[x] += weight);
  }
}

/** Lists the rows for column weights `weights` (sorted, as in every state), if few. */
export function listRows(weights: StaticArray<u16>): void {
  rowsListed = false;
  for (let i = 0; i < width; i++) unchecked(positionWeight[i] = <i32>unchecked(weights[i]));
  for (let x = 0; x < symbols; x++) unchecked(rowNeed[x] = counts[x]);
  listing = false;
  rowCount = 0;
  extendRow(0);
  if (rowCount > MAX_LISTED_ROWS) return;
  rowWords = (rowCount + 63) >> 6;
  if (rowSymbols.length < rowCount * width) rowSymbols = new StaticArray<u8>(rowCount * width);
  const bitWords = width * symbols * rowWords;
  if (symbolBits.length < bitWords) symbolBits = new StaticArray<u64>(bitWords);
  for (let w = 0; w < bitWords; w++) unchecked(symbolBits[w] = 0);
  if (descentBits.length < width * rowWords) descentBits = new StaticArray<u64>(width * rowWords);
  for (let w = 0; w < width * rowWords; w++) unchecked(descentBits[w] = 0);
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
  for (let word = 0; word < rowWords; word++) unchecked(blocked[word] = 0);
  let lone = true;
  for (let i = 0; i < width; i++) {
    const code = unchecked(positionCode[i]);
    const comp = code % space;
    for (let x = 0; x < symbols; x++) {
      if (<i32>unchecked(digits[comp * symbols + x]) + part <= unchecked(counts[x])) continue;
      const at = (i * symbols + x) * rowWords;
      for (let word = 0; word < rowWords; word++) unchecked(blocked[word] |= symbolBits[at + word]);
    }
    if (i + 1 < width && code == unchecked(positionCode[i + 1])) {
      lone = false;
      const at = i * rowWords;
      for (let word = 0; word < rowWords; word++) unchecked(blocked[word] |= descentBits[at + word]);
    }
  }
  // The arrays the row loop reads, as plain addresses, read once per state.
  const w = width;
  const codes = changetype<usize>(positionCode);
  const rowsAt = changetype<usize>(rowSymbols);
  const strides = changetype<usize>(stride);
  const blockedAt = changetype<usize>(blocked);
  for (let word = 0; word < rowWords; word++) {
    let free = ~load<u64>(blockedAt + (<usize>word << 3));
    if (word == rowWords - 1 && (rowCount & 63) != 0) free &= ((<u64>1) << <u64>(rowCount & 63)) - 1;
    while (free != 0) {
      const r = (word << 6) + <i32>ctz(free);
      free &= free - 1;
      const at = rowsAt + <usize>(r * w);
      for (let i = 0; i < w; i++) {
        const symbol = <usize>load<u8>(at + <usize>i);
        store<u16>(outBase + (<usize>i << 1), <u16>(load<i32>(codes + (<usize>i << 2)) + part * load<i32>(strides + (symbol << 2))));
      }
      let ways: u64 = 1;
      if (!lone) {
        // Π over runs of equal columns of the multinomial of their symbols.
        let inGroup = 0;
        let run = 0;
        for (let i = 0; i < w; i++) {
          const code = load<i32>(codes + (<usize>i << 2));
          const symbol = load<u8>(at + <usize>i);
          const sameGroup = i > 0 && code == load<i32>(codes + (<usize>(i - 1) << 2));
          inGroup = sameGroup ? inGroup + 1 : 1;
          run = sameGroup && symbol == load<u8>(at + <usize>(i - 1)) ? run + 1 : 1;
          const runEnds = i == w - 1 || load<i32>(codes + (<usize>(i + 1) << 2)) != code ||
            load<u8>(at + <usize>(i + 1)) != symbol;
          if (runEnds && inGroup > run) ways *= <u64>unchecked(choose[inGroup * (MAX_COLUMNS + 1) + run]);
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
      for (let i = 0; i < width; i++) unchecked(positionCode[i] = <i32>unchecked(src.codes[at + i]));
      emitListedRows();
      continue;
    }
    // Too many rows to list: walk the runs of equal columns instead.
    groups = 0;
    for (let i = 0; i < width; i++) {
      const code = <i32>unchecked(src.codes[at + i]);
      if (i > 0 && code == unchecked(groupCode[groups - 1])) unchecked(groupSize[groups - 1] += 1);
      else {
        unchecked(groupCode[groups] = code);
        unchecked(groupSize[groups] = 1);
        groups++;
      }
    }
    for (let s = 0; s < symbols; s++) {
      unchecked(need[s] = counts[s]);
      unchecked(capacityFrom[groups * MAX_SYMBOLS + s] = 0);
    }
    for (let g = groups - 1; g >= 0; g--) {
      const code = unchecked(groupCode[g]);
      const weight = code / space;
      const comp = code - weight * space;
      const columns = weight * unchecked(groupSize[g]);
      for (let s = 0; s < symbols; s++) {
        const fits = <i32>unchecked(digits[comp * symbols + s]) + part <= unchecked(counts[s]);
        unchecked(capacityFrom[g * MAX_SYMBOLS + s] = capacityFrom[(g + 1) * MAX_SYMBOLS + s] + (fits ? columns : 0));
      }
    }
    walk(0, 0, unchecked(groupSize[0]), 0, 1);
  }
  return currentLayerSize();
}
