// The exact rank of a ticket among all T = 3,669,688,706,217,187,500 tickets (T < 2^62),
// the uniqueness set's key: 8 bytes per slot instead of the 16 a 90-bit number set and
// 27-bit pattern take. A ticket is its vector v (column counts), its pattern among the
// p(v) patterns of v, and a c_j-subset of each column's n_j numbers, so
//   rank = base(v) + k * P(v) + sum_j r_j prod_{i<j} C(n_i, c_i),
// base(v) = sum_{u<v} p(u) P(u) (P(v) = prod_j C(n_j, c_j)), k = the index of the
// pattern among its type's canonical patterns once v's column permutation is undone
// (layouts.ts: a bijection onto the patterns of v), and r_j = the colex rank of column
// j's subset (positions i = number - first, rank sum_m C(i_m, m + 1)). Each part lies
// in its range, so the map is a bijection onto [0, T).

import { COLUMNS, VECTOR_COUNT, vectorOfCode3, vectorType, columnFirst, columnSize, patternsOf } from "./patterns";
import { ensureWeights, fillingWeight, fillingCumulative } from "./weights";
import { ensureLayouts, typePatterns, typePatternStart, vectorPermutation } from "./layouts";

/** Colex rank of a subset (bit i = position i) among the subsets of its size. */
export const subsetRank: usize = memory.data(2048 * 2); // u16, static memory (see draw.ts)
/** C(n, c) for n = 9, 10, 11 (size 0, 1, 2) and c = 0..3, at 4 size + c. */
export const chooseOf: usize = memory.data(12 * 4); // u32
/** Per vector: base(v) and P(v). */
export const rankBase: usize = memory.data(VECTOR_COUNT * 8); // u64
export const rankPerPattern: usize = memory.data(VECTOR_COUNT * 8); // u64
/** Canonical layout (column-major, typePatterns) + 1 -> its index, open addressing. */
const LAYOUT_SLOTS = 8192;
const layoutKey = new StaticArray<u32>(LAYOUT_SLOTS);
const layoutIndex = new StaticArray<u16>(LAYOUT_SLOTS);
let rankReady = false;

function choose(n: u32, k: u32): u32 {
  let r: u32 = 1;
  for (let i: u32 = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

// @ts-ignore: decorator
@inline function layoutSlot(layout: u32): i32 {
  return <i32>((layout * 0x9e3779b1) >> 19); // 13 bits
}

export function ensureRank(): void {
  if (rankReady) return;
  ensureWeights();
  ensureLayouts();
  // Pascal's triangle below 12, for the colex ranks.
  const pascal = new StaticArray<u32>(12 * 12);
  for (let n = 0; n < 12; n++) {
    unchecked((pascal[12 * n] = 1));
    for (let k = 1; k <= n; k++) unchecked((pascal[12 * n + k] = pascal[12 * (n - 1) + k - 1] + (k < n ? pascal[12 * (n - 1) + k] : 0)));
  }
  for (let mask: u32 = 0; mask < 2048; mask++) {
    let rank: u32 = 0;
    let m: u32 = 0;
    for (let i: u32 = 0; i < 11; i++) if ((mask >> i) & 1) rank += unchecked(pascal[12 * i + ++m]);
    store<u16>(subsetRank + ((<usize>mask) << 1), <u16>rank);
  }
  for (let size: u32 = 0; size < 3; size++)
    for (let c: u32 = 0; c < 4; c++) store<u32>(chooseOf + ((<usize>(4 * size + c)) << 2), choose(9 + size, c));
  for (let v = 0; v < VECTOR_COUNT; v++) {
    const filling = unchecked(fillingWeight[v]);
    store<u64>(rankBase + ((<usize>v) << 3), unchecked(fillingCumulative[v]) - filling);
    store<u64>(rankPerPattern + ((<usize>v) << 3), filling / <u64>patternsOf(v));
  }
  for (let s = 0; s < LAYOUT_SLOTS; s++) unchecked((layoutKey[s] = 0));
  const canonical = <i32>load<u32>(typePatternStart + 16);
  for (let i = 0; i < canonical; i++) {
    const key = unchecked(typePatterns[i]) + 1;
    let s = layoutSlot(key);
    while (unchecked(layoutKey[s]) != 0) s = (s + 1) & (LAYOUT_SLOTS - 1);
    unchecked((layoutKey[s] = key));
    unchecked((layoutIndex[s] = <u16>i));
  }
  rankReady = true;
}

/** The index of a canonical layout among typePatterns (it must be one). */
function layoutIndexOf(layout: u32): u32 {
  const key = layout + 1;
  let s = layoutSlot(key);
  while (unchecked(layoutKey[s]) != key) s = (s + 1) & (LAYOUT_SLOTS - 1);
  return <u32>unchecked(layoutIndex[s]);
}

/** The rank of the (valid) ticket whose 27 cells, row by row, 0 = blank, are at `at`. */
export function rankOfTicketAt(at: usize): u64 {
  ensureRank();
  let code3: u32 = 0; // sum_j (c_j - 1) 3^j
  let power3: u32 = 1;
  let layoutMasks: u64 = 0; // 3 bits per column
  let subsets: u64 = 0; // 11 bits per column: columns 0-4 here, 5-8 in subsetsHigh
  let subsetsHigh: u64 = 0;
  for (let j = 0; j < COLUMNS; j++) {
    const first = <u32>unchecked(columnFirst[j]);
    let mask: u32 = 0;
    let subset: u32 = 0;
    for (let r = 0; r < 3; r++) {
      const x = <u32>load<u8>(at + <usize>(9 * r + j));
      if (x != 0) {
        mask |= 1 << (<u32>r);
        subset |= 1 << (x - first);
      }
    }
    code3 += (popcnt<u32>(mask) - 1) * power3; // a valid ticket has no empty column
    power3 *= 3;
    layoutMasks |= (<u64>mask) << (3 * <u64>j);
    if (j < 5) subsets |= (<u64>subset) << (11 * <u64>j);
    else subsetsHigh |= (<u64>subset) << (11 * <u64>(j - 5));
  }
  const v = <i32>load<i16>(vectorOfCode3 + ((<usize>code3) << 1));
  const permutation = unchecked(vectorPermutation[v]);
  let layout: u32 = 0;
  for (let j = 0; j < COLUMNS; j++) {
    const source = <u32>((permutation >> (4 * <u64>j)) & 15);
    layout |= (<u32>((layoutMasks >> (3 * <u64>j)) & 7)) << (3 * source);
  }
  const k = layoutIndexOf(layout) - load<u32>(typePatternStart + ((<usize>load<u8>(vectorType + <usize>v)) << 2));
  let s: u64 = 0;
  let radix: u64 = 1;
  for (let j = 0; j < COLUMNS; j++) {
    const subset = <u32>((j < 5 ? subsets >> (11 * <u64>j) : subsetsHigh >> (11 * <u64>(j - 5))) & 2047);
    s += <u64>load<u16>(subsetRank + ((<usize>subset) << 1)) * radix;
    const size = unchecked(columnSize[j]) - 9;
    radix *= <u64>load<u32>(chooseOf + ((<usize>(4 * size + <i32>popcnt<u32>(subset))) << 2));
  }
  return load<u64>(rankBase + ((<usize>v) << 3)) + <u64>k * load<u64>(rankPerPattern + ((<usize>v) << 3)) + s;
}

/** Scratch for the host: a ticket's 27 cells, to rank with ticketRank(). */
export const ticketScratch = new StaticArray<u8>(32);
export function ticketScratchPtr(): usize {
  return changetype<usize>(ticketScratch);
}
export function ticketRank(): u64 {
  return rankOfTicketAt(changetype<usize>(ticketScratch));
}
