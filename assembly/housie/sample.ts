// Exactly uniform books and tickets.
//
// Books: the column-count matrix is drawn exactly by draw.ts, with probability
// proportional to prod_t w(c_t) (see weights.ts). Each ticket then gets a uniform pattern of its vector, and each column's
// numbers are dealt to the tickets by a uniform shuffle of its labels (k_t copies of
// ticket t), in increasing order: every way of splitting the column is equally likely.
//
// Tickets: a vector with probability p(c) prod_j C(n_j, c_j) / T, a uniform pattern of
// it, and a uniform c_j-subset of each column's numbers.

import { below, below62, next32 } from "./rng";
import { COLUMNS, patterns, vectorPatternStart, vectorDigits, columnSize, columnFirst, vectorCount, vectorType } from "./patterns";
import { ensureWeights, fillingCumulative } from "./weights";
import { ensurePairs, vectorLanes } from "./pairs";
import { wasIssued, markIssued, clearIssued, issueAll } from "./unique";
import { ensureLayouts, typePatterns, typePatternStart, vectorPermutation } from "./layouts";
import { ensureDraw, drawBookVectors } from "./draw";

export const CELLS_PER_TICKET = 27;
export const CELLS_PER_BOOK = 6 * CELLS_PER_TICKET;
export const BATCH = 4096; // books (or tickets) per call
/** Output: cell values (0 = blank), ticket by ticket, row by row. */
export const cells = new StaticArray<u8>(BATCH * CELLS_PER_BOOK);
export function cellsPtr(): usize { return changetype<usize>(cells); }

const chosen = new StaticArray<i32>(6);
const chosenPattern = new StaticArray<u32>(6); // row-major, built while placing (books)
/** Per ticket of the book being filled: its rows in each column (6-bit fields, the
 * ROWS_OF_MASK entry of the column's mask) and its vector's lanes (count per column). */
const ticketRows = new StaticArray<u64>(6);
const ticketLanes = new StaticArray<u64>(6);
/** Per canonical pattern (typePatterns), each canonical column's rows as 6-bit fields. */
const typePatternRows = new StaticArray<u64>(2679);
const keyLow = new StaticArray<u64>(6);
const keyHigh = new StaticArray<u64>(6);
const pool = new StaticArray<u8>(11);
let redraws: i64 = 0;

export function redrawCount(): i64 { return redraws; }

/** Loads the tables (about 50 MB) and starts a new run: no ticket issued yet. */
export function startRun(): void {
  ensurePairs();
  ensureLayouts();
  ensureDraw();
  loadPatternRows();
  clearIssued();
  redraws = 0;
}


/** Per canonical pattern, its columns' rows as 6-bit fields (see ticketRows). */
function loadPatternRows(): void {
  const canonical = <i32>unchecked(typePatternStart[4]);
  if (canonical > typePatternRows.length) unreachable();
  for (let i = 0; i < canonical; i++) {
    const layout = unchecked(typePatterns[i]);
    let rows: u64 = 0;
    for (let j: u32 = 0; j < <u32>COLUMNS; j++) rows |= <u64>unchecked(ROWS_OF_MASK[(layout >> (3 * j)) & 7]) << (6 * <u64>j);
    unchecked(typePatternRows[i] = rows);
  }
}

// @ts-ignore: decorator
@inline function drawPattern(v: i32): u32 {
  const start = unchecked(vectorPatternStart[v]);
  return unchecked(patterns[start + below(unchecked(vectorPatternStart[v + 1]) - start)]);
}

/** Sorts pool[from..from+k), k <= 3, with min/max (selects, no branches on the data). */
// @ts-ignore: decorator
@inline function sortSmall(from: i32, k: i32): void {
  if (k < 2) return;
  const x = <u32>unchecked(pool[from]);
  const y = <u32>unchecked(pool[from + 1]);
  let lo = min(x, y);
  let hi = max(x, y);
  if (k == 3) {
    const z = <u32>unchecked(pool[from + 2]);
    const top = max(hi, z);
    const mid = min(hi, z);
    hi = max(lo, mid);
    lo = min(lo, mid);
    unchecked(pool[from + 2] = <u8>top);
  }
  unchecked(pool[from] = <u8>lo);
  unchecked(pool[from + 1] = <u8>hi);
}

/** Rows holding numbers for each 3-bit column mask (bit r = row r), 2 bits per entry. */
const ROWS_OF_MASK: StaticArray<u8> = [0, 0, 1, 0b0100, 2, 0b1000, 0b1001, 0b100100];

/** The 3-bit row mask (bit r = row r) of column j of a row-major pattern. */
// @ts-ignore: decorator
@inline function columnMask(pattern: u32, j: i32): u32 {
  return ((pattern >> <u32>j) & 1) | ((pattern >> <u32>(8 + j)) & 2) | ((pattern >> <u32>(16 + j)) & 4);
}

/** Writes pool[from..) down column j of the ticket at `at`, in the rows of `mask`. */
// @ts-ignore: decorator
@inline function placeColumn(at: i32, mask: u32, j: i32, from: i32, ticket: i32): void {
  let rows = <u32>unchecked(ROWS_OF_MASK[mask]);
  const count = <i32>popcnt<u32>(mask);
  let low = unchecked(keyLow[ticket]);
  let high = unchecked(keyHigh[ticket]);
  for (let i = 0; i < count; i++) {
    const x = <u32>unchecked(pool[from + i]);
    unchecked(cells[at + 9 * <i32>(rows & 3) + j] = <u8>x);
    rows >>= 2;
    const bit = (<u64>1) << <u64>((x - 1) & 63);
    const isLow = x <= 64;
    low |= select<u64>(bit, 0, isLow);
    high |= select<u64>(0, bit, isLow);
  }
  unchecked(keyLow[ticket] = low);
  unchecked(keyHigh[ticket] = high);
}

/** ceil(2^30 / d) for d = 0..11: floor(x / d) = (x * INVERSE30[d]) >> 30 for all
 * x < 2^26 (Granlund-Montgomery with N = 26, d <= 2^4). Entry 0 is unused. */
const INVERSE30: StaticArray<u64> = [0, 1073741824, 536870912, 357913942, 268435456, 214748365, 178956971, 153391690, 134217728, 119304648, 107374183, 97612894];

/** n! for n = 0..11 (11! < 2^26). */
const FACTORIAL: StaticArray<u32> = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800];

/**
 * Fills book `slot` of `cells` from the vectors in `chosen`; with `keyed`, also the
 * tickets' keys for the uniqueness set.
 */
function fillBook(slot: i32, keyed: bool): void {
  const base = slot * CELLS_PER_BOOK;
  const at = changetype<usize>(cells) + <usize>base;
  for (let i = 0; i < CELLS_PER_BOOK - 2; i += 8) store<u64>(at + <usize>i, 0); // 160 bytes
  store<u16>(at + <usize>(CELLS_PER_BOOK - 2), 0);
  for (let t = 0; t < 6; t++) {
    // A uniform pattern of the vector: a uniform canonical pattern of its type, whose
    // columns the vector's permutation rearranges (a bijection onto its patterns).
    const v = load<i32>(chosenBase + (<usize>(t) << 2));
    const d = <i32>load<u8>(vectorTypeBase + <usize>(v));
    const start = load<u32>(typePatternStartBase + (<usize>(d) << 2));
    const index = start + below(load<u32>(typePatternStartBase + (<usize>(d + 1) << 2)) - start);
    // Each column's rows (6-bit fields, 2 bits a row) in the vector's column order.
    const canonicalRows = load<u64>(typePatternRowsBase + (<usize>(index) << 3));
    const permutation = load<u64>(vectorPermutationBase + (<usize>(v) << 3));
    let rows: u64 = 0;
    for (let j: u64 = 0; j < <u64>COLUMNS; j++) {
      const source = (permutation >> (4 * j)) & 15;
      rows |= ((canonicalRows >> (6 * source)) & 63) << (6 * j);
    }
    store<u64>(ticketRowsBase + (<usize>t << 3), rows);
    store<u64>(ticketLanesBase + (<usize>t << 3), load<u64>(vectorLanesBase + (<usize>v << 3)));
    if (keyed) {
      const layout = unchecked(typePatterns[index]);
      let pattern: u32 = 0;
      for (let j = 0; j < COLUMNS; j++) {
        const mask = (layout >> (3 * <u32>((permutation >> (4 * <u64>j)) & 15))) & 7;
        pattern |= (mask & 1) << <u32>j | (mask & 2) << <u32>(8 + j) | (mask & 4) << <u32>(16 + j);
      }
      unchecked(chosenPattern[t] = pattern);
      unchecked(keyLow[t] = 0);
      unchecked(keyHigh[t] = 0);
    }
  }
  for (let j = 0; j < COLUMNS; j++) {
    const n = load<i32>(columnSizeBase + (<usize>(j) << 2));
    const first = load<i32>(columnFirstBase + (<usize>(j) << 2));
    // The column's labels in ticket order (k_t copies of t, a nibble each, in one word),
    // and each ticket's cells for it.
    let labels: u64 = 0;
    let pos: u64 = 0;
    let rows: u64 = 0; // per ticket 6 bits: its rows left in this column, 2 bits each
    for (let t = 0; t < 6; t++) {
      const k = (load<u64>(ticketLanesBase + (<usize>(t) << 3)) >> (7 * <u64>j)) & 127;
      labels |= ((<u64>t * 0x111) & ((<u64>1 << (4 * k)) - 1)) << pos;
      pos += 4 * k;
      rows |= ((load<u64>(ticketRowsBase + (<usize>(t) << 3)) >> (6 * <u64>j)) & 63) << (6 * <u64>t);
    }
    // A uniform shuffle of the labels (Fisher-Yates) from one draw below n! < 2^26: its
    // mixed-radix digits (radix n, n-1, ..., 2) are independent and uniform, one per
    // step. Every arrangement of the multiset of labels is then equally likely.
    let digits = below(load<u32>(FACTORIALBase + (<usize>(n) << 2)));
    for (let i = n - 1; i > 0; i--) {
      const d = <u32>(i + 1);
      const q = <u32>((<u64>digits * load<u64>(INVERSE30Base + (<usize>(d) << 3))) >> 30); // digits / d, exact
      const r = <u64>(digits - q * d);
      digits = q;
      // Swap nibbles i and r.
      const shiftI = 4 * <u64>i;
      const shiftR = 4 * r;
      const x = ((labels >> shiftI) ^ (labels >> shiftR)) & 15;
      labels ^= (x << shiftI) | (x << shiftR);
    }
    // Numbers in increasing order to their tickets' next cells: sorted down each column.
    for (let i = 0; i < n; i++) {
      const t = <i32>(labels & 15);
      labels >>= 4;
      const shift = 6 * <u64>t;
      const left = (rows >> shift) & 63;
      rows ^= (left ^ (left >> 2)) << shift;
      const x = <u32>(first + i);
      store<u8>(at + <usize>(t * CELLS_PER_TICKET + j + 9 * <i32>(left & 3)), <u8>x);
      if (keyed) {
        const bit = (<u64>1) << <u64>((x - 1) & 63);
        const isLow = x <= 64;
        unchecked(keyLow[t] |= select<u64>(bit, 0, isLow));
        unchecked(keyHigh[t] |= select<u64>(0, bit, isLow));
      }
    }
  }
  if (keyed) for (let t = 0; t < 6; t++) unchecked(keyHigh[t] |= <u64>unchecked(chosenPattern[t]) << 26);
}

// Addresses of the tables the book loops read, as plain integers: a read of a managed
// global costs a shadow-stack store under this runtime, a usize global does not. Set
// by generateBooks (the tables are static, so their addresses never change).
let vectorTypeBase: usize = 0;
let typePatternStartBase: usize = 0;
let typePatternRowsBase: usize = 0;
let vectorPermutationBase: usize = 0;
let vectorLanesBase: usize = 0;
let ticketRowsBase: usize = 0;
let ticketLanesBase: usize = 0;
let chosenBase: usize = 0;
let columnSizeBase: usize = 0;
let columnFirstBase: usize = 0;
let FACTORIALBase: usize = 0;
let INVERSE30Base: usize = 0;
function setBases(): void {
  vectorTypeBase = changetype<usize>(vectorType);
  typePatternStartBase = changetype<usize>(typePatternStart);
  typePatternRowsBase = changetype<usize>(typePatternRows);
  vectorPermutationBase = changetype<usize>(vectorPermutation);
  vectorLanesBase = changetype<usize>(vectorLanes);
  ticketRowsBase = changetype<usize>(ticketRows);
  ticketLanesBase = changetype<usize>(ticketLanes);
  chosenBase = changetype<usize>(chosen);
  columnSizeBase = changetype<usize>(columnSize);
  columnFirstBase = changetype<usize>(columnFirst);
  FACTORIALBase = changetype<usize>(FACTORIAL);
  INVERSE30Base = changetype<usize>(INVERSE30);
}

/**
 * Generates `count` (<= BATCH) books into `cells`. With `unique`, a book that repeats a
 * ticket issued earlier in the run is redrawn whole.
 */
export function generateBooks(count: i32, unique: bool): i32 {
  setBases();
  for (let b = 0; b < count; b++) {
    while (true) {
      drawBookVectors(chosenBase);
      fillBook(b, unique);
      if (unique && issueAll(keyLow, keyHigh, 6)) { redraws++; continue; }
      break;
    }
  }
  return count;
}

/** Fills ticket `slot` of `cells` (27 cells each) with a uniform ticket. */
function fillTicket(slot: i32): void {
  const base = slot * CELLS_PER_TICKET;
  for (let i = 0; i < CELLS_PER_TICKET; i++) unchecked(cells[base + i] = 0);
  const vectors = vectorCount();
  const x = below62(unchecked(fillingCumulative[vectors - 1]));
  let lo = 0;
  let hi = vectors - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (unchecked(fillingCumulative[mid]) > x) hi = mid; else lo = mid + 1;
  }
  const pattern = drawPattern(lo);
  unchecked(keyLow[0] = 0);
  unchecked(keyHigh[0] = 0);
  for (let j = 0; j < COLUMNS; j++) {
    const n = unchecked(columnSize[j]);
    const first = unchecked(columnFirst[j]);
    for (let i = 0; i < n; i++) unchecked(pool[i] = <u8>(first + i));
    const k = <i32>unchecked(vectorDigits[lo * COLUMNS + j]);
    for (let i = 0; i < k; i++) {
      const r = i + <i32>below(<u32>(n - i));
      const tmp = unchecked(pool[i]);
      unchecked(pool[i] = pool[r]);
      unchecked(pool[r] = tmp);
    }
    sortSmall(0, k);
    placeColumn(base, columnMask(pattern, j), j, 0, 0);
  }
  unchecked(keyHigh[0] |= <u64>pattern << 26);
}

/** Generates `count` (<= 6 * BATCH) uniform tickets into `cells`, none repeating with `unique`. */
export function generateTickets(count: i32, unique: bool): i32 {
  ensureWeights();
  for (let s = 0; s < count; s++) {
    while (true) {
      fillTicket(s);
      if (unique) {
        if (wasIssued(unchecked(keyLow[0]), unchecked(keyHigh[0]))) { redraws++; continue; }
        markIssued(unchecked(keyLow[0]), unchecked(keyHigh[0]));
      }
      break;
    }
  }
  return count;
}

/** Test hook: the vectors of the last book drawn. */
export function chosenVector(t: i32): i32 { return unchecked(chosen[t]); }
/** Test hook: the next raw 32-bit random word. */
export function nextWord(): u32 { return next32(); }

