// countTables: the general table count, exact, by a chosen engine.
import { optionalWholeNumber, optionsObject, requiredObject } from "../args.js";
import { normalizeProblem, type NormalizedProblem, type TableProblem, type TablesEngine } from "./problem.js";
import { planTableCount } from "./plan.js";
import { UsageError } from "../errors.js";
import type { ShardSpec } from "../shards/index.js";
import { countTableShard } from "./shard.js";
import { engineRunner, sumPlan } from "./sum-plan.js";
import { countSymmetricMitmTs, type SymProblem, type SymProgress } from "./sym-ts.js";
import { countSymmetricMitmWasm } from "./sym-wasm.js";
import { countJobSymTs } from "./sym-jobs-ts.js";
import { prefersSymmetric, symmetricApplies } from "./method.js";
import { MAX_TABLES_MEMORY_MIB, MIN_TABLES_MEMORY_MIB, withCountMemoryCap } from "./kernel.js";

/** A table problem and the engine that counts it. */
export interface CountTablesOptions extends TableProblem {
  /** "wasm" (default) or "ts" (the TypeScript baseline of the same method). */
  engine?: TablesEngine;
  /**
   * "auto" (default): the symmetric method when it applies and is the faster one (see
   * method.ts), else the column method; "columns" or "symmetric" to choose.
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
  requiredObject(problem, "problem");
  optionsObject(options, "options");
  const memoryCapMiB = memoryCapOption(problem.memoryCapMiB);
  return withCountMemoryCap(memoryCapMiB, () => {
    if (options.shard !== undefined) return countTableShard(normalizeProblem(problem), options.shard, problem.engine ?? "wasm");
    const normalized = normalizeProblem(problem);
    if (usesSymmetric(normalized, problem.method, problem.engine)) return countSymmetric(normalized, problem);
    const run = engineRunner(problem.engine ?? "wasm");
    return sumPlan(planTableCount(normalized), run);
  });
}

/** memoryCapMiB checked: a whole number of MiB the kernel's memory can be capped at, or undefined (the default). */
export function memoryCapOption(value: unknown): number | undefined {
  return optionalWholeNumber(value, "memoryCapMiB", MIN_TABLES_MEMORY_MIB, MAX_TABLES_MEMORY_MIB);
}

/**
 * Whether a count goes to the symmetric method (UsageError when it is asked for and cannot
 * serve). With distinctness rules it serves only when asked for and in the TypeScript
 * engine: over the column method's jobs (sym-jobs-ts.ts), not yet in the kernel.
 */
export function usesSymmetric(problem: NormalizedProblem, method: TablesMethod = "auto", engine: TablesEngine = "wasm"): boolean {
  if (method === "columns") return false;
  const applies = symmetricApplies(problem);
  if (method === "symmetric") {
    if (!applies && engine !== "ts") {
      throw new UsageError("the kernel's symmetric method counts tables without distinctness rules (or Latin squares, distinct by themselves); with the rules it runs in the TypeScript engine (engine \"ts\", --engine fast-ts), or use the column method");
    }
    return true;
  }
  if (method !== "auto") throw new UsageError(`unknown method "${String(method)}" (expected auto, columns or symmetric)`);
  return applies && prefersSymmetric(problem);
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
 * The symmetric count (one thread), reporting each layer to onLayer and as rows placed to
 * onProgress; with distinctness rules (engine "ts" only, see usesSymmetric) it sums the
 * column method's jobs, each counted over classes of states, reporting jobs done.
 */
export function countSymmetric(problem: NormalizedProblem, options: { engine?: TablesEngine; onLayer?: SymProgress; onProgress?: (done: number, all: number) => void }): bigint {
  if (!symmetricApplies(problem)) {
    const plan = planTableCount(problem);
    let done = 0;
    return sumPlan(plan, (counts, job) => {
      const values = countJobSymTs(counts, job);
      options.onProgress?.(++done, plan.jobs.length);
      return values;
    });
  }
  return symmetricRunner(options.engine ?? "wasm")(problem, (placed, rows, states) => {
    options.onLayer?.(placed, rows, states);
    options.onProgress?.(placed, rows);
  });
}
