// The general table problem, checked and normalised: an n×n table over symbols
// 0..k-1 with counts c_s in every row and column, optional distinct rows/columns, and
// the first g rows given.
import { UsageError } from "../errors.js";
import { argumentError, denseArray, optionalBoolean, optionKeys, requiredObject, wholeNumbers } from "../args.js";
import { shorten } from "../io/quote.js";
import { tablesConstants } from "../wasm/generated/tables.js";

const { MAX_ROWS, MAX_COLUMNS } = tablesConstants;
/** Largest supported size (the kernel's rows and columns): see MAX_SIZE_REASON. */
export const MAX_TABLE_SIZE: number = Math.min(MAX_ROWS, MAX_COLUMNS);
export const MAX_SIZE_REASON = `the kernel places at most ${MAX_ROWS} rows over at most ${MAX_COLUMNS} columns (column codes of 16 bits, counts of 128 bits), and its state tables grow steeply with the size`;

/** The table counters: the WASM kernel or its TypeScript baseline. */
export type TablesEngine = "wasm" | "ts";
/** Every table engine's name. */
export const TABLES_ENGINES: readonly TablesEngine[] = ["wasm", "ts"];

/** A given row: symbols as numbers, or a digit string like "2100221". */
export type TableRow = readonly number[] | string;

/** An n×n table problem: the size, how often each symbol appears in every row and column, the given first rows and the distinctness rules. */
export interface TableProblem {
  /** n: rows = columns = n. */
  size: number;
  /** c_0..c_{k-1}: how often each symbol appears in every row and every column; sum n. */
  counts: readonly number[];
  /** The first g rows, fixed. */
  given?: readonly TableRow[];
  /** Rows pairwise different (default true). */
  distinctRows?: boolean;
  /** Columns pairwise different (default true). */
  distinctColumns?: boolean;
}

/** A table problem checked and with its defaults filled in. */
export interface NormalizedProblem {
  size: number;
  counts: number[];
  given: number[][];
  distinctRows: boolean;
  distinctColumns: boolean;
}

function parseRow(row: TableRow, index: number, size: number, symbols: number): number[] {
  const cells = typeof row === "string" ? [...row.replace(/\s+/g, "")].map((ch) => (/^\d$/.test(ch) ? Number(ch) : NaN)) : [...row];
  const label = `given row ${index + 1}`;
  if (cells.length !== size) throw new UsageError(`${label} has ${cells.length} symbols (expected ${size})`);
  cells.forEach((s, c) => {
    if (!Number.isInteger(s) || s < 0 || s >= symbols) {
      throw new UsageError(`${label}: symbol in column ${c + 1} is not one of 0..${symbols - 1}`);
    }
  });
  return cells;
}

/** The keys of a TableProblem. */
export const TABLE_PROBLEM_KEYS = optionKeys<TableProblem>({ size: true, counts: true, given: true, distinctRows: true, distinctColumns: true });

/**
 * Checks a problem and fills in the defaults; throws UsageError with a one-line reason.
 *
 * @param problem size, symbol counts and the optional rules (given rows, distinct rows and columns)
 * @example
 * ```ts
 * import { normalizeProblem } from "tabula-grids";
 *
 * normalizeProblem({ size: 4, counts: [2, 2] }); // { size: 4, counts: [2, 2], given: [], distinctRows: true, distinctColumns: true }
 * ```
 */
export function normalizeProblem(problem: TableProblem): NormalizedProblem {
  // The count functions hand their whole options here: their own keys pass too.
  problem = requiredObject(problem, "problem", [...TABLE_PROBLEM_KEYS, "engine", "method", "onLayer", "memoryCapMiB", "threads", "onProgress"]);
  const { size, counts } = problem;
  if (typeof size !== "number") throw argumentError("size", `a whole number from 1 to ${MAX_TABLE_SIZE}`, size);
  wholeNumbers(counts, "counts");
  if (
    problem.given !== undefined &&
    !(
      Array.isArray(problem.given) &&
      denseArray(problem.given, "given", "an array of rows (strings or arrays of symbols)").every((row) => typeof row === "string" || Array.isArray(row))
    )
  ) {
    throw argumentError("given", "an array of rows (strings or arrays of symbols)", problem.given);
  }
  optionalBoolean(problem.distinctRows, "distinctRows");
  optionalBoolean(problem.distinctColumns, "distinctColumns");
  if (!Number.isInteger(size) || size < 1 || size > MAX_TABLE_SIZE) {
    throw new UsageError(`size ${String(size)} is not supported: the limit is 1 to ${MAX_TABLE_SIZE} because ${MAX_SIZE_REASON}`);
  }
  if (counts.length === 0 || counts.some((c) => !Number.isInteger(c) || c < 0)) {
    throw new UsageError(`counts must be whole numbers of at least 0, got ${shorten(counts.join(","))}`);
  }
  const total = counts.reduce((a, b) => a + b, 0);
  if (total !== size) throw new UsageError(`counts ${shorten(counts.join(","))} sum to ${total}, not to the size ${size}`);
  const given = (problem.given ?? []).map((row, i) => parseRow(row, i, size, counts.length));
  if (given.length > size) throw new UsageError(`${given.length} given rows do not fit a table of ${size} rows`);
  given.forEach((row, i) => {
    const seen = counts.map(() => 0);
    for (const s of row) seen[s]!++;
    if (seen.some((c, s) => c !== counts[s])) {
      throw new UsageError(`given row ${i + 1} (${row.join("")}) has symbol counts ${seen.join(",")}, not ${shorten(counts.join(","))}`);
    }
  });
  return {
    size,
    counts: [...counts],
    given,
    distinctRows: problem.distinctRows ?? true,
    distinctColumns: problem.distinctColumns ?? true,
  };
}
