// The layer DP: counts sequences of compressed rows (one per part of a partition λ of
// the free rows, added with the part as weight) that fill every column exactly, for all
// λ at once by walking the partitions depth-first (largest next part first), so
// partitions with a common prefix share their layers.
//
// A state is the multiset of columns (weight, symbol counts so far) as sorted 16-bit
// codes weight·space + comp: equal columns are interchangeable for everything that
// follows. Once the walk takes a part 1, the rest is single rows: that tail meets in the
// middle with the layers grown from the empty state (same weights, nothing placed),
// because the ways to finish a state with b single rows are the ways to reach its
// complement from empty. Those layers depend only on the column weights, so they are
// kept across jobs with the same weights.
import { within } from "../common/guard";

import { space, fullComp, prepareSymbols } from "./comp";
import { width, walkStore, onesStore, LayerStore, setWidth, beginLayer, resetIndexes, indexLayer, findIndexed } from "./store";
import { place, listRows, choose, outBase, sortedBase, sortOut, emitState, MAX_COLUMNS } from "./transition";
import { multiplyWide, divideSmall, productLo, productHi, clearOverflow, overflowed, addWide, sumHigh } from "./wide";
import { i32At, setI32At, u16At, setU16At, u64At, setU64At } from "./raw";

export const MAX_ROWS: i32 = 16;
const MAX_LEAVES: i32 = 231; // partitions of 16

// Fixed tables in static memory (memory.data, see raw.ts).
const startCodesBase: usize = memory.data(MAX_COLUMNS * sizeof<u16>());
/** At r * (MAX_ROWS + 1) + p: the partitions of r into parts ≤ p. */
const partitionsUpToBase: usize = memory.data((MAX_ROWS + 1) * (MAX_ROWS + 1) * sizeof<i32>());
const leafLoBase: usize = memory.data(MAX_LEAVES * sizeof<u64>());
const leafHiBase: usize = memory.data(MAX_LEAVES * sizeof<u64>());

let minParts: i32 = 0;
let firstPart: i32 = 0;
let startIsEmpty: bool = false;
let rootBase: i32 = 0;

// Single-row layers from the empty state: layer j at onesBase[j], onesSize[j] states,
// indexed as j; valid for the column weights in onesWeights (and the current counts).
const onesBaseAt: usize = memory.data((MAX_ROWS + 1) * sizeof<i32>());
const onesSizeAt: usize = memory.data((MAX_ROWS + 1) * sizeof<i32>());
const onesWeightsBase: usize = memory.data(MAX_COLUMNS * sizeof<u16>());
const rowWeightsBase: usize = memory.data(MAX_COLUMNS * sizeof<u16>());
let onesBuilt: i32 = -1;

function preparePartitionCounts(): void {
  for (let p = 0; p <= MAX_ROWS; p++) setI32At(partitionsUpToBase, p, 1);
  for (let r = 1; r <= MAX_ROWS; r++) {
    setI32At(partitionsUpToBase, r * (MAX_ROWS + 1), 0);
    for (let p = 1; p <= MAX_ROWS; p++) {
      const fewer = i32At(partitionsUpToBase, r * (MAX_ROWS + 1) + p - 1);
      const withP = p <= r ? i32At(partitionsUpToBase, (r - p) * (MAX_ROWS + 1) + p) : 0;
      setI32At(partitionsUpToBase, r * (MAX_ROWS + 1) + p, fewer + withP);
    }
  }
}
preparePartitionCounts();

// @ts-ignore: decorator
@inline function partitionsOf(r: i32, maxPart: i32): i32 {
  return i32At(partitionsUpToBase, r * (MAX_ROWS + 1) + maxPart);
}

/** Forgets the cached single-row layers (new counts, or counts that overflowed). */
function forgetOnes(): void {
  onesBuilt = -1;
}

/** Fixes the symbol counts (set by setSymbolCount); returns the comp space or -1. */
export function prepareCounts(k: i32): i32 {
  forgetOnes();
  return prepareSymbols(k);
}

/** Starts a job with t compressed columns. */
export function setColumnCount(t: i32): void {
  within(t, 0, MAX_COLUMNS, "limit-exceeded: setColumnCount: columns past MAX_COLUMNS");
  if (t != width) {
    setWidth(t);
    forgetOnes();
  }
}

/** Column i of the start state: `weight` equal columns with comp index `comp`. */
export function setColumn(i: i32, weight: i32, comp: i32): void {
  within(i, 0, width - 1, "limit-exceeded: setColumn: column past setColumnCount");
  within(comp, 0, space - 1, "limit-exceeded: setColumn: comp past the prepared space");
  within(weight, 0, (65535 - comp) / space, "limit-exceeded: setColumn: weight past the 16-bit column code");
  setU16At(startCodesBase, i, <u16>(weight * space + comp));
}

/** Makes sure single-row layers 0..depth from the empty state exist. */
function ensureOnes(depth: i32): void {
  if (onesBuilt < 0) {
    onesStore.top = 0;
    resetIndexes();
    const base = beginLayer(onesStore);
    for (let i = 0; i < width; i++) setU16At(outBase, i, u16At(onesWeightsBase, i));
    emitState(1, 0, 1);
    setI32At(onesBaseAt, 0, base);
    setI32At(onesSizeAt, 0, 1);
    indexLayer(0, base, 1);
    onesBuilt = 0;
  }
  while (onesBuilt < depth) {
    const j = onesBuilt + 1;
    const base = onesStore.top;
    const size = place(onesStore, i32At(onesBaseAt, j - 1), i32At(onesSizeAt, j - 1), 1, onesStore);
    setI32At(onesBaseAt, j, base);
    setI32At(onesSizeAt, j, size);
    indexLayer(j, base, size);
    onesBuilt = j;
  }
}

/**
 * The count of one labelled arrangement of a onesStore state: its count divided by its
 * arrangements among columns of equal weight (Π_weight n_w! / Π_group mult!), one exact
 * binomial at a time. Leaves the quotient in productLo/productHi.
 */
function perArrangement(state: i32): void {
  productLo = unchecked(onesStore.lo[state]);
  productHi = unchecked(onesStore.hi[state]);
  const at = state * width;
  let sameWeight = 0;
  let run = 0;
  for (let i = 0; i < width; i++) {
    const code = <i32>unchecked(onesStore.codes[at + i]);
    const previous = i > 0 ? <i32>unchecked(onesStore.codes[at + i - 1]) : -1;
    if (previous < 0 || code / space != previous / space) sameWeight = 0;
    run = code == previous ? run + 1 : 1;
    sameWeight++;
    const groupEnds = i == width - 1 || <i32>unchecked(onesStore.codes[at + i + 1]) != code;
    if (groupEnds) {
      // Multinomial of a weight class = Π C(columns so far, group size), group by group.
      const factor = <u64>choose(sameWeight, run);
      if (factor > 1) divideSmall(productLo, productHi, factor);
    }
  }
}

/**
 * Ways to finish the states [base, base+size) of `front` with exactly `later` single
 * rows: Σ count(S) · arrangement count of complement(S) in single-row layer `later`.
 */
function meet(front: LayerStore, base: i32, size: i32, later: i32, leaf: i32): void {
  let sumLo: u64 = 0;
  let sumHi: u64 = 0;
  for (let st = base; st < base + size; st++) {
    // Complement: digit s of a column becomes counts[s] - digit, i.e. full - comp.
    const at = st * width;
    for (let i = 0; i < width; i++) {
      const code = <i32>unchecked(front.codes[at + i]);
      const comp = code % space;
      setU16At(outBase, i, <u16>(code - comp + fullComp - comp));
    }
    sortOut();
    const match = findIndexed(later, sortedBase);
    if (match < 0) continue;
    perArrangement(match);
    multiplyWide(unchecked(front.lo[st]), unchecked(front.hi[st]), productLo, productHi);
    sumLo = addWide(sumLo, sumHi, productLo, productHi);
    sumHi = sumHigh;
  }
  setU64At(leafLoBase, leaf, sumLo);
  setU64At(leafHiBase, leaf, sumHi);
}

/**
 * Leaf for the tail of `left` single rows below the layer [base, base+size). Grows
 * whichever side is smaller: the layer forward (thrown away after) or the cached
 * single-row layers from empty (kept for later tails and jobs).
 */
function onesTail(base: i32, size: i32, left: i32, leaf: i32): void {
  if (base == rootBase && startIsEmpty) {
    // Both halves grow from empty: use the cached layers on both sides.
    const later = left >> 1;
    ensureOnes(left - later);
    meet(onesStore, i32At(onesBaseAt, left - later), i32At(onesSizeAt, left - later), later, leaf);
    return;
  }
  ensureOnes(0);
  const top = walkStore.top;
  let frontBase = base;
  let frontSize = size;
  let done = 0; // single rows placed forward
  let later = onesBuilt < left ? onesBuilt : left;
  while (done + later < left && frontSize > 0) {
    if (i32At(onesSizeAt, later) < frontSize) {
      ensureOnes(later + 1);
      later++;
    } else {
      const next = walkStore.top;
      frontSize = place(walkStore, frontBase, frontSize, 1, walkStore);
      frontBase = next;
      done++;
    }
  }
  if (frontSize > 0) meet(walkStore, frontBase, frontSize, later, leaf);
  walkStore.top = top;
}

function descend(base: i32, size: i32, left: i32, maxPart: i32, depth: i32, leaf: i32): void {
  if (left == 0) {
    // Every column is complete (each sums to n with digits ≤ counts): at most one state.
    for (let st = base; st < base + size; st++) {
      setU64At(leafLoBase, leaf, unchecked(walkStore.lo[st]));
      setU64At(leafHiBase, leaf, unchecked(walkStore.hi[st]));
    }
    return;
  }
  for (let w = maxPart < left ? maxPart : left; w >= 1; w--) {
    const skip = (depth == 0 && firstPart > 0 && w != firstPart) || depth + 1 + (left - w) < minParts;
    if (!skip && w == 1) {
      onesTail(base, size, left, leaf);
    } else if (!skip) {
      const childBase = walkStore.top;
      const childSize = place(walkStore, base, size, w, walkStore);
      if (childSize > 0) descend(childBase, childSize, left - w, w, depth + 1, leaf);
      walkStore.top = childBase;
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
  within(rows, 0, MAX_ROWS, "limit-exceeded: countJob: rows past MAX_ROWS");
  const leaves = partitionsOf(rows, rows);
  for (let i = 0; i < leaves; i++) {
    setU64At(leafLoBase, i, 0);
    setU64At(leafHiBase, i, 0);
  }
  minParts = leastParts;
  firstPart = onlyFirst;
  clearOverflow();

  // The empty state: the start's weights, nothing placed. Reuse cached layers if equal.
  startIsEmpty = true;
  for (let i = 0; i < width; i++) {
    setU16At(outBase, i, u16At(startCodesBase, i));
    if (<i32>u16At(startCodesBase, i) % space != 0) startIsEmpty = false;
  }
  sortOut();
  for (let i = 0; i < width; i++) {
    const empty = <u16>((<i32>u16At(sortedBase, i) / space) * space);
    if (empty != u16At(onesWeightsBase, i)) forgetOnes();
    setU16At(onesWeightsBase, i, empty);
  }
  if (onesBuilt < 0) {
    // New weights: list their rows once for the lone-column fast path.
    for (let i = 0; i < width; i++) setU16At(rowWeightsBase, i, <u16>(<i32>u16At(onesWeightsBase, i) / space));
    listRows(rowWeightsBase);
  }

  walkStore.top = 0;
  const base = beginLayer(walkStore);
  rootBase = base;
  emitState(1, 0, 1);
  descend(base, 1, rows, rows, 0, 0);
  walkStore.top = 0;
  if (overflowed) {
    forgetOnes();
    return -1;
  }
  return leaves;
}

export function leafCountLo(i: i32): u64 {
  return u64At(leafLoBase, i);
}

export function leafCountHi(i: i32): u64 {
  return u64At(leafHiBase, i);
}
