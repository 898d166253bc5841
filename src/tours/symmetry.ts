// The symmetries of the board map tours to tours (a leaper set moves ±a, ±b along either
// axis), so counts only need one start square per orbit, and from a start fixed by a
// reflection, one first step per orbit: the 8 of a square board, the 4 reflections and
// half-turn of a rectangle.
import type { Square } from "./options.js";

/** Image of square i of a rows×cols board (cols = rows: square) under symmetry g (0..7: bit 0 flips rows, bit 1 columns, bit 2 transposes, a square board's only). */
export function mapSquare(i: number, rows: number, g: number, cols = rows): number {
  let r = Math.floor(i / cols);
  let c = i % cols;
  if (g & 4) [r, c] = [c, r];
  if (g & 1) r = rows - 1 - r;
  if (g & 2) c = cols - 1 - c;
  return r * cols + c;
}

/** Orbit representatives (smallest index) of `squares` of a rows×cols board under the symmetries in `group`, with orbit sizes (in increasing order of representative when `squares` is). */
export function orbits(squares: readonly number[], rows: number, group: readonly number[], cols = rows): Map<number, number> {
  const reps = new Map<number, number>();
  for (const i of squares) {
    const rep = Math.min(...group.map((g) => mapSquare(i, rows, g, cols)));
    reps.set(rep, (reps.get(rep) ?? 0) + 1);
  }
  return reps;
}

/** Symmetries fixing square s. */
export function stabiliser(s: number, n: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6, 7].filter((g) => mapSquare(s, n, g) === s);
}

export const ALL_SYMMETRIES: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7];
/** A rectangle's: the identity, the two flips and the half-turn (no transposition). */
const RECTANGLE_SYMMETRIES: readonly number[] = [0, 1, 2, 3];

export interface StartClass {
  /** The class's first square in row-major order (0-based row, column). */
  readonly square: Square;
  /** Squares in the class. */
  readonly squares: number;
}

/**
 * The start squares of a rows×cols board in classes under its symmetries, in row-major
 * order of their first squares: the directed paths from one square of a class are as many
 * as from any other, so all directed paths are Σ (class size × the paths from its first
 * square), a count made of other counts (`pen-paper count --by-start`).
 */
export function startClasses(rows: number, cols: number): StartClass[] {
  const squares = Array.from({ length: rows * cols }, (_, i) => i);
  const group = rows === cols ? ALL_SYMMETRIES : RECTANGLE_SYMMETRIES;
  return [...orbits(squares, rows, group, cols)].map(([i, size]) => ({ square: [Math.floor(i / cols), i % cols], squares: size }));
}
