// Checks a filled grid against the rules: each of 1..n² exactly once, each step a legal
// move, and for closed tours a legal move from n² back to 1.
import { argumentError, denseArray, readable, wholeNumber } from "../args.js";
import { isMove } from "./moves.js";

/** What `validateTour` found. */
export interface TourCheck {
  /** Whether the grid is a tour: 1..n² each once, each step one move from the one before. */
  ok: boolean;
  /** Whether the last square is a move away from the first (only meaningful when ok). */
  closed: boolean;
  /** What is wrong, in words, when not ok. */
  problem?: string;
}

/**
 * Validates an n×n grid given row by row (typed array or number[]), or as rows.
 *
 * @example
 * ```ts
 * import { generateTour, validateTour } from "tabula-grids";
 *
 * validateTour(generateTour({ size: 5, seed: 1 })); // { ok: true, closed: false }
 * validateTour([[1, 2], [3, 4]]);                  // { ok: false, closed: false, problem: "1 to 2 is not a legal move (…)" }
 * ```
 */
export function validateTour(grid: ArrayLike<number> | readonly (readonly number[])[], size?: number): TourCheck {
  if (grid === null || typeof grid !== "object") throw argumentError("grid", "an array of step numbers or of rows", grid);
  readable(grid, "grid");
  if (Array.isArray(grid)) denseArray(grid, "grid", "an array of step numbers or of rows").forEach((row, r) => Array.isArray(row) && denseArray(row, `grid[${r}]`, "an array of step numbers"));
  if (size !== undefined) wholeNumber(size, "size", 1, 10000);
  const flat = toFlat(grid);
  const n = size ?? Math.round(Math.sqrt(flat.length));
  const total = n * n;
  if (n < 1 || flat.length !== total) return fail(`a grid of ${flat.length} numbers is not square`);
  const where = new Int32Array(total + 1).fill(-1);
  for (let i = 0; i < total; i++) {
    const v = flat[i]!;
    const at = `row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`;
    if (!Number.isInteger(v) || v < 1 || v > total) return fail(`${at} holds ${v}, not a number from 1 to ${total}`);
    if (where[v] !== -1) return fail(`${v} appears twice (${at})`);
    where[v] = i;
  }
  for (let k = 1; k < total; k++) {
    const a = where[k]!, b = where[k + 1]!;
    if (!isMove(Math.floor(a / n), a % n, Math.floor(b / n), b % n)) {
      return fail(`${k} to ${k + 1} is not a legal move (row ${Math.floor(a / n) + 1}, column ${(a % n) + 1} to row ${Math.floor(b / n) + 1}, column ${(b % n) + 1})`);
    }
  }
  const first = where[1]!, last = where[total]!;
  return { ok: true, closed: total > 2 && isMove(Math.floor(first / n), first % n, Math.floor(last / n), last % n) };
}

function fail(problem: string): TourCheck {
  return { ok: false, closed: false, problem };
}

function toFlat(grid: ArrayLike<number> | readonly (readonly number[])[]): ArrayLike<number> {
  if (grid.length > 0 && Array.isArray(grid[0])) return (grid as readonly (readonly number[])[]).flat();
  return grid as ArrayLike<number>;
}
