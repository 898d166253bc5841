import { describe, expect, it } from "vitest";
import { columnShuffle, columnPermutation } from "../oracles/housie-column-shuffle.js";
import { slowTest } from "../support/tier.js";

/** The lexicographic rank of a permutation of 0..n-1 (its Lehmer code). */
function rankOf(pi: Uint8Array, n: number): number {
  let rank = 0;
  for (let i = 0; i < n; i++) {
    let smaller = 0;
    for (let k = i + 1; k < n; k++) if (pi[k]! < pi[i]!) smaller++;
    rank = rank * (n - i) + smaller;
  }
  return rank;
}

describe("the book fill's column shuffle", () => {
  // Uniform draws below n! give uniform permutations exactly when the map from draws to
  // permutations is a bijection: checked for every draw for n = 9 and 10 (10, ten times the
  // draws, in the slow suite).
  for (const n of [9, 10]) {
    (n === 10 ? slowTest : it)(`maps the ${n}! draws below ${n}! one to one onto the permutations of ${n}`, () => {
      const shuffle = columnShuffle(n);
      let total = 1;
      for (let i = 2; i <= n; i++) total *= i;
      const hit = new Uint8Array(total);
      const pi = new Uint8Array(n);
      let repeats = 0;
      for (let digits = 0; digits < total; digits++) {
        const r = rankOf(columnPermutation(shuffle, digits, pi), n);
        if (hit[r]) repeats++;
        hit[r] = 1;
      }
      expect(repeats).toBe(0);
      expect(hit.every((x) => x === 1)).toBe(true);
    });
  }

  it("builds tables of the right shape for 11 numbers, each draw a permutation", () => {
    const shuffle = columnShuffle(11);
    expect(shuffle.lowCount * shuffle.highCount * (shuffle.riffle.length / 11)).toBe(39916800);
    const pi = new Uint8Array(11);
    for (let digits = 0; digits < 39916800; digits += 9973) {
      columnPermutation(shuffle, digits, pi);
      expect([...pi].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });
});
