// Tour counts cut into parts: each (start, first step) task of the plan is refined by its
// second step (start, first, second square), and a unit's estimated work is the number
// of self-avoiding walks of a few more moves from there (more ways to go on, more work).
import { optionKeys, requiredObject } from "../args.js";

const PROBLEM_KEYS = optionKeys<TourCountProblem>({ size: true, closed: true, from: true });
import { parseShardSpec, problemFields, requireCanonical, unitsOfPart, type CountFacts, type ShardSpec } from "../shards/index.js";
import { UsageError } from "../errors.js";
import { quoteValue } from "../io/quote.js";
import { newCountSession, runCountTask } from "./count-engine.js";
import { firstSteps, planCount, type CountTask } from "./count-plan.js";
import { stabiliser } from "./symmetry.js";
import type { Engine } from "./generate.js";
import { checkSize, checkSquare, type Square } from "./options.js";
import { MAX_COUNT_SIZE } from "./count-core.js";

/** A tour count: the board, open or closed, an optional start square. */
export interface TourCountProblem {
  size: number;
  closed?: boolean;
  from?: Square;
}

/** Everything that defines a tour count, canonical (from is 1-based row,column or null). */
export interface CanonicalTourProblem {
  kind: "tours";
  size: number;
  closed: boolean;
  from: [number, number] | null;
}

/**
 * The tour count as written in a shard's JSON line, in a fixed form, so parts of one problem can be recognised.
 *
 * @param problem `size`, `closed` and `from`, as countTours takes them
 * @example
 * ```ts
 * import { canonicalTourProblem } from "tabula-grids";
 *
 * canonicalTourProblem({ size: 5 }); // { kind: "tours", size: 5, closed: false, from: null }
 * ```
 */
export function canonicalTourProblem(problem: TourCountProblem): CanonicalTourProblem {
  problem = requiredObject(problem, "problem", PROBLEM_KEYS);
  const n = checkSize(problem.size, MAX_COUNT_SIZE);
  if (problem.from) checkSquare(problem.from, n, "from");
  return {
    kind: "tours",
    size: problem.size,
    closed: problem.closed ?? false,
    from: problem.from ? [problem.from[0] + 1, problem.from[1] + 1] : null,
  };
}

const TOUR_FIELDS = ["kind", "size", "closed", "from"] as const;

/** A part's square: null or a 1-based [row, column], as 0-based; UsageError otherwise. */
export function partSquare(value: unknown, what: string): Square | undefined {
  if (value === null) return undefined;
  if (!Array.isArray(value) || value.length !== 2 || !value.every((x) => typeof x === "number" && Number.isInteger(x) && x >= 1)) {
    throw new UsageError(`the problem's "${what}" must be null or a 1-based [row, column], got ${quoteValue(value)}`);
  }
  return [(value[0] as number) - 1, (value[1] as number) - 1];
}

/** A part's open/closed flag: true or false. */
export function partFlag(value: unknown, what: string): boolean {
  if (typeof value !== "boolean") throw new UsageError(`the problem's "${what}" must be true or false, got ${quoteValue(value)}`);
  return value;
}

/**
 * Checks the problem of a search part (as its JSON line gives it): the fields of
 * CanonicalTourProblem, no other, a count the counter accepts, in canonical form;
 * UsageError otherwise. Its facts: a part is weight × paths, never below 0; directed
 * closed tours are two per cycle (the parts of a count without a start sum to those
 * from square 1, merge halves them); the 8 symmetries of the board (n ≥ 2) move every
 * directed path to another one, so all directed paths come in eights and those from a
 * square in orbits of its stabiliser's size.
 */
export function checkTourShardProblem(problem: unknown): CountFacts {
  const fields = problemFields(problem, TOUR_FIELDS);
  if (fields.kind !== "tours") throw new UsageError(`the problem's kind is ${quoteValue(fields.kind)}, not "tours"`);
  const n = checkSize(fields.size, MAX_COUNT_SIZE);
  const closed = partFlag(fields.closed, "closed");
  const from = partSquare(fields.from, "from");
  if (from && (from[0] >= n || from[1] >= n))
    throw new UsageError(`the problem's "from" [${from[0] + 1}, ${from[1] + 1}] is outside the ${n}×${n} board (rows and columns 1 to ${n})`);
  const start = from ? checkSquare(from, n, "from") : undefined;
  const tour: TourCountProblem = { size: n, closed, ...(from ? { from } : {}) };
  requireCanonical(problem, canonicalTourProblem(tour));
  let multipleOf = 1n;
  let why = "";
  if (closed) [multipleOf, why] = [2n, "directed closed tours come two to a cycle"];
  else if (n >= 2 && start === undefined) [multipleOf, why] = [8n, "the 8 symmetries of the board move every directed path to another one"];
  else if (n >= 2 && start !== undefined) {
    const fixing = stabiliser(start, n).length;
    if (fixing > 1) [multipleOf, why] = [BigInt(fixing), `${fixing} symmetries of the board keep the start square and move every path to another one`];
  }
  return { multipleOf, why, partsAtLeastZero: true };
}

function neighbours(n: number): number[][] {
  return Array.from({ length: n * n }, (_, i) => firstSteps(i, n));
}

/** Self-avoiding walks of `depth` more moves from the end of `path`. */
function walks(adj: readonly number[][], path: number[], used: Uint8Array, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const x of adj[path[path.length - 1]!]!) {
    if (used[x]) continue;
    used[x] = 1;
    path.push(x);
    total += walks(adj, path, used, depth - 1);
    path.pop();
    used[x] = 0;
  }
  return total;
}

const ESTIMATE_DEPTH = 6;

/**
 * The units (tasks with a third square) of a tour count, with estimated work, and the divisor.
 *
 * @param problem `size`, `closed` and `from`, as countTours takes them
 * @example
 * ```ts
 * import { tourShardUnits } from "tabula-grids";
 *
 * const { tasks, estimates, divisor } = tourShardUnits({ size: 5 });
 * tasks.length; // 25
 * divisor; // 1n
 * ```
 */
export function tourShardUnits(problem: TourCountProblem): { tasks: CountTask[]; estimates: number[]; divisor: bigint } {
  problem = requiredObject(problem, "problem", PROBLEM_KEYS);
  const n = checkSize(problem.size, MAX_COUNT_SIZE);
  const from = problem.from ? checkSquare(problem.from, n, "from") : undefined;
  const plan = planCount(n, problem.closed ?? false, from);
  const adj = neighbours(n);
  const tasks: CountTask[] = [];
  const estimates: number[] = [];
  for (const task of plan.tasks) {
    const used = new Uint8Array(n * n);
    used[task.start] = 1;
    if (task.second < 0) {
      tasks.push(task);
      estimates.push(1);
      continue;
    }
    used[task.second] = 1;
    const thirds = adj[task.second]!.filter((x) => !used[x]);
    if (thirds.length === 0) {
      tasks.push(task);
      estimates.push(1);
      continue;
    }
    for (const third of thirds) {
      used[third] = 1;
      tasks.push({ ...task, third });
      // The weight scales the answer, not the work: the estimate is per search.
      estimates.push(walks(adj, [task.start, task.second, third], used, Math.min(ESTIMATE_DEPTH, n * n - 3)));
      used[third] = 0;
    }
  }
  return { tasks, estimates, divisor: plan.divisor };
}

/**
 * Part `spec` of a tour count: Σ weight · paths over its units. The parts' sum divided by
 * the divisor (2 for distinct closed tours) is the count, so parts carry the undivided sum.
 *
 * @param problem `size`, `closed` and `from`, as countTours takes them
 * @param spec which part: "i/k" or { shard, shards }
 * @param engine "wasm" (default) or "ts"
 * @param onProgress called with (done, all) after each unit
 * @example
 * ```ts
 * import { countTourShard } from "tabula-grids";
 *
 * countTourShard({ size: 5 }, "0/2") + countTourShard({ size: 5 }, "1/2"); // 12400n, as countTours({ size: 5 })
 * ```
 */
export function countTourShard(
  problem: TourCountProblem,
  spec: ShardSpec | string,
  engine: Engine = "wasm",
  onProgress?: (done: number, all: number) => void,
): bigint {
  problem = requiredObject(problem, "problem", PROBLEM_KEYS);
  const part = parseShardSpec(spec);
  const { tasks, estimates } = tourShardUnits(problem);
  // Units of one start run back to back so they share the kernel's memo.
  const mine = unitsOfPart(estimates, part)
    .map((i) => tasks[i]!)
    .sort((a, b) => a.start - b.start);
  const session = newCountSession();
  let sum = 0n;
  mine.forEach((task, i) => {
    sum += BigInt(task.weight) * runCountTask(task, engine, session);
    onProgress?.(i + 1, mine.length);
  });
  return sum;
}
