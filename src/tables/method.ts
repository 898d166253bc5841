// Which counting method serves a table problem. The column method (plan.ts, the DP
// kernel) handles every rule but its states — multisets of column count vectors — grow
// with the number of symbols; the symmetric method (sym-ts.ts) also merges states that
// differ by a permutation of equal-count symbols, which needs the symbols to be
// interchangeable for the whole count: no distinctness rules (distinct rows or columns
// break up the columns into weighted blocks, see docs/notes/tables.md), except when every count
// is at most 1 — then two equal rows or columns are impossible and the rules hold for free.
import type { NormalizedProblem } from "./problem.js";

/** The column method's reach: its estimated work (states × jobs, see reach.ts) that still finishes. */
export const COLUMN_METHOD_REACH = 3e10;

/** Vectors x with 0 ≤ x_s ≤ counts[s] and Σ x = r. */
export function vectorsWithSum(counts: readonly number[], r: number): number {
  let ways = [1, ...new Array<number>(r).fill(0)];
  for (const c of counts) {
    const next = new Array<number>(r + 1).fill(0);
    for (let t = 0; t <= r; t++) for (let x = 0; x <= Math.min(c, t); x++) next[t]! += ways[t - x]!;
    ways = next;
  }
  return ways[r]!;
}

export function choose(a: number, b: number): number {
  let value = 1;
  for (let i = 1; i <= b; i++) value = (value * (a - b + i)) / i;
  return value;
}

/**
 * The largest layer's bound on the column method's states, after rows first+1..n-1:
 * C(A_r + n − 1, n) multisets of n column vectors with sum r (see reach.ts).
 */
export function columnLayerBound(problem: NormalizedProblem): { states: number; atRow: number } {
  const n = problem.size;
  let states = 1;
  let atRow = problem.given.length;
  for (let r = problem.given.length + 1; r < n; r++) {
    const layer = choose(vectorsWithSum(problem.counts, r) + n - 1, n);
    if (layer > states) {
      states = layer;
      atRow = r;
    }
  }
  return { states, atRow };
}

/**
 * The problem as it is counted: a symbol of count 1 makes two equal rows impossible (it
 * would stand twice in one column), and two equal columns too, so the distinctness rules
 * hold for free and the count is the one without them — one DP job instead of the
 * Möbius/Newton sums over the plan's jobs, or the symmetric method over the whole table.
 */
export function withoutFreeRules(problem: NormalizedProblem): NormalizedProblem {
  if ((!problem.distinctRows && !problem.distinctColumns) || !problem.counts.includes(1)) return problem;
  return { ...problem, distinctRows: false, distinctColumns: false };
}

/** The symmetric method counts this problem exactly. */
export function symmetricApplies(problem: NormalizedProblem): boolean {
  const latin = problem.size < 2 || problem.counts.every((c) => c <= 1);
  return latin || (!problem.distinctRows && !problem.distinctColumns);
}

/**
 * Whether the symmetric method is the faster one: it keeps one state per class under
 * symbol permutations, so it wins where those classes are far fewer than the column
 * method's states. That is Latin squares from order 7 (below, the column DP is already
 * quick and the canonical forms cost more than they save), the counts without
 * distinctness rules whose column-method states pass that method's reach (10×10 with
 * (2,2,2,2,2): a single DP job over up to 7.5·10^10 column multisets, past the kernel's
 * memory; the symmetric method meets in the middle over its classes), and the counts
 * where many symbols share a count (Π m_j! ≥ SYMMETRIC_FROM_SYMMETRIES). Elsewhere the
 * column kernel stays the default. The timings behind these rules are in
 * docs/notes/tables.md ("The symmetric method"). Takes the problem as counted
 * (withoutFreeRules).
 */
export function prefersSymmetric(problem: NormalizedProblem): boolean {
  const symbols = problem.counts.filter((c) => c > 0).length;
  const latin = problem.counts.every((c) => c <= 1);
  if (latin) return symbols >= 7;
  // Without distinctness rules the column method runs one DP job.
  if (problem.distinctRows || problem.distinctColumns) return false;
  return symbolSymmetries(problem.counts) >= SYMMETRIC_FROM_SYMMETRIES || columnLayerBound(problem).states > COLUMN_METHOD_REACH;
}

/** Π m_j! (m_j symbols share a count, symbols of count 0 left out): the symbol permutations the symmetric method merges. */
export function symbolSymmetries(counts: readonly number[]): number {
  const classes = new Map<number, number>();
  for (const c of counts) if (c > 0) classes.set(c, (classes.get(c) ?? 0) + 1);
  let order = 1;
  for (const m of classes.values()) for (let i = 2; i <= m; i++) order *= i;
  return order;
}

/**
 * The symbol symmetries Π m_j! from which the symmetric method is faster than the column
 * kernel: the classes shrink the states about Π m_j!-fold, while each class costs a
 * canonical form, so the symmetric method wins only once the symmetries are many. In the
 * kernels' timings (docs/notes/tables.md, "The symmetric method") every count tried with
 * 48 or more symmetries went faster by the symmetric method, whole table or over the
 * jobs, and every count with 24 or fewer went faster by the column kernel.
 */
export const SYMMETRIC_FROM_SYMMETRIES = 48;

/** With distinctness rules (and no 1), the symmetric method over the plan's jobs is the faster one: see SYMMETRIC_FROM_SYMMETRIES. */
export function prefersSymmetricJobs(problem: NormalizedProblem): boolean {
  return symbolSymmetries(problem.counts) >= SYMMETRIC_FROM_SYMMETRIES;
}
