// Pattern games of card formats: a pattern is a set of squares (a mask, bit r·columns+c);
// a card wins when every square of one of the game's patterns is covered (free squares
// are covered from the start). The named games are derived from the shape, so they fit
// 5×5, 4×4 and 3×3 alike; any other game is a mask written row by row, "x" for a square
// of the pattern and "." for one outside it, rows separated by "/" (x...x/.x.x./..x../.x.x./x...x).
import { UsageError } from "../errors.js";
import { quote } from "../io/quote.js";
import { cellIndex, type CardShape } from "./shape.js";

/** The named pattern games. */
export const PATTERN_NAMES = ["line", "row", "column", "diagonal", "corners", "x", "stamp", "blackout"] as const;
export type PatternName = (typeof PATTERN_NAMES)[number];

/** What each named game is, in words (help and docs). */
export const PATTERN_HELP: Record<PatternName, string> = {
  line: "any row, column or diagonal",
  row: "any row",
  column: "any column",
  diagonal: "either diagonal (square cards)",
  corners: "the four corners",
  x: "both diagonals (square cards)",
  stamp: "a 2×2 block in any corner (postage stamp)",
  blackout: "every square (coverall)",
};

/** A game: the masks any one of which wins. */
export interface PatternGame {
  /** As given: a name, a mask, or several joined by ",". */
  name: string;
  masks: bigint[];
}

const bit = (shape: CardShape, r: number, c: number): bigint => 1n << BigInt(cellIndex(shape, r, c));
const maskOf = (shape: CardShape, squares: [number, number][]): bigint => squares.reduce((m, [r, c]) => m | bit(shape, r, c), 0n);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function diagonals(shape: CardShape, name: string): bigint[] {
  if (shape.rows !== shape.columns) throw new UsageError(`pattern ${name} needs a square card (a ${shape.title} card is ${shape.rows}×${shape.columns})`);
  const n = shape.rows;
  return [
    maskOf(
      shape,
      range(n).map((i) => [i, i]),
    ),
    maskOf(
      shape,
      range(n).map((i) => [i, n - 1 - i]),
    ),
  ];
}

function namedMasks(shape: CardShape, name: PatternName): bigint[] {
  const { rows, columns } = shape;
  const rowMasks = () =>
    range(rows).map((r) =>
      maskOf(
        shape,
        range(columns).map((c) => [r, c]),
      ),
    );
  const columnMasks = () =>
    range(columns).map((c) =>
      maskOf(
        shape,
        range(rows).map((r) => [r, c]),
      ),
    );
  switch (name) {
    case "row":
      return rowMasks();
    case "column":
      return columnMasks();
    case "diagonal":
      return diagonals(shape, name);
    case "line":
      return [...rowMasks(), ...columnMasks(), ...(rows === columns ? diagonals(shape, name) : [])];
    case "corners":
      return [
        maskOf(shape, [
          [0, 0],
          [0, columns - 1],
          [rows - 1, 0],
          [rows - 1, columns - 1],
        ]),
      ];
    case "x":
      return [diagonals(shape, name).reduce((a, b) => a | b, 0n)];
    case "stamp": {
      if (rows < 2 || columns < 2) throw new UsageError(`pattern stamp needs a card of 2×2 or more`);
      return [
        [0, 0],
        [0, columns - 2],
        [rows - 2, 0],
        [rows - 2, columns - 2],
      ].map(([r, c]) =>
        maskOf(shape, [
          [r!, c!],
          [r!, c! + 1],
          [r! + 1, c!],
          [r! + 1, c! + 1],
        ]),
      );
    }
    case "blackout":
      return [
        maskOf(
          shape,
          range(rows).flatMap((r) => range(columns).map((c): [number, number] => [r, c])),
        ),
      ];
  }
}

/** A mask written as rows of "x" and "." joined by "/"; UsageError saying what is wrong. */
export function parseMask(shape: CardShape, text: string): bigint {
  const rows = text.trim().split("/");
  const expected = `${shape.rows} rows of ${shape.columns} "x" or "." joined by "/", e.g. ${range(shape.rows)
    .map((r) =>
      range(shape.columns)
        .map((c) => (c === r || c === shape.columns - 1 - r ? "x" : "."))
        .join(""),
    )
    .join("/")}`;
  if (rows.length !== shape.rows || rows.some((row) => row.length !== shape.columns || !/^[xX.]+$/.test(row))) {
    throw new UsageError(`pattern ${quote(text)} is not a ${shape.title} mask (expected ${expected})`);
  }
  let mask = 0n;
  rows.forEach((row, r) =>
    [...row].forEach((ch, c) => {
      if (ch !== ".") mask |= bit(shape, r, c);
    }),
  );
  if (mask === 0n) throw new UsageError(`pattern ${quote(text)} marks no square (expected at least one "x")`);
  return mask;
}

/**
 * A game from its text: a name (PATTERN_NAMES), a mask, or several of them joined by ","
 * (any one wins: "corners,x"). UsageError naming the choices otherwise.
 *
 * @param shape the cards' shape
 * @param text a pattern name, a mask, or several joined by ","
 * @example
 * ```ts
 * import { maskText, parsePatternGame, shapeOf } from "tabula-grids/bingo";
 *
 * const shape = shapeOf(75);
 * const game = parsePatternGame(shape, "corners");
 * maskText(shape, game.masks[0]); // "x...x/...../...../...../x...x"
 * ```
 */
export function parsePatternGame(shape: CardShape, text: string): PatternGame {
  if (typeof text !== "string" || text.trim() === "")
    throw new UsageError(`pattern ${quote(String(text))} is empty (expected ${PATTERN_NAMES.join(", ")} or a mask such as x...x/.x.x./..x../.x.x./x...x)`);
  const masks: bigint[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    if ((PATTERN_NAMES as readonly string[]).includes(part.toLowerCase())) masks.push(...namedMasks(shape, part.toLowerCase() as PatternName));
    else if (part.includes("/") || /^[xX.]+$/.test(part)) masks.push(parseMask(shape, part));
    else
      throw new UsageError(
        `pattern ${quote(part)} is not a pattern (expected one of ${PATTERN_NAMES.join(", ")}, or a mask of "x" and "." rows joined by "/")`,
      );
  }
  return { name: text.trim(), masks: [...new Set(masks)] };
}

/**
 * A mask drawn as rows of "x" and "." joined by "/" (how a game is shown back).
 *
 * @param shape the cards' shape
 * @param mask the pattern's squares, one bit a square
 * @example
 * ```ts
 * import { maskText, parsePatternGame, shapeOf } from "tabula-grids/bingo";
 *
 * const shape = shapeOf(75);
 * maskText(shape, parsePatternGame(shape, "x...x/...../...../...../x...x").masks[0]); // "x...x/...../...../...../x...x"
 * ```
 */
export function maskText(shape: CardShape, mask: bigint): string {
  return range(shape.rows)
    .map((r) =>
      range(shape.columns)
        .map((c) => ((mask & bit(shape, r, c)) !== 0n ? "x" : "."))
        .join(""),
    )
    .join("/");
}
