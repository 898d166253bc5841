// The column shuffle of the book fill (assembly/housie/fill.ts), in TypeScript: a uniform
// permutation pi of a column's n positions from one draw below n!. With a = floor(n / 2)
// and b = n - a, the draw's mixed-radix digits p1 < a!, p2 < b!, s < C(n, a) pick a
// permutation of each half (lexicographic order) and a riffle (the s-th a-subset of
// positions, in increasing order of bit masks) that sends the first half there and the
// second half to the rest, both in order: pi = (pi1 (+) pi2) o tau_s, one pi per draw.

import { factorial } from "../../src/math.js";

export interface ColumnShuffle {
  n: number;
  /** n!: a draw is uniform below it. */
  draws: number;
  a: number;
  lowCount: number; // a!
  highCount: number; // b!
  /** [p * a + i]: the p-th permutation of 0..a-1. */
  low: Uint8Array;
  /** [p * b + i]: a + the p-th permutation of 0..b-1. */
  high: Uint8Array;
  /** [s * n + pos]: the half-position that position pos takes. */
  riffle: Uint8Array;
}

/** The permutations of 0..k-1 in lexicographic order, each plus `offset`. */
function permutations(k: number, offset: number): Uint8Array {
  const count = Number(factorial(k));
  const out = new Uint8Array(count * k);
  for (let p = 0; p < count; p++) {
    const left = Array.from({ length: k }, (_, i) => i);
    let rest = p;
    for (let i = 0; i < k; i++) {
      const f = Number(factorial(k - 1 - i));
      const d = Math.floor(rest / f);
      rest -= d * f;
      out[p * k + i] = left.splice(d, 1)[0]! + offset;
    }
  }
  return out;
}

function riffles(n: number, a: number): Uint8Array {
  const out: number[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    let bits = 0;
    for (let x = mask; x; x &= x - 1) bits++;
    if (bits !== a) continue;
    let inSet = 0;
    let outSet = a;
    for (let pos = 0; pos < n; pos++) out.push(mask & (1 << pos) ? inSet++ : outSet++);
  }
  return Uint8Array.from(out);
}

const cache = new Map<number, ColumnShuffle>();

/** The shuffle tables for a column of n numbers (n <= 12). */
export function columnShuffle(n: number): ColumnShuffle {
  let shuffle = cache.get(n);
  if (!shuffle) {
    const a = n >> 1;
    const b = n - a;
    shuffle = {
      n,
      a,
      draws: Number(factorial(n)),
      lowCount: Number(factorial(a)),
      highCount: Number(factorial(b)),
      low: permutations(a, 0),
      high: permutations(b, a),
      riffle: riffles(n, a),
    };
    cache.set(n, shuffle);
  }
  return shuffle;
}

/** pi for the draw `digits` < n!: out[pos] = pi(pos), the slot whose label lands at pos. */
export function columnPermutation(shuffle: ColumnShuffle, digits: number, out: Uint8Array): Uint8Array {
  const { n, a, lowCount, highCount, low, high, riffle } = shuffle;
  const b = n - a;
  const rest = Math.floor(digits / lowCount);
  const p1 = digits - rest * lowCount;
  const s = Math.floor(rest / highCount);
  const p2 = rest - s * highCount;
  for (let pos = 0; pos < n; pos++) {
    const half = riffle[s * n + pos]!;
    out[pos] = half < a ? low[p1 * a + half]! : high[p2 * b + half - a]!;
  }
  return out;
}
