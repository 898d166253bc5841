// Which counting method serves a table problem. The column method (plan.ts, the DP
// kernel) handles every rule but its states — multisets of column count vectors — grow
// with the number of symbols; the symmetric method (sym-ts.ts) also merges states that
// differ by a permutation of equal-count symbols, which needs the symbols to be
// interchangeable for the whole count: no distinctness rules (distinct rows or columns
// break up the columns into weighted blocks, see docs/tables.md), except when every count
// is at most 1 — then two equal rows or columns are impossible and the rules hold for free.
import type { NormalizedProblem } from "./problem.js";

/** The symmetric method counts this problem exactly. */
export function symmetricApplies(problem: NormalizedProblem): boolean {
  const latin = problem.size < 2 || problem.counts.every((c) => c <= 1);
  return latin || (!problem.distinctRows && !problem.distinctColumns);
}

/**
 * The symmetric method is the faster one (measured, docs/tables.md, CPU time, its kernel):
 * Latin squares from order 7 (order 7: 50 ms against 410 ms; order 8: about 0.9 s
 * against more than 5 minutes; order 6: 6 ms against 1 ms). Elsewhere the column kernel
 * measured faster (8×8 with (2,2,2,2) and no distinctness: 2 ms against 320 ms) and
 * stays the default.
 */
export function prefersSymmetric(problem: NormalizedProblem): boolean {
  const symbols = problem.counts.filter((c) => c > 0).length;
  return symbols >= 7 && problem.counts.every((c) => c <= 1);
}
