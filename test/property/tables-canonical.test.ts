// The canonical form of a needs matrix is a complete invariant under column permutations
// and permutations of equal-count symbols: permuted copies get the same key, and the
// canonical matrix is itself a permuted copy (same key again).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Canonizer } from "../../src/tables/canonical.js";

const problem = fc
  .record({ n: fc.integer({ min: 1, max: 7 }), counts: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }) })
  .chain(({ n, counts }) =>
    fc.record({
      n: fc.constant(n),
      counts: fc.constant(counts),
      matrix: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: n * counts.length, maxLength: n * counts.length }),
      columnOrder: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      symbolSeed: fc.array(fc.integer(), { minLength: counts.length, maxLength: counts.length }),
    }),
  );

/** A permutation of the symbols that maps each to one of equal count. */
function symbolPermutation(counts: number[], seed: number[]): number[] {
  const perm = counts.map((_, s) => s);
  for (let s = counts.length - 1; s > 0; s--) {
    const same = perm
      .slice(0, s + 1)
      .map((_, t) => t)
      .filter((t) => counts[t] === counts[s]);
    const t = same[Math.abs(seed[s]!) % same.length]!;
    [perm[s], perm[t]] = [perm[t]!, perm[s]!];
  }
  return perm;
}

describe("Canonizer", () => {
  it("gives permuted copies the same key, and the canonical matrix too", () => {
    fc.assert(
      fc.property(problem, ({ n, counts, matrix, columnOrder, symbolSeed }) => {
        const k = counts.length;
        const canon = new Canonizer(n, k, counts);
        const a = Uint8Array.from(matrix);
        const key = canon.key(a);
        const canonical = canon.canonical();
        const perm = symbolPermutation(counts, symbolSeed);
        const b = new Uint8Array(n * k);
        columnOrder.forEach((from, to) => perm.forEach((s, t) => (b[to * k + t] = a[from * k + s]!)));
        expect(canon.key(b)).toBe(key);
        expect(canon.key(canonical)).toBe(key);
      }),
      { numRuns: 500 },
    );
  });

  it("tells apart matrices that no permutation relates", () => {
    const canon = new Canonizer(3, 2, [1, 2]);
    // Same multiset of entries, but symbols of different counts cannot be swapped.
    expect(canon.key(Uint8Array.from([1, 0, 0, 1, 0, 1]))).not.toBe(canon.key(Uint8Array.from([0, 1, 1, 0, 1, 0])));
    expect(canon.key(Uint8Array.from([1, 0, 0, 1, 0, 1]))).toBe(canon.key(Uint8Array.from([0, 1, 1, 0, 0, 1])));
  });
});
