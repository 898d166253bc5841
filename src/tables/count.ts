// countTables: the general table count, exact, by a chosen engine.
import { optionsObject, requiredObject } from "../args.js";
import { normalizeProblem, type TableProblem, type TablesEngine, TABLES_ENGINES } from "./problem.js";
import { planTableCount, type TablePlan } from "./plan.js";
import { countJobTs } from "./dp-ts.js";
import { countJobWasm } from "./dp-wasm.js";
import { UsageError } from "../errors.js";
import type { ShardSpec } from "../shards/index.js";
import { countTableShard } from "./shard.js";

export interface CountTablesOptions extends TableProblem {
  /** "wasm" (default) or "ts" (the TypeScript baseline of the same method). */
  engine?: TablesEngine;
}

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

/**
 * Number of n×n tables with the given symbol counts in every row and column, the given
 * first rows, and (by default) all rows and all columns different. Exact. With `shard`
 * ("i/k" or { shard, shards }), only that part of the count: parts 0..k-1 sum to it.
 */
export function countTables(problem: CountTablesOptions, options: { shard?: ShardSpec | string } = {}): bigint {
  requiredObject(problem, "problem");
  optionsObject(options, "options");
  if (options.shard !== undefined) return countTableShard(normalizeProblem(problem), options.shard, problem.engine ?? "wasm");
  const run = engineRunner(problem.engine ?? "wasm");
  return sumPlan(planTableCount(normalizeProblem(problem)), run);
}
