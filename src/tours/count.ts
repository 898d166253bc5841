// countTours: exact counts of tours on small boards, in-process or over worker threads.
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { UsageError } from "../errors.js";
import { newCountSession, runCountTask } from "./count-engine.js";
import { planCount, type CountTask } from "./count-plan.js";
import type { Engine } from "./generate.js";
import { checkSize, checkSquare, type Square } from "./options.js";

/** Largest board the counter accepts (7×7 and up take far too long; see BENCHMARKS.md). */
export const MAX_COUNT_SIZE = 10;

export interface CountOptions {
  size: number;
  /** Count closed tours: distinct cycles, or with `from`, directed closed tours from there. */
  closed?: boolean;
  /** Count only tours numbered 1 on this 0-based [row, col]. */
  from?: Square;
  engine?: Engine;
}

export interface ParallelCountOptions extends CountOptions {
  /** Worker threads (default: one per core). */
  threads?: number;
  /** Called after each finished task with (done, all). */
  onProgress?: (done: number, all: number) => void;
}

function plan(options: CountOptions) {
  const n = checkSize(options.size, MAX_COUNT_SIZE);
  const from = options.from ? checkSquare(options.from, n, "from") : undefined;
  return planCount(n, options.closed ?? false, from);
}

function weigh(tasks: readonly CountTask[], counts: readonly bigint[], divisor: bigint): bigint {
  let sum = 0n;
  tasks.forEach((t, i) => (sum += BigInt(t.weight) * counts[i]!));
  return sum / divisor;
}

/**
 * Exact number of tours on the n×n board: directed paths through every square (every
 * start and direction), only those from `from`, or with `closed` the distinct cycles.
 */
export function countTours(options: CountOptions): bigint {
  const { tasks, divisor } = plan(options);
  const session = newCountSession();
  return weigh(tasks, tasks.map((t) => runCountTask(t, options.engine, session)), divisor);
}

/** countTours over worker threads, one task (start square, first step) at a time. */
export async function countToursParallel(options: ParallelCountOptions): Promise<bigint> {
  const { tasks, divisor } = plan(options);
  const threads = options.threads ?? (await import("node:os")).availableParallelism();
  if (!Number.isInteger(threads) || threads < 1) throw new UsageError(`threads must be a whole number from 1, got ${threads}`);
  const session = newCountSession();
  if (threads === 1) {
    const counts: bigint[] = [];
    for (const t of tasks) {
      counts.push(runCountTask(t, options.engine, session));
      options.onProgress?.(counts.length, tasks.length);
    }
    return weigh(tasks, counts, divisor);
  }
  // Workers must load compiled JS, so this resolves to dist/ from both src/ and dist/.
  const filename = fileURLToPath(new URL("../../dist/tours/count-worker.js", import.meta.url));
  const pool = new Piscina({ filename, minThreads: threads, maxThreads: threads });
  try {
    let done = 0;
    const counts = await Promise.all(
      tasks.map(async (task) => {
        const count = (await pool.run({ task, engine: options.engine ?? "wasm", session })) as bigint;
        options.onProgress?.(++done, tasks.length);
        return count;
      }),
    );
    return weigh(tasks, counts, divisor);
  } finally {
    await pool.destroy();
  }
}
