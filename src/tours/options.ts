// Checks of the options shared by the generator and the counter.
import { describeValue, squareArgument, wholeNumber } from "../args.js";
import { UsageError } from "../errors.js";
import { toursConstants } from "../wasm/generated/tours.js";

/** Largest board the generator accepts (the kernel's): 10000² cells of 4 bytes is 400 MB. */
export const MAX_GENERATE_SIZE = toursConstants.MAX_GENERATE_SIZE;

/** A square given as 0-based [row, column]. */
export type Square = readonly [row: number, col: number];

/**
 * Sizes with no tour at all: on 2×2 and 3×3 some square has no move, 4×4 fails by search.
 *
 * @param n the board's side
 * @example
 * ```ts
 * import { hasTour } from "tabula-grids";
 *
 * hasTour(4); // false
 * hasTour(5); // true
 * ```
 */
export function hasTour(n: number): boolean {
  wholeNumber(n, "n", 1);
  return n === 1 || n >= 5;
}

export function checkSize(size: unknown, max: number): number {
  if (typeof size !== "number" || !Number.isInteger(size) || size < 1 || size > max) {
    throw new UsageError(`size must be a whole number from 1 to ${max}, got ${describeValue(size)}`);
  }
  return size;
}

/** Square index r*n+c of a 0-based [row, col], checked to lie on the board. */
export function checkSquare(square: Square, n: number, what: string): number {
  const [r, c] = squareArgument(square, what);
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= n || c >= n) {
    throw new UsageError(`${what} (${r}, ${c}) is outside the ${n}×${n} board (rows and columns 0 to ${n - 1})`);
  }
  return r * n + c;
}
