// A card as data: its record (serial, format, rows of numbers with null on free squares),
// its cells (row-major bytes, 0 on free squares, what the kernel and the sampler write),
// and its printed reference `serial-check`, the check digit Damm's over the serial's
// digits (the housie model's dammDigit: the same protection against a misread digit or
// two swapped ones).
import { UsageError } from "../errors.js";
import { quote } from "../io/quote.js";
import { dammDigit } from "../housie/model/reference.js";
import { MAX_SERIAL, parseSerial } from "../housie/model/serial.js";
import { cellCount, cellIndex, isFree, type CardShape } from "./shape.js";

/** One card of a series. */
export interface CardRecord {
  serial: bigint;
  /** Its format ("75", "80", "30"). */
  ball: string;
  /** Rows of numbers, null on free squares. */
  card: (number | null)[][];
}

/**
 * The card at `cells[at ..]` as rows (null on free squares).
 *
 * @param shape the card's shape
 * @param cells the cards' cells, row by row (0 on free squares)
 * @param at where the card's cells start
 * @example
 * ```ts
 * import { cardFromCells, CardRun, cardShapeOf } from "tabula-grids/bingo";
 *
 * const shape = cardShapeOf(75);
 * const { cells } = new CardRun(shape, { seed: 1 }).nextCells(2);
 * cardFromCells(shape, cells, 25)[0].length; // 5: the second card's top row
 * ```
 */
export function cardFromCells(shape: CardShape, cells: ArrayLike<number>, at = 0): (number | null)[][] {
  return Array.from({ length: shape.rows }, (_, r) =>
    Array.from({ length: shape.columns }, (_, c) => (isFree(shape, r, c) ? null : cells[at + cellIndex(shape, r, c)]!)),
  );
}

/**
 * A card's rows as cells (0 for null); the caller has checked its shape.
 *
 * @param shape the card's shape
 * @param card the card's rows (null on free squares)
 * @param out where to write the cells (default: a new array)
 * @param at where in `out` the card's cells start
 * @example
 * ```ts
 * import { cellsFromCard, generateCards, shapeOf } from "tabula-grids/bingo";
 *
 * cellsFromCard(shapeOf(75), generateCards(75, 1, { seed: 1 })[0].card).length; // 25
 * ```
 */
export function cellsFromCard(shape: CardShape, card: readonly (readonly (number | null)[])[], out = new Uint8Array(cellCount(shape)), at = 0): Uint8Array {
  for (let r = 0; r < shape.rows; r++) for (let c = 0; c < shape.columns; c++) out[at + cellIndex(shape, r, c)] = card[r]![c] ?? 0;
  return out;
}

/**
 * The reference printed on a card: `serial-check`, e.g. 1234-7.
 *
 * @param serial the card's serial
 * @example
 * ```ts
 * import { cardRef } from "tabula-grids/bingo";
 *
 * cardRef(1234n); // "1234-0"
 * ```
 */
export function cardRef(serial: bigint): string {
  return `${serial}-${dammDigit(String(serial))}`;
}

/**
 * Reads a card reference as printed (`serial-check`) or as a bare serial; a wrong check
 * digit is a UsageError saying the reference was misread (the right digit is not said:
 * a misread serial would "fix" itself into another card).
 *
 * @param text the reference as typed: `serial-check` or a bare serial
 * @example
 * ```ts
 * import { parseCardRef } from "tabula-grids/bingo";
 *
 * parseCardRef("1234-0"); // { serial: 1234n, checked: true }
 * parseCardRef("1234"); // { serial: 1234n, checked: false }
 * ```
 */
export function parseCardRef(text: string): { serial: bigint; checked: boolean } {
  const m = /^\s*(\d{1,20})\s*(?:-\s*(\d)\s*)?$/.exec(text);
  const serial = m ? parseSerial(m[1]!) : undefined;
  if (!m || serial === undefined)
    throw new UsageError(`reference ${quote(text)} is not a card reference (expected serial-check as printed, e.g. 1234-7, or a serial 0 to ${MAX_SERIAL})`);
  if (m[2] !== undefined && Number(m[2]) !== dammDigit(String(serial))) {
    throw new UsageError(`reference ${quote(text)}: the check digit ${m[2]} does not match (misread or mistyped? read the whole reference again)`);
  }
  return { serial, checked: m[2] !== undefined };
}
