// Which counting method serves a table problem. The column method (plan.ts, the DP
// kernel) handles every rule but its states — multisets of column count vectors — grow
// with the number of symbols; the symmetric method (sym-ts.ts) also merges states that
// differ by a permutation of equal-count symbols, which needs the symbols to be
// interchangeable for the whole count: no distinctness rules (distinct rows or columns
// break up the columns into weighted blocks, see docs/tables.md), except when every count
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
 * The symmetric method is the faster one (measured, docs/tables.md, CPU time, its kernel):
 * Latin squares from order 7 (order 7: 50 ms against 410 ms; order 8: about 0.9 s
 * against more than 5 minutes; order 6: 6 ms against 1 ms), and the counts without
 * distinctness rules whose column-method states pass that method's reach (10×10 with
 * (2,2,2,2,2): a single DP job over up to 7.5·10^10 column multisets, past the kernel's
 * memory; the symmetric method meets in the middle over its classes), or where many
 * symbols share a count (Π m_j! ≥ SYMMETRIC_FROM_SYMMETRIES). Elsewhere the column kernel
 * measured faster (8×8 with (2,2,2,2) and no distinctness: 2 ms against 320 ms) and
 * stays the default. Takes the problem as counted (withoutFreeRules).
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
 * The symbol symmetries Π m_j! from which the symmetric method measured faster than the
 * column kernel (kernels, CPU, docs/tables.md). Over the whole table, without the rules
 * (or with a 1, which keeps them for free): 8×8 (2,1,1,1,1,1,1) (720) 1.1 s against
 * 39 s, 9×9 (4,1,1,1,1,1) (120) 3.4 s against 19.8 s, 8×8 (2,2,1,1,1,1) (48) 1.5 s
 * against 4.7 s; below, the column kernel: 8×8 (2,2,2,1,1) (12) 0.51 s against 0.73 s,
 * 9×9 (3,2,2,1,1) (4) 40 s against 79 s. Over the jobs, with the rules: 10×10
 * (2,2,2,2,2) (120) about 55 CPU minutes, past the column method's reach; 8×8 (2,2,2,2)
 * (24) 0.39 s against 0.16 s; 10×10 (4,2,2,2) (6) 285 s against 126 s.
 */
export const SYMMETRIC_FROM_SYMMETRIES = 48;

/** With distinctness rules (and no 1), the symmetric method over the plan's jobs is the faster one: see SYMMETRIC_FROM_SYMMETRIES. */
export function prefersSymmetricJobs(problem: NormalizedProblem): boolean {
  return symbolSymmetries(problem.counts) >= SYMMETRIC_FROM_SYMMETRIES;
}
