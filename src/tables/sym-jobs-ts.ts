// The symmetric method for the column method's jobs (TypeScript, a prototype of the
// kernel's next step): the jobs of plan.ts — compressed columns of weights b_i, rows
// placed as parts of a partition λ, each part a row repeated λ_j times — counted over
// states reduced by their symmetries, as sym-ts.ts counts tables without distinctness
// rules. Inside one job the symbols of equal count stay interchangeable (a compressed row
// must hold Σ_i b_i [x_i = s] = c_s, the same rule for every symbol of count c_s), and
// so do the columns of equal weight. A column's weight rides along as one more entry of
// its needs row, a pseudo-symbol of a count no real symbol has, so the canonical form of
// canonical.ts never maps a column onto one of another weight. The contract is
// countJobTs's: N(λ) for every partition λ of job.rows, in leaf order (0 where not asked).
import { Canonizer } from "./canonical.js";
import { partitionsInLeafOrder } from "./partitions.js";
import { forEachRowPlaced, nextLayer, type LayerState } from "./sym-ts.js";
import type { JobShape } from "./dp-ts.js";

type Layer = Map<string, LayerState>;

/** N(λ) for every partition λ of job.rows, in leaf order (0 where not computed). */
export function countJobSymTs(counts: readonly number[], job: JobShape): bigint[] {
  const n = job.columns.length;
  const k = counts.length;
  const width = k + 1;
  // The weight's pseudo-symbol has a count below every real one: a cell of its own.
  const canon = new Canonizer(n, width, [...counts, -1]);
  const start = new Uint8Array(n * width);
  job.columns.forEach((column, i) => {
    for (let s = 0; s < k; s++) start[i * width + s] = counts[s]! - column.comp[s]!;
    start[i * width + k] = column.weight;
  });
  const leaves = partitionsInLeafOrder(job.rows);
  const values = new Map<string, bigint>();
  // A compressed row placed `part` times, its columns weighted by their last entry.
  const expand = (layer: Layer, part: number): Layer =>
    nextLayer(layer, canon, (needs, visit) => forEachRowPlaced(needs, n, counts, { width, part, weightAt: k }, visit));
  // Parts in nonincreasing order, depth first: partitions with a common prefix share its layers.
  const walk = (layer: Layer, left: number, maxPart: number, prefix: number[]): void => {
    if (left === 0) {
      let total = 0n;
      for (const { ways } of layer.values()) total += ways;
      values.set(prefix.join(","), total);
      return;
    }
    if (prefix.length + left < job.minParts || layer.size === 0) return;
    const top = prefix.length === 0 && job.firstPart > 0 ? job.firstPart : Math.min(maxPart, left);
    const bottom = prefix.length === 0 && job.firstPart > 0 ? job.firstPart : 1;
    for (let part = top; part >= bottom; part--) {
      prefix.push(part);
      walk(expand(layer, part), left - part, part, prefix);
      prefix.pop();
    }
  };
  walk(new Map([[canon.key(start), { needs: canon.canonical(), ways: 1n }]]), job.rows, job.rows, []);
  return leaves.map((parts) => values.get(parts.join(",")) ?? 0n);
}
