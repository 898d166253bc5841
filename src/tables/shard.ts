// The general table count cut into parts: its DP jobs, split by first part, are the
// units; a unit's estimated work grows with the number of DP states its columns allow
// (multisets of column states per weight) and with the rows it places.
import { argumentError, requiredObject, wholeNumbers } from "../args.js";
import { parseShardSpec, unitsOfPart, type ShardSpec } from "../shards/index.js";
import { engineRunner, sumPlan } from "./sum-plan.js";
import { planTableCount, splitByFirstPart, type TableJob } from "./plan.js";
import type { NormalizedProblem, TablesEngine } from "./problem.js";

/** Everything that defines a table count, in one canonical form (the "problem" of a part). */
export interface CanonicalTableProblem {
  kind: "tables";
  size: number;
  counts: number[];
  given: string[];
  distinctRows: boolean;
  distinctColumns: boolean;
}

/** The problem as written in a shard's JSON line: everything that defines the count, in a fixed form, so parts of one problem can be recognised. */
export function canonicalTableProblem(p: NormalizedProblem): CanonicalTableProblem {
  requiredObject(p, "problem");
  wholeNumbers(p.counts, "problem.counts");
  if (!Array.isArray(p.given)) throw argumentError("problem.given", "an array of rows", p.given);
  return {
    kind: "tables",
    size: p.size,
    counts: [...p.counts],
    given: p.given.map((row) => row.join("")),
    distinctRows: p.distinctRows,
    distinctColumns: p.distinctColumns,
  };
}

/** C(a + b, b) as a float: only an estimate. */
function choose(a: number, b: number): number {
  let value = 1;
  for (let i = 1; i <= b; i++) value = (value * (a + i)) / i;
  return value;
}

/** Rough work of one job: states per layer (multisets of column states by weight) × rows × share of its partitions. */
export function estimateJobWork(counts: readonly number[], job: TableJob): number {
  const states = counts.reduce((a, c) => a * (c + 1), 1);
  const byWeight = new Map<number, number>();
  for (const col of job.columns) byWeight.set(col.weight, (byWeight.get(col.weight) ?? 0) + 1);
  let layer = 1;
  for (const columns of byWeight.values()) layer *= choose(states - 1, columns);
  // First part 1 is the whole single-row DP (met in the middle); a larger first part w
  // places w equal rows at once and leaves rows - w to the walk, which is cheaper.
  const rows = Math.max(1, job.rows);
  const share = job.firstPart > 1 ? (rows - job.firstPart + 1) / rows / 2 : 1;
  return layer * rows * share;
}

/** The units of a count and their estimated work, in a fixed order. */
export function tableShardUnits(p: NormalizedProblem): { counts: number[]; jobs: TableJob[]; estimates: number[] } {
  const plan = planTableCount(p);
  const jobs = splitByFirstPart(plan.jobs);
  return { counts: plan.counts, jobs, estimates: jobs.map((job) => estimateJobWork(plan.counts, job)) };
}

/** The exact partial count of part `spec` (parts 0..k-1 sum to the count). */
export function countTableShard(
  p: NormalizedProblem,
  spec: ShardSpec | string,
  engine: TablesEngine = "wasm",
  onProgress?: (doneWork: number, allWork: number) => void,
): bigint {
  const part = parseShardSpec(spec);
  const { counts, jobs, estimates } = tableShardUnits(p);
  const mine = unitsOfPart(estimates, part);
  const all = mine.reduce((sum, i) => sum + estimates[i]!, 0);
  const run = engineRunner(engine);
  let total = 0n;
  let done = 0;
  for (const i of mine) {
    total += sumPlan({ counts, jobs: [jobs[i]!] }, run);
    done += estimates[i]!;
    onProgress?.(done, all);
  }
  return total;
}
