// Reads a tour file for `pen-paper validate`: our JSON ({"size", "closed", "grid"}) or a
// text grid (our text format, or plain rows of numbers; rule lines and "|" are ignored).
// Shape problems are InputErrors with the line; broken tour rules are for validateTour.
import { InputError } from "../errors.js";

export interface TourFile {
  size: number;
  grid: Int32Array;
  /** Whether the file claims a closed tour (JSON "closed"); undefined for text. */
  closed?: boolean;
  /** 1-based line of each grid row, for messages about squares. */
  rowLines: number[];
}

export function parseTourFile(text: string): TourFile {
  return text.trimStart().startsWith("{") ? parseJson(text) : parseText(text);
}

const RULE = /^[\s+\-=|]*$/;

function parseText(text: string): TourFile {
  const rows: number[][] = [];
  const rowLines: number[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (RULE.test(line)) return;
    const tokens = line.replace(/\|/g, " ").trim().split(/\s+/);
    const row = tokens.map((token) => {
      if (!/^\d+$/.test(token)) throw new InputError(`"${token}" is not a whole number`, { line: i + 1 }, "rows of whole numbers");
      return Number(token);
    });
    if (rows.length > 0 && row.length !== rows[0]!.length) {
      throw new InputError(`row ${rows.length + 1} has ${row.length} numbers`, { line: i + 1 }, `${rows[0]!.length} like the first row`);
    }
    rows.push(row);
    rowLines.push(i + 1);
  });
  if (rows.length === 0) throw new InputError("no grid found", { line: 1 }, "rows of whole numbers or a JSON tour");
  const n = rows[0]!.length;
  if (rows.length !== n) {
    throw new InputError(`${rows.length} rows of ${n} numbers`, { line: rowLines[rowLines.length - 1]! }, `a square grid (${n} rows)`);
  }
  return { size: n, grid: Int32Array.from(rows.flat()), rowLines };
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
    throw new InputError(`malformed JSON: ${message.replace(/ in JSON at .*$/, "")}`, { line }, '{"size": N, "closed": bool, "grid": [[...], ...]}');
  }
  const expected = '{"size": N, "closed": bool, "grid": [[...], ...]}';
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) throw new InputError("the JSON is not an object", { line: 1 }, expected);
  const { size, closed, grid } = doc as { size?: unknown; closed?: unknown; grid?: unknown };
  const rowLines = gridRowLines(text);
  if (!Array.isArray(grid) || grid.length === 0) throw new InputError('"grid" is missing or not a list of rows', { line: 1 }, expected);
  const n = grid.length;
  if (size !== undefined && size !== n) throw new InputError(`"size" is ${JSON.stringify(size)} but the grid has ${n} rows`, { line: 1 }, "equal sizes");
  if (closed !== undefined && typeof closed !== "boolean") throw new InputError(`"closed" is ${JSON.stringify(closed)}`, { line: 1 }, "true or false");
  const flat = new Int32Array(n * n);
  grid.forEach((row: unknown, r) => {
    const line = rowLines[r] ?? 1;
    if (!Array.isArray(row) || row.length !== n) throw new InputError(`grid row ${r + 1} is not a list of ${n} numbers`, { line }, `${n} rows of ${n} numbers`);
    row.forEach((v: unknown, c) => {
      if (typeof v !== "number" || !Number.isInteger(v)) throw new InputError(`grid row ${r + 1}, column ${c + 1} is ${JSON.stringify(v)}`, { line }, "whole numbers");
      flat[r * n + c] = v;
    });
  });
  return { size: n, grid: flat, closed: closed as boolean | undefined, rowLines: rowLines.length === n ? rowLines : Array.from({ length: n }, () => 1) };
}
