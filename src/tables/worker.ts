// Pool worker (src/workers/pool.ts): counts a batch of DP jobs with its own kernel
// instance and returns Σ multiplier · N over them; a refusal (UsageError, KernelError)
// crosses back typed. Loaded from dist/ (compiled JS) by parallel.ts.
import { engineRunner, sumPlan, type JobMethod } from "./count.js";
import type { TablesEngine } from "./problem.js";
import type { TableJob } from "./plan.js";
import { poolTask } from "../workers/task.js";
import { withCountMemoryCap } from "./kernel.js";

export interface WorkerTask {
  counts: number[];
  jobs: TableJob[];
  engine: TablesEngine;
  /** How each job is counted (undefined: the column DP). */
  method?: JobMethod;
  /** The kernel's memory cap in MiB for this batch (undefined: the default). */
  memoryCapMiB?: number;
}

export default poolTask((task: WorkerTask): bigint =>
  withCountMemoryCap(task.memoryCapMiB, () => sumPlan({ counts: task.counts, jobs: task.jobs }, engineRunner(task.engine, task.method))),
);
