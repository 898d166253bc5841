// The book sampler's tables built the fast way (pair-classes.ts: only the pair classes
// it draws from; triples.ts: only the classes summing to 45), recomputed the slow way:
// K from pairs.ts's full table of all 2.4 million pairs, and A(t) = sum_c w(c) K(t - c)
// over every vector for every one of the 7,920 classes.
import { describe, expect, it } from "vitest";
import { housieTestKernel } from "../support/test-kernels.js";

import { slowTest } from "../support/tier.js";
const k = housieTestKernel();
const PAIR_CLASSES = 8250;

/** Full pair table: code sum_j (u_j - 2) 5^j -> K(u), from the release exports. */
function fullPairTotals(): Map<number, number> {
  const totals = new Map<number, number>();
  const segments = k.pairSegments();
  for (let s = 0; s < segments; s++) totals.set(k.segmentCodeAt(s), k.segmentTotalAt(s));
  return totals;
}

/** Middle multisets of 7 values from 5, in the kernel's order (counts k0..k4). */
function middleMultisets(): number[][] {
  const out: number[][] = [];
  for (let k0 = 0; k0 <= 7; k0++)
    for (let k1 = 0; k1 <= 7 - k0; k1++)
      for (let k2 = 0; k2 <= 7 - k0 - k1; k2++) {
        for (let k3 = 0; k3 <= 7 - k0 - k1 - k2; k3++) out.push([k0, k1, k2, k3, 7 - k0 - k1 - k2 - k3]);
      }
  return out;
}

describe("housie book sampler tables", () => {
  const full = fullPairTotals();

  it("gives every pair class the total of its canonical code in the full pair table", () => {
    let nonzero = 0;
    for (let p = 0; p < PAIR_CLASSES; p++) {
      const code = k.pairClassCodeAt(p);
      const expected = full.get(code) ?? 0;
      expect(k.pairClassTotalAt(p)).toBe(expected);
      if (expected > 0) nonzero++;
    }
    expect(nonzero).toBe(342);
  });

  slowTest("gives every three-ticket class A(t) = sum_c w(c) K(t - c) over all vectors", () => {
    const vectors = k.vectorCount();
    const digits: number[][] = [];
    const weight: bigint[] = [];
    const keys = new Uint32Array(k.memory.buffer, k.vectorKeyPtr(), vectors).slice();
    for (let v = 0; v < vectors; v++) {
      digits.push(Array.from({ length: 9 }, (_, j) => (keys[v]! >> (2 * j)) & 3));
      weight.push(BigInt(k.ticketWeightOf(v)));
    }
    const middles = middleMultisets();
    let nonzero = 0;
    for (let i = 0; i < 4 * 6 * middles.length; i++) {
      const counts = middles[Math.floor(i / 24)]!;
      const t = [3 + (i % 4)];
      counts.forEach((n, x) => {
        for (let m = 0; m < n; m++) t.push(3 + x);
      });
      t.push(3 + (Math.floor(i / 4) % 6));
      let total = 0n;
      for (let v = 0; v < vectors; v++) {
        let code = 0;
        let fits = true;
        for (let j = 8; j >= 0; j--) {
          const r = t[j]! - digits[v]![j]!;
          if (r < 2 || r > 6) {
            fits = false;
            break;
          }
          code = code * 5 + (r - 2);
        }
        if (fits) total += weight[v]! * BigInt(full.get(code) ?? 0);
      }
      expect(BigInt.asUintN(64, k.tripleTotalAt(i))).toBe(total);
      if (total > 0n) nonzero++;
    }
    expect(nonzero).toBe(536);
  });
});
