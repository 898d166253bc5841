// Warnsdorff search with recomputable choices (TS baseline of assembly/tours/search.ts).
// The board is padded with a 3-square border of -1 so moves never need bounds checks.
// Each step goes to the free neighbour with the smallest key: fewest onward moves first,
// then nearest the edge, then a seeded hash. Keys depend only on the board and the seed,
// so backtracking recomputes "the next choice after the one undone" instead of keeping a
// stack of choice lists: the board itself (step numbers) is the whole search state.
import { mix32 } from "./hash.js";
import { moveOffsets } from "./moves.js";
import { toursConstants } from "../wasm/generated/tours.js";

/** The board's border of -1 squares (the kernel's, as the build read it). */
export const PAD = toursConstants.PAD;
const NO_KEY = 0x7fffffff;

/** A padded h×w search board: cells -1 outside, 0 free, k > 0 visited at step k. */
export class SearchBoard {
  readonly h: number;
  readonly w: number;
  readonly stride: number;
  readonly cells: Int32Array;
  readonly off: Int32Array;

  constructor(h: number, w: number, cells?: Int32Array) {
    this.h = h;
    this.w = w;
    this.stride = w + 2 * PAD;
    const size = (h + 2 * PAD) * this.stride;
    this.cells = cells && cells.length >= size ? cells.subarray(0, size) : new Int32Array(size);
    this.off = moveOffsets(this.stride);
  }

  index(r: number, c: number): number {
    return (r + PAD) * this.stride + c + PAD;
  }

  clear(): void {
    const { cells, stride, h, w } = this;
    cells.fill(-1);
    for (let r = 0; r < h; r++) cells.fill(0, (r + PAD) * stride + PAD, (r + PAD) * stride + PAD + w);
  }
}

/**
 * Key of moving from `from` to the free square `to` by move `m` at step `step + 1`, or
 * NO_KEY when that move cannot lead to a tour. Smaller keys are tried first.
 */
function moveKey(b: SearchBoard, to: number, m: number, step: number, total: number, closed: boolean, start: number, seed: number): number {
  const cells = b.cells;
  const off = b.off;
  let degree = 0;
  let touchesStart = false;
  for (let k = 0; k < 8; k++) {
    const x = to + off[k]!;
    if (cells[x] === 0) degree++;
    else if (x === start) touchesStart = true;
  }
  if (step + 1 === total) return !closed || touchesStart ? m : NO_KEY;
  if (degree === 0) return NO_KEY;
  if (closed && touchesStart && startExits(b, start) === 1) return NO_KEY; // would seal the start
  const r = ((to / b.stride) | 0) - PAD;
  const c = (to % b.stride) - PAD;
  const ring = Math.min(r, c, b.h - 1 - r, b.w - 1 - c);
  const noise = mix32(seed, to) & 255;
  return ((degree * 4096 + ring) * 256 + noise) * 8 + m;
}

/** Free neighbours of the start square (for closed tours the last step must land on one). */
function startExits(b: SearchBoard, start: number): number {
  let exits = 0;
  for (let k = 0; k < 8; k++) if (b.cells[start + b.off[k]!] === 0) exits++;
  return exits;
}

/** Smallest key above `after` among moves from `from`, or NO_KEY (also when a neighbour would be stranded). */
function nextKey(b: SearchBoard, from: number, step: number, total: number, closed: boolean, start: number, seed: number, after: number): number {
  const cells = b.cells;
  const off = b.off;
  let best = NO_KEY;
  for (let m = 0; m < 8; m++) {
    const to = from + off[m]!;
    if (cells[to] !== 0) continue;
    const key = moveKey(b, to, m, step, total, closed, start, seed);
    if (key === NO_KEY) {
      if (step + 1 < total && isStranded(b, to)) return NO_KEY; // only `from` reaches it
      continue;
    }
    if (key > after && key < best) best = key;
  }
  return best;
}

function isStranded(b: SearchBoard, square: number): boolean {
  for (let k = 0; k < 8; k++) if (b.cells[square + b.off[k]!] === 0) return false;
  return true;
}

/**
 * Depth-first Warnsdorff search from `start` (a padded index) on a cleared board. Gives up
 * after `budget` backtracking steps. On success the board holds steps 1..h*w.
 */
export function searchTour(b: SearchBoard, start: number, closed: boolean, seed: number, budget: number): boolean {
  const cells = b.cells;
  const off = b.off;
  const total = b.h * b.w;
  cells[start] = 1;
  let cur = start;
  let step = 1;
  let after = -1;
  for (;;) {
    if (step === total) return true;
    const key = nextKey(b, cur, step, total, closed, start, seed, after);
    if (key !== NO_KEY) {
      cur += off[key & 7]!;
      cells[cur] = ++step;
      after = -1;
      continue;
    }
    // Undo the last step and resume at the choice after it.
    if (step === 1 || budget-- <= 0) return false;
    let m = 0;
    while (cells[cur + off[m]!] !== step - 1) m++;
    const prev = cur + off[m]!;
    cells[cur] = 0;
    step--;
    after = moveKey(b, cur, m ^ 1, step, total, closed, start, seed);
    cur = prev;
  }
}
