// The layer DP: counts sequences of compressed rows (one per part of a partition λ of
// the free rows, added with the part as weight) that fill every column exactly, for all
// λ at once by walking the partitions depth-first and sharing layers between prefixes.
//
// A state is the multiset of columns (weight, symbol counts so far) as sorted 16-bit
// codes weight·space + comp: equal columns are interchangeable for everything that
// follows, so a transition distributes each run of equal columns over the symbols
// (binomial ways) instead of enumerating rows one by one.

import { symbols, space, fullComp, counts, stride, digits, MAX_SYMBOLS } from "./comp";
import {
  width, stateCodes, valueLo, valueHi, stateTop, resetLayers, beginLayer, currentLayerSize, addState, popLayers,
  resetIndexes, indexLayer, findIndexed,
} from "./layers";
import { multiplySmall, multiplyWide, divideSmall, productLo, productHi, clearOverflow, overflowed, flagOverflow } from "./wide";

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

// Meet in the middle on the tail of single rows: the layers reached from the empty
// state (same column weights, nothing placed) by j single rows, indexed for lookup.
// Ways to finish a state S with b single rows = ways to reach its complement from empty.
const onesBase = new StaticArray<i32>(MAX_ROWS + 1);
const onesSize = new StaticArray<i32>(MAX_ROWS + 1);
let onesBuilt: i32 = 0;
let startIsEmpty: bool = false;
let rootBase: i32 = 0;

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

/** Sorts `out` into `sorted` (insertion sort: states are at most 16 codes). */
function sortOut(): void {
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

/** Emits the child state in `out` with the parent's count times `ways`. */
function emit(ways: u64): void {
  sortOut();
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

/**
 * The count of one labelled arrangement of a state reached from the empty start: the
 * state's count divided by its number of arrangements (columns of equal weight
 * permuted: Π_weight n_w! / Π_group mult!), one exact binomial at a time.
 */
function perArrangement(state: i32): void {
  productLo = unchecked(valueLo[state]);
  productHi = unchecked(valueHi[state]);
  const at = state * width;
  let sameWeight = 0;
  let run = 0;
  for (let i = 0; i < width; i++) {
    const code = <i32>unchecked(stateCodes[at + i]);
    const previous = i > 0 ? <i32>unchecked(stateCodes[at + i - 1]) : -1;
    if (previous < 0 || code / space != previous / space) sameWeight = 0;
    run = code == previous ? run + 1 : 1;
    sameWeight++;
    const groupEnds = i == width - 1 || <i32>unchecked(stateCodes[at + i + 1]) != code;
    if (groupEnds) {
      // Multinomial of a weight class = Π C(columns so far, group size), group by group.
      const factor = <u64>unchecked(choose[sameWeight * (MAX_COLUMNS + 1) + run]);
      if (factor > 1) divideSmall(productLo, productHi, factor);
    }
  }
}

/** Count of ways to finish the layer [base, base+size) with `left` single rows. */
function onesTail(base: i32, size: i32, left: i32, leaf: i32): void {
  const later = left >> 1;
  const first = left - later;
  const top = stateTop;
  let lb = base;
  let ls = size;
  if (base == rootBase && startIsEmpty && first <= onesBuilt) {
    lb = unchecked(onesBase[first]);
    ls = unchecked(onesSize[first]);
  } else {
    for (let i = 0; i < first && ls > 0; i++) {
      const next = stateTop;
      ls = place(lb, ls, 1);
      lb = next;
    }
  }
  let sumLo: u64 = 0;
  let sumHi: u64 = 0;
  for (let st = lb; st < lb + ls; st++) {
    // Complement: digit s of a column becomes counts[s] - digit, i.e. full - comp.
    const at = st * width;
    for (let i = 0; i < width; i++) {
      const code = <i32>unchecked(stateCodes[at + i]);
      const comp = code % space;
      unchecked(out[i] = <u16>(code - comp + fullComp - comp));
    }
    sortOut();
    const match = findIndexed(later, sorted);
    if (match < 0) continue;
    perArrangement(match);
    multiplyWide(unchecked(valueLo[st]), unchecked(valueHi[st]), productLo, productHi);
    const newLo = sumLo + productLo;
    const partHi = sumHi + productHi;
    const newHi = partHi + <u64>(newLo < sumLo);
    if (partHi < sumHi || newHi < partHi) flagOverflow();
    sumLo = newLo;
    sumHi = newHi;
  }
  unchecked(leafLo[leaf] = sumLo);
  unchecked(leafHi[leaf] = sumHi);
  popLayers(top);
}

/** Builds the indexed single-row layers from the empty state, up to `depth` rows. */
function buildOnes(depth: i32): void {
  resetIndexes();
  const base = beginLayer();
  for (let i = 0; i < width; i++) unchecked(out[i] = <u16>((startCodes[i] / space) * space));
  parentLo = 1;
  parentHi = 0;
  emit(1);
  unchecked(onesBase[0] = base);
  unchecked(onesSize[0] = 1);
  indexLayer(0, base, 1);
  onesBuilt = 0;
  for (let j = 1; j <= depth; j++) {
    const next = stateTop;
    const size = place(unchecked(onesBase[j - 1]), unchecked(onesSize[j - 1]), 1);
    unchecked(onesBase[j] = next);
    unchecked(onesSize[j] = size);
    indexLayer(j, next, size);
    onesBuilt = j;
  }
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
    if (!skip && w == 1 && left >= 2) {
      onesTail(base, size, left, leaf);
    } else if (!skip) {
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
  popLayers(0);
  startIsEmpty = true;
  for (let i = 0; i < width; i++) if (<i32>unchecked(startCodes[i]) % space != 0) startIsEmpty = false;
  buildOnes(startIsEmpty ? (rows + 1) >> 1 : rows >> 1);
  const base = beginLayer();
  rootBase = base;
  for (let i = 0; i < width; i++) unchecked(out[i] = startCodes[i]);
  parentLo = 1;
  parentHi = 0;
  emit(1);
  descend(base, 1, rows, rows, 0, 0);
  popLayers(0);
  return overflowed ? -1 : leaves;
}

export function leafCountLo(i: i32): u64 {
  return unchecked(leafLo[i]);
}

export function leafCountHi(i: i32): u64 {
  return unchecked(leafHi[i]);
}
