// generateTour: the public generator, on the WASM kernel (default) or the TS baseline.
import { optionKeys, requiredObject } from "../args.js";
import { KernelError, UsageError } from "../errors.js";
import { toursModule } from "./kernel.js";
import { parseSeed } from "../core/random.js";
import { defaultStart, generateTourTs } from "./generate-ts.js";
import { checkSize, checkSquare, hasTour, MAX_GENERATE_SIZE, type Square } from "./options.js";

/** The tour engines: the WASM kernel or its TypeScript baseline (same output). */
export type Engine = "wasm" | "ts";

/** Options of `generateTour`. */
export interface GenerateOptions {
  /** Board side n (1 or 5..10000; 2, 3 and 4 have no tour). */
  size: number;
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

/**
 * An n×n tour as n*n step numbers 1..n², row by row (`grid[r*n+c]`).
 *
 * @example
 * ```ts
 * import { generateTour } from "tabula-grids";
 *
 * const grid = generateTour({ size: 1000, closed: true, start: [0, 0], seed: 42 });
 * grid[0]; // 1: the start square holds step 1
 * ```
 */
export function generateTour(options: GenerateOptions): Int32Array {
  options = requiredObject(options, "options", optionKeys<GenerateOptions>({ size: true, closed: true, start: true, seed: true, engine: true }));
  const n = checkSize(options.size, MAX_GENERATE_SIZE);
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
