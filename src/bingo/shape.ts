// A bingo card's shape as data: its grid, each column's numbers, free squares, how many
// numbers a row and a column hold, and how cards group. Rules, counts, the sampler, the
// uniqueness key, the codec, validation and pattern masks are all derived from it.
//
// Two engines read shapes. "cards" shapes (75-, 80- and 30-ball) fill every square that is
// not free, each column with distinct numbers of its range; this room generates, counts,
// validates and checks them. The 90-ball shape is "housie": its tickets leave four squares
// of each row blank and its books use 1-90 once, which the housie room's own engine and
// kernel handle (src/housie, assembly/housie); the shape here describes it (and a test
// holds it to the housie kernel's columns) so that one table lists every format.
import { UsageError } from "../errors.js";
import { quote } from "../io/quote.js";
import { bingoConstants } from "../wasm/generated/bingo.js";

/** The formats, by the number of balls in the draw. */
export type BingoBall = "30" | "75" | "80" | "90";
/** Every format's name, as `--ball` takes it. */
export const BALLS: readonly BingoBall[] = ["75", "80", "30", "90"];

/** A card's grid and numbers. */
export interface CardShape {
  /** Balls in the draw, 1..balls: also the format's name ("75"). */
  readonly ball: string;
  /** What a player calls it. */
  readonly title: string;
  readonly rows: number;
  readonly columns: number;
  /** The first and last number of each column (inclusive). */
  readonly columnRanges: readonly (readonly [number, number])[];
  /** Headings printed above the columns ("B","I","N","G","O"), if the format has them. */
  readonly columnLetters?: readonly string[];
  /** Free squares, [row, column], 0-based: marked from the start, no number. */
  readonly free: readonly (readonly [number, number])[];
  /** Fewest and most numbers a row holds on one card. */
  readonly perRow: readonly [number, number];
  /** Fewest and most numbers a column holds on one card. */
  readonly perColumn: readonly [number, number];
  /** How cards group: cards per book (1 = single cards) and whether a book uses every number once. */
  readonly book: { readonly cards: number; readonly everyNumberOnce: boolean };
  /** Which engine generates and checks it. */
  readonly engine: "cards" | "housie";
}

const ranges = (size: number, count: number): [number, number][] => Array.from({ length: count }, (_, j) => [1 + j * size, (j + 1) * size]);

/** US 75-ball: 5×5, B 1-15, I 16-30, N 31-45 (free centre), G 46-60, O 61-75. */
export const SHAPE_75: CardShape = {
  ball: "75",
  title: "75-ball",
  rows: 5,
  columns: 5,
  columnRanges: ranges(15, 5),
  columnLetters: ["B", "I", "N", "G", "O"],
  free: [[2, 2]],
  perRow: [4, 5],
  perColumn: [4, 5],
  book: { cards: 1, everyNumberOnce: false },
  engine: "cards",
};

/** 80-ball (US/UK halls and online): 4×4, columns 1-20, 21-40, 41-60, 61-80, four numbers each, no free square. */
export const SHAPE_80: CardShape = {
  ball: "80",
  title: "80-ball",
  rows: 4,
  columns: 4,
  columnRanges: ranges(20, 4),
  free: [],
  perRow: [4, 4],
  perColumn: [4, 4],
  book: { cards: 1, everyNumberOnce: false },
  engine: "cards",
};

/** 30-ball speed bingo: 3×3, columns 1-10, 11-20, 21-30, no free square. */
export const SHAPE_30: CardShape = {
  ball: "30",
  title: "30-ball",
  rows: 3,
  columns: 3,
  columnRanges: ranges(10, 3),
  free: [],
  perRow: [3, 3],
  perColumn: [3, 3],
  book: { cards: 1, everyNumberOnce: false },
  engine: "cards",
};

/** UK 90-ball tickets (the housie room's engine): 3×9, 1-9, 10-19, …, 80-90, five numbers a row, books of 6 using 1-90 once. */
export const SHAPE_90: CardShape = {
  ball: "90",
  title: "90-ball",
  rows: 3,
  columns: 9,
  columnRanges: [[1, 9], ...Array.from({ length: 7 }, (_, j): [number, number] => [10 * (j + 1), 10 * (j + 1) + 9]), [80, 90]],
  free: [],
  perRow: [5, 5],
  perColumn: [1, 3],
  book: { cards: 6, everyNumberOnce: true },
  engine: "housie",
};

const SHAPES: Record<BingoBall, CardShape> = { "30": SHAPE_30, "75": SHAPE_75, "80": SHAPE_80, "90": SHAPE_90 };

/** Largest grid side, column range and number the "cards" engine takes (the kernel's: a column's numbers fit a 64-bit mask, a number a byte). */
export const MAX_SIDE: number = bingoConstants.MAX_SIDE;
export const MAX_RANGE: number = bingoConstants.MAX_RANGE;
export const MAX_NUMBER: number = bingoConstants.MAX_NUMBER;

/**
 * The shape of a format ("75", 75): a UsageError naming the formats otherwise.
 *
 * @param ball the format: "75", "80", "30" or "90" (as a string or a number)
 * @example
 * ```ts
 * import { shapeOf } from "tabula-grids/bingo";
 *
 * const shape = shapeOf(75);
 * [shape.rows, shape.columns]; // [5, 5]
 * shape.free; // [[2, 2]]: the free centre square
 * ```
 */
export function shapeOf(ball: string | number): CardShape {
  const shape = (SHAPES as Record<string, CardShape | undefined>)[String(ball)];
  if (shape === undefined) throw new UsageError(`ball ${quote(String(ball))} is not a bingo format (expected one of ${BALLS.join(", ")})`);
  return shape;
}

/**
 * The shape of a "cards" format, or a UsageError saying where the other one lives (90-ball: `housie`).
 *
 * @param ball the format: "75", "80" or "30" (90-ball tickets are housie's)
 * @example
 * ```ts
 * import { cardShapeOf } from "tabula-grids/bingo";
 *
 * cardShapeOf("75").title; // "75-ball"
 * ```
 */
export function cardShapeOf(ball: string | number): CardShape {
  const shape = shapeOf(ball);
  if (shape.engine !== "cards")
    throw new UsageError(
      `${shape.title} tickets and books are made by the housie command and API (expected ${BALLS.filter((b) => SHAPES[b].engine === "cards").join(", ")} here)`,
    );
  return shape;
}

/** Cells of a card, row by row. */
export const cellCount = (shape: CardShape): number => shape.rows * shape.columns;
/** Index of a square in a card's row-major cells. */
export const cellIndex = (shape: CardShape, row: number, column: number): number => row * shape.columns + column;

/** Whether square (row, column) is free. */
export function isFree(shape: CardShape, row: number, column: number): boolean {
  return shape.free.some(([r, c]) => r === row && c === column);
}

/** Numbers column j holds on a "cards" card: every square that is not free. */
export function numbersInColumn(shape: CardShape, column: number): number {
  let n = 0;
  for (let r = 0; r < shape.rows; r++) if (!isFree(shape, r, column)) n++;
  return n;
}

/** Numbers in column j's range. */
export function rangeSize(shape: CardShape, column: number): number {
  const [lo, hi] = shape.columnRanges[column]!;
  return hi - lo + 1;
}

/** The column a number belongs to, or -1 when it is on no column (out of 1..balls). */
export function columnOfNumber(shape: CardShape, n: number): number {
  return shape.columnRanges.findIndex(([lo, hi]) => n >= lo && n <= hi);
}

/** Heading of column j: its letter, or its range. */
export function columnName(shape: CardShape, column: number): string {
  const [lo, hi] = shape.columnRanges[column]!;
  return shape.columnLetters ? `${shape.columnLetters[column]} (${lo}-${hi})` : `${lo}-${hi}`;
}

/**
 * The rules of a card in words, one line each (what `bingo validate` holds a file to).
 *
 * @param shape the card's shape
 * @example
 * ```ts
 * import { shapeOf, shapeRules } from "tabula-grids/bingo";
 *
 * shapeRules(shapeOf(75))[0]; // "5 rows of 5 squares"
 * ```
 */
export function shapeRules(shape: CardShape): string[] {
  const rules = [`${shape.rows} rows of ${shape.columns} squares`];
  for (let j = 0; j < shape.columns; j++) {
    rules.push(`column ${columnName(shape, j)}: ${numbersInColumn(shape, j)} different numbers from that range, in any order`);
  }
  for (const [r, c] of shape.free) rules.push(`row ${r + 1}, column ${c + 1}: a free square (null), no number`);
  return rules;
}

/**
 * Whether a shape is one the "cards" engine can take: a grid of at most MAX_SIDE a side,
 * column ranges of 1..MAX_RANGE numbers in increasing order without overlap, at least one
 * number per column. UsageError naming what is wrong. (Every built-in shape passes; tests build small analogues.)
 *
 * @param shape the shape to check
 * @example
 * ```ts
 * import { checkCardShape, shapeOf } from "tabula-grids/bingo";
 *
 * const shape = shapeOf(30);
 * checkCardShape(shape) === shape; // true
 * ```
 */
export function checkCardShape(shape: CardShape): CardShape {
  const bad = (what: string) => new UsageError(`card shape ${shape.ball}: ${what}`);
  if (!Number.isInteger(shape.rows) || shape.rows < 1 || shape.rows > MAX_SIDE) throw bad(`rows ${shape.rows} (expected 1 to ${MAX_SIDE})`);
  if (!Number.isInteger(shape.columns) || shape.columns < 1 || shape.columns > MAX_SIDE) throw bad(`columns ${shape.columns} (expected 1 to ${MAX_SIDE})`);
  if (shape.columnRanges.length !== shape.columns) throw bad(`${shape.columnRanges.length} column ranges for ${shape.columns} columns`);
  let last = 0;
  for (let j = 0; j < shape.columns; j++) {
    const [lo, hi] = shape.columnRanges[j]!;
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo <= last || hi < lo || hi - lo + 1 > MAX_RANGE || hi > MAX_NUMBER)
      throw bad(`column ${j + 1} range ${lo}-${hi} (expected increasing, disjoint ranges of 1 to ${MAX_RANGE} numbers within 1-${MAX_NUMBER})`);
    last = hi;
    const k = numbersInColumn(shape, j);
    if (k < 1 || k > rangeSize(shape, j)) throw bad(`column ${j + 1} holds ${k} numbers from ${rangeSize(shape, j)}`);
  }
  for (const [r, c] of shape.free) if (r < 0 || r >= shape.rows || c < 0 || c >= shape.columns) throw bad(`free square ${r},${c} is off the grid`);
  const within = (n: number, [lo, hi]: readonly [number, number]) => n >= lo && n <= hi;
  for (let j = 0; j < shape.columns; j++)
    if (!within(numbersInColumn(shape, j), shape.perColumn))
      throw bad(`column ${j + 1} holds ${numbersInColumn(shape, j)} numbers, not ${shape.perColumn.join(" to ")}`);
  for (let r = 0; r < shape.rows; r++) {
    let n = 0;
    for (let c = 0; c < shape.columns; c++) if (!isFree(shape, r, c)) n++;
    if (!within(n, shape.perRow)) throw bad(`row ${r + 1} holds ${n} numbers, not ${shape.perRow.join(" to ")}`);
  }
  return shape;
}
