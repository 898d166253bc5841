// Piscina worker: counts a batch of DP jobs with its own kernel instance and returns
// Σ multiplier · N over them. Loaded from dist/ (compiled JS) by parallel.ts.
import { UsageError } from "../errors.js";
import { engineRunner, sumPlan } from "./count.js";
import type { TablesEngine } from "./problem.js";
import type { TableJob } from "./plan.js";

export interface WorkerTask {
  counts: number[];
  jobs: TableJob[];
  engine: TablesEngine;
}

/** A UsageError crosses the thread boundary as this (a thrown class would arrive as a plain Error). */
export interface WorkerRefusal {
  usageError: string;
}

export default function countJobs(task: WorkerTask): bigint | WorkerRefusal {
  try {
    return sumPlan({ counts: task.counts, jobs: task.jobs }, engineRunner(task.engine));
  } catch (error) {
    if (error instanceof UsageError) return { usageError: error.message };
    throw error;
  }
}
