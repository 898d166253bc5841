// Checks a filled grid against the rules: each of 1..n² exactly once, each step a legal
// move (pen-and-paper, or any leapers' on an m×n board), and for closed tours a legal
// move from the last square back to 1.
import { argumentError, denseArray, readable, requiredObject, wholeNumber } from "../args.js";
import { isMove } from "./moves.js";
import { normaliseLeapers, type Leaper } from "./leapers.js";

/** What `validateTour` found. */
export interface TourCheck {
  /** Whether the grid is a tour: 1..n² each once, each step one move from the one before. */
  ok: boolean;
  /** Whether the last square is a move away from the first (only meaningful when ok). */
  closed: boolean;
  /** What is wrong, in words, when not ok. */
  problem?: string;
}

/** The board and moves of an m×n grid to validate (default: square, pen-and-paper). */
export interface TourShape {
  rows?: number;
  cols?: number;
  /** The leapers (default the pen-and-paper moves; [[1, 2]] is the knight). */
  moves?: readonly Leaper[];
}

/**
 * Validates a grid given row by row (typed array or number[]), or as rows: an n×n
 * pen-and-paper grid by default, or any leapers' tour of an m×n board (`shape`).
 *
 * @param grid the step numbers row by row, or the rows
 * @param size the board's side n (default: the square root of the cells), or its shape { rows, cols, moves }
 * @example
 * ```ts
 * import { generateTour, validateTour } from "tabula-grids";
 *
 * validateTour(generateTour({ size: 5, seed: 1 })); // { ok: true, closed: false }
 * validateTour([[1, 2], [3, 4]]);                  // { ok: false, closed: false, problem: "1 to 2 is not a legal move (…)" }
 * validateTour(generateTour({ moves: [[1, 2]], rows: 3, cols: 4 }), { rows: 3, cols: 4, moves: [[1, 2]] }); // { ok: true, … }
 * ```
 */
export function validateTour(grid: ArrayLike<number> | readonly (readonly number[])[], size?: number | TourShape): TourCheck {
  if (grid === null || typeof grid !== "object") throw argumentError("grid", "an array of step numbers or of rows", grid);
  readable(grid, "grid");
  if (Array.isArray(grid))
    denseArray(grid, "grid", "an array of step numbers or of rows").forEach(
      (row, r) => Array.isArray(row) && denseArray(row, `grid[${r}]`, "an array of step numbers"),
    );
  const shape = typeof size === "object" && size !== null ? requiredObject<TourShape>(size, "shape", ["rows", "cols", "moves"]) : undefined;
  if (shape === undefined && size !== undefined) wholeNumber(size, "size", 1, 10000);
  if (shape?.rows !== undefined) wholeNumber(shape.rows, "rows", 1, 10000);
  if (shape?.cols !== undefined) wholeNumber(shape.cols, "cols", 1, 10000);
  const leapers = shape?.moves === undefined ? undefined : normaliseLeapers(shape.moves, "moves");
  const flat = toFlat(grid);
  const square = (shape ? undefined : (size as number | undefined)) ?? Math.round(Math.sqrt(flat.length));
  // With a shape: its rows and cols, else the rows given, else square.
  const rows = !shape ? square : (shape.rows ?? (Array.isArray(grid[0]) ? grid.length : shape.cols ? flat.length / shape.cols : square));
  const cols = !shape ? square : (shape.cols ?? flat.length / rows);
  const total = rows * cols;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || flat.length !== total) {
    return fail(shape ? `a grid of ${flat.length} numbers is not ${rows}×${cols}` : `a grid of ${flat.length} numbers is not square`);
  }
  const legal = leapers ? leaperTest(leapers) : isMove;
  const where = new Int32Array(total + 1).fill(-1);
  for (let i = 0; i < total; i++) {
    const v = flat[i]!;
    const at = `row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}`;
    if (!Number.isInteger(v) || v < 1 || v > total) return fail(`${at} holds ${v}, not a number from 1 to ${total}`);
    if (where[v] !== -1) return fail(`${v} appears twice (${at})`);
    where[v] = i;
  }
  for (let k = 1; k < total; k++) {
    const a = where[k]!,
      b = where[k + 1]!;
    if (!legal(Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols)) {
      return fail(
        `${k} to ${k + 1} is not a legal move (row ${Math.floor(a / cols) + 1}, column ${(a % cols) + 1} to row ${Math.floor(b / cols) + 1}, column ${(b % cols) + 1})`,
      );
    }
  }
  const first = where[1]!,
    last = where[total]!;
  return { ok: true, closed: total > 2 && legal(Math.floor(first / cols), first % cols, Math.floor(last / cols), last % cols) };
}

/** Whether a leap of the set joins (r1, c1) and (r2, c2). */
function leaperTest(leapers: readonly Leaper[]): (r1: number, c1: number, r2: number, c2: number) => boolean {
  return (r1, c1, r2, c2) => {
    const dr = Math.abs(r1 - r2),
      dc = Math.abs(c1 - c2);
    return leapers.some(([a, b]) => (dr === a && dc === b) || (dr === b && dc === a));
  };
}

function fail(problem: string): TourCheck {
  return { ok: false, closed: false, problem };
}

function toFlat(grid: ArrayLike<number> | readonly (readonly number[])[]): ArrayLike<number> {
  if (grid.length > 0 && Array.isArray(grid[0])) return (grid as readonly (readonly number[])[]).flat();
  return grid as ArrayLike<number>;
}
