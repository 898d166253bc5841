// generateTour: the public generator, on the WASM kernel (default) or the TS baseline.
import { oneOf, optionKeys, requiredObject, squareArgument, wholeNumber } from "../args.js";
import { KernelError, UsageError } from "../errors.js";
import { toursModule } from "./kernel.js";
import { parseSeed } from "../core/random.js";
import { defaultStart, generateTourTs } from "./generate-ts.js";
import { checkSize, checkSquare, hasTour, MAX_GENERATE_SIZE, type Square } from "./options.js";
import { formatLeapers, normaliseLeapers, PEN_PAPER_LEAPERS, type Leaper } from "./leapers.js";
import { generateLeaperTour } from "./leaper-generate.js";

/** The tour engines: the WASM kernel or its TypeScript baseline (same output). */
export type Engine = "wasm" | "ts";

/** Options of `generateTour`. */
export interface GenerateOptions {
  /** Board side n of a square board (pen-and-paper: 1 or 5..10000; 2, 3 and 4 have no tour); or give rows and cols. */
  size?: number;
  /** Rows of an m×n board (1..10000, with cols; rows × cols at most 10^8). */
  rows?: number;
  /** Columns of an m×n board (1..10000, with rows). */
  cols?: number;
  /** The leapers (default the pen-and-paper moves [[0, 3], [2, 2]]; [[1, 2]] is the knight). */
  moves?: readonly Leaper[];
  /** A closed tour: n² is a move away from 1 (every n >= 5 has one). */
  closed?: boolean;
  /** Square numbered 1, 0-based [row, col]; a seeded choice when left out. */
  start?: Square;
  /** Picks one of many tours reproducibly: the one seed syntax, 0..2^64-1 (default 0); seeds below 2^32 are used as they are, larger ones folded to 32 bits. */
  seed?: number | bigint | string;
  /** The WASM kernel (default) or the TS baseline: the same tour. */
  engine?: Engine;
}

/** The kernel's 32-bit seed for a user seed: itself below 2^32, else its two halves xor-ed. */
function tourSeed(seed: number | bigint | string): number {
  const value = parseSeed(seed);
  return Number((value ^ (value >> 32n)) & 0xffffffffn);
}

const OPTION_KEYS = new Set(["size", "rows", "cols", "moves", "closed", "start", "seed", "engine"]);

/** The board and moves of the options: rows, cols and the normalised leapers, checked. */
export function tourBoard(options: GenerateOptions): { rows: number; cols: number; leapers: Leaper[]; penPaper: boolean } {
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new UsageError(`unknown option "${key}" (known: ${[...OPTION_KEYS].join(", ")})`);
  }
  const leapers = normaliseLeapers(options.moves ?? PEN_PAPER_LEAPERS, "moves");
  const penPaper = formatLeapers(leapers) === formatLeapers(PEN_PAPER_LEAPERS);
  if (options.size !== undefined) {
    if (options.rows !== undefined || options.cols !== undefined) throw new UsageError("give size, or rows and cols, not both");
    const n = checkSize(options.size, MAX_GENERATE_SIZE);
    return { rows: n, cols: n, leapers, penPaper };
  }
  if (options.rows === undefined || options.cols === undefined) throw new UsageError("give the board: size, or rows and cols");
  const rows = wholeNumber(options.rows, "rows", 1, MAX_GENERATE_SIZE);
  const cols = wholeNumber(options.cols, "cols", 1, MAX_GENERATE_SIZE);
  return { rows, cols, leapers, penPaper };
}

/**
 * A tour as rows*cols step numbers 1..n², row by row (`grid[r*n+c]`).
 *
 * @param options the board (`size`, or `rows` and `cols` with leaper `moves`), `closed`, `start`, `seed`, `engine`
 * @example
 * ```ts
 * import { generateTour } from "tabula-grids";
 *
 * const grid = generateTour({ size: 1000, closed: true, start: [0, 0], seed: 42 });
 * grid[0]; // 1: the start square holds step 1
 * const knight = generateTour({ moves: [[1, 2]], rows: 8, cols: 10, closed: true, seed: 1 }); // Int32Array of 80 step numbers, knight[r * 10 + c]
 * ```
 */
export function generateTour(options: GenerateOptions): Int32Array {
  options = requiredObject(
    options,
    "options",
    optionKeys<GenerateOptions>({ size: true, rows: true, cols: true, moves: true, closed: true, start: true, seed: true, engine: true }),
  );
  const { rows, cols, leapers, penPaper } = tourBoard(options);
  if (options.engine !== undefined) oneOf(options.engine, "engine", ["wasm", "ts"]);
  if (!penPaper || rows !== cols) {
    const seed = tourSeed(options.seed ?? 0);
    const start = options.start ? checkRectangleSquare(options.start, rows, cols) : undefined;
    return generateLeaperTour({ rows, cols, leapers, closed: options.closed ?? false, start, seed, engine: options.engine ?? "wasm" });
  }
  const n = rows;
  if (!hasTour(n)) throw new UsageError(`no tour exists on a ${n}×${n} board (sizes 2, 3 and 4 have none; 1 and 5 upwards do)`);
  const closed = options.closed ?? false;
  if (closed && n === 1) throw new UsageError("no closed tour exists on a 1×1 board (the one square has no move back to itself)");
  const seed = tourSeed(options.seed ?? 0);
  const start = options.start ? checkSquare(options.start, n, "start") : defaultStart(n, seed);
  if (options.engine === "ts") return generateTourTs(n, closed, start, seed);
  const kernel = toursModule.exports;
  const address = kernel.generate(n, closed, start, seed) >>> 0;
  if (address === 0) throw new KernelError("tours", "invariant-broken", `it could not build a ${n}×${n} tour`);
  return new Int32Array(kernel.memory.buffer, address, n * n).slice();
}

/** Square index r*cols+c of a 0-based [row, col] on the rows×cols board. */
function checkRectangleSquare(square: Square, rows: number, cols: number): number {
  const [r, c] = squareArgument(square, "start");
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= rows || c >= cols) {
    throw new UsageError(`start (${r}, ${c}) is outside the ${rows}×${cols} board (rows 0 to ${rows - 1}, columns 0 to ${cols - 1})`);
  }
  return r * cols + c;
}
