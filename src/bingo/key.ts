// A card's exact identity as one whole number: its rank among all ordered cards of its
// shape. Column j's numbers, read top to bottom, are an ordered choice of k from its n;
// their rank is the Lehmer code sum_i idx_i · (n-i-1)·…·(n-k+1), idx_i the place of the
// i-th number among those not yet used. The card's rank is the columns' ranks in mixed
// radix (column 0 lowest). The kernel keeps ranks as 64-bit words, columns grouped so
// that each word's radix product stays below 2^63 (KeyPlan); the uniqueness set and
// readers of earlier series use the same plan.
import { UsageError } from "../errors.js";
import { fallingFactorial } from "./count.js";
import { cellIndex, isFree, numbersInColumn, rangeSize, type CardShape } from "./shape.js";

/** Most 64-bit words a key takes (the kernel's uniqueness set holds two). */
export const KEY_WORDS = 2;
const WORD_LIMIT = 1n << 63n;

/** How column ranks pack into key words: the first column of each word and each column's multiplier within its word. */
export interface KeyPlan {
  /** The word each column's rank goes into. */
  word: number[];
  /** Its multiplier there. */
  multiplier: bigint[];
  /** Ordered choices in each column (its radix). */
  radix: bigint[];
  words: number;
}

/** The plan of a shape; a UsageError when its keys need more than KEY_WORDS words. */
export function keyPlan(shape: CardShape): KeyPlan {
  const plan: KeyPlan = { word: [], multiplier: [], radix: [], words: 1 };
  let product = 1n;
  for (let j = 0; j < shape.columns; j++) {
    const radix = fallingFactorial(rangeSize(shape, j), numbersInColumn(shape, j));
    if (product * radix >= WORD_LIMIT) {
      plan.words++;
      product = 1n;
    }
    plan.word.push(plan.words - 1);
    plan.multiplier.push(product);
    plan.radix.push(radix);
    product *= radix;
  }
  if (plan.words > KEY_WORDS) throw new UsageError(`card shape ${shape.ball}: its cards need keys of ${plan.words} 64-bit words (at most ${KEY_WORDS})`);
  return plan;
}

/** Rank of column j's numbers (row order, free squares skipped) among its ordered choices. */
export function columnRank(shape: CardShape, cells: ArrayLike<number>, at: number, column: number): bigint {
  const lo = shape.columnRanges[column]![0];
  const n = rangeSize(shape, column);
  const k = numbersInColumn(shape, column);
  let used = 0n;
  let rank = 0n;
  let i = 0;
  for (let r = 0; r < shape.rows; r++) {
    if (isFree(shape, r, column)) continue;
    const v = cells[at + cellIndex(shape, r, column)]! - lo;
    let below = 0;
    for (let u = 0; u < v; u++) if ((used >> BigInt(u)) & 1n) below++;
    used |= 1n << BigInt(v);
    rank += BigInt(v - below) * fallingFactorial(n - i - 1, k - i - 1);
    i++;
  }
  return rank;
}

/** The card's key words (low word first), as the kernel computes them. */
export function cardKeyWords(shape: CardShape, plan: KeyPlan, cells: ArrayLike<number>, at = 0): bigint[] {
  const words = new Array<bigint>(plan.words).fill(0n);
  for (let j = 0; j < shape.columns; j++) words[plan.word[j]!]! += columnRank(shape, cells, at, j) * plan.multiplier[j]!;
  return words;
}

/**
 * The card's rank among all ordered cards of its shape (0 to the ordered count - 1).
 *
 * @param shape the card's shape
 * @param cells the cards' cells, row by row (0 on free squares)
 * @param at where the card's cells start
 * @example
 * ```ts
 * import { cardRank, cellsFromCard, generateCards, shapeOf } from "tabula-grids/bingo";
 *
 * const shape = shapeOf(75);
 * cardRank(shape, cellsFromCard(shape, generateCards(75, 1, { seed: 1 })[0].card)); // 334593872028312322679380280n
 * ```
 */
export function cardRank(shape: CardShape, cells: ArrayLike<number>, at = 0): bigint {
  let rank = 0n;
  let scale = 1n;
  for (let j = 0; j < shape.columns; j++) {
    rank += columnRank(shape, cells, at, j) * scale;
    scale *= fallingFactorial(rangeSize(shape, j), numbersInColumn(shape, j));
  }
  return rank;
}

/** A card's rank as the key words the kernel packs it into (low word first). */
export function keyWordsOfRank(shape: CardShape, plan: KeyPlan, rank: bigint): bigint[] {
  const words = new Array<bigint>(plan.words).fill(0n);
  for (let j = 0; j < shape.columns; j++) {
    words[plan.word[j]!]! += (rank % plan.radix[j]!) * plan.multiplier[j]!;
    rank /= plan.radix[j]!;
  }
  return words;
}
