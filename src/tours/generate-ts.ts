// Tour generator, pure TypeScript (baseline of assembly/tours/generate.ts; same algorithm,
// same tours for the same arguments):
//  - n <= 9: Warnsdorff depth-first search with restarts (closed tours searched from the
//    corner, then renumbered from the start square);
//  - closed tours for n >= 10, and open tours for n > WARNSDORFF_MAX: block construction;
//  - open tours for 10 <= n <= WARNSDORFF_MAX: Warnsdorff with bounded backtracking and
//    restarts, falling back to the construction (cut open at the start) if all fail.
// The tuning (sizes, attempts, budgets) is the kernel's, read from the values the build
// takes from its exports (src/wasm/generated/tours.ts), so both engines stay the same.
import { constructClosedTour } from "./construct-ts.js";
import { mix32 } from "./hash.js";
import { PAD, SearchBoard, searchTour } from "./search-ts.js";
import { toursConstants } from "../wasm/generated/tours.js";

const { CONSTRUCTION_MIN, WARNSDORFF_MAX, SMALL_ATTEMPTS, SMALL_BUDGET, MID_ATTEMPTS, MID_BUDGET, SURE_SEED, UNBOUNDED_BUDGET } = toursConstants;

/** Start square used when none is given: a seeded choice. */
export function defaultStart(n: number, seed: number): number {
  return mix32(seed, 0x5747) % (n * n);
}

/**
 * An n×n tour (n = 1 or n >= 5) numbered 1..n² row by row, starting at square `start`
 * (r*n+c). Every start works: the generator only fails on impossible sizes.
 */
export function generateTourTs(n: number, closed: boolean, start: number, seed: number): Int32Array {
  seed >>>= 0;
  if (n === 1) return Int32Array.of(1);
  const stride = n + 2 * PAD;
  const cells = new Int32Array(Math.max(n * n, n <= WARNSDORFF_MAX ? stride * stride : 0));
  if (n < CONSTRUCTION_MIN) {
    smallTour(n, cells, closed, start, seed);
  } else if (closed || n > WARNSDORFF_MAX || !midTour(n, cells, start, seed)) {
    constructClosedTour(n, cells, start, seed);
  }
  return cells.length === n * n ? cells : cells.slice(0, n * n);
}

function smallTour(n: number, cells: Int32Array, closed: boolean, start: number, seed: number): void {
  const board = new SearchBoard(n, n, cells);
  const from = closed ? board.index(0, 0) : board.index(Math.floor(start / n), start % n);
  let found = false;
  for (let a = 0; a < SMALL_ATTEMPTS && !found; a++) {
    board.clear();
    found = searchTour(board, from, closed, mix32(seed, a), SMALL_BUDGET);
  }
  if (!found) {
    // Every square starts a tour (closed tours exist), so fall back to the sure closed one.
    board.clear();
    searchTour(board, board.index(0, 0), true, SURE_SEED, UNBOUNDED_BUDGET);
    closed = true;
  }
  compact(board);
  if (closed) renumberCycle(cells, n * n, start, (mix32(seed, -1) & 1) === 1);
}

function midTour(n: number, cells: Int32Array, start: number, seed: number): boolean {
  const board = new SearchBoard(n, n, cells);
  const from = board.index(Math.floor(start / n), start % n);
  for (let a = 0; a < MID_ATTEMPTS; a++) {
    board.clear();
    if (searchTour(board, from, false, mix32(seed, a), MID_BUDGET)) {
      compact(board);
      return true;
    }
  }
  return false;
}

/** Moves the padded board's squares to the front of its buffer, n per row. */
function compact(board: SearchBoard): void {
  const { cells, stride, h, w } = board;
  for (let r = 0; r < h; r++) cells.copyWithin(r * w, (r + PAD) * stride + PAD, (r + PAD) * stride + PAD + w);
}

/** Renumbers a closed tour so that `start` holds 1, walking forwards or backwards. */
export function renumberCycle(cells: Int32Array, total: number, start: number, backwards: boolean): void {
  const base = cells[start]!;
  for (let i = 0; i < total; i++) {
    const v = cells[i]!;
    cells[i] = backwards ? ((base - v + total) % total) + 1 : ((v - base + total) % total) + 1;
  }
}
