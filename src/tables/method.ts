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
 * The symmetric method is the faster one (measured, docs/tables.md): Latin squares from
 * order 8 (order 8: 5 s against more than 5 minutes; order 7: 0.8 s against 0.5 s).
 * Elsewhere the column kernel measured faster (8×8 with (2,2,2,2) and no distinctness:
 * 0.3 s against 2.2 s) and stays the default.
 */
export function prefersSymmetric(problem: NormalizedProblem): boolean {
  const symbols = problem.counts.filter((c) => c > 0).length;
  return symbols >= 8 && problem.counts.every((c) => c <= 1);
}
