// countToursParallel (Node): countTours over a piscina pool of worker threads. The
// portable part (countTours, the plan) is count-core.ts; browsers get count-browser.ts.
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { argumentError, MAX_THREADS, requiredObject, threadCount } from "../args.js";
import { newCountSession } from "./count-engine.js";
import { countToursInThread, plan, weigh, type ParallelCountOptions } from "./count-core.js";

export { countTours, MAX_COUNT_SIZE, type CountOptions, type ParallelCountOptions } from "./count-core.js";

/**
 * countTours over worker threads, one task (start square, first step) at a time.
 *
 * @example
 * ```ts
 * import { countToursParallel } from "tabula-grids";
 *
 * await countToursParallel({ size: 6, closed: true, threads: 2 }); // 13138n
 * ```
 */
export async function countToursParallel(options: ParallelCountOptions): Promise<bigint> {
  requiredObject(options, "options");
  const { tasks, divisor } = plan(options);
  const threads = threadCount(options.threads, "threads") ?? Math.min(MAX_THREADS, (await import("node:os")).availableParallelism());
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") throw argumentError("onProgress", "a function", options.onProgress);
  if (threads === 1) return countToursInThread(options);
  const session = newCountSession();
  // Workers must load compiled JS, so this resolves to dist/ from both src/ and dist/.
  const filename = fileURLToPath(new URL("../../dist/tours/count-worker.js", import.meta.url));
  const pool = new Piscina({ filename, minThreads: threads, maxThreads: threads });
  // A throwing onProgress rejects the count once the pool is torn down (finally); tasks
  // still finishing meanwhile call it no more.
  let failed = false;
  try {
    let done = 0;
    const counts = await Promise.all(
      tasks.map(async (task) => {
        const count = (await pool.run({ task, engine: options.engine ?? "wasm", session })) as bigint;
        if (failed) return 0n;
        try {
          options.onProgress?.(++done, tasks.length);
        } catch (error) {
          failed = true;
          throw error;
        }
        return count;
      }),
    );
    return weigh(tasks, counts, divisor);
  } finally {
    await pool.destroy();
  }
}
