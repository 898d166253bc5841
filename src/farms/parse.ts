// Parser for the contest input format: a line with N, then 2N rows of seven symbols,
// space-separated ("2 1 0 0 2 2 1") or packed ("2100221").
import { InputError } from "../errors.js";
import { FARM_ROW_EXPECTED, farmRowProblem, type FarmRow } from "./rows.js";

/** One input case: the two given rows and the lines they came from. */
export interface FarmCase {
  rows: [FarmRow, FarmRow];
  lines: [number, number];
}

/** Reads one row; `line` is 1-based, for messages. */
export function parseFarmRow(text: string, line?: number): number[] {
  const where = { line };
  const tokens = text.trim().split(/\s+/).filter((t) => t.length > 0);
  if (tokens.length === 0) throw new InputError("blank line where a row was expected", where, FARM_ROW_EXPECTED);
  const symbols = tokens.length === 1 ? [...tokens[0]!] : tokens;
  if (tokens.length > 1 && tokens.some((t) => t.length !== 1)) {
    throw new InputError(`malformed row "${text.trim()}"`, where, "symbols separated by single spaces, or 7 packed symbols");
  }
  const row = symbols.map((s) => (s === "0" || s === "1" || s === "2" ? Number(s) : s));
  const problem = farmRowProblem(row);
  if (problem) throw new InputError(problem, where, FARM_ROW_EXPECTED);
  return row as number[];
}

/** Parses the whole input; throws InputError with 1-based line numbers on bad input. */
export function parseFarmInput(text: string): FarmCase[] {
  const lines = text.split(/\r?\n/);
  // Trailing blank lines and trailing whitespace are ignored.
  let last = lines.length;
  while (last > 0 && lines[last - 1]!.trim() === "") last--;
  if (last === 0) throw new InputError("input is empty", { line: 1 }, "a first line with the number of cases N");

  const header = lines[0]!.trim();
  if (!/^[+-]?\d+$/.test(header)) {
    throw new InputError(`"${header}" is not a number of cases`, { line: 1 }, "a whole number N ≥ 0");
  }
  const cases = Number(header);
  if (cases < 0) throw new InputError(`negative number of cases ${header}`, { line: 1 }, "a whole number N ≥ 0");

  // Rows are read in order first, so the earliest bad line is the one reported.
  const needed = 1 + 2 * cases;
  const rows: number[][] = [];
  for (let line = 2; line <= Math.min(last, needed); line++) rows.push(parseFarmRow(lines[line - 1]!, line));
  const expected = `${2 * cases} rows for N = ${cases}`;
  if (last < needed) {
    throw new InputError(`input ends after ${rows.length} row${rows.length === 1 ? "" : "s"}`, { line: last }, expected);
  }
  if (last > needed) throw new InputError("unexpected line after the last case", { line: needed + 1 }, expected);

  const result: FarmCase[] = [];
  for (let k = 0; k < cases; k++) {
    result.push({ rows: [rows[2 * k]!, rows[2 * k + 1]!], lines: [2 + 2 * k, 3 + 2 * k] });
  }
  return result;
}
