// Whether a count can finish: an estimate from the growth of the row-by-row states,
// checked before counting so the CLI refuses what the machine cannot finish (one line,
// exit 2) instead of running for hours or into the kernel's memory cap.
//
// After r rows every column has a symbol-count vector summing to r; the states of the
// column method are multisets of n such vectors, so a layer holds at most
// C(A_r + n - 1, n) of them (A_r: the vectors with sum r), and the distinctness rules
// run that DP once per job of the plan: its work is taken as bound × jobs. The symmetric
// method keeps one state per class under symbol permutations, at most the bound over
// Π m_j! (m_j symbols share a count). The limits are measured (docs/notes/tables.md, "Limits", CPU time):
// the column method's work 2·10^7 (Latin squares of order 7) takes 0.5 s, 3·10^9
// (11×11 with (3,4,4), distinct) 54 s, 3·10^8 (15×15 binary, distinct) 74 s; order 8 Latin
// squares, 2·10^10, take more than 5 minutes. The symmetric method's bound, in its kernel
// (meeting in the middle, with its faster canonical form), costs about 0.42 µs of CPU per
// class of the bound (order 9: 8·10^7 classes at most, 3529 really); order 10's 9·10^10
// would be about 11 hours of CPU, and is refused with that estimate.
import { countMethod, type TablesMethod } from "./count.js";
import type { NormalizedProblem } from "./problem.js";
import { planTableCount } from "./plan.js";
import { columnLayerBound, COLUMN_METHOD_REACH, symbolSymmetries, withoutFreeRules } from "./method.js";

export { COLUMN_METHOD_REACH };
export const SYMMETRIC_METHOD_REACH = 1e8;
/**
 * The symmetric method over the column method's jobs: its bound (classes per job × jobs)
 * costs 0.8–3·10^-7 s of CPU per class in the kernel (10×10 (5,1,1,1,1,1): 3.9·10^8, 32 s;
 * (4,2,2,2): 9.2·10^8, 285 s), so this reach is a few minutes.
 */
export const SYMMETRIC_JOBS_REACH = 2e9;
/** CPU seconds per class of the symmetric bound, measured (Latin order 9, the kernel: 33.5 s / 8·10^7). */
const SYMMETRIC_SECONDS_PER_CLASS = 4.2e-7;

export interface ReachEstimate {
  /** "symmetric-jobs": the symmetric method over each job of the column method's plan. */
  method: "columns" | "symmetric" | "symmetric-jobs";
  /** The bound on the states (or classes) of the largest layer. */
  states: number;
  /** How often the DP runs: the jobs of the plan, or 1 for the symmetric method over the whole table. */
  jobs: number;
  /** states × jobs, compared with reach. */
  work: number;
  /** Row count after which that layer comes. */
  atRow: number;
  reach: number;
  withinReach: boolean;
}

export function estimateReach(stated: NormalizedProblem, method: TablesMethod = "auto"): ReachEstimate {
  const problem = withoutFreeRules(stated);
  const chosen = countMethod(problem, method);
  const bound = columnLayerBound(problem);
  const atRow = bound.atRow;
  const states = chosen === "columns" ? bound.states : bound.states / symbolSymmetries(problem.counts);
  // The symmetric method over the whole table runs once; the other two once per job of the plan.
  const jobs = chosen === "symmetric" ? 1 : planTableCount(problem).jobs.length;
  const work = states * jobs;
  const reach = chosen === "symmetric" ? SYMMETRIC_METHOD_REACH : chosen === "symmetric-jobs" ? SYMMETRIC_JOBS_REACH : COLUMN_METHOD_REACH;
  return { method: chosen, states, jobs, work, atRow, reach, withinReach: work <= reach };
}

/** A duration for people: seconds, minutes, hours or days. */
export function durationForPeople(seconds: number): string {
  if (seconds < 120) return `${Math.ceil(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}

/** For Latin-like counts (every count at most 1, where the rate was measured): the CPU time it implies. */
function latinTime(problem: NormalizedProblem, estimate: ReachEstimate): string {
  if (!problem.counts.every((c) => c <= 1)) return "";
  return `; at the rate measured on Latin squares, about ${durationForPeople(estimate.states * SYMMETRIC_SECONDS_PER_CLASS)} of CPU`;
}

/** One line saying why a count is refused. */
export function outOfReachMessage(problem: NormalizedProblem, estimate: ReachEstimate): string {
  const states = estimate.states.toExponential(1);
  const reach = estimate.reach.toExponential(0);
  const what =
    estimate.method === "symmetric"
      ? `the symmetric method may hold up to about ${states} classes of states (it finishes with up to about ${reach}${latinTime(problem, estimate)})`
      : estimate.method === "symmetric-jobs"
        ? `the symmetric method may hold up to about ${states} classes of states, in each of the column method's ${estimate.jobs} jobs (it finishes with up to about ${reach} classes × jobs)`
        : `the column method may hold up to about ${states} states, in each of ${estimate.jobs} DP jobs (it finishes with up to about ${reach} states × jobs)`;
  return `counting ${problem.size}×${problem.size} tables with counts ${problem.counts.join(",")} is out of reach: after ${estimate.atRow} rows ${what}; pass --force to try anyway`;
}
