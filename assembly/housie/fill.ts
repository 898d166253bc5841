// A book's cells from its six column-count vectors: a uniform pattern per ticket, then a
// uniform split of each column's numbers among the tickets.
//
// Patterns: all vectors of a type are column permutations of one canonical vector, and
// their patterns are the canonical patterns with the columns permuted the same way
// (layouts.ts), so a uniform canonical pattern of the type, permuted (one swizzle), is a
// uniform pattern of the vector.
//
// Splits: column j's n numbers go to the tickets by a uniform arrangement of its labels
// (k_t copies of ticket t, in ticket order: `labelsOf`), each ticket taking its numbers
// in increasing order down its rows. The arrangement is the labels permuted by a
// uniform permutation pi of n positions, from one draw below n!: with n = a + b
// (a = floor(n / 2)), the draw's mixed-radix digits (p1 < a!, p2 < b!, s < C(n, a))
// give pi = (pi1 (+) pi2) o tau_s: a permutation of each half, then a riffle that sends
// the first half to the s-th a-subset of positions and the second half to the rest,
// both in order. Each pi arises from exactly one (s, p1, p2) (s from pi^-1 of the first
// half, then pi1, pi2 from pi o tau_s^-1), so pi is uniform, and with it every
// arrangement of the labels (each is hit by prod_t k_t! permutations). Two swizzles
// apply it. The cells are then written ticket by ticket, a row (16 bytes) at a time:
// a ticket's m-th number in a column is the one at its m-th smallest position there,
// found from the bit mask of its labels' positions (the bits below its m-th lowest set
// bit, counted for all columns at once).

import { below } from "../common/random";
import { COLUMNS, VECTOR_COUNT, vectorType, columnFirst } from "./patterns";
import { ensureLayouts, typePatterns, typePatternStart, vectorPermutation } from "./layouts";
import { vectorBytes } from "./draw";
import { ensureRank, subsetRank, rankBase, rankPerPattern, chooseOf } from "./rank";

export const CELLS_PER_TICKET = 27;
export const CELLS_PER_BOOK = 6 * CELLS_PER_TICKET;

// Fixed tables in static memory (memory.data, see draw.ts): addresses known when compiling.

/** Per canonical pattern, each canonical column's 3-bit row mask (a byte each). */
const CANONICAL_PATTERNS = 2679;
const patternMasks: usize = memory.data(CANONICAL_PATTERNS * 16);
/** Per vector, lane j = the canonical column its column j takes (lanes 9-15: 0x80). */
const permutationBytes: usize = memory.data(VECTOR_COUNT * 16);
/** Per count tuple sum_t (k_t - 1) 3^t: the labels in ticket order, then 15s. */
const LABEL_KEYS = 729;
const labelsOf: usize = memory.data(LABEL_KEYS * 16);
/** Per 3-bit row mask m (bit r = row r), the rank of row r among m's rows, or 0xff when
 * m lacks row r (a blank): masks 0..7, one byte each, for r = 0, 1, 2. */
const RANK_OF_ROW_0: u64 = 0x00ff00ff00ff00ff;
const RANK_OF_ROW_1: u64 = 0x0100ffff0100ffff;
const RANK_OF_ROW_2: u64 = 0x02010100ffffffff;
/** Lanes j = 0..8: the first number of column j (patterns.ts columnFirst), then zeros. */
const firstNumbers: usize = memory.data(16);
for (let j = 0; j < COLUMNS; j++) store<u8>(firstNumbers + <usize>j, <u8>unchecked(columnFirst[j]));

/** The shuffle tables of the column sizes 9, 10 and 11: lanes of pi1 (first half) and
 * a + pi2 (second half, then 15 in lanes >= n), and of the riffles tau_s. */
const halfLow: usize = memory.data((24 + 120) * 16); // a = 4, then a = 5
const halfHigh: usize = memory.data((120 + 120 + 720) * 16); // (4, 5), (5, 5), (5, 6)
const riffles: usize = memory.data((126 + 252 + 462) * 16); // C(9,4), C(10,5), C(11,5)
/** Per size 9, 10, 11: the first entry of halfLow, halfHigh and riffles (u32s). */
const LOW_AT: usize = memory.data<u32>([0, 24, 24]);
const HIGH_AT: usize = memory.data<u32>([0, 120, 240]);
const RIFFLE_AT: usize = memory.data<u32>([0, 126, 378]);

/** Per ticket of the book being filled, for the uniqueness set: its exact rank (rank.ts), 6 u64s. */
export const keyRank: usize = memory.data(6 * 8);
/** Per ticket of the book being filled: the index of its pattern among its type's (u32s). */
const patternIndex: usize = memory.data(6 * 4);

// Per book scratch: each ticket's row mask per column, the label keys per column (u16s),
// and per ticket the positions of its numbers in each column (a u16 mask per column).
const ticketMasks: usize = memory.data(6 * 16);
const labelKeys: usize = memory.data(16 * 2);
const places: usize = memory.data(6 * 16 * 2);
let fillReady = false;

/** The p-th permutation of 0..k-1 in lexicographic order, into lanes at + offset.. */
function writePermutation(table: usize, entry: i32, k: i32, p: u32, offset: i32): void {
  let used: u32 = 0;
  let factorial: u32 = 1;
  for (let i = 2; i < k; i++) factorial *= <u32>i;
  for (let i = 0; i < k; i++) {
    const d = p / factorial;
    p -= d * factorial;
    if (i < k - 1) factorial /= <u32>(k - 1 - i);
    // The d-th unused value.
    let value = 0;
    let seen: u32 = 0;
    while (true) {
      if ((used & (1 << value)) == 0) {
        if (seen == d) break;
        seen++;
      }
      value++;
    }
    used |= 1 << value;
    store<u8>(table + <usize>(16 * entry + offset + i), <u8>(value + offset));
  }
}

export function ensureFill(): void {
  if (fillReady) return;
  ensureLayouts();
  ensureRank();
  const canonical = <i32>load<u32>(typePatternStart + 16);
  if (canonical != CANONICAL_PATTERNS) unreachable();
  for (let i = 0; i < canonical; i++) {
    const layout = unchecked(typePatterns[i]);
    for (let c = 0; c < COLUMNS; c++) store<u8>(patternMasks + <usize>(16 * i + c), <u8>((layout >> (3 * <u32>c)) & 7));
  }
  for (let v = 0; v < VECTOR_COUNT; v++) {
    const permutation = unchecked(vectorPermutation[v]);
    for (let j = 0; j < 16; j++) {
      store<u8>(permutationBytes + <usize>(16 * v + j), j < COLUMNS ? <u8>((permutation >> (4 * <u64>j)) & 15) : 0x80);
    }
  }
  for (let key = 0; key < LABEL_KEYS; key++) {
    let lane = 0;
    let rest = key;
    for (let t = 0; t < 6; t++) {
      const k = (rest % 3) + 1;
      rest /= 3;
      for (let i = 0; i < k && lane < 16; i++) store<u8>(labelsOf + <usize>(16 * key + lane++), <u8>t);
    }
    while (lane < 16) store<u8>(labelsOf + <usize>(16 * key + lane++), 15);
  }
  for (let size = 0; size < 3; size++) {
    const n = 9 + size;
    const a = n >> 1;
    const b = n - a;
    for (let p: u32 = 0; p < (a == 4 ? 24 : 120); p++) {
      writePermutation(halfLow, <i32>(load<u32>(LOW_AT + ((<usize>size) << 2)) + p), a, p, 0);
    }
    for (let p: u32 = 0; p < (b == 5 ? 120 : 720); p++) {
      const entry = <i32>(load<u32>(HIGH_AT + ((<usize>size) << 2)) + p);
      writePermutation(halfHigh, entry, b, p, a);
      for (let lane = n; lane < 16; lane++) store<u8>(halfHigh + <usize>(16 * entry + lane), 15);
    }
    // Riffles: the a-subsets of n positions in increasing order of their bit masks.
    let s = <i32>load<u32>(RIFFLE_AT + ((<usize>size) << 2));
    for (let mask = 0; mask < 1 << n; mask++) {
      if (popcnt<i32>(mask) != a) continue;
      let inSet = 0;
      let outSet = a;
      for (let lane = 0; lane < 16; lane++) {
        let index = lane;
        if (lane < n) index = (mask & (1 << lane)) != 0 ? inSet++ : outSet++;
        store<u8>(riffles + <usize>(16 * s + lane), <u8>index);
      }
      s++;
    }
  }
  fillReady = true;
}

/** A uniform arrangement of the labels L of a column of size index `size` (0, 1, 2 for
 * 9, 10, 11 numbers), from one draw below n! (see the top). */
// @ts-ignore: decorator
@inline function arrange(labels: v128, size: i32): v128 {
  const digits = below(size == 0 ? 362880 : size == 1 ? 3628800 : 39916800); // n!
  const lowCount: u32 = size == 0 ? 24 : 120; // a!
  const highCount: u32 = size == 2 ? 720 : 120; // b!
  const rest = digits / lowCount;
  const p1 = digits - rest * lowCount;
  const s = rest / highCount;
  const p2 = rest - s * highCount;
  const halves = v128.or(
    v128.load(halfLow + ((<usize>(load<u32>(LOW_AT + ((<usize>size) << 2)) + p1)) << 4)),
    v128.load(halfHigh + ((<usize>(load<u32>(HIGH_AT + ((<usize>size) << 2)) + p2)) << 4)),
  );
  const pi = i8x16.swizzle(halves, v128.load(riffles + ((<usize>(load<u32>(RIFFLE_AT + ((<usize>size) << 2)) + s)) << 4)));
  return i8x16.swizzle(labels, pi);
}

/** Splits column j's numbers among the tickets (size 0, 1, 2: 9, 10, 11 numbers, a
 * constant at each call, so that its divisions unroll): for each ticket, the bit mask
 * of its labels' positions in the arrangement to `places` (16-bit lane j of its 32
 * bytes): bit i = the column's (i+1)-th smallest number. */
// @ts-ignore: decorator
@inline function fillColumn(j: i32, size: i32): void {
  const labels = v128.load(labelsOf + ((<usize>load<u16>(labelKeys + ((<usize>j) << 1))) << 4));
  const order = arrange(labels, size);
  for (let t = 0; t < 6; t++) {
    // Bit i: position i holds ticket t's label (lanes beyond n hold 15).
    const mask = <u32>i8x16.bitmask(i8x16.eq(order, i8x16.splat(<i8>t)));
    store<u16>(places + ((<usize>t) << 5) + ((<usize>j) << 1), <u16>mask);
  }
}

/** Ticket t's rank (rank.ts) from its vector v, its pattern index and its subsets in
 * `places`. The subsets' part, sum_j r_j prod_{i<j} C(n_i, c_i), is taken in Horner's
 * form, r_0 + C_0 (r_1 + C_1 (r_2 + ...)), with C_j = C(n_j, c_j) and c_j the size of
 * subset j: small factors from a 12-entry table instead of a per-vector radix table that
 * does not stay in L1 (the same number). */
// @ts-ignore: decorator
@inline function rankOfFilled(t: i32, v: i32): u64 {
  const ticketPlaces = places + ((<usize>t) << 5);
  const last = <usize>load<u16>(ticketPlaces, 16); // column 8 (11 numbers)
  let s = <u64>load<u16>(subsetRank + (last << 1));
  for (let j = COLUMNS - 2; j >= 0; j--) {
    const subset = <u32>load<u16>(ticketPlaces + ((<usize>j) << 1));
    const size: u32 = j == 0 ? 0 : 1; // 9 numbers in column 0, 10 in columns 1-7
    const factor = load<u32>(chooseOf + ((<usize>(4 * size + popcnt<u32>(subset))) << 2));
    s = <u64>load<u16>(subsetRank + ((<usize>subset) << 1)) + <u64>factor * s;
  }
  return (
    load<u64>(rankBase + ((<usize>v) << 3)) +
    <u64>load<u32>(patternIndex + ((<usize>t) << 2)) * load<u64>(rankPerPattern + ((<usize>v) << 3)) +
    s
  );
}

/**
 * Fills the book at `at` (162 bytes, and 7 bytes after it are overwritten) from the
 * vectors chosen[0..6) (i32s at `chosen`); with `keyed`, also each ticket's rank (keyRank). Random
 * words: one per ticket (its pattern), then one per column (its split), in that order.
 */
export function fillBook(at: usize, chosen: usize, keyed: bool): void {
  let keys = i16x8.splat(0);
  let keyLast = i16x8.splat(0);
  let power: i16 = 1;
  for (let t = 0; t < 6; t++) {
    const v = load<i32>(chosen + ((<usize>t) << 2));
    const d = <i32>load<u8>(vectorType + <usize>v);
    const start = load<u32>(typePatternStart + ((<usize>d) << 2));
    const index = start + below(load<u32>(typePatternStart + ((<usize>(d + 1)) << 2)) - start);
    const masks = i8x16.swizzle(v128.load(patternMasks + ((<usize>index) << 4)), v128.load(permutationBytes + ((<usize>v) << 4)));
    v128.store(ticketMasks + ((<usize>t) << 4), masks);
    // Column j's label key gains (k_tj - 1) 3^t.
    const countsLess1 = i8x16.sub_sat_u(v128.load(vectorBytes + ((<usize>v) << 4)), i8x16.splat(1));
    keys = i16x8.add(keys, i16x8.mul(i16x8.extend_low_i8x16_u(countsLess1), i16x8.splat(power)));
    keyLast = i16x8.add(keyLast, i16x8.mul(i16x8.extend_high_i8x16_u(countsLess1), i16x8.splat(power)));
    power *= 3;
    store<u32>(patternIndex + ((<usize>t) << 2), index - start);
  }
  v128.store(labelKeys, keys);
  store<u16>(labelKeys + 16, i16x8.extract_lane_u(keyLast, 0));
  fillColumn(0, 0);
  for (let j = 1; j < 8; j++) fillColumn(j, 1);
  fillColumn(8, 2);
  if (keyed) {
    for (let t = 0; t < 6; t++) store<u64>(keyRank + ((<usize>t) << 3), rankOfFilled(t, load<i32>(chosen + ((<usize>t) << 2))));
  }
  // Each ticket row by row: in column j, row r holds the number at the ticket's
  // (rank of r among its rows there)-th place, plus the column's first number, or a
  // blank. Rows are stored 16 bytes at a time, in order, so each store's last 7 bytes
  // are overwritten by the next (the last book's spill lands in cells' padding).
  const first = v128.load(firstNumbers);
  for (let t = 0; t < 6; t++) {
    const masks = v128.load(ticketMasks + ((<usize>t) << 4));
    // The positions of the ticket's 1st, 2nd, 3rd labels per column: the number of bits
    // below each lowest remaining bit of its masks (16-bit lanes, columns 0-7 and 8).
    const low = v128.load(places + ((<usize>t) << 5));
    const high = v128.load(places + ((<usize>t) << 5), 16);
    const low1 = dropLowest(low),
      high1 = dropLowest(high);
    const number0 = i8x16.add(i8x16.narrow_i16x8_u(lowestPosition(low), lowestPosition(high)), first);
    const number1 = i8x16.add(i8x16.narrow_i16x8_u(lowestPosition(low1), lowestPosition(high1)), first);
    const number2 = i8x16.add(i8x16.narrow_i16x8_u(lowestPosition(dropLowest(low1)), lowestPosition(dropLowest(high1))), first);
    const row = at + <usize>(t * CELLS_PER_TICKET);
    v128.store(row, rowOf(i8x16.swizzle(i64x2(RANK_OF_ROW_0, 0), masks), number0, number1, number2));
    v128.store(row + 9, rowOf(i8x16.swizzle(i64x2(RANK_OF_ROW_1, 0), masks), number0, number1, number2));
    v128.store(row + 18, rowOf(i8x16.swizzle(i64x2(RANK_OF_ROW_2, 0), masks), number0, number1, number2));
  }
}

/** Per 16-bit lane, the index of the lowest set bit (16 for none). */
// @ts-ignore: decorator
@inline function lowestPosition(x: v128): v128 {
  const below = i16x8.sub(v128.and(x, i16x8.sub(i16x8.splat(0), x)), i16x8.splat(1));
  return i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(below));
}

/** Per 16-bit lane, x with its lowest set bit cleared. */
// @ts-ignore: decorator
@inline function dropLowest(x: v128): v128 {
  return v128.and(x, i16x8.sub(x, i16x8.splat(1)));
}

/** Per lane, number0/1/2 where rank is 0/1/2, and 0 (a blank) where it is 0xff. */
// @ts-ignore: decorator
@inline function rowOf(rank: v128, number0: v128, number1: v128, number2: v128): v128 {
  return v128.or(
    v128.or(v128.and(number0, i8x16.eq(rank, i8x16.splat(0))), v128.and(number1, i8x16.eq(rank, i8x16.splat(1)))),
    v128.and(number2, i8x16.eq(rank, i8x16.splat(2))),
  );
}
