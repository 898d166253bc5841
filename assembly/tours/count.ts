// Exact tour counting by depth-first search with incremental degree pruning (see
// src/tours/count-ts.ts, the TS baseline, for the rules). Counts are i64 (BigInt in JS).
import { within } from "../common/guard";
import { MOVE_DC, MOVE_DR } from "./moves";

/** Largest board the counter's fixed arrays hold (n*n squares). */
export const MAX_COUNT_SQUARES: i32 = 16 * 16;
const MAX_SQUARES = MAX_COUNT_SQUARES;

// The board's fixed tables in static memory (memory.data): their addresses are known when
// compiling, so a read is one load, with no managed global (under the incremental runtime
// a read of a module-level StaticArray first stores it on the shadow stack, which the
// search would do several times a node).
/** The adjacency lists: square h's neighbours at 8h .. 8h + neighbourCount(h). */
const adjBase: usize = memory.data(MAX_SQUARES * 8 * sizeof<i32>());
const adjCountBase: usize = memory.data(MAX_SQUARES * sizeof<i32>());
const freeBase: usize = memory.data(MAX_SQUARES);
const degBase: usize = memory.data(MAX_SQUARES * sizeof<i32>());
let total: i32 = 0;
let low: i32 = 0; // free squares with deg <= 1
let zeros: i32 = 0; // free squares with deg == 0
let goal: i32 = -1; // closed: the start, to be re-entered last
let freeBits: u64 = 0; // the free squares as a bit set (boards up to 7×7), for the memo

// Memo of completion counts by (head, free set): many different prefixes cover the same
// squares and end on the same head, and the count of ways to finish depends on nothing
// else (the pruning rules read only the free set). Direct-mapped, two slots a bucket, the
// newer entry wins: a lost entry costs time, never exactness.
let memoBits: i32 = 22; // 2^22 slots for 6×6, 2^24 for 7×7 (256 MB)
const MEMO_MIN_LEFT: i32 = 8; // smaller subtrees are cheaper to search than to look up
let memoKeys = new StaticArray<u64>(0);
let memoCounts = new StaticArray<i64>(0);
let memoOn = false;
let memoFor: i64 = -1; // (session, n, start, closed) the memo entries belong to

function setBoard(n: i32): void {
  total = n * n;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      let k = 0;
      for (let m = 0; m < 8; m++) {
        const rr = r + unchecked(MOVE_DR[m]),
          cc = c + unchecked(MOVE_DC[m]);
        if (rr >= 0 && rr < n && cc >= 0 && cc < n) store<i32>(adjBase + ((<usize>(i * 8 + k++)) << 2), rr * n + cc);
      }
      store<i32>(adjCountBase + ((<usize>i) << 2), k);
    }
  }
}

// The memo's addresses as plain integers (it is sized per board), reset when it is replaced.
let memoKeysBase: usize = 0;
let memoCountsBase: usize = 0;

/** The k-th entry of the adjacency lists (square h's are at 8h ..). */
// @ts-ignore: decorator
@inline function neighbour(k: i32): i32 {
  return load<i32>(adjBase + ((<usize>k) << 2));
}
// @ts-ignore: decorator
@inline function neighbourCount(h: i32): i32 {
  return load<i32>(adjCountBase + ((<usize>h) << 2));
}
// @ts-ignore: decorator
@inline function isFree(x: i32): bool {
  return load<u8>(freeBase + <usize>x) != 0;
}
// @ts-ignore: decorator
@inline function setFree(x: i32, value: u8): void {
  store<u8>(freeBase + <usize>x, value);
}
// @ts-ignore: decorator
@inline function degree(x: i32): i32 {
  return load<i32>(degBase + ((<usize>x) << 2));
}
// @ts-ignore: decorator
@inline function setDegree(x: i32, d: i32): void {
  store<i32>(degBase + ((<usize>x) << 2), d);
}

// @ts-ignore: decorator
@inline
function isNeighbour(a: i32, b: i32): bool {
  const end = a * 8 + neighbourCount(a);
  for (let k = a * 8; k < end; k++) if (neighbour(k) == b) return true;
  return false;
}

// @ts-ignore: decorator
@inline
function take(h: i32): void {
  setFree(h, 0);
  freeBits ^= (<u64>1) << h;
  const dh = degree(h);
  if (dh <= 1) low--;
  if (dh == 0) zeros--;
  const end = h * 8 + neighbourCount(h);
  for (let k = h * 8; k < end; k++) {
    const x = neighbour(k);
    if (isFree(x)) {
      const d = degree(x) - 1;
      setDegree(x, d);
      if (d == 1) low++;
      else if (d == 0) zeros++;
    }
  }
}

// @ts-ignore: decorator
@inline
function release(h: i32): void {
  const end = h * 8 + neighbourCount(h);
  for (let k = h * 8; k < end; k++) {
    const x = neighbour(k);
    if (isFree(x)) {
      const d = degree(x);
      setDegree(x, d + 1);
      if (d == 1) low--;
      else if (d == 0) zeros--;
    }
  }
  setFree(h, 1);
  freeBits ^= (<u64>1) << h;
  const dh = degree(h);
  if (dh <= 1) low++;
  if (dh == 0) zeros++;
}

function search(h: i32, left: i32): i64 {
  if (left == 0) return 1;
  if (left == 1 && goal >= 0) return isNeighbour(h, goal) ? 1 : 0;
  const begin = h * 8;
  const end = begin + neighbourCount(h);
  let nearLow = 0,
    nearZero = 0;
  let goalNear = false;
  for (let k = begin; k < end; k++) {
    const x = neighbour(k);
    if (!isFree(x)) continue;
    if (x == goal) goalNear = true;
    const d = degree(x);
    if (d <= 1) {
      nearLow++;
      if (d == 0) nearZero++;
    }
  }
  let farLow = low - nearLow;
  let farZero = zeros - nearZero;
  if (goal >= 0 && !goalNear && degree(goal) <= 1) {
    farLow--; // the goal is the allowed end
    if (degree(goal) == 0) farZero--;
  }
  if (farZero > 0 || farLow > (goal >= 0 ? 0 : 1)) return 0;
  if (nearZero > 0) return left == 1 && nearZero == 1 && goal < 0 ? 1 : 0;
  let slot: i32 = -1;
  let key: u64 = 0;
  if (memoOn && left >= MEMO_MIN_LEFT) {
    key = ((freeBits << 6) | (<u64>h)) + 1; // + 1: 0 marks an empty slot
    slot = (<i32>((key * 0x9e3779b97f4a7c15) >> (64 - memoBits))) & ~1;
    if (load<u64>(memoKeysBase + ((<usize>slot) << 3)) == key) return load<i64>(memoCountsBase + ((<usize>slot) << 3));
    if (load<u64>(memoKeysBase + ((<usize>(slot + 1)) << 3)) == key) return load<i64>(memoCountsBase + ((<usize>(slot + 1)) << 3));
  }
  let paths: i64 = 0;
  for (let k = begin; k < end; k++) {
    const x = neighbour(k);
    if (!isFree(x) || x == goal) continue;
    take(x);
    paths += search(x, left - 1);
    // Both terms are below 2^63, so a carry past 63 bits shows as a negative sum.
    if (paths < 0) abort("limit-exceeded: a tour count passed the counter's 63 bits");
    release(x);
  }
  if (slot >= 0) {
    if (load<u64>(memoKeysBase + ((<usize>slot) << 3)) != 0) slot++; // keep the older entry in the other slot
    store<u64>(memoKeysBase + ((<usize>slot) << 3), key);
    store<i64>(memoCountsBase + ((<usize>slot) << 3), paths);
  }
  return paths;
}

function setUpMemo(n: i32, start: i32, closed: bool, session: i32): void {
  memoOn = n >= 6 && total <= 58;
  if (!memoOn) return;
  const bits = n >= 7 ? 24 : 22;
  if (memoKeys.length != 1 << bits) {
    memoKeys = new StaticArray<u64>(0);
    memoCounts = new StaticArray<i64>(0);
    __collect(); // free a smaller table before asking for a bigger one
    memoKeys = new StaticArray<u64>(1 << bits);
    memoCounts = new StaticArray<i64>(1 << bits);
    memoBits = bits;
    memoKeysBase = changetype<usize>(memoKeys);
    memoCountsBase = changetype<usize>(memoCounts);
    memoFor = -1;
  }
  const owner: i64 = ((<i64>session) << 32) | ((<i64>n) << 16) | ((<i64>start) << 1) | (closed ? 1 : 0);
  if (owner != memoFor) {
    for (let i = 0; i < 1 << memoBits; i++) unchecked((memoKeys[i] = 0));
    memoFor = owner;
  }
}

/**
 * Directed paths through every square of the n×n board (n <= 16) starting on `start`
 * and going first to `second` (-1: any); `closed` keeps those ending a move from `start`.
 * Calls with the same `session` (one count, split into tasks) and start share the memo;
 * a new session starts from an empty one, so every count does its own work.
 */
export function countPaths(n: i32, start: i32, second: i32, closed: bool, session: i32): i64 {
  return countPathsVia(n, start, second, -1, closed, session);
}

/** countPaths with a third square too (-1: any), for finer parts of a sharded count. */
export function countPathsVia(n: i32, start: i32, second: i32, third: i32, closed: bool, session: i32): i64 {
  within(n * n, 1, MAX_COUNT_SQUARES, "limit-exceeded: countPaths: board past MAX_COUNT_SQUARES");
  within(start, 0, n * n - 1, "limit-exceeded: countPaths: start off the board");
  within(second, -1, n * n - 1, "limit-exceeded: countPaths: second square off the board");
  within(third, -1, n * n - 1, "limit-exceeded: countPaths: third square off the board");
  setBoard(n);
  if (total == 1) return closed ? 0 : 1;
  low = 0;
  zeros = 0;
  for (let i = 0; i < total; i++) {
    const d = neighbourCount(i);
    setDegree(i, d);
    setFree(i, 1);
    if (d <= 1) low++;
    if (d == 0) zeros++;
  }
  goal = closed ? start : -1;
  freeBits = 0;
  for (let i = 0; i < total; i++) freeBits |= (<u64>1) << i;
  setUpMemo(n, start, closed, session);
  if (!closed) take(start);
  const left = closed ? total : total - 1;
  if (second < 0) return search(start, left);
  if (!isNeighbour(start, second) || second == goal) return 0;
  take(second);
  if (third < 0) return search(second, left - 1);
  if (left < 2 || !isNeighbour(second, third) || !isFree(third) || third == goal) return 0;
  take(third);
  return search(third, left - 2);
}
