// countTables: the general table count, exact, by a chosen engine.
import { normalizeProblem, type TableProblem, type TablesEngine } from "./problem.js";
import { planTableCount } from "./plan.js";
import type { ShardSpec } from "../shards/index.js";
import { countTableShard } from "./shard.js";
import { engineRunner, sumPlan } from "./sum-plan.js";

/** A table problem and the engine that counts it. */
export interface CountTablesOptions extends TableProblem {
  /** "wasm" (default) or "ts" (the TypeScript baseline of the same method). */
  engine?: TablesEngine;
}

export { sumPlan, engineRunner };

/**
 * Number of n×n tables with the given symbol counts in every row and column, the given
 * first rows, and (by default) all rows and all columns different. Exact. With `shard`
 * ("i/k" or { shard, shards }), only that part of the count: parts 0..k-1 sum to it.
 *
 * @example
 * ```ts
 * import { countTables } from "tabula-grids";
 *
 * countTables({ size: 6, counts: [3, 3] });                                   // 194400n
 * countTables({ size: 7, counts: [2, 2, 3], given: ["2100221", "0221102"] }); // 4909920n
 * countTables({ size: 8, counts: [4, 4], distinctRows: false, distinctColumns: false }); // 116963796250n
 * countTables({ size: 9, counts: [3, 3, 3] }, { shard: "0/3" });             // 1033025737784320358400n, part 0 of 3
 * ```
 */
export function countTables(problem: CountTablesOptions, options: { shard?: ShardSpec | string } = {}): bigint {
  if (options.shard !== undefined) return countTableShard(normalizeProblem(problem), options.shard, problem.engine ?? "wasm");
  const run = engineRunner(problem.engine ?? "wasm");
  return sumPlan(planTableCount(normalizeProblem(problem)), run);
}
