// sampleTables / listTables: exactly uniform random tables and every table of a problem.
import { describeValue, optionKeys, optionsObject, requiredObject } from "../args.js";
import { UsageError } from "../errors.js";
import { countTables } from "./count.js";
import { enumerateTables } from "./list.js";
import { TABLE_PROBLEM_KEYS, normalizeProblem, type NormalizedProblem, type TableProblem, type TablesEngine } from "./problem.js";
import { randomSource } from "../core/random.js";
import { parseSeed } from "../core/random.js";
import { buildSampleGraph, type SampleGraph } from "./sample-graph.js";
import { drawFreeRows, keepsRules } from "./sample-ts.js";
import { buildKernelGraph, wasmByteSampler, type RuleGuard } from "./sample-wasm.js";
export type { RuleGuard } from "./sample-wasm.js";

/** Listing refuses problems with more tables than this unless forced. */
export const MAX_LIST_COUNT = 10_000_000n;

/** Options of `sampleTables`: how many tables, the seed (default: the OS CSPRNG) and the engine. */
export interface SampleTablesOptions {
  /** How many tables (independent draws, repetition possible). */
  count: number;
  /** Seed 0..2^64-1 for the seeded generator; omitted: the OS CSPRNG. */
  seed?: bigint | number | string;
  /** "wasm" (default) or "ts", the baseline of the same walk; the same seed gives the same tables. */
  engine?: TablesEngine;
}

/** A problem prepared for drawing: its completion graph and g(root). */
export interface PreparedSampler {
  problem: NormalizedProblem;
  /** Tables with the counts and given rows, rules ignored (g(root)). */
  free: bigint;
  /** "wasm" when the kernel holds the graph, "ts" when the bigint baseline does. */
  engine: TablesEngine;
  /** The baseline's graph (engine "ts"). */
  graph?: SampleGraph;
}

/**
 * Builds the problem's completion graph on the engine (the kernel falls back to bigint past 128 bits).
 *
 * @param problem the tables to draw from, as countTables takes them
 * @param engine "wasm" (default) or "ts", the baseline
 * @example
 * ```ts
 * import { prepareSampler, tableDrawer } from "tabula-grids";
 *
 * const draw = tableDrawer(prepareSampler({ size: 4, counts: [2, 2] }), 1n);
 * draw(2).length; // 2 tables, each uniform among the 72
 * ```
 */
export function prepareSampler(problem: TableProblem, engine: TablesEngine = "wasm"): PreparedSampler {
  const p = normalizeProblem(problem);
  if (engine === "wasm") {
    const free = buildKernelGraph(p);
    if (free !== undefined) return { problem: p, free, engine: "wasm" };
  }
  const graph = buildSampleGraph(p);
  return { problem: p, free: graph.total, engine: "ts", graph };
}

/** Consecutive rejected draws after which the sampler makes sure some table keeps the rules. */
export const REJECTIONS_BEFORE_CHECK = 100_000;

function ruleGuard(p: NormalizedProblem): RuleGuard {
  let checked = false;
  return {
    limit: () => (checked ? 0 : REJECTIONS_BEFORE_CHECK),
    check: () => {
      if (checked) return;
      if (countTables(p, {}) === 0n) throw new UsageError("no table has these symbol counts, given rows and rules, so there is nothing to sample");
      checked = true;
    },
  };
}

/**
 * A drawer for a prepared problem: `draw(k)` gives the next k tables, whole (given rows
 * first), n·n symbol bytes each, row by row. Seeded (seed 0..2^64-1) or from the OS
 * CSPRNG (seed undefined); the engines give the same tables for the same seed.
 */
export function tableByteDrawer(prepared: PreparedSampler, seed?: bigint | number | string): (count: number) => Uint8Array {
  requiredObject(requiredObject<{ problem?: unknown }>(prepared, "prepared").problem, "prepared.problem");
  const { problem: p, graph } = prepared;
  if (prepared.free === 0n) throw new UsageError("no table has these symbol counts and given rows, so there is nothing to sample");
  const random = randomSource(seed);
  const guard = ruleGuard(p);
  if (prepared.engine === "wasm") return wasmByteSampler(p, seed === undefined ? undefined : parseSeed(seed), guard);
  const n = p.size;
  const free = Array.from({ length: graph!.rows }, () => new Array<number>(n).fill(0));
  const table = [...p.given, ...free];
  return (count) => {
    const out = new Uint8Array(count * n * n);
    for (let t = 0; t < count; t++) {
      for (let misses = 0; ;) {
        drawFreeRows(graph!, random, free);
        if (keepsRules(table, p.distinctRows, p.distinctColumns)) break;
        if (++misses === guard.limit()) guard.check();
      }
      table.forEach((row, i) => out.set(row, (t * n + i) * n));
    }
    return out;
  };
}

/**
 * As tableByteDrawer, each table as an array of rows of symbols.
 *
 * @param prepared the sampler prepareSampler built (build it once, draw many times)
 * @param seed seed 0..2^64-1; omitted: the OS CSPRNG
 * @example
 * ```ts
 * import { prepareSampler, tableDrawer } from "tabula-grids";
 *
 * const draw = tableDrawer(prepareSampler({ size: 4, counts: [2, 2] }), 1n);
 * draw(1); // [[[1, 1, 0, 0], [0, 1, 0, 1], [0, 0, 1, 1], [1, 0, 1, 0]]]
 * ```
 */
export function tableDrawer(prepared: PreparedSampler, seed?: bigint | number | string): (count: number) => number[][][] {
  requiredObject(requiredObject<{ problem?: unknown }>(prepared, "prepared").problem, "prepared.problem");
  const draw = tableByteDrawer(prepared, seed);
  const n = prepared.problem.size;
  return (count) => {
    const bytes = draw(count);
    return Array.from({ length: count }, (_, t) => Array.from({ length: n }, (_, i) => Array.from(bytes.subarray((t * n + i) * n, (t * n + i + 1) * n))));
  };
}

/**
 * `count` tables drawn independently and exactly uniformly among those countTables counts.
 *
 * @param problem the tables to draw from, as countTables takes them
 * @param options `count` tables, `seed` (omitted: the OS CSPRNG), `engine` "wasm" or "ts"
 * @example
 * ```ts
 * import { sampleTables } from "tabula-grids";
 *
 * for await (const table of sampleTables({ size: 4, counts: [2, 2] }, { count: 2, seed: 1n })) console.log(table);
 * // [[1, 1, 0, 0], [0, 1, 0, 1], [0, 0, 1, 1], [1, 0, 1, 0]], then [[1, 0, 0, 1], [1, 1, 0, 0], …]
 * ```
 */
export async function* sampleTables(problem: TableProblem, options: SampleTablesOptions): AsyncGenerator<number[][]> {
  problem = requiredObject(problem, "problem", TABLE_PROBLEM_KEYS);
  options = requiredObject(options, "options", optionKeys<SampleTablesOptions>({ count: true, seed: true, engine: true }));
  if (!Number.isInteger(options.count) || options.count < 0)
    throw new UsageError(`count must be a whole number of at least 0, got ${describeValue(options.count)}`);
  const draw = tableDrawer(prepareSampler(problem, options.engine ?? "wasm"), options.seed);
  for (let done = 0; done < options.count;) {
    const batch = draw(Math.min(256, options.count - done));
    done += batch.length;
    yield* batch;
  }
}

/** Options of `listTables`. */
export interface ListTablesOptions {
  /** List even when there are more than MAX_LIST_COUNT tables. */
  force?: boolean;
}

/**
 * Every table the problem counts, each once, in a fixed order (constant memory).
 *
 * @param problem the tables to list, as countTables takes them
 * @param options `force`: list even past the size limit
 * @example
 * ```ts
 * import { listTables } from "tabula-grids";
 *
 * let tables = 0;
 * for await (const _ of listTables({ size: 4, counts: [2, 2] })) tables++;
 * tables; // 72, as countTables({ size: 4, counts: [2, 2] }) says
 * ```
 */
export async function* listTables(problem: TableProblem, options: ListTablesOptions = {}): AsyncGenerator<number[][]> {
  problem = requiredObject(problem, "problem", TABLE_PROBLEM_KEYS);
  options = optionsObject(options, "options", ["force"]);
  const p = normalizeProblem(problem);
  const count = countTables(p);
  if (count > MAX_LIST_COUNT && !options.force) {
    throw new UsageError(`there are ${count} tables, more than the listing limit of ${MAX_LIST_COUNT}; pass --force (API: force: true) to list them anyway`);
  }
  if (count === 0n) return;
  yield* enumerateTables(p, buildSampleGraph(p));
}
