// Sums a count plan's jobs on one engine: shared by the count, its shards, workers and
// progress (its own module, so that shard.ts and count.ts do not import each other).
import { countJobTs } from "./dp-ts.js";
import { countJobWasm } from "./dp-wasm.js";
import { UsageError } from "../errors.js";
import { TABLES_ENGINES, type TablesEngine } from "./problem.js";
import type { TablePlan } from "./plan.js";

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

export function engineRunner(engine: TablesEngine): typeof countJobTs {
  if (engine === "ts") return countJobTs;
  if (engine === "wasm") return countJobWasm;
  throw new UsageError(`unknown engine "${String(engine)}" (expected one of ${TABLES_ENGINES.join(", ")})`);
}
