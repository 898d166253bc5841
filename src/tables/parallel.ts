// countTablesParallel: the same sum as countTables, with the jobs (split by their first
// part) spread over the library's worker pool (src/workers/pool.ts). Exact bigint sums
// make the result identical to the single-threaded one whatever the order.
import {
  COUNT_TABLES_PARALLEL_KEYS,
  countMethod,
  countSymmetric,
  engineRunner,
  jobMethod,
  memoryCapOption,
  sumPlan,
  type CountTablesOptions,
} from "./count.js";
import { withCountMemoryCap } from "./kernel.js";
import { withoutFreeRules } from "./method.js";
import { estimateReach } from "./reach.js";
import { normalizeProblem, type NormalizedProblem, type TablesEngine } from "./problem.js";
import { planTableCount, splitByFirstPart, type TableJob } from "./plan.js";
import type { WorkerTask } from "./worker.js";
import type { LayerTask } from "./layer-worker.js";
import { symLayer, symMitmSum, type SymLayerPart } from "./sym-wasm.js";
import { argumentError, requiredObject, threadCount } from "../args.js";
import { sumWithProgress } from "./sum-progress.js";
import { runPool } from "../workers/pool.js";

/** Options of `countTablesParallel`: the problem, the number of worker threads and a progress callback. */
export interface CountTablesParallelOptions extends CountTablesOptions {
  /** Worker threads; 1 (or less) counts in this thread. */
  threads?: number;
  /** Called after each finished job with (done, all); the count then yields between jobs. */
  onProgress?: (done: number, all: number) => void;
}

/** A rough cost order, so the pool starts the largest jobs first. */
function heavierFirst(a: TableJob, b: TableJob): number {
  return b.columns.length - a.columns.length || b.rows - a.rows || a.firstPart - b.firstPart;
}

/**
 * countTables over worker threads in Node (the `node` export condition; elsewhere one
 * thread), the largest DP jobs first, with `onProgress(done, all)` after each job. The
 * same exact answer as countTables.
 *
 * @param options the problem as countTables takes it, plus `threads` (worker threads) and `onProgress(done, all)`
 * @example
 * ```ts
 * import { countTablesParallel } from "tabula-grids";
 *
 * await countTablesParallel({ size: 9, counts: [3, 3, 3], threads: 2 }); // 1028714346091914854400n
 * ```
 */
export async function countTablesParallel(options: CountTablesParallelOptions): Promise<bigint> {
  options = requiredObject(options, "options", COUNT_TABLES_PARALLEL_KEYS);
  const engine = options.engine ?? "wasm";
  engineRunner(engine); // unknown engines fail here, before any thread starts
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") throw argumentError("onProgress", "a function", options.onProgress);
  const memoryCapMiB = memoryCapOption(options.memoryCapMiB);
  const problem = withoutFreeRules(normalizeProblem(options));
  const method = countMethod(problem, options.method);
  const threads = threadCount(options.threads, "threads") ?? 1;
  if (method === "symmetric") {
    if (splitsSymmetric(problem, engine, threads)) return withCountMemoryCap(memoryCapMiB, () => countSymmetricSplit(problem, options, threads, memoryCapMiB));
    return withCountMemoryCap(memoryCapMiB, () => countSymmetric(problem, options));
  }
  const jobs = jobMethod(method);
  const plan = planTableCount(problem);
  if (threads <= 1 || plan.jobs.length === 0) {
    // One job at a time, yielding to the event loop between jobs (so a progress bar can draw).
    return withCountMemoryCap(memoryCapMiB, () =>
      options.onProgress
        ? sumWithProgress(plan, engine, options.onProgress, () => new Promise((resolve) => setImmediate(resolve)), jobs)
        : sumPlan(plan, engineRunner(engine, jobs)),
    );
  }
  // Whole jobs share their single-row half-layers; split them only when too few to go round.
  const units = (plan.jobs.length < threads ? splitByFirstPart(plan.jobs) : plan.jobs).sort(heavierFirst);
  const tasks = units.map((job): WorkerTask => ({ counts: plan.counts, jobs: [job], engine, method: jobs, memoryCapMiB }));
  const parts = await runPool<WorkerTask, bigint>("tables/worker.js", tasks, { threads, onProgress: options.onProgress });
  return parts.reduce((sum, part) => sum + part, 0n);
}

/**
 * The symmetric count with its middle layer split over `threads` workers: this thread
 * builds the layers to ⌈n/2⌉ − 1, each worker makes its share of the middle one from there
 * (the rows below every threads-th class: the most work), and this thread loads the shares
 * into one layer and pairs it. A count past 128 bits is made again in this thread, whose
 * engine falls back to TypeScript. Runs under the caller's memory cap.
 */
async function countSymmetricSplit(
  problem: NormalizedProblem,
  options: CountTablesParallelOptions,
  threads: number,
  memoryCapMiB: number | undefined,
): Promise<bigint> {
  const half = Math.ceil(problem.size / 2);
  const from = half >= 2 ? symLayer(problem, half - 1) : undefined;
  if (half < 2 || from) {
    const tasks = Array.from({ length: threads }, (_, share): LayerTask => ({ problem, share, shares: threads, from, memoryCapMiB }));
    const parts = await runPool<LayerTask, SymLayerPart | undefined>("tables/layer-worker.js", tasks, { threads, onProgress: options.onProgress });
    const whole = parts.every((part) => part !== undefined) ? symMitmSum(problem, parts, from) : undefined;
    if (whole !== undefined) return whole;
  }
  return countSymmetric(problem, options);
}

/**
 * The symmetric bound (reach.ts) from which a whole-table symmetric count splits over the
 * threads: about 4 s of CPU. Below it, starting the threads and passing the layers to
 * them and back costs more than it saves (Latin squares of order 8: 5·10^5, half a second).
 */
export const SPLIT_SYMMETRIC_FROM = 1e7;

/**
 * Whether a symmetric count over the whole table runs on `threads` threads (the kernel
 * meeting in the middle, its last layer split into shares), not in the calling thread.
 */
export function splitsSymmetric(problem: NormalizedProblem, engine: TablesEngine, threads: number): boolean {
  return threads > 1 && engine === "wasm" && problem.given.length === 0 && estimateReach(problem, "symmetric").work >= SPLIT_SYMMETRIC_FROM;
}
