// Parser for the contest input format: a line with N, then 2N rows of seven symbols,
// space-separated ("2 1 0 0 2 2 1") or packed ("2100221"). It reads one line at a time
// (FarmCaseReader), so the CLI can count and print each case as soon as its two rows
// have arrived, in constant memory; parseFarmInput is the same over a whole string.
import { InputError } from "../errors.js";
import { optionalWholeNumber, text as checkText } from "../args.js";
import { quote, shorten } from "../io/quote.js";
import { FARM_ROW_EXPECTED, farmRowProblem, type FarmRow } from "./rows.js";

/** One input case: the two given rows and the lines they came from. */
export interface FarmCase {
  rows: [FarmRow, FarmRow];
  lines: [number, number];
}

/** Largest N accepted: case numbers stay exact doubles. */
export const MAX_FARM_CASES = Number.MAX_SAFE_INTEGER;

/** Longest line kept for reading; longer lines are cut (and are never valid anyway). */
export const MAX_FARM_LINE = 4096;

/**
 * Reads one row; `line` is 1-based, for messages.
 *
 * @param text the row, "2100221" or "2 1 0 0 2 2 1"
 * @param line the row's 1-based line in its input, for the message of an InputError
 * @example
 * ```ts
 * import { parseFarmRow } from "tabula-grids";
 *
 * parseFarmRow("2 1 0 0 2 2 1"); // [2, 1, 0, 0, 2, 2, 1]
 * ```
 */
export function parseFarmRow(text: string, line?: number): number[] {
  checkText(text, "text");
  optionalWholeNumber(line, "line", 1);
  const where = { line };
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((t) => t.length > 0);
  if (tokens.length === 0) throw new InputError("blank line where a row was expected", where, FARM_ROW_EXPECTED);
  const symbols = tokens.length === 1 ? [...tokens[0]!] : tokens;
  if (tokens.length > 1 && tokens.some((t) => t.length !== 1)) {
    throw new InputError(`malformed row ${quote(text.trim())}`, where, "symbols separated by single spaces, or 7 packed symbols");
  }
  const row = symbols.map((s) => (s === "0" || s === "1" || s === "2" ? Number(s) : s));
  const problem = farmRowProblem(row);
  if (problem) throw new InputError(problem, where, FARM_ROW_EXPECTED);
  return row as number[];
}

const HEADER_EXPECTED = "a whole number N ≥ 0";

/** The number of cases on line 1. */
function parseHeader(text: string, cut: boolean): number {
  const header = text.trim();
  const where = { line: 1 };
  if (!/^[+-]?\d+$/.test(header)) throw new InputError(`${quote(header)} is not a number of cases`, where, HEADER_EXPECTED);
  if (header.startsWith("-") && /[1-9]/.test(header)) throw new InputError(`negative number of cases ${shorten(header, 24)}`, where, HEADER_EXPECTED);
  const cases = Number(header);
  if (cut || cases > MAX_FARM_CASES) {
    throw new InputError(`N = ${quote(header, 24)} is too large`, where, `at most ${MAX_FARM_CASES} cases`);
  }
  return cases;
}

/**
 * Line-by-line reader of the contest format. Feed every line in order with `push`
 * (it returns a case when the line completes one), then call `end()`. Errors are
 * InputErrors naming the earliest bad line, as a whole-text parse would.
 */
export class FarmCaseReader {
  private cases = -1;
  private rows: FarmRow[] = [];
  private firstRowLine = 0;
  private done = 0;
  private firstBlank = 0; // a run of blank lines, reported only if a non-blank line follows
  private lastNonBlank = 0;

  /** `cut` says the line was longer than MAX_FARM_LINE and only its start is given. */
  push(text: string, line: number, cut = false): FarmCase | undefined {
    if (!cut && text.trim() === "") {
      if (this.firstBlank === 0) this.firstBlank = line;
      return undefined;
    }
    const blank = this.firstBlank;
    this.firstBlank = 0;
    this.lastNonBlank = line;
    if (this.cases < 0) {
      if (blank !== 0) throw new InputError('"" is not a number of cases', { line: 1 }, HEADER_EXPECTED);
      this.cases = parseHeader(text, cut);
      return undefined;
    }
    if (this.done === this.cases) {
      throw new InputError("unexpected line after the last case", { line: blank || line }, this.expected());
    }
    if (blank !== 0) throw new InputError("blank line where a row was expected", { line: blank }, FARM_ROW_EXPECTED);
    if (cut) throw new InputError(`row is longer than ${MAX_FARM_LINE} characters: ${quote(text)}`, { line }, FARM_ROW_EXPECTED);
    this.rows.push(parseFarmRow(text, line));
    if (this.rows.length < 2) {
      this.firstRowLine = line;
      return undefined;
    }
    const [a, b] = this.rows as [FarmRow, FarmRow];
    this.rows = [];
    this.done++;
    return { rows: [a, b], lines: [this.firstRowLine, line] };
  }

  /** Checks that the input held all N cases. */
  end(): void {
    if (this.cases < 0) throw new InputError("input is empty", { line: 1 }, "a first line with the number of cases N");
    if (this.done < this.cases) {
      const got = 2 * this.done + this.rows.length;
      throw new InputError(`input ends after ${got} row${got === 1 ? "" : "s"}`, { line: this.lastNonBlank }, this.expected());
    }
  }

  private expected(): string {
    return `${2 * this.cases} rows for N = ${this.cases}`;
  }
}

/**
 * Parses the whole input; throws InputError with 1-based line numbers on bad input.
 *
 * @param text the whole input: cases of N then the N pairs of rows, each row 7 symbols 0-2
 * @example
 * ```ts
 * import { parseFarmInput } from "tabula-grids";
 *
 * parseFarmInput("1\n2100221\n0221102\n").length; // 1
 * ```
 */
export function parseFarmInput(text: string): FarmCase[] {
  checkText(text, "text");
  const reader = new FarmCaseReader();
  const result: FarmCase[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const found = reader.push(line, i + 1);
    if (found) result.push(found);
  });
  reader.end();
  return result;
}
