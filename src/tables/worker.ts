// Piscina worker: counts a batch of DP jobs with its own kernel instance and returns
// Σ multiplier · N over them. Loaded from dist/ (compiled JS) by parallel.ts.
import { engineRunner, sumPlan } from "./count.js";
import type { TablesEngine } from "./problem.js";
import type { TableJob } from "./plan.js";

export interface WorkerTask {
  counts: number[];
  jobs: TableJob[];
  engine: TablesEngine;
}

export default function countJobs(task: WorkerTask): bigint {
  return sumPlan({ counts: task.counts, jobs: task.jobs }, engineRunner(task.engine));
}
