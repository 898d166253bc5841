// Exact tour counting by depth-first search, pure TypeScript (baseline of
// assembly/tours/count.ts, same algorithm). Pruning, kept incrementally in O(8) a step:
//  - degree: `deg[x]` is the number of free neighbours of free square x. A free square
//    with at most one free neighbour that the head cannot step to now can only be the
//    path's last square, so two of them (or one with none) end the branch;
//  - a free neighbour of the head with no free neighbour must be the very last step.
// Closed tours are paths that must end on a move back to the start: the start stays
// "free" as the goal, so the same rules apply with it as the one allowed end.
// Memo (boards 6×6 and 7×7): the number of ways to finish depends only on the head and
// the free set, and many prefixes reach the same pair, so subtree counts are cached in a
// direct-mapped table, two slots a bucket, the newer entry winning (a lost entry costs
// time, never exactness). Calls of one count (same session) with the same start share
// it, so its first-step tasks reuse each other's entries.
import { MOVE_DC, MOVE_DR } from "./moves.js";

const MEMO_MIN_LEFT = 8; // smaller subtrees are cheaper to search than to look up

/** A counter for the n×n board. */
export interface PathCounter {
  readonly n: number;
  /**
   * Number of directed paths through every square that start on `start` and go first to
   * `second` (-1: any first step); `closed` counts only those ending a move from `start`.
   * Calls with the same `session` (one count split into tasks) and start share the memo.
   */
  count(start: number, second: number, closed: boolean, session: number, third?: number): bigint;
}

// State lives in closure variables rather than object fields: V8 reaches them faster in
// the recursion, and this is the honest fast TS version of the kernel.
export function createPathCounter(n: number): PathCounter {
  const total = n * n;
  const adj = new Int32Array(total * 8); // 8 slots a square
  const adjCount = new Int32Array(total);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      for (let m = 0; m < 8; m++) {
        const rr = r + MOVE_DR[m]!,
          cc = c + MOVE_DC[m]!;
        if (rr >= 0 && rr < n && cc >= 0 && cc < n) adj[i * 8 + adjCount[i]!++] = rr * n + cc;
      }
    }
  }
  const free = new Uint8Array(total);
  const deg = new Int32Array(total);
  let low = 0; // free squares with deg <= 1
  let zeros = 0; // free squares with deg == 0
  let goal = -1; // closed: the start, to be re-entered last
  // The free set as bits: squares 0..31 in freeLo, 32..48 in freeHi.
  let freeLo = 0;
  let freeHi = 0;
  const memoOn = n >= 6 && total <= 49;
  const memoBits = n >= 7 ? 24 : 22; // 2^22 slots for 6×6, 2^24 for 7×7 (256 MB)
  const memoLo = new Int32Array(memoOn ? 1 << memoBits : 0);
  const memoHi = new Int32Array(memoOn ? 1 << memoBits : 0); // (freeHi << 6 | head) + 1; 0 = empty
  const memoCount = new Float64Array(memoOn ? 1 << memoBits : 0);
  let memoFor = "";

  function flip(h: number): void {
    if (h < 32) freeLo ^= 1 << h;
    else freeHi ^= 1 << (h - 32);
  }

  function isNeighbour(a: number, b: number): boolean {
    for (let k = 0; k < adjCount[a]!; k++) if (adj[a * 8 + k] === b) return true;
    return false;
  }

  /** Marks square h used and updates its neighbours' degrees. */
  function take(h: number): void {
    free[h] = 0;
    flip(h);
    if (deg[h]! <= 1) low--;
    if (deg[h] === 0) zeros--;
    const end = h * 8 + adjCount[h]!;
    for (let k = h * 8; k < end; k++) {
      const x = adj[k]!;
      if (free[x]) {
        const d = --deg[x]!;
        if (d === 1) low++;
        else if (d === 0) zeros++;
      }
    }
  }

  function release(h: number): void {
    const end = h * 8 + adjCount[h]!;
    for (let k = h * 8; k < end; k++) {
      const x = adj[k]!;
      if (free[x]) {
        const d = deg[x]!++;
        if (d === 1) low--;
        else if (d === 0) zeros--;
      }
    }
    free[h] = 1;
    flip(h);
    if (deg[h]! <= 1) low++;
    if (deg[h] === 0) zeros++;
  }

  /** Paths from head h through all `left` free squares (ending on the goal if closed). */
  function search(h: number, left: number): number {
    if (left === 0) return 1;
    if (left === 1 && goal >= 0) return isNeighbour(h, goal) ? 1 : 0;
    const end = h * 8 + adjCount[h]!;
    // Low-degree squares the head can reach now; the rest must be path ends.
    let nearLow = 0,
      nearZero = 0,
      goalNear = false;
    for (let k = h * 8; k < end; k++) {
      const x = adj[k]!;
      if (!free[x]) continue;
      if (x === goal) goalNear = true;
      if (deg[x]! <= 1) {
        nearLow++;
        if (deg[x] === 0) nearZero++;
      }
    }
    let farLow = low - nearLow;
    let farZero = zeros - nearZero;
    if (goal >= 0 && !goalNear && deg[goal]! <= 1) {
      farLow--; // the goal is the allowed end
      if (deg[goal] === 0) farZero--;
    }
    if (farZero > 0 || farLow > (goal >= 0 ? 0 : 1)) return 0;
    if (nearZero > 0) return left === 1 && nearZero === 1 && goal < 0 ? 1 : 0;
    let slot = -1;
    let keyLo = 0,
      keyHi = 0;
    if (memoOn && left >= MEMO_MIN_LEFT) {
      keyLo = freeLo;
      keyHi = ((freeHi << 6) | h) + 1;
      slot = (Math.imul(keyLo ^ Math.imul(keyHi, 0x85ebca6b), 0x9e3779b1) >>> (32 - memoBits)) & ~1;
      if (memoHi[slot] === keyHi && memoLo[slot] === keyLo) return memoCount[slot]!;
      if (memoHi[slot + 1] === keyHi && memoLo[slot + 1] === keyLo) return memoCount[slot + 1]!;
    }
    let paths = 0;
    for (let k = h * 8; k < end; k++) {
      const x = adj[k]!;
      if (!free[x] || x === goal) continue;
      take(x);
      paths += search(x, left - 1);
      release(x);
    }
    if (slot >= 0) {
      if (memoHi[slot] !== 0) slot++; // keep the older entry in the other slot
      memoLo[slot] = keyLo;
      memoHi[slot] = keyHi;
      memoCount[slot] = paths;
    }
    return paths;
  }

  function count(start: number, second: number, closed: boolean, session: number, third = -1): bigint {
    if (total === 1) return closed ? 0n : 1n;
    free.fill(1);
    deg.set(adjCount);
    low = 0;
    zeros = 0;
    for (let i = 0; i < total; i++) {
      if (deg[i]! <= 1) low++;
      if (deg[i] === 0) zeros++;
    }
    goal = closed ? start : -1;
    freeLo = 0;
    freeHi = 0;
    for (let i = 0; i < total; i++) flip(i);
    const owner = `${session} ${start} ${closed}`;
    if (memoOn && owner !== memoFor) {
      memoHi.fill(0);
      memoFor = owner;
    }
    if (!closed) take(start);
    const left = closed ? total : total - 1; // free squares, the goal included
    if (second >= 0 && (!isNeighbour(start, second) || second === goal)) return 0n;
    if (second >= 0) take(second);
    if (second < 0) return exact(search(start, left));
    if (third < 0) return exact(search(second, left - 1));
    // A third square too: the finer parts of a sharded count.
    if (left < 2 || !isNeighbour(second, third) || free[third] === 0 || third === goal) return 0n;
    take(third);
    return exact(search(third, left - 2));
  }

  /** Counts are doubles here; all partial sums are at most the total, so a safe total is exact. */
  function exact(paths: number): bigint {
    if (!Number.isSafeInteger(paths)) throw new Error("tabula: the count exceeds 2^53, beyond the TS baseline; use the wasm engine");
    return BigInt(paths);
  }

  return { n, count };
}
