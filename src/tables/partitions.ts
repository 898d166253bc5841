// Integer partitions in the order the DP engines visit them, and the signed cycle-type
// coefficients that turn "tables constant on blocks" counts into "all distinct" counts.
import { factorial } from "../math.js";

/**
 * Partitions of r as nonincreasing part lists, in the engines' leaf order: a depth-first
 * walk choosing the largest next part first ([r], [r-1,1], [r-2,2], [r-2,1,1], ...).
 */
export function partitionsInLeafOrder(r: number): readonly (readonly number[])[] {
  let cached = leafOrderCache.get(r);
  if (!cached) {
    cached = listPartitions(r);
    leafOrderCache.set(r, cached);
  }
  return cached;
}

const leafOrderCache = new Map<number, readonly (readonly number[])[]>();
const coefficientCache = new Map<string, bigint>();

function listPartitions(r: number): number[][] {
  const out: number[][] = [];
  const walk = (left: number, maxPart: number, prefix: number[]): void => {
    if (left === 0) {
      out.push(prefix.slice());
      return;
    }
    for (let w = Math.min(maxPart, left); w >= 1; w--) {
      prefix.push(w);
      walk(left - w, w, prefix);
      prefix.pop();
    }
  };
  walk(r, r, []);
  return out;
}

/** Number of partitions of r into parts of size at most maxPart. */
export function partitionCount(r: number, maxPart: number): number {
  const ways = new Array<number>(r + 1).fill(0);
  ways[0] = 1;
  for (let part = 1; part <= maxPart; part++) for (let x = part; x <= r; x++) ways[x]! += ways[x - part]!;
  return ways[r]!;
}

/**
 * Sum of μ(0̂, σ) over the set partitions σ of `total` labelled elements whose block sizes
 * are `parts`: (-1)^(total - #parts) · total! / z_parts, where z = Π part · Π mult!.
 * This is the Möbius weight of a cycle type (Newton's identity for e_total in power sums).
 */
export function signedCycleCoefficient(parts: readonly number[], total: number): bigint {
  const key = `${total}:${parts.join(",")}`;
  let cached = coefficientCache.get(key);
  if (cached === undefined) {
    cached = computeSignedCycleCoefficient(parts, total);
    coefficientCache.set(key, cached);
  }
  return cached;
}

function computeSignedCycleCoefficient(parts: readonly number[], total: number): bigint {
  let z = 1n;
  const multiplicity = new Map<number, number>();
  for (const part of parts) {
    z *= BigInt(part);
    multiplicity.set(part, (multiplicity.get(part) ?? 0) + 1);
  }
  for (const m of multiplicity.values()) z *= factorial(m);
  const sign = (total - parts.length) % 2 === 0 ? 1n : -1n;
  return (sign * factorial(total)) / z;
}
