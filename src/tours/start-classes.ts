// The start squares of an m×n board in classes under the board's symmetries (the 8 of a
// square, the 4 reflections and half-turn of a rectangle). A leaper set moves ±a, ±b
// along either axis, so every symmetry maps its tours to tours: the directed paths from
// one square of a class are as many as from any other, and all directed paths are
// Σ (class size × the paths from its first square), a count made of other counts
// (`pen-paper count --by-start`: the second way of an all-starts count).
import type { Square } from "./options.js";

export interface StartClass {
  /** The class's first square in row-major order (0-based row, column). */
  readonly square: Square;
  /** Squares in the class. */
  readonly squares: number;
}

/** The images of square (r, c) under the board's symmetries. */
function images(r: number, c: number, rows: number, cols: number): Square[] {
  const flips: Square[] = [
    [r, c],
    [rows - 1 - r, c],
    [r, cols - 1 - c],
    [rows - 1 - r, cols - 1 - c],
  ];
  return rows === cols ? [...flips, ...flips.map(([x, y]): Square => [y, x])] : flips;
}

/** Every class of start squares, in the row-major order of their first squares. */
export function startClasses(rows: number, cols: number): StartClass[] {
  const classes = new Map<number, number>(); // first square's index → class size
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const first = Math.min(...images(r, c, rows, cols).map(([x, y]) => x * cols + y));
      classes.set(first, (classes.get(first) ?? 0) + 1);
    }
  }
  return [...classes.entries()].sort(([a], [b]) => a - b).map(([i, squares]) => ({ square: [Math.floor(i / cols), i % cols], squares }));
}
