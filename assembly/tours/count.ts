// Exact tour counting by depth-first search with incremental degree pruning (see
// src/tours/count-ts.ts, the TS baseline, for the rules). Counts are i64 (BigInt in JS).
import { MOVE_DC, MOVE_DR } from "./moves";

const MAX_SQUARES: i32 = 16 * 16;

const adj = new StaticArray<i32>(MAX_SQUARES * 8);
const adjCount = new StaticArray<i32>(MAX_SQUARES);
const free = new StaticArray<u8>(MAX_SQUARES);
const deg = new StaticArray<i32>(MAX_SQUARES);
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
        const rr = r + unchecked(MOVE_DR[m]), cc = c + unchecked(MOVE_DC[m]);
        if (rr >= 0 && rr < n && cc >= 0 && cc < n) unchecked(adj[i * 8 + k++] = rr * n + cc);
      }
      unchecked(adjCount[i] = k);
    }
  }
}

// @ts-ignore: decorator
@inline
function isNeighbour(a: i32, b: i32): bool {
  const end = a * 8 + unchecked(adjCount[a]);
  for (let k = a * 8; k < end; k++) if (unchecked(adj[k]) == b) return true;
  return false;
}

// @ts-ignore: decorator
@inline
function take(h: i32): void {
  unchecked(free[h] = 0);
  freeBits ^= (<u64>1) << h;
  const dh = unchecked(deg[h]);
  if (dh <= 1) low--;
  if (dh == 0) zeros--;
  const end = h * 8 + unchecked(adjCount[h]);
  for (let k = h * 8; k < end; k++) {
    const x = unchecked(adj[k]);
    if (unchecked(free[x])) {
      const d = unchecked(deg[x]) - 1;
      unchecked(deg[x] = d);
      if (d == 1) low++;
      else if (d == 0) zeros++;
    }
  }
}

// @ts-ignore: decorator
@inline
function release(h: i32): void {
  const end = h * 8 + unchecked(adjCount[h]);
  for (let k = h * 8; k < end; k++) {
    const x = unchecked(adj[k]);
    if (unchecked(free[x])) {
      const d = unchecked(deg[x]);
      unchecked(deg[x] = d + 1);
      if (d == 1) low--;
      else if (d == 0) zeros--;
    }
  }
  unchecked(free[h] = 1);
  freeBits ^= (<u64>1) << h;
  const dh = unchecked(deg[h]);
  if (dh <= 1) low++;
  if (dh == 0) zeros++;
}

function search(h: i32, left: i32): i64 {
  if (left == 0) return 1;
  if (left == 1 && goal >= 0) return isNeighbour(h, goal) ? 1 : 0;
  const begin = h * 8;
  const end = begin + unchecked(adjCount[h]);
  let nearLow = 0, nearZero = 0;
  let goalNear = false;
  for (let k = begin; k < end; k++) {
    const x = unchecked(adj[k]);
    if (!unchecked(free[x])) continue;
    if (x == goal) goalNear = true;
    const d = unchecked(deg[x]);
    if (d <= 1) {
      nearLow++;
      if (d == 0) nearZero++;
    }
  }
  let farLow = low - nearLow;
  let farZero = zeros - nearZero;
  if (goal >= 0 && !goalNear && unchecked(deg[goal]) <= 1) {
    farLow--; // the goal is the allowed end
    if (unchecked(deg[goal]) == 0) farZero--;
  }
  if (farZero > 0 || farLow > (goal >= 0 ? 0 : 1)) return 0;
  if (nearZero > 0) return left == 1 && nearZero == 1 && goal < 0 ? 1 : 0;
  let slot: i32 = -1;
  let key: u64 = 0;
  if (memoOn && left >= MEMO_MIN_LEFT) {
    key = ((freeBits << 6) | <u64>h) + 1; // + 1: 0 marks an empty slot
    slot = <i32>((key * 0x9e3779b97f4a7c15) >> (64 - memoBits)) & ~1;
    if (unchecked(memoKeys[slot]) == key) return unchecked(memoCounts[slot]);
    if (unchecked(memoKeys[slot + 1]) == key) return unchecked(memoCounts[slot + 1]);
  }
  let paths: i64 = 0;
  for (let k = begin; k < end; k++) {
    const x = unchecked(adj[k]);
    if (!unchecked(free[x]) || x == goal) continue;
    take(x);
    paths += search(x, left - 1);
    release(x);
  }
  if (slot >= 0) {
    if (unchecked(memoKeys[slot]) != 0) slot++; // keep the older entry in the other slot
    unchecked(memoKeys[slot] = key);
    unchecked(memoCounts[slot] = paths);
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
    memoFor = -1;
  }
  const owner: i64 = (<i64>session << 32) | (<i64>n << 16) | (<i64>start << 1) | (closed ? 1 : 0);
  if (owner != memoFor) {
    for (let i = 0; i < 1 << memoBits; i++) unchecked(memoKeys[i] = 0);
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
  setBoard(n);
  if (total == 1) return closed ? 0 : 1;
  low = 0;
  zeros = 0;
  for (let i = 0; i < total; i++) {
    const d = unchecked(adjCount[i]);
    unchecked(deg[i] = d);
    unchecked(free[i] = 1);
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
  return search(second, left - 1);
}
