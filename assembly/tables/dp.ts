// The layer DP: counts sequences of compressed rows (one per part of a partition λ of
// the free rows, added with the part as weight) that fill every column exactly, for all
// λ at once by walking the partitions depth-first and sharing layers between prefixes.
//
// A state is the multiset of columns (weight, symbol counts so far) as sorted 16-bit
// codes weight·space + comp: equal columns are interchangeable for everything that
// follows, so a transition distributes each run of equal columns over the symbols
// (binomial ways) instead of enumerating rows one by one.

import { symbols, space, fullComp, counts, stride, digits, MAX_SYMBOLS } from "./comp";
import { width, stateCodes, valueLo, valueHi, stateTop, resetLayers, beginLayer, currentLayerSize, addState, popLayers } from "./layers";
import { multiplySmall, productLo, productHi, clearOverflow, overflowed } from "./wide";

export const MAX_COLUMNS: i32 = 16;
export const MAX_ROWS: i32 = 16;
const MAX_LEAVES: i32 = 231; // partitions of 16

const startCodes = new StaticArray<u16>(MAX_COLUMNS);
const groupCode = new StaticArray<i32>(MAX_COLUMNS);
const groupSize = new StaticArray<i32>(MAX_COLUMNS);
const need = new StaticArray<i32>(MAX_SYMBOLS);
const out = new StaticArray<u16>(MAX_COLUMNS);
const sorted = new StaticArray<u16>(MAX_COLUMNS);
const choose = new StaticArray<u32>((MAX_COLUMNS + 1) * (MAX_COLUMNS + 1));
/** partitionsUpTo[r * (MAX_ROWS + 1) + p]: partitions of r into parts ≤ p. */
const partitionsUpTo = new StaticArray<i32>((MAX_ROWS + 1) * (MAX_ROWS + 1));
const leafLo = new StaticArray<u64>(MAX_LEAVES);
const leafHi = new StaticArray<u64>(MAX_LEAVES);


let groups: i32 = 0;
let part: i32 = 0;
let parentLo: u64 = 0;
let parentHi: u64 = 0;
let minParts: i32 = 0;
let firstPart: i32 = 0;

function prepareTables(): void {
  for (let a = 0; a <= MAX_COLUMNS; a++) {
    let b: u32 = 1;
    for (let r = 0; r <= a; r++) {
      unchecked(choose[a * (MAX_COLUMNS + 1) + r] = b);
      b = b * <u32>(a - r) / <u32>(r + 1);
    }
  }
  for (let p = 0; p <= MAX_ROWS; p++) unchecked(partitionsUpTo[p] = 1);
  for (let r = 1; r <= MAX_ROWS; r++) {
    unchecked(partitionsUpTo[r * (MAX_ROWS + 1)] = 0);
    for (let p = 1; p <= MAX_ROWS; p++) {
      const fewer = unchecked(partitionsUpTo[r * (MAX_ROWS + 1) + p - 1]);
      const withP = p <= r ? unchecked(partitionsUpTo[(r - p) * (MAX_ROWS + 1) + p]) : 0;
      unchecked(partitionsUpTo[r * (MAX_ROWS + 1) + p] = fewer + withP);
    }
  }
}
prepareTables();

// @ts-ignore: decorator
@inline function partitionsOf(r: i32, maxPart: i32): i32 {
  return unchecked(partitionsUpTo[r * (MAX_ROWS + 1) + maxPart]);
}

export function setColumnCount(t: i32): void {
  resetLayers(t);
}

/** Column i of the start state: `weight` equal columns with comp index `comp`. */
export function setColumn(i: i32, weight: i32, comp: i32): void {
  unchecked(startCodes[i] = <u16>(weight * space + comp));
}

/** Emits the child state in `out` with the parent's count times `ways`. */
function emit(ways: u64): void {
  // Insertion sort: states are at most 16 codes.
  for (let i = 0; i < width; i++) {
    const code = unchecked(out[i]);
    let j = i;
    while (j > 0 && unchecked(sorted[j - 1]) > code) {
      unchecked(sorted[j] = sorted[j - 1]);
      j--;
    }
    unchecked(sorted[j] = code);
  }
  multiplySmall(parentLo, parentHi, ways);
  addState(sorted, productLo, productHi);
}

/**
 * Distributes the columns of group gi, symbol by symbol: `left` columns of the group
 * are still unassigned, `at` is the next slot of `out`.
 */
function walk(gi: i32, s: i32, left: i32, at: i32, ways: u64): void {
  if (gi == groups) {
    for (let x = 0; x < symbols; x++) if (unchecked(need[x]) != 0) return;
    emit(ways);
    return;
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

/** Builds the layer after placing one part of weight w on every state of the parent. */
function place(parentBase: i32, parentSize: i32, w: i32): i32 {
  part = w;
  beginLayer();
  for (let p = parentBase; p < parentBase + parentSize; p++) {
    const at = p * width;
    groups = 0;
    for (let i = 0; i < width; i++) {
      const code = <i32>unchecked(stateCodes[at + i]);
      if (i > 0 && code == unchecked(groupCode[groups - 1])) unchecked(groupSize[groups - 1] += 1);
      else {
        unchecked(groupCode[groups] = code);
        unchecked(groupSize[groups] = 1);
        groups++;
      }
    }
    for (let s = 0; s < symbols; s++) unchecked(need[s] = counts[s]);
    parentLo = unchecked(valueLo[p]);
    parentHi = unchecked(valueHi[p]);
    walk(0, 0, unchecked(groupSize[0]), 0, 1);
  }
  return currentLayerSize();
}

function isFull(state: i32): bool {
  const at = state * width;
  for (let i = 0; i < width; i++) {
    const code = <i32>unchecked(stateCodes[at + i]);
    if (code % space != fullComp) return false;
  }
  return true;
}

function descend(base: i32, size: i32, left: i32, maxPart: i32, depth: i32, leaf: i32): void {
  if (left == 0) {
    for (let st = base; st < base + size; st++) {
      if (isFull(st)) {
        unchecked(leafLo[leaf] = valueLo[st]);
        unchecked(leafHi[leaf] = valueHi[st]);
      }
    }
    return;
  }
  for (let w = maxPart < left ? maxPart : left; w >= 1; w--) {
    const skip = (depth == 0 && firstPart > 0 && w != firstPart) || depth + 1 + (left - w) < minParts;
    if (!skip) {
      const childBase = stateTop;
      const childSize = place(base, size, w);
      if (childSize > 0) descend(childBase, childSize, left - w, w, depth + 1, leaf);
      popLayers(childBase);
    }
    leaf += partitionsOf(left - w, w);
  }
}

/**
 * Counts N(λ) for every partition λ of `rows` (leaf order: largest next part first),
 * from the start state set by setColumn. Only partitions with at least `leastParts`
 * parts, and with first part `onlyFirst` when that is > 0, are computed; the others
 * read 0. Returns the number of leaves, or -1 if a count overflowed 128 bits.
 */
export function countJob(rows: i32, leastParts: i32, onlyFirst: i32): i32 {
  const leaves = partitionsOf(rows, rows);
  for (let i = 0; i < leaves; i++) {
    unchecked(leafLo[i] = 0);
    unchecked(leafHi[i] = 0);
  }
  minParts = leastParts;
  firstPart = onlyFirst;
  clearOverflow();
  const base = beginLayer();
  for (let i = 0; i < width; i++) unchecked(out[i] = startCodes[i]);
  parentLo = 1;
  parentHi = 0;
  emit(1);
  descend(base, 1, rows, rows, 0, 0);
  popLayers(base);
  return overflowed ? -1 : leaves;
}

export function leafCountLo(i: i32): u64 {
  return unchecked(leafLo[i]);
}

export function leafCountHi(i: i32): u64 {
  return unchecked(leafHi[i]);
}
