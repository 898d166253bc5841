// Piscina worker: counts a batch of DP jobs with its own kernel instance and returns
// Σ multiplier · N over them. Loaded from dist/ (compiled JS) by parallel.ts.
import { KernelError, UsageError, type KernelErrorCode } from "../errors.js";
import { engineRunner, sumPlan } from "./count.js";
import type { TablesEngine } from "./problem.js";
import type { TableJob } from "./plan.js";

export interface WorkerTask {
  counts: number[];
  jobs: TableJob[];
  engine: TablesEngine;
}

/**
 * A refusal crosses the thread boundary as plain data (a thrown class would arrive as a
 * plain Error, and the CLI would call it a bug): a UsageError's message, or a
 * KernelError's kernel, code and message.
 */
export type WorkerRefusal = { usageError: string } | { kernelError: { kernel: string; code: KernelErrorCode; message: string } };

/** The typed error a refusal stands for, to throw again on the calling thread. */
export function refusalError(refusal: WorkerRefusal): UsageError | KernelError {
  if ("usageError" in refusal) return new UsageError(refusal.usageError);
  const { kernel, code, message } = refusal.kernelError;
  const error = new KernelError(kernel, code, "");
  error.message = message;
  return error;
}

export default function countJobs(task: WorkerTask): bigint | WorkerRefusal {
  try {
    return sumPlan({ counts: task.counts, jobs: task.jobs }, engineRunner(task.engine));
  } catch (error) {
    if (error instanceof UsageError) return { usageError: error.message };
    if (error instanceof KernelError) return { kernelError: { kernel: error.kernel, code: error.code, message: error.message } };
    throw error;
  }
}
