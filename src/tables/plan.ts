// Turns a table problem into independent DP jobs whose weighted results sum to the answer.
//
// answer = Σ_π μ(π) Σ_{f, λ} (-1)^F ε_λ m!/z_λ · N(π, f, λ)
//   π: set partition of the columns compatible with the given rows (distinct columns by
//      Möbius inversion); grouped by its "key" (block sizes per given-pattern class),
//   f: how many free rows are merged into each given row, F = Σ f (free rows must also
//      differ from the given rows), λ ⊢ m - F the cycle type of the free rows' blocks,
//   N: tables whose columns are equal on blocks of π, counted by the layer DP.
import { argumentError, requiredObject, wholeNumbers } from "../args.js";
import { partitionsInLeafOrder, signedCycleCoefficient } from "./partitions.js";
import { factorial } from "../math.js";
import type { NormalizedProblem } from "./problem.js";

/** A compressed column: `weight` equal columns, their symbol counts so far. */
export interface TableColumn {
  weight: number;
  comp: number[];
}

/** One DP run: place `rows` more rows (as weighted parts) below the columns' state. */
export interface TableJob {
  columns: TableColumn[];
  rows: number;
  /** Only partitions with at least this many parts matter. */
  minParts: number;
  /** When > 0, only partitions whose largest part is this. */
  firstPart: number;
  /** Multiplier of each partition of `rows`, in leaf order; the answer is Σ multiplier·N. */
  multipliers: bigint[];
}

/** How the general counter splits a count into DP jobs (see the method notes in docs/notes/tables.md). */
export interface TablePlan {
  counts: number[];
  jobs: TableJob[];
}

interface ColumnKey {
  /** Block sizes per column class. */
  blocks: readonly (readonly number[])[];
  coefficient: bigint;
}

/** All ways to pick one item per list (cartesian product). */
function product<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((prefix) => list.map((item) => [...prefix, item])), [[]]);
}

/** Column keys: per class, a partition of its columns into equal-column blocks. */
function columnKeys(classSizes: number[], distinctColumns: boolean): ColumnKey[] {
  if (!distinctColumns) return [{ blocks: classSizes.map((s) => new Array<number>(s).fill(1)), coefficient: 1n }];
  return product(classSizes.map((s) => partitionsInLeafOrder(s))).map((blocks) => ({
    blocks,
    coefficient: blocks.reduce((acc, parts, k) => acc * signedCycleCoefficient(parts, classSizes[k]!), 1n),
  }));
}

/** Vectors f ≥ 0 of length g with Σ f ≤ limit. */
function mergeVectors(g: number, limit: number): number[][] {
  if (g === 0) return [[]];
  const out: number[][] = [];
  for (const rest of mergeVectors(g - 1, limit)) {
    const used = rest.reduce((a, b) => a + b, 0);
    for (let f = 0; f + used <= limit; f++) out.push([...rest, f]);
  }
  return out;
}

function zeroComp(k: number): number[] {
  return new Array<number>(k).fill(0);
}

/** Splits each job by its first part so workers get balanced, independent pieces. */
export function splitByFirstPart(jobs: TableJob[]): TableJob[] {
  return jobs.flatMap((job) => {
    if (job.rows <= 1 || job.firstPart > 0) return [job];
    const pieces: TableJob[] = [];
    for (let w = job.rows; w >= 1; w--) if (1 + (job.rows - w) >= job.minParts) pieces.push({ ...job, firstPart: w });
    return pieces;
  });
}

/**
 * Nothing given: N(μ, λ) = N(λ, μ) (transpose), so each pair is computed in the job
 * whose column side has fewer blocks, where the DP states are smallest.
 */
function planEmpty(p: NormalizedProblem): TableJob[] {
  const n = p.size;
  const k = p.counts.length;
  const parts = partitionsInLeafOrder(n);
  const ones = parts.length - 1; // 1^n comes last in leaf order
  const colCoef = parts.map((mu, i) => (p.distinctColumns ? signedCycleCoefficient(mu, n) : i === ones ? 1n : 0n));
  const rowCoef = parts.map((la, i) => (p.distinctRows ? signedCycleCoefficient(la, n) : i === ones ? 1n : 0n));
  const jobs: TableJob[] = [];
  parts.forEach((mu, i) => {
    const multipliers = parts.map((la, j) => {
      if (la.length < mu.length) return 0n;
      const direct = colCoef[i]! * rowCoef[j]!;
      return la.length > mu.length ? direct + colCoef[j]! * rowCoef[i]! : direct;
    });
    const needed = parts.filter((_, j) => multipliers[j] !== 0n).map((la) => la.length);
    if (needed.length === 0) return;
    jobs.push({
      columns: mu.map((weight) => ({ weight, comp: zeroComp(k) })),
      rows: n,
      minParts: Math.min(...needed),
      firstPart: 0,
      multipliers,
    });
  });
  return jobs;
}

/**
 * The jobs whose weighted results sum to the number of completions.
 *
 * @param p the problem as normalizeProblem returns it
 * @example
 * ```ts
 * import { normalizeProblem, planTableCount } from "tabula-grids";
 *
 * const plan = planTableCount(normalizeProblem({ size: 4, counts: [2, 2] }));
 * plan.counts; // [2, 2]
 * plan.jobs.length > 0; // true
 * ```
 */
export function planTableCount(p: NormalizedProblem): TablePlan {
  requiredObject(p, "problem");
  wholeNumbers(p.counts, "problem.counts");
  if (!Array.isArray(p.given)) throw argumentError("problem.given", "an array of rows", p.given);
  const { size: n, counts, given } = p;
  const k = counts.length;
  const g = given.length;
  const m = n - g;
  const none: TablePlan = { counts, jobs: [] };
  if (g === 0) return { counts, jobs: planEmpty(p) };

  const rowKeys = given.map((row) => row.join(","));
  if (p.distinctRows && new Set(rowKeys).size < g) return none;
  // Columns with the same given symbols form a class; blocks of π stay inside a class.
  const classes = new Map<string, number[]>();
  for (let c = 0; c < n; c++) {
    const pattern = given.map((row) => row[c]!);
    const key = pattern.join(",");
    if (!classes.has(key)) classes.set(key, pattern);
  }
  const patterns = [...classes.values()];
  const classSizes = patterns.map((pat) => {
    let size = 0;
    for (let c = 0; c < n; c++) if (given.every((row, y) => row[c] === pat[y])) size++;
    return size;
  });

  // Column keys outer: jobs with the same column weights run back to back, so the
  // kernel's single-row layers from the empty state (which depend on weights only) are reused.
  const merges = (p.distinctRows ? mergeVectors(g, m) : [new Array<number>(g).fill(0)]).flatMap((f) => {
    const merged = f.reduce((a, b) => a + b, 0);
    const rows = m - merged;
    // Class state: each given row y counts 1 + f_y times.
    const comps = patterns.map((pat) => {
      const comp = zeroComp(k);
      pat.forEach((s, y) => (comp[s]! += 1 + f[y]!));
      return comp;
    });
    if (comps.some((comp) => comp.some((a, s) => a > counts[s]!))) return [];
    const sign = merged % 2 === 0 ? 1n : -1n;
    const scale = factorial(m) / factorial(rows);
    const rowParts = partitionsInLeafOrder(rows);
    const rowMultipliers = p.distinctRows
      ? rowParts.map((la) => sign * scale * signedCycleCoefficient(la, rows))
      : rowParts.map((_, j) => (j === rowParts.length - 1 ? 1n : 0n));
    return [{ rows, comps, rowMultipliers }];
  });
  const jobs: TableJob[] = [];
  for (const key of columnKeys(classSizes, p.distinctColumns)) {
    for (const { rows, comps, rowMultipliers } of merges) {
      const columns: TableColumn[] = [];
      key.blocks.forEach((blocks, cls) => blocks.forEach((weight) => columns.push({ weight, comp: [...comps[cls]!] })));
      jobs.push({
        columns,
        rows,
        minParts: p.distinctRows ? 0 : rows,
        firstPart: 0,
        multipliers: rowMultipliers.map((x) => x * key.coefficient),
      });
    }
  }
  return { counts, jobs };
}
