// The symmetric method's kernel: tables counted row by row over states reduced by their
// symmetries (the port of src/tables/sym-ts.ts and canonical.ts, which stay its baseline).
// A state is the matrix of column needs — need[i][s], how often column i must still take
// symbol s — kept in canonical form under permutations of the columns and of the symbols
// of equal count, with the number of labelled partial tables that reach its class as a
// 128-bit count. The host passes the symbols sorted by count (equal counts adjacent), so
// the canonical matrix is the needs matrix itself.
//
// Canonical form (as canonical.ts): the lexicographically largest image, found by
// individualising one column at a time; cells of symbols split by the chosen column's
// values; only columns with the largest image row are tried, equal columns once, and
// automorphisms found at equal leaves prune candidates in an explored orbit.
//
// Weighted mode (the column method's jobs with distinctness rules, symWeighted): entry 0
// of a column is not a symbol but the column's weight b (b equal columns compressed into
// one), in a cell of its own, so no permutation maps a column onto one of another weight;
// the symbols are entries 1..k-1, and a row placed as a part of λ repeats `part` times.
//
// Memory: the fixed work areas are static (memory.data); the two layers (states of the
// current and the next row), the saved layers of the partition walk and the buffer that
// moves layers across the boundary are regions of a raw arena (arena.ts) under the
// instance's memory cap, growing by doubling outside the per-row loops.
import { copySmall, zeroSmall } from "../common/small-copy";
import { within } from "../common/guard";
import { arenaReset, arenaSetCap, regionAt, regionAtLeast, regionBytes } from "./arena";
import { multiplyWide, productLo, productHi, overflowed, clearOverflow, addWide, addWideAt, sumHigh } from "./wide";

/** Largest table (columns and rows) of the symmetric kernel. */
export const SYM_MAX_SIZE: i32 = 16;
/** Most symbols of the symmetric kernel. */
export const SYM_MAX_SYMBOLS: i32 = 16;
/** Automorphisms kept per canonisation (enough to collapse the orbits of symmetric states). */
const MAX_AUTOMORPHISMS: i32 = 64;

const MS: i32 = 16;
const MK: i32 = 16;

let n: i32 = 0;
let k: i32 = 0;
/** Weighted mode: entry 0 of a column is its weight, not a symbol. */
let weighted: bool = false;
/** The first entry that is a symbol a row places: 1 in weighted mode, else 0. */
let firstSymbol: i32 = 0;
/** How often the row being placed repeats (a part of λ); 1 row by row. */
let part: i32 = 1;
/** u64 words per stored state (the n·k need bytes, zero-padded). */
let keyWords: i32 = 0;

// Problem and scratch (static).
const countsAt: usize = memory.data(MK * 4);
const startAt: usize = memory.data(MS * MK);
/** Position p starts a cell of equal counts at depth 0. */
const initialStartsAt: usize = memory.data(MK);
const needsAt: usize = memory.data(MS * MK);
const childAt: usize = memory.data(MS * MK);

// Canonizer (static).
const orderAt: usize = memory.data((MS + 1) * MK * 4);
const cellStartAt: usize = memory.data((MS + 1) * MK);
const pathAt: usize = memory.data(MS * MK);
const bestAt: usize = memory.data(MS * MK);
const usedAt: usize = memory.data(MS);
const dupAt: usize = memory.data(MS * 4);
const imageAt: usize = memory.data(MK);
const maxImageAt: usize = memory.data((MS + 1) * MK);
const candAt: usize = memory.data((MS + 1) * MS * 4);
const pathColumnsAt: usize = memory.data(MS * 4);
const bestColumnsAt: usize = memory.data(MS * 4);
const automorphismsAt: usize = memory.data(MAX_AUTOMORPHISMS * MS * 4);
const orbitAt: usize = memory.data(MS * 4);
const exploredAt: usize = memory.data((MS + 1) * MS);
let haveBest: bool = false;
let automorphismCount: i32 = 0;

// Rows below one state (static).
const groupFirstAt: usize = memory.data(MS * 4);
const groupSizeAt: usize = memory.data(MS * 4);
/** Members of group g at (g * MS + j) * 4. */
const membersAt: usize = memory.data(MS * MS * 4);
const leftAt: usize = memory.data(MK * 4);
const factAt: usize = memory.data((MS + 1) * 8);
let groups: i32 = 0;
let parentLo: u64 = 0;
let parentHi: u64 = 0;

// @ts-ignore: decorator
@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((<usize>i) << 2), v);
}
// @ts-ignore: decorator
@inline function u8At(base: usize, i: i32): i32 {
  return <i32>load<u8>(base + <usize>i);
}
// @ts-ignore: decorator
@inline function setU8(base: usize, i: i32, v: i32): void {
  store<u8>(base + <usize>i, <u8>v);
}

// ---- Layers: canonical need matrices (keyWords u64 each) with 128-bit counts, hashes. ----
//
// The layers live in a raw arena (arena.ts), not in allocator arrays, whose blocks stop at
// 1 GiB: a layer may take what the memory cap allows. A layer is a region of entries, an
// entry the state's key (keyWords u64) then its count's low and high limbs; the next
// layer's hashes (u32 a state) and its open-addressing slots (i32, -1 empty) are regions of
// their own. Addresses are read again from the arena after anything grows.

const REGION_MOVE: i32 = 0;
const REGION_SAVED: i32 = 1;
const REGION_LAYER_A: i32 = 2;
const REGION_LAYER_B: i32 = 3;
const REGION_HASH: i32 = 4;
const REGION_SLOTS: i32 = 5;
const REGIONS: i32 = 6;

/** The regions of the current and the next layer (swapped after each step). */
let curRegion: i32 = REGION_LAYER_A;
let nextRegion: i32 = REGION_LAYER_B;
/** Bytes of an entry: the key, then the count's two limbs. */
let entryBytes: i32 = 16;
let curAt: usize = 0;
let nextAt: usize = 0;
let hashAt: usize = 0;
let slotsAt: usize = 0;
let curTop: i32 = 0;
let nextCap: i32 = 0;
let nextTop: i32 = 0;
let slotBits: i32 = 10;
let totalLo: u64 = 0;
let totalHi: u64 = 0;
/** States of the layer before the current one (kept in the next layer's region until the next step). */
let previousTop: i32 = 0;

/** Reads the layers' addresses from the arena again (after a region grew). */
function placeLayers(): void {
  curAt = regionAt(curRegion);
  nextAt = regionAt(nextRegion);
  hashAt = regionAt(REGION_HASH);
  slotsAt = regionAt(REGION_SLOTS);
  nextCap = <i32>min(regionBytes(nextRegion) / <u64>entryBytes, regionBytes(REGION_HASH) >> 2);
}

// @ts-ignore: decorator
@inline function entryAt(layer: usize, state: i32): usize {
  return layer + <usize>state * <usize>entryBytes;
}
// @ts-ignore: decorator
@inline function loAt(layer: usize, state: i32): usize {
  return entryAt(layer, state) + ((<usize>keyWords) << 3);
}
// @ts-ignore: decorator
@inline function hiAt(layer: usize, state: i32): usize {
  return entryAt(layer, state) + ((<usize>keyWords) << 3) + 8;
}

/** Room for `states` entries in the next layer (and their hashes), keeping what it holds. */
function nextAtLeast(states: i32): void {
  // (The hashes first: near the cap the entries then take what is left.)
  regionAtLeast(REGION_HASH, (<u64>states) << 2);
  regionAtLeast(nextRegion, <u64>states * <u64>entryBytes);
  placeLayers();
}

function growNext(): void {
  nextAtLeast(nextCap < 1024 ? 1024 : nextCap + 1);
}

function clearSlots(): void {
  const size = 1 << slotBits;
  for (let s = 0; s < size; s++) setI32(slotsAt, s, -1);
}

function growSlots(): void {
  slotBits++;
  regionAtLeast(REGION_SLOTS, (<u64>4) << slotBits);
  placeLayers();
  clearSlots();
  const mask = (1 << slotBits) - 1;
  for (let state = 0; state < nextTop; state++) {
    let s = slotOf(load<u32>(hashAt + ((<usize>state) << 2)));
    while (i32At(slotsAt, s) >= 0) s = (s + 1) & mask;
    setI32(slotsAt, s, state);
  }
}

// @ts-ignore: decorator
@inline function slotOf(hash: u32): i32 {
  return <i32>((hash * 0x9e3779b1) >> (32 - slotBits));
}

/** The hash of the canonical matrix in bestAt. */
function hashBest(): u32 {
  let h: u64 = 0xcbf29ce484222325;
  for (let i = 0; i < keyWords; i++) {
    h = (h ^ load<u64>(bestAt + ((<usize>i) << 3))) * 0x100000001b3;
    h ^= h >> 29;
  }
  return <u32>(h ^ (h >> 32));
}

/** Adds ways·mult to the count of the state in bestAt, in the next layer. */
function addBest(mult: u64): void {
  const w = keyWords;
  const hash = hashBest();
  multiplyWide(parentLo, parentHi, mult, 0);
  const addLo = productLo;
  const addHi = productHi;
  const mask = (1 << slotBits) - 1;
  let s = slotOf(hash);
  while (true) {
    const state = i32At(slotsAt, s);
    if (state < 0) break;
    if (load<u32>(hashAt + ((<usize>state) << 2)) == hash) {
      const at = entryAt(nextAt, state);
      let same = true;
      for (let i = 0; i < w; i++) {
        if (load<u64>(at + ((<usize>i) << 3)) != load<u64>(bestAt + ((<usize>i) << 3))) {
          same = false;
          break;
        }
      }
      if (same) {
        addWideAt(at + ((<usize>w) << 3), at + ((<usize>w) << 3) + 8, addLo, addHi);
        return;
      }
    }
    s = (s + 1) & mask;
  }
  if (nextTop == nextCap) growNext(); // may move the regions: addresses are read again below
  const state = nextTop++;
  const at = entryAt(nextAt, state);
  copySmall(at, bestAt, (<usize>w) << 3);
  store<u64>(at + ((<usize>w) << 3), addLo);
  store<u64>(at + ((<usize>w) << 3) + 8, addHi);
  store<u32>(hashAt + ((<usize>state) << 2), hash);
  setI32(slotsAt, s, state);
  if (nextTop * 2 > 1 << slotBits) growSlots();
}

// ---- Canonical form. ----

/** Image row of column i of `childAt` under the cells of depth d, into imageAt. */
function imageOf(i: i32, d: i32): void {
  const base = d * k;
  const row = childAt + <usize>(i * k);
  let p = 0;
  while (p < k) {
    let e = p + 1;
    while (e < k && u8At(cellStartAt, base + e) == 0) e++;
    for (let q = p; q < e; q++) {
      // Insertion sort, largest first (cells are small).
      const v = u8At(row, i32At(orderAt, base + q));
      let r = q;
      while (r > p && u8At(imageAt, r - 1) < v) {
        setU8(imageAt, r, u8At(imageAt, r - 1));
        r--;
      }
      setU8(imageAt, r, v);
    }
    p = e;
  }
}

/** Compares path rows 0..rows-1 with best: -1, 0, 1. */
function comparePrefix(rows: i32): i32 {
  const end = rows * k;
  for (let q = 0; q < end; q++) {
    const a = u8At(pathAt, q);
    const b = u8At(bestAt, q);
    if (a != b) return a > b ? 1 : -1;
  }
  return 0;
}

function orbitOf(i: i32): i32 {
  while (i32At(orbitAt, i) != i) i = i32At(orbitAt, i);
  return i;
}

/** Orbits (union-find in orbitAt) of the automorphisms found that fix pathColumns[0..d-1]. */
function orbitsFixing(d: i32): void {
  for (let i = 0; i < n; i++) setI32(orbitAt, i, i);
  for (let a = 0; a < automorphismCount; a++) {
    const base = a * n;
    let fixes = true;
    for (let t = 0; t < d && fixes; t++) {
      const c = i32At(pathColumnsAt, t);
      fixes = i32At(automorphismsAt, base + c) == c;
    }
    if (!fixes) continue;
    for (let i = 0; i < n; i++) {
      const x = orbitOf(i);
      const y = orbitOf(i32At(automorphismsAt, base + i));
      if (x != y) setI32(orbitAt, max(x, y), min(x, y));
    }
  }
}

/** Whether the automorphism at offset a equals an earlier one (and so adds nothing). */
function knownAutomorphism(a: i32): bool {
  for (let b = 0; b < a; b += n) {
    let same = true;
    for (let i = 0; i < n && same; i++) same = i32At(automorphismsAt, a + i) == i32At(automorphismsAt, b + i);
    if (same) return true;
  }
  return false;
}

function search(d: i32): void {
  if (d == n) {
    const cmp = haveBest ? comparePrefix(n) : 1;
    if (cmp > 0) {
      copySmall(bestAt, pathAt, <usize>(n * k));
      copySmall(bestColumnsAt, pathColumnsAt, <usize>(n * 4));
      haveBest = true;
    } else if (cmp == 0 && automorphismCount < MAX_AUTOMORPHISMS) {
      const a = automorphismCount * n;
      for (let t = 0; t < n; t++) setI32(automorphismsAt, a + i32At(bestColumnsAt, t), i32At(pathColumnsAt, t));
      if (!knownAutomorphism(a)) automorphismCount++;
    }
    return;
  }
  // The largest image row among the unused columns (one per set of equal columns).
  const cbase = d * n;
  let count = 0;
  const maxImage = maxImageAt + <usize>(d * k);
  for (let i = 0; i < n; i++) {
    if (u8At(usedAt, i) != 0) continue;
    if (load<u64>(invAt + ((<usize>i) << 3)) != load<u64>(targetAt + ((<usize>d) << 3))) continue;
    const first = i32At(dupAt, i);
    let skip = false;
    for (let j = first; j < i && !skip; j++) if (u8At(usedAt, j) == 0 && i32At(dupAt, j) == first) skip = true;
    if (skip) continue;
    imageOf(i, d);
    let cmp = 0;
    if (count > 0) {
      for (let q = 0; q < k && cmp == 0; q++) {
        const a = u8At(imageAt, q);
        const b = u8At(maxImage, q);
        if (a != b) cmp = a > b ? 1 : -1;
      }
    } else cmp = 1;
    if (cmp > 0) {
      copySmall(maxImage, imageAt, <usize>k);
      count = 0;
    }
    if (cmp >= 0) setI32(candAt, cbase + count++, i);
  }
  if (haveBest && comparePrefix(d) == 0) {
    for (let q = 0; q < k; q++) {
      const a = u8At(maxImage, q);
      const b = u8At(bestAt, d * k + q);
      if (a < b) return;
      if (a > b) break;
    }
  }
  const base = d * k;
  const nextBase = base + k;
  const explored = exploredAt + <usize>(d * n);
  zeroSmall(explored, <usize>n);
  for (let c = 0; c < count; c++) {
    const i = i32At(candAt, cbase + c);
    if (c > 0 && automorphismCount > 0 && count > 1) {
      orbitsFixing(d);
      if (u8At(explored, orbitOf(i)) != 0) continue;
    }
    copySmall(pathAt + <usize>(d * k), maxImage, <usize>k);
    setI32(pathColumnsAt, d, i);
    // Refine: every cell split by i's values, largest first (stable).
    const row = childAt + <usize>(i * k);
    let p = 0;
    while (p < k) {
      let e = p + 1;
      while (e < k && u8At(cellStartAt, base + e) == 0) e++;
      let out = p;
      let below = 256;
      while (true) {
        // The largest value of i in this cell under `below`.
        let value = -1;
        for (let q = p; q < e; q++) {
          const x = u8At(row, i32At(orderAt, base + q));
          if (x < below && x > value) value = x;
        }
        if (value < 0) break;
        let firstOfGroup = 1;
        for (let q = p; q < e; q++) {
          const symbol = i32At(orderAt, base + q);
          if (u8At(row, symbol) == value) {
            setU8(cellStartAt, nextBase + out, firstOfGroup);
            firstOfGroup = 0;
            setI32(orderAt, nextBase + out++, symbol);
          }
        }
        below = value;
      }
      p = e;
    }
    setU8(usedAt, i, 1);
    search(d + 1);
    setU8(usedAt, i, 0);
    if (count > 1 && c + 1 < count) {
      if (automorphismCount > 0) {
        orbitsFixing(d);
        setU8(explored, orbitOf(i), 1);
      } else setU8(explored, i, 1);
    }
    // Images of later candidates equal this one, but best may have changed: recheck.
    if (c + 1 < count && haveBest && comparePrefix(d) == 0) {
      let worse = false;
      for (let q = 0; q < k; q++) {
        const a = u8At(maxImage, q);
        const b = u8At(bestAt, d * k + q);
        if (a != b) {
          worse = a < b;
          break;
        }
      }
      if (worse) return;
    }
  }
}

/** The canonical form of the matrix in childAt, into bestAt. */
function canonize(): void {
  invariants();
  if (useInvariants && columnsDiscrete) {
    // Columns of equal invariant are equal: the search would take the columns in
    // decreasing invariant order (equal ones in any order, they give the same rows), and
    // each choice splits the symbol cells by the column's values, larger first; so the
    // symbols end up sorted inside their depth-0 cells by their values in those columns,
    // lexicographically, larger first (ties keep their order). Take that directly.
    let p = 0;
    while (p < k) {
      let e = p + 1;
      while (e < k && u8At(cellStartAt, e) == 0) e++;
      for (let q = p + 1; q < e; q++) {
        const symbol = i32At(orderAt, q);
        let r = q;
        while (r > p && symbolBefore(symbol, i32At(orderAt, r - 1))) {
          setI32(orderAt, r, i32At(orderAt, r - 1));
          r--;
        }
        setI32(orderAt, r, symbol);
      }
      p = e;
    }
    for (let d = 0; d < n; d++) {
      const i = i32At(pathColumnsAt, d);
      for (let q = 0; q < k; q++) setU8(bestAt, d * k + q, u8At(childAt, i * k + i32At(orderAt, q)));
    }
    return;
  }
  zeroSmall(usedAt, <usize>n);
  for (let i = 0; i < n; i++) {
    let d = i;
    for (let j = 0; j < i && d == i; j++) {
      let same = true;
      for (let s = 0; s < k && same; s++) same = u8At(childAt, i * k + s) == u8At(childAt, j * k + s);
      if (same) d = j;
    }
    setI32(dupAt, i, d);
  }
  haveBest = false;
  automorphismCount = 0;
  search(0);
}

/** Whether the invariants tell apart all columns but equal ones. */
function discreteColumns(): bool {
  for (let i = 0; i < n; i++) {
    const h = load<u64>(invAt + ((<usize>i) << 3));
    for (let j = i + 1; j < n; j++) {
      if (load<u64>(invAt + ((<usize>j) << 3)) != h) continue;
      for (let s = 0; s < k; s++) if (u8At(childAt, i * k + s) != u8At(childAt, j * k + s)) return false;
    }
  }
  return true;
}

/** Symbol t goes before symbol s: larger in the first column (in invariant order) where they differ. */
function symbolBefore(t: i32, s: i32): bool {
  for (let d = 0; d < n; d++) {
    const i = i32At(pathColumnsAt, d);
    const a = u8At(childAt, i * k + t);
    const b = u8At(childAt, i * k + s);
    if (a != b) return a > b;
  }
  return false;
}

// Invariants: numbers that an isomorphism (a column and an equal-count symbol
// permutation) carries over, so the canonical form may take the columns in decreasing
// invariant order and the symbols of equal count in decreasing invariant order; the
// search then only permutes columns (and splits symbol cells) of equal invariants. A
// symbol's key is built from its overlaps Σ_i need[i][s]·need[i][t] with the other
// symbols and their counts, its own count and overlap. A column's invariant comes in up
// to three rounds, the first that tells apart every two columns that differ being the
// one used: (0) its needs, each symbol named by its key; (1) that and its overlaps
// Σ_s need[i][s]·need[j][s] with the other columns; (2) those overlaps again, each with
// the other column's round 1. Round 0 is enough for most states (about nine children in ten of
// a 9×9 (2,2,2,2,1) count), so the costlier column overlaps are made only when needed.
// Collisions only make the cells coarser.
const dotAt: usize = memory.data(MS * MS * 4);
const symbolDotAt: usize = memory.data(MK * MK * 4);
/** The parent's overlaps while its children are made (expand), and each column's symbol in the row placed. */
const parentDotAt: usize = memory.data(MS * MS * 4);
const parentSymbolDotAt: usize = memory.data(MK * MK * 4);
const rowAt: usize = memory.data(MS * 4);
/** The child in childAt is needsAt minus the row in rowAt (its overlaps follow from the parent's). */
let fromRow: bool = false;
const invAt: usize = memory.data(MS * 8);
const firstInvAt: usize = memory.data(MS * 8);
const targetAt: usize = memory.data(MS * 8);
/** A symbol's invariant with its own count and overlap: how a column's needs name it. */
const symbolKeyAt: usize = memory.data(MK * 8);
/** Round 0 of the column invariants: the column's needs, symbols named by their keys. */
const needsInvAt: usize = memory.data(MS * 8);
/** Whether the last invariants() told apart every two columns that differ (then canonize needs no search). */
let columnsDiscrete: bool = false;
let useInvariants: bool = true;

// @ts-ignore: decorator
@inline function mix(h: u64, x: u64): u64 {
  h = (h ^ x) * 0x9e3779b97f4a7c15;
  return h ^ (h >> 29);
}

/**
 * Largest overlap Σ_s need[i][s]·need[j][s]: a column's symbol needs sum to at most
 * SYM_MAX_SIZE, each at most SYM_MAX_SIZE (so at most MS²), and a weight entry (weighted
 * mode) adds at most MS² more.
 */
const MAX_DOT: i32 = 2 * MS * MS;
/** dotHashAt[d]: a fixed pseudo-random word for overlap d. */
const dotHashAt: usize = memory.data((MAX_DOT + 1) * 8);
let dotHashReady: bool = false;

function fillDotHash(): void {
  for (let d = 0; d <= MAX_DOT; d++) store<u64>(dotHashAt + ((<usize>d) << 3), mix(mix(0x452821e638d01377, <u64>d), 0xbe5466cf34e90c6c));
  dotHashReady = true;
}

// @ts-ignore: decorator
@inline function dotHash(dot: i32): u64 {
  return load<u64>(dotHashAt + ((<usize>dot) << 3));
}

/** Overlaps of a matrix: columns' Σ_s m[i][s]·m[j][s] into columnDots (MS × MS), symbols' Σ_i m[i][s]·m[i][t] into symbolDots (MK × MK). */
function overlaps(matrix: usize, columnDots: usize, symbolDots: usize): void {
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      let dot = 0;
      for (let s = 0; s < k; s++) dot += u8At(matrix, i * k + s) * u8At(matrix, j * k + s);
      setI32(columnDots, i * MS + j, dot);
      setI32(columnDots, j * MS + i, dot);
    }
  }
  for (let s = 0; s < k; s++) {
    for (let t = s; t < k; t++) {
      let dot = 0;
      for (let i = 0; i < n; i++) dot += u8At(matrix, i * k + s) * u8At(matrix, i * k + t);
      setI32(symbolDots, s * MK + t, dot);
      setI32(symbolDots, t * MK + s, dot);
    }
  }
}

/**
 * The child's overlaps from its parent's (needsAt, overlaps made once per parent) and
 * the row, placed p = part times: column i takes symbol x_i, so child_i = parent_i −
 * p·e(x_i) and child_i·child_j = parent_i·parent_j − p·parent_i[x_j] − p·parent_j[x_i] +
 * p²·[x_i = x_j]; a symbol pair (s, t) loses p·parent_i[s] for each column i with x_i = t,
 * and the other way round, and (x, x) gains p² per column taking x.
 */
function columnDotsFromRow(): void {
  const p = part;
  const pp = p * p;
  for (let i = 0; i < n; i++) {
    const xi = i32At(rowAt, i);
    for (let j = i; j < n; j++) {
      const xj = i32At(rowAt, j);
      const dot = i32At(parentDotAt, i * MS + j) - p * (u8At(needsAt, i * k + xj) + u8At(needsAt, j * k + xi)) + (xi == xj ? pp : 0);
      setI32(dotAt, i * MS + j, dot);
      setI32(dotAt, j * MS + i, dot);
    }
  }
}

/** The symbols' part of the child's overlaps from its parent's (as columnDotsFromRow above). */
function symbolDotsFromRow(): void {
  const p = part;
  const pp = p * p;
  copySmall(symbolDotAt, parentSymbolDotAt, <usize>(k * MK * 4)); // (rows past k are never read)
  for (let i = 0; i < n; i++) {
    const x = i32At(rowAt, i);
    for (let s = 0; s < k; s++) {
      const loss = p * u8At(needsAt, i * k + s);
      setI32(symbolDotAt, s * MK + x, i32At(symbolDotAt, s * MK + x) - loss);
      setI32(symbolDotAt, x * MK + s, i32At(symbolDotAt, x * MK + s) - loss);
    }
    setI32(symbolDotAt, x * MK + x, i32At(symbolDotAt, x * MK + x) + pp);
  }
}

/** pathColumnsAt: the columns by decreasing invariant (equal ones in any order: with discrete columns they are equal columns; else the search sets its own). */
function orderColumns(): void {
  for (let a = 0; a < n; a++) {
    const v = load<u64>(invAt + ((<usize>a) << 3));
    let b = a;
    while (b > 0 && load<u64>(invAt + ((<usize>i32At(pathColumnsAt, b - 1)) << 3)) < v) {
      setI32(pathColumnsAt, b, i32At(pathColumnsAt, b - 1));
      b--;
    }
    setI32(pathColumnsAt, b, a);
  }
}

/** Column invariants (invAt, their decreasing order in targetAt) and the depth-0 symbol cells (orderAt, cellStartAt). */
function invariants(): void {
  if (!useInvariants) {
    for (let i = 0; i < n; i++) {
      store<u64>(invAt + ((<usize>i) << 3), 0);
      store<u64>(targetAt + ((<usize>i) << 3), 0);
    }
    for (let p = 0; p < k; p++) {
      setI32(orderAt, p, p);
      setU8(cellStartAt, p, u8At(initialStartsAt, p));
    }
    return;
  }
  if (fromRow) symbolDotsFromRow();
  else overlaps(childAt, dotAt, symbolDotAt);
  // Symbols: overlaps with every other symbol, with its count (summed as hashes); a
  // symbol's key adds its own count and overlap (how a column's needs name it).
  for (let s = 0; s < k; s++) {
    let sum: u64 = 0;
    for (let t = 0; t < k; t++) {
      if (t == s) continue;
      const dot = i32At(symbolDotAt, s * MK + t);
      sum += mix(mix(0x13198a2e03707344, <u64>dot), <u64>i32At(countsAt, t));
    }
    const inv = mix(0x13198a2e03707344, sum);
    store<u64>(symbolKeyAt + ((<usize>s) << 3), mix(mix(inv, <u64>i32At(countsAt, s)), <u64>i32At(symbolDotAt, s * MK + s)));
  }
  // Depth-0 order: by count (the positions), then decreasing key; a cell per (count, key).
  for (let p = 0; p < k; p++) {
    const v = load<u64>(symbolKeyAt + ((<usize>p) << 3));
    let b = p;
    while (b > 0 && u8At(initialStartsAt, b) == 0 && load<u64>(symbolKeyAt + ((<usize>i32At(orderAt, b - 1)) << 3)) < v) {
      setI32(orderAt, b, i32At(orderAt, b - 1));
      b--;
    }
    setI32(orderAt, b, p);
  }
  for (let p = 0; p < k; p++) {
    const start =
      u8At(initialStartsAt, p) != 0 ||
      load<u64>(symbolKeyAt + ((<usize>i32At(orderAt, p)) << 3)) != load<u64>(symbolKeyAt + ((<usize>i32At(orderAt, p - 1)) << 3));
    setU8(cellStartAt, p, start ? 1 : 0);
  }
  // Round 0, cheap: a column's needs, each symbol named by its key (a sum of hashes: no
  // sorting; a collision only makes the cells coarser). Once the symbols' keys tell them
  // apart, it tells apart every two columns that differ, and the overlaps of columns
  // are never made.
  for (let i = 0; i < n; i++) {
    const row = childAt + <usize>(i * k);
    let needs: u64 = 0;
    for (let s = 0; s < k; s++) needs += mix(load<u64>(symbolKeyAt + ((<usize>s) << 3)), <u64>u8At(row, s));
    store<u64>(needsInvAt + ((<usize>i) << 3), mix(0x243f6a8885a308d3, needs));
  }
  // Each round that already tells apart every two columns that differ is the invariant:
  // a later one cannot refine it (and whether it does is itself invariant).
  copySmall(invAt, needsInvAt, (<usize>n) << 3);
  columnsDiscrete = discreteColumns();
  if (!columnsDiscrete) {
    // Round 1: the multiset of a column's overlaps with the others, and round 0.
    if (fromRow) columnDotsFromRow();
    for (let i = 0; i < n; i++) {
      let sum: u64 = 0;
      for (let j = 0; j < n; j++) if (j != i) sum += dotHash(i32At(dotAt, i * MS + j));
      store<u64>(firstInvAt + ((<usize>i) << 3), mix(mix(load<u64>(needsInvAt + ((<usize>i) << 3)), <u64>i32At(dotAt, i * MS + i)), sum));
    }
    copySmall(invAt, firstInvAt, (<usize>n) << 3);
    columnsDiscrete = discreteColumns();
  }
  if (columnsDiscrete) {
    orderColumns();
    return;
  }
  // Round 2: the overlaps again, each with the other column's round 1.
  for (let i = 0; i < n; i++) {
    let sum: u64 = 0;
    for (let j = 0; j < n; j++) if (j != i) sum += mix(dotHash(i32At(dotAt, i * MS + j)), load<u64>(firstInvAt + ((<usize>j) << 3)));
    store<u64>(invAt + ((<usize>i) << 3), mix(load<u64>(firstInvAt + ((<usize>i) << 3)), sum));
  }
  // targetAt: the column invariants, decreasing (the search takes the columns in this order).
  orderColumns();
  for (let d = 0; d < n; d++) store<u64>(targetAt + ((<usize>d) << 3), load<u64>(invAt + ((<usize>i32At(pathColumnsAt, d)) << 3)));
  columnsDiscrete = discreteColumns();
}

/** Whether the canonical form uses the invariants (1, the default) or only the search (0); both give the same classes. */
export function symUseInvariants(on: i32): void {
  useInvariants = on != 0;
}

// ---- Rows below one state. ----

/**
 * Fills group g from symbol s on, `placed` of its columns done: equal columns are
 * interchangeable, so a group of `size` equal columns takes a multiset of symbols (y_s of
 * symbol s) in size!/Π y_s! ways; `denom` is Π y! of the group so far. A column takes
 * symbol s when its need is at least `part` (it drops by part); in weighted mode its
 * weight counts towards the row's count of s.
 */
function fillGroup(g: i32, s: i32, placed: i32, mult: u64, denom: u64): void {
  if (g == groups) {
    canonize();
    addBest(mult);
    return;
  }
  const size = i32At(groupSizeAt, g);
  if (placed == size) {
    fillGroup(g + 1, firstSymbol, 0, mult * (load<u64>(factAt + ((<usize>size) << 3)) / denom), 1);
    return;
  }
  if (s == k) return;
  const first = i32At(groupFirstAt, g);
  const members = membersAt + ((<usize>(g * MS)) << 2);
  const left = i32At(leftAt, s);
  const weight = weighted ? u8At(needsAt, first * k) : 1;
  const most = u8At(needsAt, first * k + s) >= part ? min(size - placed, weighted ? left / weight : left) : 0;
  for (let y = most; y >= 0; y--) {
    if (y > 0) {
      for (let j = 0; j < y; j++) {
        const column = i32At(members, placed + j);
        const at = column * k + s;
        setU8(childAt, at, u8At(childAt, at) - part);
        setI32(rowAt, column, s);
      }
      setI32(leftAt, s, left - y * weight);
    }
    fillGroup(g, s + 1, placed + y, mult, denom * load<u64>(factAt + ((<usize>y) << 3)));
    if (y > 0) {
      for (let j = 0; j < y; j++) {
        const at = i32At(members, placed + j) * k + s;
        setU8(childAt, at, u8At(childAt, at) + part);
      }
      setI32(leftAt, s, left);
    }
  }
}

/** Every row below the state in needsAt, each child added to the next layer. */
function expand(): void {
  groups = 0;
  for (let i = 0; i < n; i++) {
    let found = -1;
    for (let g = 0; g < groups && found < 0; g++) {
      const f = i32At(groupFirstAt, g);
      let same = true;
      for (let s = 0; s < k && same; s++) same = u8At(needsAt, f * k + s) == u8At(needsAt, i * k + s);
      if (same) found = g;
    }
    if (found < 0) {
      found = groups++;
      setI32(groupFirstAt, found, i);
      setI32(groupSizeAt, found, 0);
    }
    const size = i32At(groupSizeAt, found);
    setI32(membersAt, found * MS + size, i);
    setI32(groupSizeAt, found, size + 1);
  }
  for (let s = firstSymbol; s < k; s++) setI32(leftAt, s, i32At(countsAt, s));
  copySmall(childAt, needsAt, <usize>(n * k));
  overlaps(needsAt, parentDotAt, parentSymbolDotAt);
  fromRow = true;
  fillGroup(0, firstSymbol, 0, 1, 1);
  fromRow = false;
}

// ---- Exports. ----

/** The instance's memory cap in MiB (its memory maximum): the layers grow up to it, then the count stops saying so. */
export function symSetMemoryCap(mib: i32): void {
  within(mib, 1, 4096, "limit-exceeded: symSetMemoryCap: MiB past the 4 GiB memory");
  arenaSetCap(mib);
}

/** Starts a count of n×n tables over k symbols (counts and needs set next); the layers are emptied. */
export function symSetup(size: i32, symbolCount: i32): void {
  within(size, 1, SYM_MAX_SIZE, "limit-exceeded: symSetup: size past SYM_MAX_SIZE");
  within(symbolCount, 1, SYM_MAX_SYMBOLS, "limit-exceeded: symSetup: symbols past SYM_MAX_SYMBOLS");
  n = size;
  k = symbolCount;
  weighted = false;
  firstSymbol = 0;
  part = 1; // a count stopped inside a step (the memory cap) leaves it set
  savedLevels = 0;
  fromRow = false; // the same
  if (!dotHashReady) fillDotHash();
  keyWords = (n * k + 7) >> 3;
  entryBytes = (keyWords << 3) + 16;
  arenaReset(REGIONS);
  curRegion = REGION_LAYER_A;
  nextRegion = REGION_LAYER_B;
  curTop = 0;
  nextTop = 0;
  slotBits = 10;
  regionAtLeast(REGION_SLOTS, (<u64>4) << slotBits);
  placeLayers();
  memory.fill(startAt, 0, <usize>(MS * MK));
  memory.fill(bestAt, 0, <usize>(MS * MK));
  memory.fill(pathAt, 0, <usize>(MS * MK));
  let f: u64 = 1;
  store<u64>(factAt, 1);
  for (let i = 1; i <= MS; i++) {
    f *= <u64>i;
    store<u64>(factAt + ((<usize>i) << 3), f);
  }
}

/**
 * Weighted mode, right after symSetup (whose symbol count then includes the weight
 * entry): entry 0 of every column is its weight, in a cell of its own; symbols are 1..k-1.
 */
export function symSetWeighted(): void {
  within(k, 2, SYM_MAX_SYMBOLS, "limit-exceeded: symSetWeighted: a weight entry and at least one symbol");
  weighted = true;
  firstSymbol = 1;
  setI32(countsAt, 0, -1); // no symbol's count: the weight's cell stays its own
  setU8(initialStartsAt, 0, 1);
}

/** Count of symbol s in every line; symbols must come in increasing count order. */
export function symSetCount(s: i32, count: i32): void {
  within(s, firstSymbol, k - 1, "limit-exceeded: symSetCount: symbol past the symbols of symSetup");
  within(count, 0, SYM_MAX_SIZE, "limit-exceeded: symSetCount: count past SYM_MAX_SIZE");
  setI32(countsAt, s, count);
  setU8(initialStartsAt, s, s == 0 || i32At(countsAt, s - 1) != count ? 1 : 0);
}

/** Need of column i for symbol s at the start (after the given rows). */
export function symSetNeed(i: i32, s: i32, need: i32): void {
  within(i, 0, n - 1, "limit-exceeded: symSetNeed: column past the size of symSetup");
  within(s, 0, k - 1, "limit-exceeded: symSetNeed: symbol past the symbols of symSetup");
  within(need, 0, SYM_MAX_SIZE, "limit-exceeded: symSetNeed: need past SYM_MAX_SIZE");
  setU8(startAt, i * k + s, need);
}

/** Makes the start state (canonised, count 1) the current layer; returns its size (1). */
export function symBegin(): i32 {
  clearOverflow();
  reuseNext();
  curTop = 0;
  clearSlots();
  copySmall(childAt, startAt, <usize>(n * k));
  canonize();
  parentLo = 1;
  parentHi = 0;
  addBest(1);
  return swapLayers();
}

function swapLayers(): i32 {
  const region = curRegion;
  curRegion = nextRegion;
  nextRegion = region;
  curTop = nextTop;
  reuseNext();
  return curTop;
}

/** Empties the next layer, keeping the room its region has (the hashes are rebuilt each layer). */
function reuseNext(): void {
  nextTop = 0;
  placeLayers();
  if (nextCap < 1024) nextAtLeast(1024);
}

/** Places one more row: the next layer from the current; returns its number of states, or -1 if a count passed 128 bits. */
export function symStep(): i32 {
  return symStepShare(0, 1);
}

/**
 * Places one more row below the states of one share of the current layer only (those
 * whose index is `share` mod `shares`): a part of the next layer, for a count split across
 * instances that build the same layers up to here (the order of a layer's states is
 * deterministic), and add the parts up by loading them (symLoad*). Returns the part's
 * number of states, or -1 if a count passed 128 bits.
 */
export function symStepShare(share: i32, shares: i32): i32 {
  within(shares, 1, 1 << 20, "limit-exceeded: symStepShare: shares past 2^20");
  within(share, 0, shares - 1, "limit-exceeded: symStepShare: share past the shares");
  previousTop = curTop;
  clearSlots();
  const bytes = <usize>(n * k);
  for (let state = share; state < curTop; state += shares) {
    // (curAt read each time: the next layer's growth may move the current one.)
    copySmall(needsAt, entryAt(curAt, state), bytes);
    parentLo = load<u64>(loAt(curAt, state));
    parentHi = load<u64>(hiAt(curAt, state));
    expand();
  }
  const size = swapLayers();
  return overflowed ? -1 : size;
}

/**
 * Places one row repeated p times (a part of λ, weighted mode): the next layer from the
 * current; returns its number of states, or -1 if a count passed 128 bits.
 */
export function symStepPart(p: i32): i32 {
  within(p, 1, SYM_MAX_SIZE, "limit-exceeded: symStepPart: part past SYM_MAX_SIZE");
  part = p;
  const states = symStep();
  part = 1;
  return states;
}

// ---- Saved layers: the partition walk goes depth first, so parts with a common prefix
// share its layers; a layer with more than one part to follow is saved, then restored
// before each. ----

let savedLevels: i32 = 0;
/** First state and states of each saved layer. */
const savedFirstAt: usize = memory.data((MS + 1) * 4);
const savedStatesAt: usize = memory.data((MS + 1) * 4);

/** Saves the current layer on top of the saved ones (their region holds entries, as a layer's). */
export function symSave(): void {
  within(savedLevels, 0, MS, "limit-exceeded: symSave: more saved layers than rows");
  const first = savedLevels == 0 ? 0 : i32At(savedFirstAt, savedLevels - 1) + i32At(savedStatesAt, savedLevels - 1);
  regionAtLeast(REGION_SAVED, <u64>(first + curTop) * <u64>entryBytes);
  placeLayers();
  memory.copy(entryAt(regionAt(REGION_SAVED), first), curAt, <usize>curTop * <usize>entryBytes);
  setI32(savedFirstAt, savedLevels, first);
  setI32(savedStatesAt, savedLevels, curTop);
  savedLevels++;
}

/** Makes the last saved layer the current one again (it stays saved); returns its states. */
export function symRestore(): i32 {
  within(savedLevels, 1, MS + 1, "limit-exceeded: symRestore: no saved layer");
  const first = i32At(savedFirstAt, savedLevels - 1);
  const states = i32At(savedStatesAt, savedLevels - 1);
  regionAtLeast(curRegion, <u64>states * <u64>entryBytes);
  placeLayers();
  memory.copy(curAt, entryAt(regionAt(REGION_SAVED), first), <usize>states * <usize>entryBytes);
  curTop = states;
  return states;
}

/** Drops the last saved layer. */
export function symDrop(): void {
  within(savedLevels, 1, MS + 1, "limit-exceeded: symDrop: no saved layer");
  savedLevels--;
}

/** Sums the counts of the current layer into symTotalLo/Hi; returns 0, or -1 if the sum passed 128 bits. */
export function symTotal(): i32 {
  let lo: u64 = 0;
  let hi: u64 = 0;
  for (let state = 0; state < curTop; state++) {
    const addLo = load<u64>(loAt(curAt, state));
    const addHi = load<u64>(hiAt(curAt, state));
    lo = addWide(lo, hi, addLo, addHi);
    hi = sumHigh;
  }
  totalLo = lo;
  totalHi = hi;
  return overflowed ? -1 : 0;
}

export function symTotalLo(): u64 {
  return totalLo;
}

export function symTotalHi(): u64 {
  return totalHi;
}

// ---- A layer read out and loaded back: the parts of a split step (symStepShare), made
// by other instances, are added up by loading each into one layer (equal classes sum). ----

/** Entry `at` (column · k + symbol position) of the canonical needs matrix of a state of the current layer (its count: symPairWaysLo/Hi(0, state)). */
export function symStateByte(state: i32, at: i32): i32 {
  within(state, 0, curTop - 1, "limit-exceeded: symStateByte: state past the layer");
  within(at, 0, n * k - 1, "limit-exceeded: symStateByte: entry past the matrix");
  return u8At(entryAt(curAt, state), at);
}

/** Starts loading a layer (after symSetup and symBegin): the next layer is emptied. */
export function symLoadBegin(): void {
  clearOverflow();
  previousTop = curTop;
  clearSlots();
  reuseNext();
  memory.fill(bestAt, 0, <usize>(MS * MK));
}

/** Entry `at` of the matrix of the state being loaded: a canonical matrix, as symStateByte read it. */
export function symLoadByte(at: i32, value: i32): void {
  within(at, 0, n * k - 1, "limit-exceeded: symLoadByte: entry past the matrix");
  within(value, 0, SYM_MAX_SIZE, "limit-exceeded: symLoadByte: need past SYM_MAX_SIZE");
  setU8(bestAt, at, value);
}

/** Adds the loaded matrix with count hi·2^64 + lo to the next layer (a class loaded twice sums). */
export function symLoadState(lo: u64, hi: u64): void {
  parentLo = lo;
  parentHi = hi;
  addBest(1);
}

/** Makes the loaded layer the current one; returns its number of states, or -1 if a sum passed 128 bits. */
export function symLoadEnd(): i32 {
  const size = swapLayers();
  return overflowed ? -1 : size;
}

// ---- The same, in bulk: a batch of states at a time through one buffer, so a layer of
// hundreds of millions of bytes does not cross the boundary one byte per call. A batch is
// `count` matrices (n·k bytes each, packed), then from the next multiple of 8 their counts
// as (lo, hi) u64 pairs: the layout of a SymLayerPart's keys and ways. ----

/** Bytes of a batch of `count` states: the matrices, padded to 8, then 16 bytes a count. */
function batchBytes(count: i32): usize {
  return ((<usize>count * <usize>(n * k) + 7) & ~(<usize>7)) + ((<usize>count) << 4);
}

/** The address of a buffer for batches of `count` states (made or grown here; valid until the next call that allocates). */
export function symMoveBuffer(count: i32): usize {
  within(count, 1, 1 << 24, "limit-exceeded: symMoveBuffer: batch past 2^24 states");
  const bytes = batchBytes(count);
  if (bytes > (<usize>1) << 30) abort("limit-exceeded: symMoveBuffer: batch past 1 GiB");
  regionAtLeast(REGION_MOVE, <u64>bytes);
  placeLayers();
  return regionAt(REGION_MOVE);
}

/** Writes states first .. first + count − 1 of the current layer to the buffer, as a batch (symStateByte and symPairWaysLo/Hi, in bulk). */
export function symReadOut(first: i32, count: i32): void {
  within(first, 0, curTop, "limit-exceeded: symReadOut: first state past the layer");
  within(count, 0, curTop - first, "limit-exceeded: symReadOut: states past the layer");
  if (regionBytes(REGION_MOVE) < <u64>batchBytes(count)) abort("limit-exceeded: symReadOut: batch past symMoveBuffer's");
  const bytes = n * k;
  const out = regionAt(REGION_MOVE);
  const waysAt = out + ((<usize>count * <usize>bytes + 7) & ~(<usize>7));
  for (let i = 0; i < count; i++) {
    const state = first + i;
    memory.copy(out + <usize>i * <usize>bytes, entryAt(curAt, state), <usize>bytes);
    store<u64>(waysAt + ((<usize>i) << 4), load<u64>(loAt(curAt, state)));
    store<u64>(waysAt + ((<usize>i) << 4) + 8, load<u64>(hiAt(curAt, state)));
  }
}

/** Adds the batch of `count` states in the buffer to the layer being loaded (symLoadByte and symLoadState, in bulk). */
export function symLoadBatch(count: i32): void {
  within(count, 0, 1 << 24, "limit-exceeded: symLoadBatch: batch past 2^24 states");
  if (regionBytes(REGION_MOVE) < <u64>batchBytes(count)) abort("limit-exceeded: symLoadBatch: batch past symMoveBuffer's");
  const bytes = n * k;
  const from = regionAt(REGION_MOVE); // the lowest region: the layers' growth does not move it
  const waysAt = from + ((<usize>count * <usize>bytes + 7) & ~(<usize>7));
  for (let i = 0; i < count; i++) {
    const matrix = from + <usize>i * <usize>bytes;
    for (let at = 0; at < bytes; at++) {
      if (u8At(matrix, at) > SYM_MAX_SIZE) abort("limit-exceeded: symLoadBatch: need past SYM_MAX_SIZE");
    }
    memory.copy(bestAt, matrix, <usize>bytes);
    parentLo = load<u64>(waysAt + ((<usize>i) << 4));
    parentHi = load<u64>(waysAt + ((<usize>i) << 4) + 8);
    addBest(1);
  }
}

// ---- Meet in the middle. ----
//
// The ways to finish a labelled state N (needs) with the remaining rows equal the ways to
// reach its complement (counts − N, column by column) from the start: the bottom rows read
// upwards are the same process. After a = ⌈n/2⌉ rows the host pairs every class c of
// layer a (n even) or of layer a − 1 (n odd; its states stay in the next-layer arrays
// until the next step) with the class of its complement in layer a, and sums
// W(c) · W(partner) / orbit(c), orbit(c) = n! · Π m_j! / |Aut(c)|. The kernel gives each
// state's partner, its count and its automorphisms (column and symbol permutations that
// fix the matrix).

/** Matrix of the paired state (n·k bytes) and scratch for the automorphism search. */
const pairAt: usize = memory.data(MS * MK);
const sigmaAt: usize = memory.data(MK * 4);
const symbolUsedAt: usize = memory.data(MK);
/** Per depth d and column i: hash of the column's first d+1 entries, as is (A) and permuted (B). */
const prefixAAt: usize = memory.data((MK + 1) * MS * 8);
const prefixBAt: usize = memory.data((MK + 1) * MS * 8);
const sortAt: usize = memory.data(MS * 8);
const sortBAt: usize = memory.data(MS * 8);
let autSymbols: u64 = 0;
let autColumns: u64 = 0;

/** Number of states the pairing runs over: layer a (fromPrevious 0) or layer a − 1 (1). */
export function symPairStates(fromPrevious: i32): i32 {
  return fromPrevious != 0 ? previousTop : curTop;
}

function pairKeysAt(fromPrevious: i32, state: i32): usize {
  within(state, 0, symPairStates(fromPrevious) - 1, "limit-exceeded: symPair: state past the layer");
  return entryAt(fromPrevious != 0 ? nextAt : curAt, state);
}

/** Low limb of the count of a state of the paired layer. */
export function symPairWaysLo(fromPrevious: i32, state: i32): u64 {
  pairKeysAt(fromPrevious, state);
  return load<u64>(loAt(fromPrevious != 0 ? nextAt : curAt, state));
}

/** High limb of the count of a state of the paired layer. */
export function symPairWaysHi(fromPrevious: i32, state: i32): u64 {
  pairKeysAt(fromPrevious, state);
  return load<u64>(hiAt(fromPrevious != 0 ? nextAt : curAt, state));
}

/**
 * The index in the current layer of the class of the state's complement (counts − needs;
 * in weighted mode each column keeps its weight), or -1 if it has none.
 */
export function symPartner(fromPrevious: i32, state: i32): i32 {
  const key = pairKeysAt(fromPrevious, state);
  for (let i = 0; i < n; i++) {
    if (weighted) setU8(childAt, i * k, u8At(key, i * k));
    for (let s = firstSymbol; s < k; s++) {
      const need = u8At(key, i * k + s);
      const count = i32At(countsAt, s);
      if (need > count) return -1;
      setU8(childAt, i * k + s, count - need);
    }
  }
  canonize();
  const hash = hashBest();
  const mask = (1 << slotBits) - 1;
  let s = slotOf(hash);
  while (true) {
    const found = i32At(slotsAt, s);
    if (found < 0) return -1;
    if (found < curTop) {
      const at = entryAt(curAt, found);
      let same = true;
      for (let i = 0; i < keyWords && same; i++) same = load<u64>(at + ((<usize>i) << 3)) == load<u64>(bestAt + ((<usize>i) << 3));
      if (same) return found;
    }
    s = (s + 1) & mask;
  }
  return -1;
}

/** Sorts the first m u64 at `at`, increasing (insertion sort, m ≤ 16). */
function sortWordsAt(at: usize, m: i32): void {
  for (let a = 1; a < m; a++) {
    const v = load<u64>(at + ((<usize>a) << 3));
    let b = a;
    while (b > 0 && load<u64>(at + ((<usize>(b - 1)) << 3)) > v) {
      store<u64>(at + ((<usize>b) << 3), load<u64>(at + ((<usize>(b - 1)) << 3)));
      b--;
    }
    store<u64>(at + ((<usize>b) << 3), v);
  }
}

/** Whether the rows of pairAt with symbols permuted by sigma are the rows of pairAt, as multisets (exact). */
function permutedRowsMatch(): bool {
  const used = exploredAt; // scratch: a row of pairAt matched already
  memory.fill(used, 0, <usize>n);
  for (let i = 0; i < n; i++) {
    let matched = false;
    for (let j = 0; j < n && !matched; j++) {
      if (u8At(used, j) != 0) continue;
      let same = true;
      for (let s = 0; s < k && same; s++) same = u8At(pairAt, i * k + i32At(sigmaAt, s)) == u8At(pairAt, j * k + s);
      if (same) {
        setU8(used, j, 1);
        matched = true;
      }
    }
    if (!matched) return false;
  }
  return true;
}

/** Counts the symbol permutations (within equal counts) from position d on that map the rows' multiset to itself. */
function searchSymbols(d: i32): void {
  if (d == k) {
    if (permutedRowsMatch()) autSymbols++;
    return;
  }
  const count = i32At(countsAt, d);
  for (let t = 0; t < k; t++) {
    if (u8At(symbolUsedAt, t) != 0 || i32At(countsAt, t) != count) continue;
    setI32(sigmaAt, d, t);
    // Prune: the multisets of the columns' first d+1 entries, as is and permuted, must agree (hashes; the leaf checks exactly).
    const a = prefixAAt + ((<usize>(d * MS)) << 3);
    const b = prefixBAt + ((<usize>(d * MS)) << 3);
    for (let i = 0; i < n; i++) {
      const pa: u64 = d == 0 ? 0x243f6a8885a308d3 : load<u64>(a - ((<usize>MS) << 3) + ((<usize>i) << 3));
      const pb: u64 = d == 0 ? 0x243f6a8885a308d3 : load<u64>(b - ((<usize>MS) << 3) + ((<usize>i) << 3));
      store<u64>(a + ((<usize>i) << 3), mix(pa, <u64>u8At(pairAt, i * k + d)));
      store<u64>(b + ((<usize>i) << 3), mix(pb, <u64>u8At(pairAt, i * k + t)));
    }
    copySmall(sortAt, a, (<usize>n) << 3);
    copySmall(sortBAt, b, (<usize>n) << 3);
    sortWordsAt(sortAt, n);
    sortWordsAt(sortBAt, n);
    let same = true;
    for (let i = 0; i < n && same; i++) same = load<u64>(sortAt + ((<usize>i) << 3)) == load<u64>(sortBAt + ((<usize>i) << 3));
    if (!same) continue;
    setU8(symbolUsedAt, t, 1);
    searchSymbols(d + 1);
    setU8(symbolUsedAt, t, 0);
  }
}

/**
 * The automorphisms of a state of the paired layer: symAutSymbols() symbol permutations
 * (within equal counts) map its columns' multiset to itself, each with symAutColumns()
 * column permutations (Π over equal columns of their number!); |Aut| is the product.
 */
export function symAutomorphisms(fromPrevious: i32, state: i32): void {
  copySmall(pairAt, pairKeysAt(fromPrevious, state), <usize>(n * k));
  autColumns = 1;
  for (let i = 0; i < n; i++) {
    let equal = 1; // columns j < i equal to i, plus i
    for (let j = 0; j < i; j++) {
      let same = true;
      for (let s = 0; s < k && same; s++) same = u8At(pairAt, i * k + s) == u8At(pairAt, j * k + s);
      if (same) equal++;
    }
    autColumns *= <u64>equal;
  }
  autSymbols = 0;
  zeroSmall(symbolUsedAt, <usize>k);
  searchSymbols(0);
}

export function symAutSymbols(): u64 {
  return autSymbols;
}

export function symAutColumns(): u64 {
  return autColumns;
}
