// The general table count cut into parts: its DP jobs, split by first part, are the
// units; a unit's estimated work grows with the number of DP states its columns allow
// (multisets of column states per weight) and with the rows it places.
import { argumentError, requiredObject, wholeNumbers } from "../args.js";
import { parseShardSpec, problemFields, requireCanonical, unitsOfPart, type CountFacts, type ShardSpec } from "../shards/index.js";
import { UsageError } from "../errors.js";
import { factorial } from "../math.js";
import { quoteValue } from "../io/quote.js";
import { engineRunner, sumPlan, type JobMethod } from "./sum-plan.js";
import { planTableCount, splitByFirstPart, type TableJob } from "./plan.js";
import { withoutFreeRules } from "./method.js";
import { normalizeProblem, type NormalizedProblem, type TableProblem, type TablesEngine } from "./problem.js";

/** Everything that defines a table count, in one canonical form (the "problem" of a part). */
export interface CanonicalTableProblem {
  kind: "tables";
  size: number;
  counts: number[];
  given: string[];
  distinctRows: boolean;
  distinctColumns: boolean;
}

/**
 * The problem as written in a shard's JSON line: everything that defines the count, in a fixed form, so parts of one problem can be recognised.
 *
 * @param p the problem as normalizeProblem returns it
 * @example
 * ```ts
 * import { canonicalTableProblem, normalizeProblem } from "tabula-grids";
 *
 * canonicalTableProblem(normalizeProblem({ size: 4, counts: [2, 2] })); // { kind: "tables", size: 4, counts: [2, 2], given: [], distinctRows: true, distinctColumns: true }
 * ```
 */
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

const TABLE_FIELDS = ["kind", "size", "counts", "given", "distinctRows", "distinctColumns"] as const;

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * What every count of `p` is a multiple of. Permuting the rows after the given ones keeps
 * a table a table (row and column counts, distinctness), and with distinct rows no such
 * permutation but the identity fixes one: the tables fall into orbits of (n − g)! each.
 * Likewise with distinct columns, for the permutations of columns that agree on every
 * given row (columns with the same given prefix): Π (class size)!. Both divide the count,
 * so their least common multiple does.
 */
export function tableCountMultiple(p: NormalizedProblem): { multipleOf: bigint; why: string } {
  const rows = p.distinctRows ? factorial(p.size - p.given.length) : 1n;
  let columns = 1n;
  if (p.distinctColumns) {
    const classes = new Map<string, number>();
    for (let c = 0; c < p.size; c++) {
      const prefix = p.given.map((row) => row[c]).join(",");
      classes.set(prefix, (classes.get(prefix) ?? 0) + 1);
    }
    for (const size of classes.values()) columns *= factorial(size);
  }
  const why = [
    rows > 1n ? `distinct rows after the given ones can be ordered in ${rows} ways` : "",
    columns > 1n ? `distinct columns in ${columns} ways that keep the given rows` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return { multipleOf: (rows / gcd(rows, columns)) * columns, why };
}

/**
 * Checks the problem of a part (as its JSON line gives it): the fields of
 * CanonicalTableProblem, no other, a problem normalizeProblem accepts, in canonical form.
 * UsageError otherwise; else what every count of it is a multiple of.
 */
export function checkTableShardProblem(problem: unknown): CountFacts {
  const fields = problemFields(problem, TABLE_FIELDS);
  if (fields.kind !== "tables") throw new UsageError(`the problem's kind is ${quoteValue(fields.kind)}, not "tables"`);
  if (!Array.isArray(fields.given) || !fields.given.every((row) => typeof row === "string")) {
    throw new UsageError('the problem\'s "given" must be an array of rows of digits, like ["2100221"]');
  }
  for (const flag of ["distinctRows", "distinctColumns"] as const) {
    if (typeof fields[flag] !== "boolean") throw new UsageError(`the problem's "${flag}" must be true or false`);
  }
  const { size, counts, given, distinctRows, distinctColumns } = fields as unknown as TableProblem; // the problem's own keys (normalizeProblem is strict)
  const p = normalizeProblem({ size, counts, given, distinctRows, distinctColumns });
  requireCanonical(problem, canonicalTableProblem(p));
  return { ...tableCountMultiple(p), partsAtLeastZero: false };
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
  const plan = planTableCount(withoutFreeRules(p));
  const jobs = splitByFirstPart(plan.jobs);
  return { counts: plan.counts, jobs, estimates: jobs.map((job) => estimateJobWork(plan.counts, job)) };
}

/** The exact partial count of part `spec` (parts 0..k-1 sum to the count), each job counted by `method`. */
export function countTableShard(
  p: NormalizedProblem,
  spec: ShardSpec | string,
  engine: TablesEngine = "wasm",
  onProgress?: (doneWork: number, allWork: number) => void,
  method: JobMethod = "columns",
): bigint {
  const part = parseShardSpec(spec);
  const { counts, jobs, estimates } = tableShardUnits(p);
  const mine = unitsOfPart(estimates, part);
  const all = mine.reduce((sum, i) => sum + estimates[i]!, 0);
  const run = engineRunner(engine, method);
  let total = 0n;
  let done = 0;
  for (const i of mine) {
    total += sumPlan({ counts, jobs: [jobs[i]!] }, run);
    done += estimates[i]!;
    onProgress?.(done, all);
  }
  return total;
}
