// Warnsdorff search for any leaper set on an m×n board (TS baseline: src/tours/leaper-search-ts.ts,
// bit for bit the same tours). Each step goes to the free neighbour with the smallest key:
//  1. fewest onward moves (Warnsdorff 1823);
//  2. among those tied on 1, Pohl's tie-break (Pohl 1967, CACM 10(7) 446–449): the fewest
//     onward moves summed over its own free neighbours, the rule applied one level deeper;
//  3. a seeded hash of the square, then the move's index.
// Keys depend only on the board, so backtracking recomputes "the next choice after the one
// undone" and the step numbers in the board are the whole search state (as in search.ts).
// The board is not padded (a leg can be 64 long): moves are checked against the edges, and
// each square's count of free neighbours is kept up to date (`free`), so a key costs one
// pass over the moves.
import { within } from "../common/guard";
import { mix32 } from "./hash";

/** Most (dr, dc) steps of a move set: 8 leapers of 8 steps. */
export const MAX_LEAPER_STEPS: i32 = 64;
/** Longest leg of a step (the counters' MAX_LEAP). */
export const MAX_LEAPER_LEG: i32 = 64;
/** Backtracks one search attempt may make, and the attempts (other seeds) before giving up. */
export const LEAPER_BUDGET: i32 = 20000;
export const LEAPER_ATTEMPTS: i32 = 32;
/** Most squares of a leaper board (10000 × 10000: 400 MB of steps and 100 MB of counts). */
export const MAX_LEAPER_SQUARES: i32 = 100000000;
const NO_KEY: i64 = 0x7fffffffffffffff;

const drBase: usize = memory.data(MAX_LEAPER_STEPS * sizeof<i32>());
const dcBase: usize = memory.data(MAX_LEAPER_STEPS * sizeof<i32>());
const offBase: usize = memory.data(MAX_LEAPER_STEPS * sizeof<i32>());
let stepCount: i32 = 0;

let cells: StaticArray<i32> = new StaticArray<i32>(0);
let free: StaticArray<u8> = new StaticArray<u8>(0);
// Addresses as plain integers: reads of managed globals cost a shadow-stack store each.
let cellsBase: usize = 0;
let freeBase: usize = 0;
let rows: i32 = 0;
let cols: i32 = 0;
let total: i32 = 0;
/** Free squares with exactly one free neighbour: away from the head, each must be the last square. */
let ones: i32 = 0;

// @ts-ignore: decorator
@inline function cellAt(i: i32): i32 {
  return load<i32>(cellsBase + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function freeAt(i: i32): i32 {
  return <i32>load<u8>(freeBase + <usize>i);
}
// @ts-ignore: decorator
@inline function stepDr(m: i32): i32 {
  return load<i32>(drBase + ((<usize>m) << 2));
}
// @ts-ignore: decorator
@inline function stepDc(m: i32): i32 {
  return load<i32>(dcBase + ((<usize>m) << 2));
}
// @ts-ignore: decorator
@inline function stepOff(m: i32): i32 {
  return load<i32>(offBase + ((<usize>m) << 2));
}

/** Forgets the move set; add its steps with leaperAddStep. */
export function leaperClearSteps(): void {
  stepCount = 0;
}

/** Adds the step (dr, dc) to the move set (the host adds all 8 signs and swaps of a leaper). */
export function leaperAddStep(dr: i32, dc: i32): void {
  within(stepCount, 0, MAX_LEAPER_STEPS - 1, "limit-exceeded: leaperAddStep: more than MAX_LEAPER_STEPS steps");
  within(dr, -MAX_LEAPER_LEG, MAX_LEAPER_LEG, "limit-exceeded: leaperAddStep: leg past MAX_LEAPER_LEG");
  within(dc, -MAX_LEAPER_LEG, MAX_LEAPER_LEG, "limit-exceeded: leaperAddStep: leg past MAX_LEAPER_LEG");
  store<i32>(drBase + ((<usize>stepCount) << 2), dr);
  store<i32>(dcBase + ((<usize>stepCount) << 2), dc);
  stepCount++;
}

export function leaperStepCount(): i32 {
  return stepCount;
}

/** Makes `board` (and `counts`, both at least h*w long) the h×w board of the next searches. */
export function useLeaperBoard(board: StaticArray<i32>, counts: StaticArray<u8>, h: i32, w: i32): void {
  cells = board;
  free = counts;
  cellsBase = changetype<usize>(board);
  freeBase = changetype<usize>(counts);
  rows = h;
  cols = w;
  total = h * w;
  for (let m = 0; m < stepCount; m++) store<i32>(offBase + ((<usize>m) << 2), stepDr(m) * w + stepDc(m));
}

// @ts-ignore: decorator
@inline
function onBoard(r: i32, c: i32, m: i32): bool {
  return <u32>(r + stepDr(m)) < <u32>rows && <u32>(c + stepDc(m)) < <u32>cols;
}

/** Every square free, each with its count of neighbours. */
function clearLeaperBoard(): void {
  ones = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let degree = 0;
      for (let m = 0; m < stepCount; m++) if (onBoard(r, c, m)) degree++;
      const i = r * cols + c;
      store<i32>(cellsBase + ((<usize>i) << 2), 0);
      store<u8>(freeBase + <usize>i, <u8>degree);
      if (degree == 1) ones++;
    }
  }
}

/** Marks square i with `value` (> 0 visits it, 0 frees it) and updates its neighbours' counts. */
function mark(i: i32, value: i32): void {
  store<i32>(cellsBase + ((<usize>i) << 2), value);
  if (freeAt(i) == 1) ones += value > 0 ? -1 : 1;
  const r = i / cols,
    c = i % cols;
  const delta: i32 = value > 0 ? -1 : 1;
  for (let m = 0; m < stepCount; m++) {
    if (!onBoard(r, c, m)) continue;
    const y = i + stepOff(m);
    const at = freeBase + <usize>y;
    const was = <i32>load<u8>(at);
    store<u8>(at, <u8>(was + delta));
    if (cellAt(y) == 0) ones += (was + delta == 1 ? 1 : 0) - (was == 1 ? 1 : 0);
  }
}

/** The fewest onward moves among the free neighbours of `from`. */
function leastFree(from: i32): i32 {
  const r = from / cols,
    c = from % cols;
  let least = 0x7fffffff;
  for (let m = 0; m < stepCount; m++) {
    if (!onBoard(r, c, m)) continue;
    const to = from + stepOff(m);
    if (cellAt(to) == 0) least = min(least, freeAt(to));
  }
  return least;
}

/** Whether `a` and `b` are a move apart. */
function joined(a: i32, b: i32): bool {
  const dr = b / cols - a / cols,
    dc = (b % cols) - (a % cols);
  for (let m = 0; m < stepCount; m++) if (stepDr(m) == dr && stepDc(m) == dc) return true;
  return false;
}

/** The Pohl sum: onward moves summed over the free neighbours of `to`. */
function pohlSum(to: i32): i32 {
  const r = to / cols,
    c = to % cols;
  let sum = 0;
  for (let m = 0; m < stepCount; m++) {
    if (!onBoard(r, c, m)) continue;
    const x = to + stepOff(m);
    if (cellAt(x) == 0) sum += freeAt(x);
  }
  return sum;
}

/** Key of the move m from a square to free square `to`, made as step `step` + 1; NO_KEY when it leads nowhere. */
function moveKey(to: i32, m: i32, step: i32, least: i32, closed: bool, start: i32, seed: u32): i64 {
  if (step + 1 == total) return !closed || joined(to, start) ? <i64>m : NO_KEY;
  const onward = freeAt(to);
  if (onward == 0) return NO_KEY;
  if (closed && freeAt(start) == 1 && joined(to, start)) return NO_KEY; // would seal the start
  const pohl = onward == least ? pohlSum(to) : 0;
  const noise = <i64>(mix32(seed, <u32>to) & 255);
  return ((((((<i64>onward) << 13) | (<i64>pohl)) << 8) | noise) << 6) | (<i64>m);
}

/** The smallest key above `after` of a move from `from`; NO_KEY when none or a neighbour would be stranded. */
function nextKey(from: i32, step: i32, closed: bool, start: i32, seed: u32, after: i64): i64 {
  const least = leastFree(from);
  const r = from / cols,
    c = from % cols;
  // Free neighbours with one way in left: each one not taken now must be the tour's last square.
  let ends = 0,
    end1 = -1,
    end2 = -1;
  for (let m = 0; m < stepCount; m++) {
    if (!onBoard(r, c, m)) continue;
    const to = from + stepOff(m);
    if (cellAt(to) != 0) continue;
    // A free neighbour with no other way in must be next, which only the last step may be.
    if (freeAt(to) == 0 && step + 1 < total) return NO_KEY;
    if (freeAt(to) == 1) {
      if (++ends > 2) return NO_KEY;
      if (end1 < 0) end1 = to;
      else end2 = to;
    }
  }
  // Squares away from the head with one free neighbour are last squares already: at most one.
  const away = ones - ends;
  if (away > 1) return NO_KEY;
  let best = NO_KEY;
  for (let m = 0; m < stepCount; m++) {
    if (!onBoard(r, c, m)) continue;
    const to = from + stepOff(m);
    if (cellAt(to) != 0) continue;
    if (away == 1 && ends - (to == end1 || to == end2 ? 1 : 0) > 0) continue; // two last squares
    const last = ends == 0 ? -1 : ends == 1 ? (to == end1 ? -1 : end1) : to == end1 ? end2 : to == end2 ? end1 : -2;
    if (last == -2 || (last >= 0 && closed && !joined(last, start))) continue; // two last squares, or one off the start
    const key = moveKey(to, m, step, least, closed, start, seed);
    if (key > after && key < best) best = key;
  }
  return best;
}

/**
 * Depth-first Warnsdorff search from square `from` (r*cols+c) of the board set by
 * useLeaperBoard: true when the board holds a tour (closed: its last square a move from
 * `from`), numbered 1..total; false after `budget` backtracks.
 */
export function leaperSearch(from: i32, closed: bool, seed: u32, budget: i32): bool {
  within(from, 0, total - 1, "limit-exceeded: leaperSearch: start off the board");
  clearLeaperBoard();
  mark(from, 1);
  let cur = from;
  let step = 1;
  let after: i64 = -1;
  while (true) {
    if (step == total) return true;
    const key = nextKey(cur, step, closed, from, seed, after);
    if (key != NO_KEY) {
      cur += stepOff(<i32>(key & 63));
      mark(cur, ++step);
      after = -1;
      continue;
    }
    // Undo the last step and resume at the choice after it.
    if (step == 1 || budget-- <= 0) return false;
    const r = cur / cols,
      c = cur % cols;
    let prev = -1;
    for (let m = 0; m < stepCount; m++) {
      if (onBoard(r, c, m) && cellAt(cur + stepOff(m)) == step - 1) {
        prev = cur + stepOff(m);
        break;
      }
    }
    mark(cur, 0);
    step--;
    const pr = prev / cols,
      pc = prev % cols;
    let back = 0;
    while (!(onBoard(pr, pc, back) && prev + stepOff(back) == cur)) back++;
    after = moveKey(cur, back, step, leastFree(prev), closed, from, seed);
    cur = prev;
  }
  return false;
}

/** The search's own board, reused while big enough (freed before a bigger one is asked for). */
let ownCells: StaticArray<i32> = new StaticArray<i32>(0);
let ownFree: StaticArray<u8> = new StaticArray<u8>(0);

/**
 * One search attempt on an h×w board with the steps added: the address of its h*w step
 * numbers (row by row) when it found a tour, else 0.
 */
export function leaperGenerate(h: i32, w: i32, from: i32, closed: bool, seed: u32, budget: i32): usize {
  within(h, 1, 10000, "limit-exceeded: leaperGenerate: rows past 10000");
  within(w, 1, 10000, "limit-exceeded: leaperGenerate: columns past 10000");
  within(h * w, 1, MAX_LEAPER_SQUARES, "limit-exceeded: leaperGenerate: board past MAX_LEAPER_SQUARES");
  const size = h * w;
  if (ownCells.length < size) {
    ownCells = new StaticArray<i32>(0);
    ownFree = new StaticArray<u8>(0);
    __collect();
    ownCells = new StaticArray<i32>(size);
    ownFree = new StaticArray<u8>(size);
  }
  useLeaperBoard(ownCells, ownFree, h, w);
  return leaperSearch(from, closed, seed, budget) ? changetype<usize>(ownCells) : 0;
}
