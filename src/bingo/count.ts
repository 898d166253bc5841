// Exact numbers of distinct cards of a shape, in both conventions people quote:
//  ordered  a column's numbers in their squares: two cards with the same numbers in a
//           column, placed in other rows, are different cards (they win different lines).
//           This is what a printed card is, and what the generator is uniform over.
//  sets     a column's numbers as a set, their order ignored (cards that differ only by
//           moving numbers up and down a column are one): the count for blackout, where
//           only which numbers a card holds matters.
// Column j with k numbers from a range of n: n·(n-1)·…·(n-k+1) orders, C(n, k) sets; the
// columns are independent, so each count is a product over columns (docs/derivations.md).
import { checkCardShape, numbersInColumn, rangeSize, type CardShape } from "./shape.js";

/** n·(n-1)·…·(n-k+1), exact. */
export function fallingFactorial(n: number, k: number): bigint {
  let p = 1n;
  for (let i = 0; i < k; i++) p *= BigInt(n - i);
  return p;
}

/** C(n, k), exact. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
}

/** Both counts of a shape's distinct cards. */
export interface CardCounts {
  /** Cards with the order within each column counted (printed cards). */
  ordered: bigint;
  /** Cards with each column's numbers taken as a set. */
  sets: bigint;
}

/**
 * Exact counts of a "cards" shape's distinct cards, by the closed form.
 *
 * @param shape a "cards" shape, from cardShapeOf
 * @example
 * ```ts
 * import { countCards, shapeOf } from "tabula-grids/bingo";
 *
 * countCards(shapeOf(75)).ordered; // 552446474061128648601600000n
 * ```
 */
export function countCards(shape: CardShape): CardCounts {
  checkCardShape(shape);
  let ordered = 1n;
  let sets = 1n;
  for (let j = 0; j < shape.columns; j++) {
    const n = rangeSize(shape, j);
    const k = numbersInColumn(shape, j);
    ordered *= fallingFactorial(n, k);
    sets *= binomial(n, k);
  }
  return { ordered, sets };
}
