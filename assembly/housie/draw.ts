// The six column-count vectors of a uniform book, drawn exactly and without rounds of
// rejection worth the name.
//
// A book's vectors c_1..c_6 have probability prod_t w(c_t) / Z (weights.ts). With t the
// column sums of tickets 4-6, all books with that t weigh A(n - t) A(t) together, where
// A(t) = sum_c w(c) K(t - c) is the weight of three vectors summing to t (triples.ts) and
// K(r) that of two summing to r (pairs.ts). w, A and K are unchanged when the seven
// middle columns (all of size 10) are permuted, so the draw works on classes:
//  1. the class of t (t_1, t_9 and the multiset of the middle counts) with probability
//     |class| A(n - t) A(t) / Z, and its canonical member (middle counts ascending);
//  2. tickets 4-6 given t, and 1-3 given s = n - t (made canonical by reversing its
//     middle): the first vector c with probability w(c) K(t - c) / A(t) from an alias
//     table per class, then the pair residual r = t - c is made canonical by a stable
//     sort of its middle (a permutation rho) and the pair drawn with probability
//     w(a) w(b) / K(r) from the canonical residual's alias table, then carried back by rho;
//  3. one uniform permutation sigma of the middle columns applied to all six vectors.
// Step 3 makes the class's members equally likely (each is sigma(t) for the same number
// of sigmas), and given the member the draw is the canonical one carried over by sigma,
// a bijection that keeps weights. So every matrix comes with probability prod w / Z.
//
// Vectors are handled as v128 byte lanes (lane j = the count of column j), so that a
// permutation of the columns is one swizzle. The class draw uses rounded weights and an
// exact acceptance test (the weights take 107 bits); every other draw is an exact alias
// table in integers.

import { below, belowWide, next32 } from "../common/random";
import { buildAlias } from "./alias";
import { COLUMNS, VECTOR_COUNT, vectorDigits, vectorCount, vectorOfCode3 } from "./patterns";
import { aliasPair, ALIAS_THRESHOLD } from "./pairs";
import { ensureTriples, tripleTotal, termStart, termWeightBase, termVectorBase, releaseTerms, CLASS_COUNT } from "./triples";
import { middleClass, middleKey, pairClassTotal, pairClassStart, pairClassAlias, PAIR_CLASSES } from "./pair-classes";
import { multiply64, multiplyHigh } from "../common/wide";

// Fixed tables in static memory (memory.data): a table's address is a constant known when
// compiling, so an access is one load or store (a module-level StaticArray is a managed
// global, and this runtime stores such a global on the shadow stack at every read).

/** Per vector, its counts as 16 bytes (lanes 9-15 zero). */
export const vectorBytes: usize = memory.data(VECTOR_COUNT * 16);

/** Canonical three-ticket residuals with A > 0 ("classes"): bytes, alias slots, A, and
 * the class of the reversed complement n - t. */
const CLASS_LIMIT = 1024;
let classes = 0;
const classBytes: usize = memory.data(CLASS_LIMIT * 16);
const classSlot: usize = memory.data((CLASS_LIMIT + 1) * 4); // u32
const classTotal: usize = memory.data(CLASS_LIMIT * 8); // u64
const classPartner: usize = memory.data(CLASS_LIMIT * 4); // u32
/** Per alias slot of a class: [threshold, own vector | alias vector << 16]; one slot per
 * term of triples.ts, in unmanaged memory allocated by ensureDraw (every slot written). */

/** The class draw: alias words (threshold | own << 32 | alias << 48) over rounded
 * weights a_q = ceil(W_q / 2^shift) with sum topTotal < 2^32, and per class a_q and
 * D_q = (W_q - 1) mod 2^shift (two words), for the exact acceptance test. */
const topEntry: usize = memory.data(CLASS_LIMIT * 8); // u64
const topRounded: usize = memory.data(CLASS_LIMIT * 4); // u32
const topRestHigh: usize = memory.data(CLASS_LIMIT * 8); // u64
const topRestLow: usize = memory.data(CLASS_LIMIT * 8); // u64
let topTotal: u32 = 0;
let weightSumHigh: u64 = 0;
let weightSumLow: u64 = 0;
let topShift: u32 = 0;

/** Per pair-residual class (pairClassTotal's index), the first alias slot and the slot
 * count of its canonical member in pair-classes.ts's alias table. */
const pairSlot: usize = memory.data(PAIR_CLASSES * 4); // u32
const pairSlots: usize = memory.data(PAIR_CLASSES * 4); // u32

/** Lanes 0-7 of the middle permutations: entry d is Fisher-Yates driven by the mixed-radix
 * digits of d (radix 7, 6, ..., 2), a bijection from 0..5039 onto the permutations. */
const middlePermutations: usize = memory.data(5040 * 8); // u64

let drawReady = false;

function buildMiddlePermutations(): void {
  for (let d: u32 = 0; d < 5040; d++) {
    let digits = d;
    let lanes: u64 = KEY_INDEX_LOW; // byte j = j
    for (let i: u32 = 7; i > 1; i--) {
      const q = digits / i;
      const r = digits - q * i + 1; // uniform in 1..i
      digits = q;
      const shiftI = <u64>(8 * i);
      const shiftR = <u64>(8 * r);
      const x = ((lanes >> shiftI) ^ (lanes >> shiftR)) & 0xff;
      lanes ^= (x << shiftI) | (x << shiftR);
    }
    store<u64>(middlePermutations + ((<usize>d) << 3), lanes);
  }
}

/** 7! / prod of the multiplicities' factorials: the members of a class. */
function orbitSize(t: StaticArray<i32>): u64 {
  const seen = new StaticArray<i32>(16);
  let size: u64 = 5040;
  for (let j = 1; j < 8; j++) {
    const k = unchecked(seen[unchecked(t[j])]) + 1;
    unchecked((seen[unchecked(t[j])] = k));
    size /= <u64>k;
  }
  return size;
}

// 128-bit helpers for the class weights (the multiply is assembly/common/wide.ts).
/** (high, low) >> shift, shift < 128, truncated to 64 bits. */
function shiftRightWide(high: u64, low: u64, shift: u32): u64 {
  if (shift == 0) return low;
  if (shift >= 64) return high >> (<u64>(shift - 64));
  return (low >> (<u64>shift)) | (high << (<u64>(64 - shift)));
}

export function ensureDraw(): void {
  if (drawReady) return;
  ensureTriples();
  classEntryBase = heap.alloc((<usize>unchecked(termStart[CLASS_COUNT])) << 4);
  const vectors = vectorCount();
  for (let v = 0; v < vectors; v++) {
    for (let j = 0; j < COLUMNS; j++) store<u8>(vectorBytes + <usize>(16 * v + j), vectorDigits[v * COLUMNS + j]);
  }
  // Classes in the order of triples.ts's index: t_1 - 3 + 4 (t_9 - 3 + 6 middle).
  const classOfIndex = new StaticArray<i32>(CLASS_COUNT);
  const t = new StaticArray<i32>(COLUMNS);
  const weight = new StaticArray<u64>(VECTOR_COUNT);
  const threshold = new StaticArray<u64>(VECTOR_COUNT);
  const alias = new StaticArray<u16>(VECTOR_COUNT);
  const own = new StaticArray<u16>(VECTOR_COUNT);
  classes = 0;
  let slot: u32 = 0;
  for (let index = 0; index < CLASS_COUNT; index++) {
    unchecked((classOfIndex[index] = -1));
    const total = unchecked(tripleTotal[index]);
    if (total == 0) continue;
    const q = classes++;
    if (q >= CLASS_LIMIT) unreachable();
    unchecked((classOfIndex[index] = q));
    const key = <u32>unchecked(middleKey[index / 24]); // counts of 3..7, 3 bits each
    unchecked((t[0] = 3 + (index % 4)));
    unchecked((t[8] = 3 + ((index / 4) % 6)));
    let j = 1;
    for (let x = 0; x < 5; x++) for (let i: u32 = 0; i < ((key >> (3 * x)) & 7); i++) unchecked((t[j++] = 3 + x));
    for (let c = 0; c < COLUMNS; c++) store<u8>(classBytes + <usize>(16 * q + c), <u8>unchecked(t[c]));
    store<u64>(classTotal + ((<usize>q) << 3), total);
    store<u32>(classSlot + ((<usize>q) << 2), slot);
    // The first vector c with weight w(c) K(t - c) (> 0): the terms of A(t), triples.ts.
    const first = unchecked(termStart[index]);
    const n = <i32>(unchecked(termStart[index + 1]) - first);
    let sum: u64 = 0;
    for (let i = 0; i < n; i++) {
      unchecked((weight[i] = load<u64>(termWeightBase + ((<usize>(first + <u32>i)) << 3))));
      unchecked((own[i] = load<u16>(termVectorBase + ((<usize>(first + <u32>i)) << 1))));
      sum += unchecked(weight[i]);
    }
    if (sum != total || slot != first) unreachable();
    buildAlias(weight, n, total, threshold, alias);
    for (let i = 0; i < n; i++) {
      const at = classEntryBase + ((<usize>(slot + <u32>i)) << 4);
      store<u64>(at, unchecked(threshold[i]));
      store<u64>(at, (<u64>unchecked(own[i])) | ((<u64>unchecked(own[unchecked(alias[i])])) << 16), 8);
    }
    slot += <u32>n;
  }
  store<u32>(classSlot + ((<usize>classes) << 2), slot);
  releaseTerms();
  // Partners: s = n - t with its middle reversed (ascending again).
  for (let q = 0; q < classes; q++) {
    const first = 9 - <i32>load<u8>(classBytes + <usize>(16 * q));
    const last = 11 - <i32>load<u8>(classBytes + <usize>(16 * q + 8));
    let key = 0;
    for (let c = 1; c < 8; c++) key += 1 << (3 * (10 - <i32>load<u8>(classBytes + <usize>(16 * q + c)) - 3));
    const partner = unchecked(classOfIndex[first - 3 + 4 * (last - 3 + 6 * <i32>load<u16>(middleClass + ((<usize>key) << 1)))]);
    if (partner < 0) unreachable();
    store<u32>(classPartner + ((<usize>q) << 2), <u32>partner);
  }
  buildClassDraw();
  buildMiddlePermutations();
  // Pair residual classes: the alias slots of their canonical code (middle ascending).
  for (let p = 0; p < PAIR_CLASSES; p++) {
    store<u32>(pairSlot + ((<usize>p) << 2), pairClassStart[p]);
    store<u32>(pairSlots + ((<usize>p) << 2), pairClassStart[p + 1] - pairClassStart[p]);
  }
  drawReady = true;
}

/** The class draw's tables: W_q = |class| A(n - t) A(t) < 2^107, rounded up to 32 bits. */
function buildClassDraw(): void {
  const high = new StaticArray<u64>(classes);
  const low = new StaticArray<u64>(classes);
  const t = new StaticArray<i32>(COLUMNS);
  let sumHigh: u64 = 0;
  let sumLow: u64 = 0;
  for (let q = 0; q < classes; q++) {
    for (let c = 0; c < COLUMNS; c++) unchecked((t[c] = <i32>load<u8>(classBytes + <usize>(16 * q + c))));
    const l1 = multiply64(
      load<u64>(classTotal + ((<usize>q) << 3)),
      load<u64>(classTotal + ((<usize>load<u32>(classPartner + ((<usize>q) << 2))) << 3)),
    );
    const h1 = multiplyHigh;
    const orbit = orbitSize(t);
    const l2 = multiply64(l1, orbit);
    const h2 = h1 * orbit + multiplyHigh;
    unchecked((high[q] = h2));
    unchecked((low[q] = l2));
    sumLow += l2;
    sumHigh += h2 + <u64>(sumLow < l2);
  }
  weightSumHigh = sumHigh;
  weightSumLow = sumLow;
  const bits = sumHigh != 0 ? 128 - <u32>clz<u64>(sumHigh) : 64 - <u32>clz<u64>(sumLow);
  topShift = bits > 31 ? bits - 31 : 0;
  const rounded = new StaticArray<u64>(classes);
  let total: u64 = 0;
  for (let q = 0; q < classes; q++) {
    // W - 1 = (a - 1) 2^shift + D, 0 <= D < 2^shift.
    const h = unchecked(high[q]) - <u64>(unchecked(low[q]) == 0);
    const l = unchecked(low[q]) - 1;
    const a = shiftRightWide(h, l, topShift) + 1;
    if (a >= (<u64>1) << 32) unreachable();
    store<u32>(topRounded + ((<usize>q) << 2), <u32>a);
    unchecked((rounded[q] = a));
    total += a;
    if (topShift >= 64) {
      store<u64>(topRestLow + ((<usize>q) << 3), l);
      store<u64>(topRestHigh + ((<usize>q) << 3), h & (((<u64>1) << (<u64>(topShift - 64))) - 1));
    } else {
      store<u64>(topRestLow + ((<usize>q) << 3), l & (((<u64>1) << (<u64>topShift)) - 1));
      store<u64>(topRestHigh + ((<usize>q) << 3), 0);
    }
  }
  if (total >= (<u64>1) << 32) unreachable();
  topTotal = <u32>total;
  const threshold = new StaticArray<u64>(classes);
  const alias = new StaticArray<u16>(classes);
  buildAlias(rounded, classes, total, threshold, alias);
  for (let q = 0; q < classes; q++) {
    store<u64>(topEntry + ((<usize>q) << 3), threshold[q] | ((<u64>q) << 32) | ((<u64>alias[q]) << 48));
  }
}

/** Whether X <= D for X uniform on topShift bits, D = class q's rest: compared a word at
 * a time from the top, as many words as it takes (rarely reached: see drawClass). */
function restTest(q: i32): bool {
  let remaining = topShift;
  while (remaining > 0) {
    const bits = remaining < 32 ? remaining : 32;
    remaining -= bits;
    const x = next32() >> (32 - bits);
    const d = restBits(q, remaining, bits);
    if (x != d) return x < d;
  }
  return true;
}

/** Bits [below, below + bits) of class q's rest D_q. */
function restBits(q: i32, below: u32, bits: u32): u32 {
  const high = load<u64>(topRestHigh + ((<usize>q) << 3));
  const low = load<u64>(topRestLow + ((<usize>q) << 3));
  return <u32>(shiftRightWide(high, low, below) & (((<u64>1) << (<u64>bits)) - 1));
}

/** A class with probability W_q / sum W: proposed with probability a_q / topTotal, kept
 * with probability W_q / (a_q 2^shift), decided by the top part of a uniform number
 * below a_q 2^shift unless it ties with a_q - 1. */
// @ts-ignore: decorator
@inline function drawClass(): i32 {
  while (true) {
    const word = load<u64>(topEntry + ((<usize>below(classes)) << 3));
    const q = <i32>(below(topTotal) < <u32>word ? (word >> 32) & 0xffff : word >> 48);
    const a = load<u32>(topRounded + ((<usize>q) << 2));
    const top = below(a);
    if (top + 1 < a || restTest(q)) return q;
  }
}

/** Uniform below n, 1 <= n < 2^53. */
// @ts-ignore: decorator
@inline function belowAny(n: u64): u64 {
  return n <= 0xffffffff ? <u64>below(<u32>n) : belowWide(n);
}

// Lane constants (little-endian u64 halves).
/** Reverses the middle lanes: 0, 7, 6, ..., 1, 8, then 0x80 (a zero lane in a swizzle). */
const REVERSE_LOW: u64 = 0x0102030405060700;
const EDGE_HIGH: u64 = 0x8080808080808008;
/** Rank keys: lanes 1-7 keep (count << 4) | j; lane 0 is 0; lanes 8-15 are 0xff. */
const KEY_MASK_LOW: u64 = 0xffffffffffffff00;
const KEY_INDEX_LOW: u64 = 0x0706050403020100;
const KEY_INDEX_HIGH: u64 = 0xffffffffffffffff;
/** Rank start: lane 0 is 0, lanes 1-8 are 1, lanes 9-15 0x90 (zero lanes in a swizzle). */
const RANK_LOW: u64 = 0x0101010101010100;
const RANK_HIGH: u64 = 0x9090909090909001;

/** Per column of r (bytes, lanes 0-8), its place in the stable sort of the middle by
 * count: lane 0 -> 0, lane 8 -> 8, lanes 1-7 -> 1..7 (a swizzle from canonical to r). */
// @ts-ignore: decorator
@inline function rankMiddle(r: v128): v128 {
  const key = v128.or(v128.and(i8x16.shl(r, 4), i64x2(KEY_MASK_LOW, 0)), i64x2(KEY_INDEX_LOW & KEY_MASK_LOW, KEY_INDEX_HIGH));
  let rank = i64x2(RANK_LOW, RANK_HIGH);
  rank = i8x16.sub(rank, i8x16.gt_u(key, i8x16.shuffle(key, key, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)));
  rank = i8x16.sub(rank, i8x16.gt_u(key, i8x16.shuffle(key, key, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)));
  rank = i8x16.sub(rank, i8x16.gt_u(key, i8x16.shuffle(key, key, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)));
  rank = i8x16.sub(rank, i8x16.gt_u(key, i8x16.shuffle(key, key, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)));
  rank = i8x16.sub(rank, i8x16.gt_u(key, i8x16.shuffle(key, key, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5)));
  rank = i8x16.sub(rank, i8x16.gt_u(key, i8x16.shuffle(key, key, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)));
  rank = i8x16.sub(rank, i8x16.gt_u(key, i8x16.shuffle(key, key, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7)));
  return rank;
}

/** The vector index of count bytes x (lanes 0-8 in 1..3, the rest zero). */
// @ts-ignore: decorator
@inline function vectorOfBytes(x: v128): i32 {
  const digits = i8x16.sub_sat_u(x, i8x16.splat(1));
  const dot = i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_u(digits), i16x8(1, 3, 9, 27, 81, 243, 729, 2187));
  const sum = v128.add<i32>(dot, i32x4.shuffle(dot, dot, 2, 3, 0, 1));
  const code = i32x4.extract_lane(sum, 0) + i32x4.extract_lane(sum, 1) + 6561 * <i32>i8x16.extract_lane_u(digits, 8);
  return <i32>load<i16>(vectorOfCode3 + ((<usize>code) << 1));
}

// @ts-ignore: decorator
@inline function bytesOf(v: i32): v128 {
  return v128.load(vectorBytes + ((<usize>v) << 4));
}

/** Draws three vectors summing to class q's canonical residual, carried to the book's
 * columns by `map` (book column j takes canonical column map_j), into out[0..3). */
// @ts-ignore: decorator
@inline function drawTriple(q: i32, map: v128, out: usize): void {
  const start = load<u32>(classSlot + ((<usize>q) << 2));
  const size = load<u32>(classSlot + ((<usize>(q + 1)) << 2)) - start;
  const at = classEntryBase + ((<usize>(start + below(size))) << 4);
  const y = belowAny(load<u64>(classTotal + ((<usize>q) << 3)));
  const word = load<u64>(at, 8);
  const v = <i32>(y < load<u64>(at) ? word & 0xffff : (word >> 16) & 0xffff);
  const c = bytesOf(v);
  const r = i8x16.sub(v128.load(classBytes + ((<usize>q) << 4)), c);
  // The pair residual's class: r_1 - 2, r_9 - 2 and its middle multiset.
  const lanes = i64x2.extract_lane(r, 0);
  let key: u32 = 1 << (3 * (<u32>((lanes >> 8) & 0xff) - 2)); // counts of 2..6, 3 bits each
  key += 1 << (3 * (<u32>((lanes >> 16) & 0xff) - 2));
  key += 1 << (3 * (<u32>((lanes >> 24) & 0xff) - 2));
  key += 1 << (3 * (<u32>((lanes >> 32) & 0xff) - 2));
  key += 1 << (3 * (<u32>((lanes >> 40) & 0xff) - 2));
  key += 1 << (3 * (<u32>((lanes >> 48) & 0xff) - 2));
  key += 1 << (3 * (<u32>(lanes >> 56) - 2));
  const middle = <i32>load<u16>(middleClass + ((<usize>key) << 1));
  const p = <i32>(lanes & 0xff) - 2 + 5 * (<i32>i8x16.extract_lane_u(r, 8) - 2 + 5 * middle);
  const pairStart = load<u32>(pairSlot + ((<usize>p) << 2));
  const pairAt = pairClassAlias + ((<usize>(pairStart + below(load<u32>(pairSlots + ((<usize>p) << 2))))) << 3);
  const x = <u64>below(load<u32>(pairClassTotal + ((<usize>p) << 2)));
  const pairWord = load<u64>(pairAt);
  const pair =
    x < (pairWord & ALIAS_THRESHOLD)
      ? aliasPair(pairWord)
      : aliasPair(load<u64>(pairClassAlias + ((<usize>(pairStart + <u32>(pairWord >> 51))) << 3)));
  const toBook = i8x16.swizzle(rankMiddle(r), map);
  store<i32>(out, vectorOfBytes(i8x16.swizzle(c, map)));
  store<i32>(out, vectorOfBytes(i8x16.swizzle(bytesOf(<i32>(pair >> 11)), toBook)), 4);
  store<i32>(out, vectorOfBytes(i8x16.swizzle(bytesOf(<i32>(pair & 2047)), toBook)), 8);
}

/** A uniform permutation of the middle lanes (lanes 0 and 8 fixed, 9-15 zero): one draw
 * below 7! = 5040 picks it from middlePermutations. */
// @ts-ignore: decorator
@inline function drawMiddlePermutation(): v128 {
  return i64x2(load<u64>(middlePermutations + ((<usize>below(5040)) << 3)), EDGE_HIGH);
}

/** Draws a uniform book's six vectors into out[0..6) (i32 vector indices). */
export function drawBookVectors(out: usize): void {
  const q = drawClass();
  const sigma = drawMiddlePermutation();
  drawTriple(<i32>load<u32>(classPartner + ((<usize>q) << 2)), i8x16.swizzle(i64x2(REVERSE_LOW, EDGE_HIGH), sigma), out);
  drawTriple(q, sigma, out + 12);
}

// The class entries' address (sized at run time, allocated once by ensureDraw), as a plain
// integer: a read of a managed global costs a shadow-stack store under this runtime.
let classEntryBase: usize = 0;

/** Test hooks: the number of classes and of their alias slots. */
export function drawClassCount(): i32 {
  ensureDraw();
  return classes;
}
export function drawEntryCount(): u32 {
  ensureDraw();
  return load<u32>(classSlot + ((<usize>classes) << 2));
}
/** Test hook: the class draw's exact rest test for class q, on the current random words. */
export function restTestHook(q: i32): bool {
  ensureDraw();
  return restTest(q);
}
/** Test hook: chunk k (from the top, 32 bits but the last) of class q's rest D_q. */
export function restChunkHook(q: i32, k: i32): u32 {
  ensureDraw();
  let remaining = topShift;
  for (let i = 0; remaining > 0; i++) {
    const bits = remaining < 32 ? remaining : 32;
    remaining -= bits;
    if (i == k) return restBits(q, remaining, bits);
  }
  return 0;
}
/** Test hooks: sum_q W_q (128 bits), the total weight of all books. */
export function classWeightSumLow(): u64 {
  ensureDraw();
  return weightSumLow;
}
export function classWeightSumHigh(): u64 {
  ensureDraw();
  return weightSumHigh;
}
