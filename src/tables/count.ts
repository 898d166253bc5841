// countTables: the general table count, exact, by a chosen engine.
import { normalizeProblem, type NormalizedProblem, type TableProblem, type TablesEngine, TABLES_ENGINES } from "./problem.js";
import { planTableCount, type TablePlan } from "./plan.js";
import { countJobTs } from "./dp-ts.js";
import { countJobWasm } from "./dp-wasm.js";
import { UsageError } from "../errors.js";
import type { ShardSpec } from "../shards/index.js";
import { countTableShard } from "./shard.js";
import { countSymmetricTs, type SymProgress } from "./sym-ts.js";
import { prefersSymmetric, symmetricApplies } from "./method.js";

export interface CountTablesOptions extends TableProblem {
  /** "wasm" (default) or "ts" (the TypeScript baseline of the same method). */
  engine?: TablesEngine;
  /**
   * "auto" (default): the symmetric method when it applies and is the faster one (see
   * method.ts), else the column method; "columns" or "symmetric" to choose.
   */
  method?: TablesMethod;
  /** Symmetric method: called after each row with (rows placed, n, states of the layer). */
  onLayer?: SymProgress;
}

export type TablesMethod = "auto" | "columns" | "symmetric";

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
  if (options.shard !== undefined) return countTableShard(normalizeProblem(problem), options.shard, problem.engine ?? "wasm");
  const normalized = normalizeProblem(problem);
  if (usesSymmetric(normalized, problem.method)) return countSymmetricTs(normalized, problem.onLayer);
  const run = engineRunner(problem.engine ?? "wasm");
  return sumPlan(planTableCount(normalized), run);
}

/** Whether a count goes to the symmetric method (UsageError when it is asked for and cannot serve). */
export function usesSymmetric(problem: NormalizedProblem, method: TablesMethod = "auto"): boolean {
  if (method === "columns") return false;
  const applies = symmetricApplies(problem);
  if (method === "symmetric") {
    if (!applies) throw new UsageError("the symmetric method counts tables without distinctness rules (or Latin squares, distinct by themselves); allow equal rows and columns or use the column method");
    return true;
  }
  if (method !== "auto") throw new UsageError(`unknown method "${String(method)}" (expected auto, columns or symmetric)`);
  return applies && prefersSymmetric(problem);
}

/** The symmetric count (one thread), reporting each layer to onLayer and as rows placed to onProgress. */
export function countSymmetric(problem: NormalizedProblem, options: { onLayer?: SymProgress; onProgress?: (done: number, all: number) => void }): bigint {
  return countSymmetricTs(problem, (placed, rows, states) => {
    options.onLayer?.(placed, rows, states);
    options.onProgress?.(placed, rows);
  });
}
