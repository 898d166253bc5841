// One DP step: place a part of weight w (one compressed row, repeated w times) on every
// state of a layer. A state's columns come in runs of equal codes; the step spreads each
// run over the symbols (binomial ways) so that the row's symbol counts, weighted by the
// column weights, come out right and no column passes its counts.

import { symbols, space, counts, stride, digits, MAX_SYMBOLS } from "./comp";
import { width, LayerStore, beginLayer, currentLayerSize, addState } from "./store";
import { multiplySmall, productLo, productHi } from "./wide";

export const MAX_COLUMNS: i32 = 16;

/** choose[a * (MAX_COLUMNS + 1) + r] = C(a, r). */
export const choose = new StaticArray<u32>((MAX_COLUMNS + 1) * (MAX_COLUMNS + 1));
/** The state being emitted, unsorted, and sorted. */
export const out = new StaticArray<u16>(MAX_COLUMNS);
export const sorted = new StaticArray<u16>(MAX_COLUMNS);

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
  for (let i = 0; i < width; i++) {
    const code = unchecked(out[i]);
    let j = i;
    while (j > 0 && unchecked(sorted[j - 1]) > code) {
      unchecked(sorted[j] = sorted[j - 1]);
      j--;
    }
    unchecked(sorted[j] = code);
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

/**
 * Builds, on top of `dst`, the layer after placing one part of weight w on every state
 * of the layer [base, base+size) of `src`. Returns its size.
 */
export function place(src: LayerStore, base: i32, size: i32, w: i32, dst: LayerStore): i32 {
  part = w;
  beginLayer(dst);
  for (let p = base; p < base + size; p++) {
    const at = p * width;
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
    parentLo = unchecked(src.lo[p]);
    parentHi = unchecked(src.hi[p]);
    walk(0, 0, unchecked(groupSize[0]), 0, 1);
  }
  return currentLayerSize();
}
