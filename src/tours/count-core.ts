// countTours: exact counts of tours on small boards, in this thread (any host). The
// worker-thread version lives in count.ts (Node) and count-browser.ts (one thread).
import { oneOf, optionalBoolean, optionKeys, requiredObject } from "../args.js";
import { newCountSession, runCountTask } from "./count-engine.js";
import { planCount, type CountTask } from "./count-plan.js";
import type { Engine } from "./generate.js";
import { checkSize, checkSquare, type Square } from "./options.js";

/** Largest board the counter accepts (7×7 and up take far too long; see BENCHMARKS.md). */
export const MAX_COUNT_SIZE = 10;

/** Options of `countTours`: the board, open or closed, an optional start square, the engine. */
export interface CountOptions {
  /** The board is size × size. */
  size: number;
  /** Count closed tours: distinct cycles, or with `from`, directed closed tours from there. */
  closed?: boolean;
  /** Count only tours numbered 1 on this 0-based [row, col]. */
  from?: Square;
  /** The WASM kernel (default) or the TS baseline: the same counts. */
  engine?: Engine;
}

/** Options of `countToursParallel`: those of `countTours` and the number of worker threads. */
export interface ParallelCountOptions extends CountOptions {
  /** Worker threads (default: one per core; browsers count in one thread). */
  threads?: number;
  /** Called after each finished task with (done, all). */
  onProgress?: (done: number, all: number) => void;
}

/** The options countTours takes; countToursParallel takes threads and onProgress as well. */
export const COUNT_KEYS = optionKeys<CountOptions>({ size: true, closed: true, from: true, engine: true });
export const PARALLEL_COUNT_KEYS = optionKeys<ParallelCountOptions>({ size: true, closed: true, from: true, engine: true, threads: true, onProgress: true });
/** Options of other functions, named where they belong. */
export const COUNT_HINTS: Record<string, string> = {
  moves: "countTours counts pen-and-paper tours; leapers such as the knight are countHamiltonian({ rows, cols, moves })'s",
  rows: "countTours takes size for a square board; rectangles are countHamiltonian({ rows, cols })'s",
  cols: "countTours takes size for a square board; rectangles are countHamiltonian({ rows, cols })'s",
  threads: "threads are countToursParallel's",
  onProgress: "onProgress is countToursParallel's",
};

export function plan(options: CountOptions) {
  requiredObject(options, "options");
  const n = checkSize(options.size, MAX_COUNT_SIZE);
  optionalBoolean(options.closed, "closed");
  if (options.engine !== undefined) oneOf(options.engine, "engine", ["wasm", "ts"]);
  const from = options.from ? checkSquare(options.from, n, "from") : undefined;
  return planCount(n, options.closed ?? false, from);
}

export function weigh(tasks: readonly CountTask[], counts: readonly bigint[], divisor: bigint): bigint {
  let sum = 0n;
  tasks.forEach((t, i) => (sum += BigInt(t.weight) * counts[i]!));
  return sum / divisor;
}

/**
 * Exact number of tours on the n×n board: directed paths through every square (every
 * start and direction), only those from `from`, or with `closed` the distinct cycles.
 *
 * @param options `size`, `closed`, `from` (a start square [row, col], 0-based), `engine`
 * @example
 * ```ts
 * import { countTours } from "tabula-grids";
 *
 * countTours({ size: 5, from: [0, 1] });  // 548n (0-based squares)
 * countTours({ size: 6, closed: true });  // 13138n
 * ```
 */
export function countTours(options: CountOptions): bigint {
  options = requiredObject(options, "options", COUNT_KEYS, COUNT_HINTS);
  const { tasks, divisor } = plan(options);
  const session = newCountSession();
  return weigh(
    tasks,
    tasks.map((t) => runCountTask(t, options.engine, session)),
    divisor,
  );
}

/** countTours one task at a time in this thread, reporting progress after each. */
export function countToursInThread(options: ParallelCountOptions): bigint {
  requiredObject(options, "options");
  const { tasks, divisor } = plan(options);
  const session = newCountSession();
  const counts: bigint[] = [];
  for (const t of tasks) {
    counts.push(runCountTask(t, options.engine, session));
    options.onProgress?.(counts.length, tasks.length);
  }
  return weigh(tasks, counts, divisor);
}
