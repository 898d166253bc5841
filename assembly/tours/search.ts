// Warnsdorff depth-first search on a padded board (see src/tours/search-ts.ts, the TS
// baseline): fewest onward moves first, then nearest the edge, then a seeded hash. Keys
// are recomputable from the board, so backtracking keeps no stack: the step numbers in the
// board are the whole search state.
import { mix32 } from "./hash";
import { MOVE_DC, MOVE_DR } from "./moves";

export const PAD: i32 = 3;
/** A search budget no search reaches: for searches known to finish quickly. */
export const UNBOUNDED_BUDGET: i32 = 1 << 30;
const NO_KEY: i32 = 0x7fffffff;

let cells: StaticArray<i32> = new StaticArray<i32>(0);
let bh: i32 = 0;
let bw: i32 = 0;
let stride: i32 = 0;
/** The 8 moves as offsets on the padded board (static memory, set in useBoard). */
const offBase: usize = memory.data(8 * sizeof<i32>());
// The board's address as a plain integer: under the incremental runtime every read of a
// managed global first stores it on the shadow stack, which the search would do at every
// probe of a square. cellsBase follows `cells` (set in useBoard).
let cellsBase: usize = 0;

// @ts-ignore: decorator
@inline function cellAt(i: i32): i32 {
  return load<i32>(cellsBase + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function setCell(i: i32, value: i32): void {
  store<i32>(cellsBase + ((<usize>i) << 2), value);
}
// @ts-ignore: decorator
@inline function offsetOf(m: i32): i32 {
  return load<i32>(offBase + ((<usize>m) << 2));
}

/** Makes `board` (at least (h+6)*(w+6) cells) the h×w board of the next searches. */
export function useBoard(board: StaticArray<i32>, h: i32, w: i32): void {
  cells = board;
  cellsBase = changetype<usize>(board);
  bh = h;
  bw = w;
  stride = w + 2 * PAD;
  for (let m = 0; m < 8; m++) store<i32>(offBase + ((<usize>m) << 2), unchecked(MOVE_DR[m]) * stride + unchecked(MOVE_DC[m]));
}

// @ts-ignore: decorator
@inline
export function boardIndex(r: i32, c: i32): i32 {
  return (r + PAD) * stride + c + PAD;
}

/** -1 everywhere, 0 on the board's squares. */
export function clearBoard(): void {
  const size = (bh + 2 * PAD) * stride;
  for (let i = 0; i < size; i++) unchecked((cells[i] = -1));
  for (let r = 0; r < bh; r++) {
    const row = (r + PAD) * stride + PAD;
    for (let c = 0; c < bw; c++) unchecked((cells[row + c] = 0));
  }
}

// @ts-ignore: decorator
@inline
function startExits(start: i32): i32 {
  let exits = 0;
  for (let k = 0; k < 8; k++) if (cellAt(start + offsetOf(k)) == 0) exits++;
  return exits;
}

// @ts-ignore: decorator
@inline
function isStranded(square: i32): bool {
  for (let k = 0; k < 8; k++) if (cellAt(square + offsetOf(k)) == 0) return false;
  return true;
}

function moveKey(to: i32, m: i32, step: i32, total: i32, closed: bool, start: i32, seed: u32): i32 {
  let degree = 0;
  let touchesStart = false;
  for (let k = 0; k < 8; k++) {
    const x = to + offsetOf(k);
    if (cellAt(x) == 0) degree++;
    else if (x == start) touchesStart = true;
  }
  if (step + 1 == total) return !closed || touchesStart ? m : NO_KEY;
  if (degree == 0) return NO_KEY;
  if (closed && touchesStart && startExits(start) == 1) return NO_KEY; // would seal the start
  const r = to / stride - PAD;
  const c = (to % stride) - PAD;
  const ring = min(min(r, c), min(bh - 1 - r, bw - 1 - c));
  const noise = <i32>(mix32(seed, <u32>to) & 255);
  return ((degree * 4096 + ring) * 256 + noise) * 8 + m;
}

function nextKey(from: i32, step: i32, total: i32, closed: bool, start: i32, seed: u32, after: i32): i32 {
  let best = NO_KEY;
  for (let m = 0; m < 8; m++) {
    const to = from + offsetOf(m);
    if (cellAt(to) != 0) continue;
    const key = moveKey(to, m, step, total, closed, start, seed);
    if (key == NO_KEY) {
      if (step + 1 < total && isStranded(to)) return NO_KEY; // only `from` reaches it
      continue;
    }
    if (key > after && key < best) best = key;
  }
  return best;
}

/** Depth-first Warnsdorff search from padded index `start` on a cleared board. */
export function searchTour(start: i32, closed: bool, seed: u32, budget: i32): bool {
  const total = bh * bw;
  setCell(start, 1);
  let cur = start;
  let step = 1;
  let after = -1;
  while (true) {
    if (step == total) return true;
    const key = nextKey(cur, step, total, closed, start, seed, after);
    if (key != NO_KEY) {
      cur += offsetOf(key & 7);
      setCell(cur, ++step);
      after = -1;
      continue;
    }
    // Undo the last step and resume at the choice after it.
    if (step == 1 || budget-- <= 0) return false;
    let m = 0;
    while (cellAt(cur + offsetOf(m)) != step - 1) m++;
    const prev = cur + offsetOf(m);
    setCell(cur, 0);
    step--;
    after = moveKey(cur, m ^ 1, step, total, closed, start, seed);
    cur = prev;
  }
  return false;
}
