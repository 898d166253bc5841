// The table count's job sum one job at a time, reporting (done, all) after each: the
// progress bar of `count-farms --progress` (Node) and of the web app's worker. Portable.
import { engineRunner, sumPlan, type CountTablesOptions, type JobMethod } from "./count.js";
import type { TablePlan } from "./plan.js";

/**
 * Sums `plan` job by job, calling `onProgress(done, all)` after each, then awaiting
 * `pause` if given (Node yields to its event loop there so a terminal bar can draw;
 * a Web Worker posts its messages at once and needs no pause). Each job is counted by
 * `method` (default: the column DP).
 */
export async function sumWithProgress(
  plan: TablePlan,
  engine: CountTablesOptions["engine"],
  onProgress: (done: number, all: number) => void,
  pause?: () => Promise<void>,
  method?: JobMethod,
): Promise<bigint> {
  const run = engineRunner(engine ?? "wasm", method);
  let total = 0n;
  let done = 0;
  for (const job of plan.jobs) {
    total += sumPlan({ counts: plan.counts, jobs: [job] }, run);
    onProgress(++done, plan.jobs.length);
    if (pause) await pause();
  }
  return total;
}
