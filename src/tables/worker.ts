// Piscina worker: counts a batch of DP jobs with its own kernel instance and returns
// Σ multiplier · N over them. Loaded from dist/ (compiled JS) by parallel.ts.
import { engineRunner } from "./count.js";
import type { TablesEngine } from "./problem.js";
import type { TableJob } from "./plan.js";

export interface WorkerTask {
  counts: number[];
  jobs: TableJob[];
  engine: TablesEngine;
}

export default function countJobs(task: WorkerTask): bigint {
  const run = engineRunner(task.engine);
  let total = 0n;
  for (const job of task.jobs) {
    const values = run(task.counts, job);
    job.multipliers.forEach((mult, i) => {
      if (mult !== 0n) total += mult * values[i]!;
    });
  }
  return total;
}
