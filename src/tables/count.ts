// countTables: the general table count, exact, by a chosen engine.
import { optionalWholeNumber, optionKeys, optionsObject, requiredObject } from "../args.js";
import { normalizeProblem, type NormalizedProblem, type TableProblem, type TablesEngine } from "./problem.js";
import { planTableCount } from "./plan.js";
import { UsageError } from "../errors.js";
import type { ShardSpec } from "../shards/index.js";
import { countTableShard } from "./shard.js";
import { engineRunner, sumPlan, type JobMethod } from "./sum-plan.js";
import { countSymmetricMitmTs, type SymProblem, type SymProgress } from "./sym-ts.js";
import { countSymmetricMitmWasm } from "./sym-wasm.js";
import { prefersSymmetric, prefersSymmetricJobs, symmetricApplies, withoutFreeRules } from "./method.js";
import { MAX_TABLES_MEMORY_MIB, MIN_TABLES_MEMORY_MIB, withCountMemoryCap } from "./kernel.js";

/** A table problem and the engine that counts it. */
export interface CountTablesOptions extends TableProblem {
  /** "wasm" (default) or "ts" (the TypeScript baseline of the same method). */
  engine?: TablesEngine;
  /**
   * "auto" (default): the faster method by method.ts's measured rules; "columns" (the
   * column DP) or "symmetric" (states up to symbol and column permutations; with
   * distinctness rules, over each job of the column method's plan) to choose.
   */
  method?: TablesMethod;
  /**
   * Symmetric method: called after each row with (rows placed, rows it will place, classes
   * of the layer); meeting in the middle (nothing given) it places ⌈n/2⌉ rows, else n - 1.
   */
  onLayer?: SymProgress;
  /**
   * The WASM engine's memory cap in MiB (1 to 4096; default 1024, per thread): a count whose
   * state tables outgrow it stops with a KernelError "out-of-memory". The ts engine has none.
   */
  memoryCapMiB?: number;
}

/** How a count is made: "columns" (the column DP), "symmetric" (states up to symmetry), or "auto". */
export type TablesMethod = "auto" | "columns" | "symmetric";

export { sumPlan, engineRunner, type JobMethod };

const COUNT_TABLES_KEYS = optionKeys<CountTablesOptions>({
  size: true,
  counts: true,
  given: true,
  distinctRows: true,
  distinctColumns: true,
  engine: true,
  method: true,
  onLayer: true,
  memoryCapMiB: true,
});

/** The options countTablesParallel takes (Node and browsers). */
export const COUNT_TABLES_PARALLEL_KEYS = [...COUNT_TABLES_KEYS, "threads", "onProgress"];

/**
 * Number of n×n tables with the given symbol counts in every row and column, the given
 * first rows, and (by default) all rows and all columns different. Exact. With `shard`
 * ("i/k" or { shard, shards }), only that part of the count: parts 0..k-1 sum to it.
 *
 * @param problem the table: `size`, symbol `counts`, `given` first rows, `distinctRows`, `distinctColumns`, and how to count (`engine`, `method`, `memoryCapMiB`, `onLayer`)
 * @param options `shard`: count only that part
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
  problem = requiredObject(problem, "problem", COUNT_TABLES_KEYS, {
    threads: "threads are countTablesParallel's",
    onProgress: "onProgress is countTablesParallel's",
    shard: "the shard is the second argument's: countTables(problem, { shard })",
  });
  options = optionsObject(options, "options", ["shard"]);
  const memoryCapMiB = memoryCapOption(problem.memoryCapMiB);
  return withCountMemoryCap(memoryCapMiB, () => {
    const normalized = withoutFreeRules(normalizeProblem(problem));
    const method = countMethod(normalized, problem.method);
    if (options.shard !== undefined) return countTableShard(normalized, options.shard, problem.engine ?? "wasm", undefined, jobMethod(method));
    if (method === "symmetric") return countSymmetric(normalized, problem);
    return sumPlan(planTableCount(normalized), engineRunner(problem.engine ?? "wasm", jobMethod(method)));
  });
}

/** memoryCapMiB checked: a whole number of MiB the kernel's memory can be capped at, or undefined (the default). */
export function memoryCapOption(value: unknown): number | undefined {
  return optionalWholeNumber(value, "memoryCapMiB", MIN_TABLES_MEMORY_MIB, MAX_TABLES_MEMORY_MIB);
}

/**
 * How a count is made: "symmetric", the symmetric method over the whole table (Latin
 * squares, or no distinctness rules: layer by layer, its last layer split over threads by countTablesParallel when long); "symmetric-jobs", the
 * column method's plan with each job counted by the symmetric method (distinctness rules,
 * symbols and columns interchangeable inside a job); or "columns", the column DP.
 */
export type CountMethod = "columns" | "symmetric" | "symmetric-jobs";

/** The method a count goes to: as asked, or by method.ts's measured rules for "auto". */
export function countMethod(stated: NormalizedProblem, method: TablesMethod = "auto"): CountMethod {
  if (method === "columns") return "columns";
  const problem = withoutFreeRules(stated);
  const applies = symmetricApplies(problem);
  if (method === "symmetric") return applies ? "symmetric" : "symmetric-jobs";
  if (method !== "auto") throw new UsageError(`unknown method "${String(method)}" (expected auto, columns or symmetric)`);
  if (applies) return prefersSymmetric(problem) ? "symmetric" : "columns";
  return prefersSymmetricJobs(problem) ? "symmetric-jobs" : "columns";
}

/** How the jobs of a count's plan are counted (a whole-table symmetric count has none; its shards run column jobs). */
export function jobMethod(method: CountMethod): JobMethod {
  return method === "symmetric-jobs" ? "symmetric" : "columns";
}

/** Whether a count goes to the symmetric method over the whole table (layer by layer; countTablesParallel splits its last layer over threads when long: splitsSymmetric). */
export function usesSymmetric(problem: NormalizedProblem, method: TablesMethod = "auto"): boolean {
  return countMethod(problem, method) === "symmetric";
}

/**
 * The symmetric method's engine: the kernel ("wasm") or its TypeScript baseline ("ts"),
 * meeting in the middle when nothing is given (⌈n/2⌉ rows placed, then classes paired
 * with their complements), else row by row to the end.
 */
export function symmetricRunner(engine: TablesEngine): (problem: SymProblem, onLayer?: SymProgress) => bigint {
  engineRunner(engine); // unknown engines fail as they do for the column method
  return engine === "ts" ? countSymmetricMitmTs : countSymmetricMitmWasm;
}

/**
 * The symmetric count over the whole table (one thread; see usesSymmetric), reporting
 * each layer to onLayer and as rows placed to onProgress.
 */
export function countSymmetric(
  problem: NormalizedProblem,
  options: { engine?: TablesEngine; onLayer?: SymProgress; onProgress?: (done: number, all: number) => void },
): bigint {
  return symmetricRunner(options.engine ?? "wasm")(problem, (placed, rows, states) => {
    options.onLayer?.(placed, rows, states);
    options.onProgress?.(placed, rows);
  });
}
