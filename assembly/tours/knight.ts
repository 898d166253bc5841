// Divide and conquer for knight's tours on big m×n boards (TS baseline:
// src/tours/knight-ts.ts, the same tours), after Parberry (1997, "An efficient algorithm for
// the knight's tour problem", Discrete Applied Mathematics 73, 251–260): cut the board into
// blocks of 5..11 squares a side, give each block a closed tour (or, on an odd×odd board, one
// block an open tour from the start), and join neighbouring blocks' tours one at a time by
// swapping two tour edges a-b, c-d (a, c in different blocks) for a-c, b-d. Parberry joins
// fixed structured tours at fixed corners; here the blocks' tours come from the Warnsdorff
// search (leaper.ts) and each join looks for a pair of edges near the blocks' border,
// trying the block's next tour or reflection when none is found.
// The joining and the numbering are join.ts's (shared with the pen-and-paper construction).
import { within } from "../common/guard";
import { mix32 } from "./hash";
import { JOIN_NONE, joinBlocks, joinLinks, joinNumber, joinPlace, useJoinBoard } from "./join";
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

let grid: StaticArray<i32> = new StaticArray<i32>(0);

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

/** The knight move from square `cur` to the tour's square number j (0-based) in `order`; JOIN_NONE off a path's ends. */
// @ts-ignore: decorator
@inline
function neighbourLink(j: i32, cur: i32, w: i32, len: i32, closed: bool): i32 {
  if (!closed && (j < 0 || j >= len)) return JOIN_NONE;
  const other = unchecked(order[(j + len) % len]);
  return knightMove(other / w - cur / w, (other % w) - (cur % w));
}

/**
 * Encodes the tour in `scratch` (steps 1..h*w of an h×w board) reflected by `s` (bit 0
 * rows, bit 1 columns) as link codes at `out`; a path's ends get JOIN_NONE.
 */
function encode(h: i32, w: i32, s: i32, closed: bool, out: StaticArray<i32>, at: i32): void {
  const len = h * w;
  for (let i = 0; i < len; i++) {
    const r = i / w,
      c = i % w;
    const rr = s & 1 ? h - 1 - r : r,
      cc = s & 2 ? w - 1 - c : c;
    unchecked((order[unchecked(scratch[i]) - 1] = rr * w + cc));
  }
  for (let k = 0; k < len; k++) {
    const cur = unchecked(order[k]);
    unchecked((out[at + cur] = joinLinks(neighbourLink(k - 1, cur, w, len, closed), neighbourLink(k + 1, cur, w, len, closed))));
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
  unchecked((shapeReady[shape] = 1));
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
  let last = size == 5 ? 5 : odd ? 7 + ((size - 7) % 6) : 6 + ((size - 6) % 6);
  const sixes = (size - last) / 6;
  const where = odd ? min(target / 6, sixes) : sixes;
  for (let i = 0; i <= sixes; i++) unchecked((parts[i] = i == where ? last : 6));
  unchecked((at[0] = 0));
  for (let i = 0; i <= sixes; i++) unchecked((at[i + 1] = unchecked(at[i]) + unchecked(parts[i])));
  return sixes + 1;
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
  useJoinBoard(grid, w, KDR, KDC);
  useKnightSteps();
  const path = (h & 1) == 1 && (w & 1) == 1;
  const sr = start / w,
    sc = start % w;
  const nr = split(h, rowParts, rowAt, sr);
  const nc = split(w, colParts, colAt, sc);
  for (let br = 0; br < nr; br++) {
    for (let step = 0; step < nc; step++) {
      const bc = br % 2 == 0 ? step : nc - 1 - step; // snake order
      const top = unchecked(rowAt[br]),
        left = unchecked(colAt[bc]);
      const bh = unchecked(rowParts[br]),
        bw = unchecked(colParts[bc]);
      const pathBlock = path && (bh & 1) == 1 && (bw & 1) == 1;
      if (pathBlock && !searchPath(bh, bw, (sr - top) * bw + sc - left, seed)) return 0;
      if (!pathBlock && !readyShape(bh, bw)) return 0;
      const first = <i32>(mix32(seed, <u32>(br * nc + bc)) % <u32>VARIANTS);
      const tries = pathBlock ? 1 : VARIANTS;
      let joined = false;
      for (let t = 0; t < tries && !joined; t++) {
        if (pathBlock) joinPlace(top, left, bh, bw, pathCodes, 0);
        else joinPlace(top, left, bh, bw, codes, codeBase(bh, bw, (first + t) % VARIANTS));
        if (br == 0 && step == 0) {
          joined = true;
          break;
        }
        const pc = br % 2 == 0 ? bc - 1 : bc + 1;
        if (step > 0) joined = joinBlocks(top, left, bh, bw, top, unchecked(colAt[pc]), bh, unchecked(colParts[pc]));
        if (!joined && br > 0) joined = joinBlocks(top, left, bh, bw, unchecked(rowAt[br - 1]), left, unchecked(rowParts[br - 1]), bw);
      }
      if (!joined) return 0;
    }
  }
  joinNumber(start, total, !path && (mix32(seed, 0xffffffff) & 1) == 1);
  return changetype<usize>(grid);
}
