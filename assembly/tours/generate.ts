// Tour generator entry (same dispatch as src/tours/generate-ts.ts): Warnsdorff search
// with restarts for n <= 9, block construction for closed tours from n = 10 and for all
// tours above WARNSDORFF_MAX, Warnsdorff with bounded backtracking for open tours between.
import { within } from "../common/guard";
import { constructClosedTour } from "./construct";
import { mix32 } from "./hash";
import { BLOCK_MIN } from "./blocks";
import { PAD, UNBOUNDED_BUDGET, boardIndex, clearBoard, searchTour, useBoard } from "./search";

/** Largest board side generate takes; the host reads it. */
export const MAX_GENERATE_SIZE: i32 = 10000;
// The generator's tuning, exported so that the TS baseline (src/tours/generate-ts.ts)
// reads the same values instead of a copy: sides from CONSTRUCTION_MIN are built from
// blocks, open tours up to WARNSDORFF_MAX are searched first, and each search has a budget.
export const CONSTRUCTION_MIN: i32 = 2 * BLOCK_MIN;
export const WARNSDORFF_MAX: i32 = 300;
export const SMALL_ATTEMPTS: i32 = 64;
export const SMALL_BUDGET: i32 = 20000;
export const MID_ATTEMPTS: i32 = 16;
export const MID_BUDGET: i32 = 256;
/** A seed whose unbounded small-board searches are known to finish quickly. */
export const SURE_SEED: i32 = 1;

/**
 * The grid buffer, reused while big enough: it stays referenced so the collector leaves
 * it for the caller to copy, and reuse spares re-growing memory for every big board.
 */
let grid: StaticArray<i32> = new StaticArray<i32>(0);

function ensureGrid(cells: i32): void {
  if (grid.length >= cells) return;
  grid = new StaticArray<i32>(0);
  __collect(); // free the old buffer before asking for a bigger one
  grid = new StaticArray<i32>(cells);
}

/**
 * Generates an n×n tour numbered 1..n² row by row with 1 at square `start` (r*n+c) and
 * returns the address of its n*n cells, or 0 when the construction failed (a bug).
 */
export function generate(n: i32, closed: bool, start: i32, seed: u32): usize {
  within(n, 1, MAX_GENERATE_SIZE, "limit-exceeded: generate: size past MAX_GENERATE_SIZE");
  within(start, 0, n * n - 1, "limit-exceeded: generate: start off the board");
  if (n == 1) {
    ensureGrid(1);
    unchecked((grid[0] = 1));
    return changetype<usize>(grid);
  }
  const stride = n + 2 * PAD;
  ensureGrid(max(n * n, n <= WARNSDORFF_MAX ? stride * stride : 0));
  if (n < CONSTRUCTION_MIN) {
    smallTour(n, closed, start, seed);
  } else if (closed || n > WARNSDORFF_MAX || !midTour(n, start, seed)) {
    if (!constructClosedTour(n, grid, start, seed)) return 0;
  }
  return changetype<usize>(grid);
}

function smallTour(n: i32, closed: bool, start: i32, seed: u32): void {
  useBoard(grid, n, n);
  const from = closed ? boardIndex(0, 0) : boardIndex(start / n, start % n);
  let found = false;
  for (let a = 0; a < SMALL_ATTEMPTS && !found; a++) {
    clearBoard();
    found = searchTour(from, closed, mix32(seed, <u32>a), SMALL_BUDGET);
  }
  if (!found) {
    // Every square starts a tour (closed tours exist), so fall back to the sure closed one.
    clearBoard();
    searchTour(boardIndex(0, 0), true, <u32>SURE_SEED, UNBOUNDED_BUDGET);
    closed = true;
  }
  compact(n);
  if (closed) renumberCycle(n * n, start, (mix32(seed, 0xffffffff) & 1) == 1);
}

function midTour(n: i32, start: i32, seed: u32): bool {
  useBoard(grid, n, n);
  const from = boardIndex(start / n, start % n);
  for (let a = 0; a < MID_ATTEMPTS; a++) {
    clearBoard();
    if (searchTour(from, false, mix32(seed, <u32>a), MID_BUDGET)) {
      compact(n);
      return true;
    }
  }
  return false;
}

/** Moves the padded board's squares to the front of the grid, n per row. */
function compact(n: i32): void {
  const stride = n + 2 * PAD;
  for (let r = 0; r < n; r++) {
    const from = (r + PAD) * stride + PAD;
    for (let c = 0; c < n; c++) unchecked((grid[r * n + c] = unchecked(grid[from + c])));
  }
}

function renumberCycle(total: i32, start: i32, backwards: bool): void {
  const base = unchecked(grid[start]);
  for (let i = 0; i < total; i++) {
    const v = unchecked(grid[i]);
    unchecked((grid[i] = backwards ? ((base - v + total) % total) + 1 : ((v - base + total) % total) + 1));
  }
}
