// Sums a count plan's jobs on one engine: shared by the count, its shards, workers and
// progress (its own module, so that shard.ts and count.ts do not import each other).
import { countJobTs } from "./dp-ts.js";
import { countJobWasm } from "./dp-wasm.js";
import { countJobSymTs } from "./sym-jobs-ts.js";
import { countJobSymWasm } from "./sym-jobs-wasm.js";
import { UsageError } from "../errors.js";
import { TABLES_ENGINES, type TablesEngine } from "./problem.js";
import type { TablePlan } from "./plan.js";

/** How each job of a plan is counted: the column DP, or the symmetric method over the job's classes of states. */
export type JobMethod = "columns" | "symmetric";

/** Σ multiplier · N over one plan's jobs, each job counted by `run`. */
export function sumPlan(plan: TablePlan, run: typeof countJobTs): bigint {
  let total = 0n;
  for (const job of plan.jobs) {
    const values = run(plan.counts, job);
    job.multipliers.forEach((mult, i) => {
      if (mult !== 0n) total += mult * values[i]!;
    });
  }
  return total;
}

/** The job counter of an engine and a job method (the same N(λ) contract either way). */
export function engineRunner(engine: TablesEngine, method: JobMethod = "columns"): typeof countJobTs {
  if (engine !== "ts" && engine !== "wasm") throw new UsageError(`unknown engine "${String(engine)}" (expected one of ${TABLES_ENGINES.join(", ")})`);
  if (method === "symmetric") return engine === "ts" ? countJobSymTs : countJobSymWasm;
  return engine === "ts" ? countJobTs : countJobWasm;
}
