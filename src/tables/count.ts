// countTables: the general table count, exact, by a chosen engine.
import { normalizeProblem, type TableProblem, type TablesEngine } from "./problem.js";
import { planTableCount } from "./plan.js";
import type { ShardSpec } from "../shards/index.js";
import { countTableShard } from "./shard.js";
import { engineRunner, sumPlan } from "./sum-plan.js";

export interface CountTablesOptions extends TableProblem {
  /** "wasm" (default) or "ts" (the TypeScript baseline of the same method). */
  engine?: TablesEngine;
}

export { sumPlan, engineRunner };

/**
 * Number of n×n tables with the given symbol counts in every row and column, the given
 * first rows, and (by default) all rows and all columns different. Exact. With `shard`
 * ("i/k" or { shard, shards }), only that part of the count: parts 0..k-1 sum to it.
 */
export function countTables(problem: CountTablesOptions, options: { shard?: ShardSpec | string } = {}): bigint {
  if (options.shard !== undefined) return countTableShard(normalizeProblem(problem), options.shard, problem.engine ?? "wasm");
  const run = engineRunner(problem.engine ?? "wasm");
  return sumPlan(planTableCount(normalizeProblem(problem)), run);
}
