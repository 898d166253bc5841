// countTablesParallel where there are no worker threads (browsers): the same exact sum,
// counted in this thread (exact bigint sums make the order irrelevant), job by job with
// onProgress when given.
import { COUNT_TABLES_PARALLEL_KEYS, countMethod, countSymmetric, countTables, jobMethod } from "./count.js";
import { requiredObject } from "../args.js";
import { normalizeProblem } from "./problem.js";
import { planTableCount } from "./plan.js";
import { withoutFreeRules } from "./method.js";
import { sumWithProgress } from "./sum-progress.js";
import type { CountTablesParallelOptions } from "./parallel.js";

export async function countTablesParallel(options: CountTablesParallelOptions): Promise<bigint> {
  options = requiredObject(options, "options", COUNT_TABLES_PARALLEL_KEYS);
  if (!options.onProgress) {
    const problem = { ...options };
    delete problem.threads; // one thread here; countTables takes no thread count
    delete problem.onProgress;
    return countTables(problem);
  }
  const problem = withoutFreeRules(normalizeProblem(options));
  const method = countMethod(problem, options.method);
  if (method === "symmetric") return countSymmetric(problem, options);
  return sumWithProgress(planTableCount(problem), options.engine, options.onProgress, undefined, jobMethod(method));
}
