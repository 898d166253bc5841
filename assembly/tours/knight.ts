// Divide and conquer for knight's tours on big m×n boards (TS baseline:
// src/tours/knight-ts.ts, the same tours), after Parberry (1997, "An efficient algorithm for
// the knight's tour problem", Discrete Applied Mathematics 73, 251–260): cut the board into
// blocks of 5..11 squares a side, give each block a closed tour (or, on an odd×odd board, one
// block an open tour from the start), and join neighbouring blocks' tours one at a time by
// swapping two tour edges a-b, c-d (a, c in different blocks) for a-c, b-d. Parberry joins
// fixed structured tours at fixed corners; here the blocks' tours come from the Warnsdorff
// search (leaper.ts) and each join looks for a pair of edges near the blocks' border,
// trying the block's next tour or reflection when none is found.
// While joining, a square's cell holds its two tour neighbours as move indices (4 bits
// each, NONE at a path's ends); the last pass overwrites them with 1..m*n along the tour.
import { within } from "../common/guard";
import { mix32 } from "./hash";
import { LEAPER_ATTEMPTS, LEAPER_BUDGET, leaperAddStep, leaperClearSteps, leaperSearch, useLeaperBoard } from "./leaper";

/** Knight boards up to this many squares are searched (more variety); bigger ones with both sides from 5 are built. */
export const KNIGHT_SEARCH_MAX: i32 = 144;
export const KNIGHT_BLOCK_MIN: i32 = 5;
export const KNIGHT_BLOCK_MAX: i32 = 11;
/** Tours searched per block shape; each is used in 4 reflections. */
export const KNIGHT_BLOCK_TOURS: i32 = 2;
const SHAPES: i32 = KNIGHT_BLOCK_MAX - KNIGHT_BLOCK_MIN + 1;
const SLOT: i32 = KNIGHT_BLOCK_MAX * KNIGHT_BLOCK_MAX;
const VARIANTS: i32 = KNIGHT_BLOCK_TOURS * 4;
const NONE: i32 = 8;
const MAX_PARTS: i32 = 10000 / 6 + 2;

// The knight's moves; m and 7 - m are opposite.
const KDR: StaticArray<i32> = [-2, -2, -1, -1, 1, 1, 2, 2];
const KDC: StaticArray<i32> = [-1, 1, -2, 2, -2, 2, -1, 1];

const codes = new StaticArray<i32>(SHAPES * SHAPES * VARIANTS * SLOT);
const shapeReady = new StaticArray<u8>(SHAPES * SHAPES);
const pathCodes = new StaticArray<i32>(SLOT);
const scratch = new StaticArray<i32>(SLOT);
const scratchFree = new StaticArray<u8>(SLOT);
const order = new StaticArray<i32>(SLOT);
const rowParts = new StaticArray<i32>(MAX_PARTS);
const colParts = new StaticArray<i32>(MAX_PARTS);
const rowAt = new StaticArray<i32>(MAX_PARTS + 1);
const colAt = new StaticArray<i32>(MAX_PARTS + 1);
const off = new StaticArray<i32>(8);

let grid: StaticArray<i32> = new StaticArray<i32>(0);
// The grid's address as a plain integer: under the incremental runtime every read of a
// managed global first stores it on the shadow stack (see search.ts).
let gridBase: usize = 0;
let cols: i32 = 0;

// @ts-ignore: decorator
@inline function cellAt(i: i32): i32 { return load<i32>(gridBase + (<usize>i << 2)); }
// @ts-ignore: decorator
@inline function setCell(i: i32, value: i32): void { store<i32>(gridBase + (<usize>i << 2), value); }

function useKnightSteps(): void {
  leaperClearSteps();
  for (let m = 0; m < 8; m++) leaperAddStep(unchecked(KDR[m]), unchecked(KDC[m]));
}

/** The knight move from (r0, c0) to (r1, c1), or -1. */
// @ts-ignore: decorator
@inline
function knightMove(dr: i32, dc: i32): i32 {
  for (let m = 0; m < 8; m++) if (unchecked(KDR[m]) == dr && unchecked(KDC[m]) == dc) return m;
  return -1;
}

// @ts-ignore: decorator
@inline
function codeBase(h: i32, w: i32, v: i32): i32 {
  return (((h - KNIGHT_BLOCK_MIN) * SHAPES + (w - KNIGHT_BLOCK_MIN)) * VARIANTS + v) * SLOT;
}

/**
 * Encodes the tour in `scratch` (steps 1..h*w of an h×w board) reflected by `s` (bit 0
 * rows, bit 1 columns) as link codes at `out`; a path's ends get NONE.
 */
function encode(h: i32, w: i32, s: i32, closed: bool, out: StaticArray<i32>, at: i32): void {
  const len = h * w;
  for (let i = 0; i < len; i++) {
    const r = i / w, c = i % w;
    const rr = s & 1 ? h - 1 - r : r, cc = s & 2 ? w - 1 - c : c;
    unchecked(order[unchecked(scratch[i]) - 1] = rr * w + cc);
  }
  for (let k = 0; k < len; k++) {
    const cur = unchecked(order[k]);
    let links = 0;
    for (let side = 0; side < 2; side++) {
      const j = side == 0 ? k - 1 : k + 1;
      let link = NONE;
      if (closed || (j >= 0 && j < len)) {
        const other = unchecked(order[(j + len) % len]);
        link = knightMove(other / w - cur / w, other % w - cur % w);
      }
      links |= link << (4 * side);
    }
    unchecked(out[at + cur] = links);
  }
}

/** Searches the closed tours of the h×w block (not both odd) once. */
function readyShape(h: i32, w: i32): bool {
  const shape = (h - KNIGHT_BLOCK_MIN) * SHAPES + (w - KNIGHT_BLOCK_MIN);
  if (unchecked(shapeReady[shape])) return true;
  useLeaperBoard(scratch, scratchFree, h, w);
  for (let k = 0; k < KNIGHT_BLOCK_TOURS; k++) {
    let found = false;
    for (let a = 0; a < LEAPER_ATTEMPTS && !found; a++) found = leaperSearch(0, true, <u32>(k * LEAPER_ATTEMPTS + a + 1), LEAPER_BUDGET);
    if (!found) return false;
    for (let s = 0; s < 4; s++) encode(h, w, s, true, codes, codeBase(h, w, k * 4 + s));
  }
  unchecked(shapeReady[shape] = 1);
  return true;
}

/** An open tour of the h×w block from local square `from`, into pathCodes. */
function searchPath(h: i32, w: i32, from: i32, seed: u32): bool {
  useLeaperBoard(scratch, scratchFree, h, w);
  for (let a = 0; a < LEAPER_ATTEMPTS; a++) {
    if (leaperSearch(from, false, mix32(seed, <u32>a), LEAPER_BUDGET)) {
      encode(h, w, 0, false, pathCodes, 0);
      return true;
    }
  }
  return false;
}

/**
 * Splits `size` (>= 5) into parts of 6, with one last part of 6, 8 or 10 when even, or one
 * part of 7, 9 or 11 (5 alone) when odd, put where it covers line `target`; returns the count.
 */
function split(size: i32, parts: StaticArray<i32>, at: StaticArray<i32>, target: i32): i32 {
  let odd = size & 1;
  let last = size == 5 ? 5 : odd ? 7 + (size - 7) % 6 : 6 + (size - 6) % 6;
  const sixes = (size - last) / 6;
  const where = odd ? min(target / 6, sixes) : sixes;
  for (let i = 0; i <= sixes; i++) unchecked(parts[i] = i == where ? last : 6);
  unchecked(at[0] = 0);
  for (let i = 0; i <= sixes; i++) unchecked(at[i + 1] = unchecked(at[i]) + unchecked(parts[i]));
  return sixes + 1;
}

/** Copies link codes (an h×w block's) to rows [top, top+h) × columns [left, left+w). */
function place(top: i32, left: i32, h: i32, w: i32, source: StaticArray<i32>, base: i32): void {
  for (let r = 0; r < h; r++) {
    const row = (top + r) * cols + left;
    for (let c = 0; c < w; c++) setCell(row + c, unchecked(source[base + r * w + c]));
  }
}

// @ts-ignore: decorator
@inline
function linkAt(i: i32, side: i32): i32 {
  return (cellAt(i) >> (4 * side)) & 15;
}

/** Replaces the tour edge from `at` towards `from` by one towards `to`. */
function relink(at: i32, from: i32, to: i32): void {
  const v = cellAt(at);
  const was = knightMove(from / cols - at / cols, from % cols - at % cols);
  const now = knightMove(to / cols - at / cols, to % cols - at % cols);
  setCell(at, (v & 15) == was ? (v & ~15) | now : (v & 15) | (now << 4));
}

/** Joins the fresh block's tour to the tour through the placed block (ptop, pleft, ph, pw). */
function join(top: i32, left: i32, h: i32, w: i32, ptop: i32, pleft: i32, ph: i32, pw: i32): bool {
  const r0 = max(top, ptop - 2), r1 = min(top + h, ptop + ph + 2);
  const c0 = max(left, pleft - 2), c1 = min(left + w, pleft + pw + 2);
  for (let r = r0; r < r1; r++) {
    for (let col = c0; col < c1; col++) {
      const c = r * cols + col;
      for (let m = 0; m < 8; m++) {
        const ar = r + unchecked(KDR[m]), acol = col + unchecked(KDC[m]);
        if (ar < ptop || ar >= ptop + ph || acol < pleft || acol >= pleft + pw) continue;
        const a = ar * cols + acol;
        for (let i = 0; i < 2; i++) {
          const li = linkAt(c, i);
          if (li == NONE) continue;
          const d = c + unchecked(off[li]);
          for (let j = 0; j < 2; j++) {
            const lj = linkAt(a, j);
            if (lj == NONE) continue;
            const b = a + unchecked(off[lj]);
            if (knightMove(d / cols - b / cols, d % cols - b % cols) < 0) continue;
            relink(a, b, c);
            relink(b, a, d);
            relink(c, d, a);
            relink(d, c, b);
            return true;
          }
        }
      }
    }
  }
  return false;
}

/** Numbers the tour 1..total from `start` (a path's end on a path), overwriting the links. */
function number(start: i32, total: i32, backwards: bool): void {
  let prev = -1;
  let cur = start;
  for (let k = 1; k <= total; k++) {
    const l0 = linkAt(cur, 0), l1 = linkAt(cur, 1);
    const n0 = l0 == NONE ? -1 : cur + unchecked(off[l0]);
    const n1 = l1 == NONE ? -1 : cur + unchecked(off[l1]);
    let next = k == 1 ? (n0 < 0 || (backwards && n1 >= 0) ? n1 : n0) : n0 == prev ? n1 : n0;
    setCell(cur, k);
    prev = cur;
    cur = next;
  }
}

/**
 * A knight's tour of the h×w board (both sides 5..10000) numbered from `start`: closed when
 * a side is even, else open from `start` (which must be on a corner's colour); the address of its h*w step numbers, or 0 when a block found no tour or no join.
 */
export function knightConstruct(h: i32, w: i32, start: i32, seed: u32): usize {
  within(h, KNIGHT_BLOCK_MIN, 10000, "limit-exceeded: knightConstruct: rows outside 5..10000");
  within(w, KNIGHT_BLOCK_MIN, 10000, "limit-exceeded: knightConstruct: columns outside 5..10000");
  within(start, 0, h * w - 1, "limit-exceeded: knightConstruct: start off the board");
  const total = h * w;
  if (grid.length < total) {
    grid = new StaticArray<i32>(0);
    __collect();
    grid = new StaticArray<i32>(total);
  }
  gridBase = changetype<usize>(grid);
  cols = w;
  for (let m = 0; m < 8; m++) unchecked(off[m] = unchecked(KDR[m]) * w + unchecked(KDC[m]));
  useKnightSteps();
  const path = (h & 1) == 1 && (w & 1) == 1;
  const sr = start / w, sc = start % w;
  const nr = split(h, rowParts, rowAt, sr);
  const nc = split(w, colParts, colAt, sc);
  for (let br = 0; br < nr; br++) {
    for (let step = 0; step < nc; step++) {
      const bc = br % 2 == 0 ? step : nc - 1 - step; // snake order
      const top = unchecked(rowAt[br]), left = unchecked(colAt[bc]);
      const bh = unchecked(rowParts[br]), bw = unchecked(colParts[bc]);
      const pathBlock = path && (bh & 1) == 1 && (bw & 1) == 1;
      if (pathBlock && !searchPath(bh, bw, (sr - top) * bw + sc - left, seed)) return 0;
      if (!pathBlock && !readyShape(bh, bw)) return 0;
      const first = <i32>(mix32(seed, <u32>(br * nc + bc)) % <u32>VARIANTS);
      const tries = pathBlock ? 1 : VARIANTS;
      let joined = false;
      for (let t = 0; t < tries && !joined; t++) {
        if (pathBlock) place(top, left, bh, bw, pathCodes, 0);
        else place(top, left, bh, bw, codes, codeBase(bh, bw, (first + t) % VARIANTS));
        if (br == 0 && step == 0) { joined = true; break; }
        const pc = br % 2 == 0 ? bc - 1 : bc + 1;
        if (step > 0) joined = join(top, left, bh, bw, top, unchecked(colAt[pc]), bh, unchecked(colParts[pc]));
        if (!joined && br > 0) joined = join(top, left, bh, bw, unchecked(rowAt[br - 1]), left, unchecked(rowParts[br - 1]), bw);
      }
      if (!joined) return 0;
    }
  }
  number(start, total, !path && (mix32(seed, 0xffffffff) & 1) == 1);
  return changetype<usize>(grid);
}
