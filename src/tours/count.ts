// countToursParallel (Node): countTours over the library's worker pool
// (src/workers/pool.ts). The portable part (countTours, the plan) is count-core.ts;
// browsers get count-browser.ts.
import { argumentError, MAX_THREADS, requiredObject, threadCount } from "../args.js";
import { newCountSession } from "./count-engine.js";
import { COUNT_HINTS, PARALLEL_COUNT_KEYS, countToursInThread, plan, weigh, type ParallelCountOptions } from "./count-core.js";
import type { CountWorkerTask } from "./count-worker.js";
import { runPool } from "../workers/pool.js";

export { countTours, MAX_COUNT_SIZE, type CountOptions, type ParallelCountOptions } from "./count-core.js";

/**
 * countTours over worker threads, one task (start square, first step) at a time.
 *
 * @param options countTours' options, plus `threads` and `onProgress`
 * @example
 * ```ts
 * import { countToursParallel } from "tabula-grids";
 *
 * await countToursParallel({ size: 6, closed: true, threads: 2 }); // 13138n
 * ```
 */
export async function countToursParallel(options: ParallelCountOptions): Promise<bigint> {
  options = requiredObject(options, "options", PARALLEL_COUNT_KEYS, COUNT_HINTS);
  const { tasks, divisor } = plan(options);
  const threads = threadCount(options.threads, "threads") ?? Math.min(MAX_THREADS, (await import("node:os")).availableParallelism());
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") throw argumentError("onProgress", "a function", options.onProgress);
  if (threads === 1) return countToursInThread(options);
  const session = newCountSession();
  const engine = options.engine ?? "wasm";
  const work = tasks.map((task): CountWorkerTask => ({ task, engine, session }));
  const counts = await runPool<CountWorkerTask, bigint>("tours/count-worker.js", work, { threads, onProgress: options.onProgress });
  return weigh(tasks, counts, divisor);
}
