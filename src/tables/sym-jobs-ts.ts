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
import type { JobShape } from "./dp-ts.js";

interface ClassState {
  needs: Uint8Array;
  ways: bigint;
}

type Layer = Map<string, ClassState>;

/**
 * Calls visit(child, mult) for every compressed row that fits below `needs` placed `part`
 * times: column i (weight needs[i·K + k]) takes symbol x_i with need ≥ part, and the
 * weights of the columns taking symbol s add up to counts[s]. Equal columns (the same
 * weight and needs) take a multiset of symbols, y_s of symbol s, in g!/Π y_s! ways.
 */
export function forEachWeightedRow(needs: Uint8Array, n: number, counts: readonly number[], part: number, visit: (child: Uint8Array, mult: number) => void): void {
  const k = counts.length;
  const width = k + 1; // the symbols, then the weight
  const groups: { first: number; members: number[] }[] = [];
  for (let i = 0; i < n; i++) {
    const group = groups.find(({ first }) => {
      for (let s = 0; s <= k; s++) if (needs[first * width + s] !== needs[i * width + s]) return false;
      return true;
    });
    if (group) group.members.push(i);
    else groups.push({ first: i, members: [i] });
  }
  const left = [...counts];
  const child = new Uint8Array(needs);
  const fact = [1];
  for (let i = 1; i <= n; i++) fact.push(fact[i - 1]! * i);
  const fillGroup = (g: number, s: number, placed: number, mult: number, denom: number): void => {
    if (g === groups.length) {
      if (left.every((x) => x === 0)) visit(child, mult);
      return;
    }
    const group = groups[g]!;
    const size = group.members.length;
    if (placed === size) {
      fillGroup(g + 1, 0, 0, mult * (fact[size]! / denom), 1);
      return;
    }
    if (s === k) return;
    const weight = needs[group.first * width + k]!;
    const most = needs[group.first * width + s]! >= part ? Math.min(size - placed, Math.floor(left[s]! / weight)) : 0;
    for (let y = most; y >= 0; y--) {
      for (let j = 0; j < y; j++) child[group.members[placed + j]! * width + s]! -= part;
      left[s]! -= y * weight;
      fillGroup(g, s + 1, placed + y, mult, denom * fact[y]!);
      for (let j = 0; j < y; j++) child[group.members[placed + j]! * width + s]! += part;
      left[s]! += y * weight;
    }
  };
  fillGroup(0, 0, 0, 1, 1);
}

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
  const expand = (layer: Layer, part: number): Layer => {
    const next: Layer = new Map();
    for (const { needs, ways } of layer.values()) {
      const local = new Map<string, number>();
      forEachWeightedRow(needs, n, counts, part, (child, mult) => {
        const key = canon.key(child);
        const had = local.get(key);
        if (had === undefined) {
          local.set(key, mult);
          if (!next.has(key)) next.set(key, { needs: canon.canonical(), ways: 0n });
        } else local.set(key, had + mult);
      });
      for (const [key, mult] of local) next.get(key)!.ways += ways * BigInt(mult);
    }
    return next;
  };
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
