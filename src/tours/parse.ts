// Reads a tour file for `pen-paper validate`: our JSON ({"size", "closed", "grid"}) or a
// text grid (our text format, or plain rows of numbers; rule lines and "|" are ignored).
// Shape problems are InputErrors with the line; broken tour rules are for validateTour.
import { text as checkText } from "../args.js";
import { InputError, UsageError } from "../errors.js";
import { parseLeapers, type Leaper } from "./leapers.js";
import { quote, quoteValue, shorten } from "../io/quote.js";
import { MAX_GENERATE_SIZE } from "./options.js";

/** Largest square number of the largest board; bigger numbers cannot be part of a tour. */
const MAX_SQUARE_NUMBER = MAX_GENERATE_SIZE * MAX_GENERATE_SIZE;

/**
 * Longest line read: one grid row of the largest board in our JSON or text format
 * (numbers of up to 9 digits and their separators), with room to spare. Longer lines are
 * rejected as soon as they pass this length, so a 50 MB line costs bounded memory.
 */
export const MAX_TOUR_LINE = 12 * MAX_GENERATE_SIZE + 256;

/** Why a number as written cannot be a square's number, or undefined. */
function outOfRange(written: string, value: number): string | undefined {
  if (Number.isSafeInteger(value) && value <= MAX_SQUARE_NUMBER) return undefined;
  return `${shorten(written, 24)} is too large to number a square (squares are numbered 1 to n², at most ${MAX_SQUARE_NUMBER} on the largest board)`;
}

/** A tour read from a file: its size, the grid, whether our JSON says it is closed, and the file line of each grid row. */
export interface TourFile {
  /** Side of a square grid; for an m×n grid its rows (see rows, cols). */
  size: number;
  rows: number;
  cols: number;
  /** The move set the file names ("moves": "1,2" in JSON, a "moves 1,2" line in text), or undefined. */
  moves?: Leaper[];
  grid: Int32Array;
  /** Whether the file claims a closed tour (JSON "closed"); undefined for text. */
  closed?: boolean;
  /** 1-based line of each grid row, for messages about squares. */
  rowLines: number[];
}

/**
 * Reads a tour from our JSON or a text grid (rules and `|` ignored); bad input is an `InputError` with the line.
 *
 * @param text a tour as our JSON, or as a text grid of step numbers
 * @example
 * ```ts
 * import { parseTourFile, validateTour } from "tabula-grids";
 *
 * const tour = parseTourFile("1 4 7\n2 5 8\n3 6 9\n");
 * tour.size; // 3
 * validateTour(tour.grid, tour.size).ok; // false: 1 to 2 is not a pen-and-paper move
 * ```
 */
export function parseTourFile(text: string): TourFile {
  checkText(text, "text");
  return text.trimStart().startsWith("{") ? parseJson(text) : parseText(text);
}

/** The move set written in a file, as leapers; an InputError at `line` when it is no move set. */
function movesIn(written: unknown, line: number): Leaper[] {
  try {
    if (typeof written !== "string") throw new UsageError("not text");
    return parseLeapers(written);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new InputError(`the moves ${quoteValue(written)} are no move set`, { line }, 'leapers a,b joined by +, like "1,2" or "0,3+2,2"');
  }
}

const MOVES_LINE = /^\s*moves\s+(\S.*?)\s*$/;

const RULE = /^[\s+\-=|]*$/;

function parseText(text: string): TourFile {
  const rows: number[][] = [];
  const rowLines: number[] = [];
  const lines = text.split(/\r?\n/);
  let moves: Leaper[] | undefined;
  lines.forEach((line, i) => {
    if (RULE.test(line)) return;
    const named = rows.length === 0 && moves === undefined ? MOVES_LINE.exec(line) : null;
    if (named) {
      moves = movesIn(named[1], i + 1);
      return;
    }
    const tokens = line.replace(/\|/g, " ").trim().split(/\s+/);
    const row = tokens.map((token) => {
      if (!/^\d+$/.test(token)) throw new InputError(`${quote(token)} is not a whole number`, { line: i + 1 }, "rows of whole numbers");
      const value = Number(token);
      const tooLarge = outOfRange(token, value);
      if (tooLarge) throw new InputError(tooLarge, { line: i + 1 }, "whole numbers from 1 to n²");
      return value;
    });
    if (rows.length > 0 && row.length !== rows[0]!.length) {
      throw new InputError(`row ${rows.length + 1} has ${row.length} numbers`, { line: i + 1 }, `${rows[0]!.length} like the first row`);
    }
    rows.push(row);
    rowLines.push(i + 1);
  });
  if (rows.length === 0) throw new InputError("no grid found", { line: 1 }, "rows of whole numbers or a JSON tour");
  const n = rows[0]!.length;
  // A grid of any shape once the moves are named (our leaper tours); pen-and-paper grids are square.
  if (rows.length !== n && moves === undefined) {
    throw new InputError(`${rows.length} rows of ${n} numbers`, { line: rowLines[rowLines.length - 1]! }, `a square grid (${n} rows)`);
  }
  return { size: rows.length, rows: rows.length, cols: n, moves, grid: Int32Array.from(rows.flat()), rowLines };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Lines where each row array of "grid" opens (for messages), found by scanning brackets. */
function gridRowLines(text: string): number[] {
  const lines: number[] = [];
  const at = text.indexOf('"grid"');
  if (at < 0) return lines;
  let depth = 0;
  let line = lineAt(text, at);
  for (let i = at; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") line++;
    else if (ch === "[") {
      depth++;
      if (depth === 2) lines.push(line);
    } else if (ch === "]") {
      depth--;
      if (depth === 0) break;
    }
  }
  return lines;
}

function parseJson(text: string): TourFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? lineAt(text, Number(position[1])) : /line (\d+)/.exec(message) ? Number(/line (\d+)/.exec(message)![1]) : 1;
    throw new InputError(
      `malformed JSON: ${shorten(message.replace(/ in JSON at .*$/s, ""), 80)}`,
      { line },
      '{"size": N, "closed": bool, "grid": [[...], ...]}',
    );
  }
  const expected = '{"size": N, "closed": bool, "grid": [[...], ...]}';
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) throw new InputError("the JSON is not an object", { line: 1 }, expected);
  const {
    size,
    rows,
    cols,
    moves: written,
    closed,
    grid,
  } = doc as { size?: unknown; rows?: unknown; cols?: unknown; moves?: unknown; closed?: unknown; grid?: unknown };
  const rowLines = gridRowLines(text);
  if (!Array.isArray(grid) || grid.length === 0) throw new InputError('"grid" is missing or not a list of rows', { line: 1 }, expected);
  const h = grid.length;
  if (size !== undefined && size !== h) throw new InputError(`"size" is ${quoteValue(size)} but the grid has ${h} rows`, { line: 1 }, "equal sizes");
  if (rows !== undefined && rows !== h) throw new InputError(`"rows" is ${quoteValue(rows)} but the grid has ${h} rows`, { line: 1 }, "equal numbers of rows");
  if (closed !== undefined && typeof closed !== "boolean") throw new InputError(`"closed" is ${quoteValue(closed)}`, { line: 1 }, "true or false");
  const moves = written === undefined ? undefined : movesIn(written, 1);
  // m×n grids when the file says so ("cols", or the moves named); pen-and-paper grids are square.
  const n = typeof cols === "number" && Number.isInteger(cols) && cols >= 1 ? cols : moves !== undefined && Array.isArray(grid[0]) ? grid[0].length : h;
  if (cols !== undefined && cols !== n) throw new InputError(`"cols" is ${quoteValue(cols)}`, { line: 1 }, "a whole number of columns");
  const flat = new Int32Array(h * n);
  grid.forEach((row: unknown, r) => {
    const line = rowLines[r] ?? 1;
    if (!Array.isArray(row) || row.length !== n) throw new InputError(`grid row ${r + 1} is not a list of ${n} numbers`, { line }, `${h} rows of ${n} numbers`);
    row.forEach((v: unknown, c) => {
      // Out of range first: 1e400 parses as Infinity, which is not an integer either.
      const tooLarge = typeof v === "number" && outOfRange(String(v), Math.abs(v)) && outOfRange(writtenNumber(text, rowLines[r], c) ?? String(v), Math.abs(v));
      if (!tooLarge && (typeof v !== "number" || !Number.isInteger(v)))
        throw new InputError(`grid row ${r + 1}, column ${c + 1} is ${quoteValue(v)}`, { line }, "whole numbers");
      if (tooLarge) throw new InputError(`grid row ${r + 1}, column ${c + 1}: ${tooLarge}`, { line }, "whole numbers from 1 to n²");
      flat[r * n + c] = v;
    });
  });
  return {
    size: h,
    rows: h,
    cols: n,
    moves,
    grid: flat,
    closed: closed as boolean | undefined,
    rowLines: rowLines.length === h ? rowLines : Array.from({ length: h }, () => 1),
  };
}

/** The c-th number as written on line `line` (our JSON puts a grid row on one line), if it is there. */
function writtenNumber(text: string, line: number | undefined, c: number): string | undefined {
  if (line === undefined) return undefined;
  let start = 0;
  for (let l = 1; l < line; l++) {
    start = text.indexOf("\n", start) + 1;
    if (start === 0) return undefined;
  }
  const end = text.indexOf("\n", start);
  const numbers = text.slice(start, end < 0 ? undefined : end).match(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g);
  return numbers?.[c];
}
