import { describe, expect, it } from "vitest";
import { countTours, countToursParallel } from "../../src/tours/node.js";
import { UsageError } from "../../src/errors.js";

import { slowTest } from "../support/tier.js";
/** Plain backtracking with no pruning at all: paths from `start`, optionally closing. */
function bruteForce(n: number, start: number, closed: boolean): number {
  const moves = [
    [3, 0],
    [-3, 0],
    [0, 3],
    [0, -3],
    [2, 2],
    [2, -2],
    [-2, 2],
    [-2, -2],
  ];
  const used = new Array<boolean>(n * n).fill(false);
  // Each square's neighbours, listed once (the walk visits squares millions of times).
  const neighbours = Array.from({ length: n * n }, (_, i) =>
    moves
      .map(([dr, dc]) => [Math.floor(i / n) + dr!, (i % n) + dc!])
      .filter(([r, c]) => r! >= 0 && r! < n && c! >= 0 && c! < n)
      .map(([r, c]) => r! * n + c!),
  );
  const step = (i: number): number[] => neighbours[i]!;
  const walk = (i: number, depth: number): number => {
    if (depth === n * n) return !closed || step(i).includes(start) ? 1 : 0;
    let paths = 0;
    for (const j of step(i)) {
      if (used[j]) continue;
      used[j] = true;
      paths += walk(j, depth + 1);
      used[j] = false;
    }
    return paths;
  };
  used[start] = true;
  return walk(start, 1);
}

describe("countTours on 5×5 against a brute force", () => {
  const fromEach = Array.from({ length: 25 }, (_, s) => bruteForce(5, s, false));
  const closedFromCorner = bruteForce(5, 0, true);

  it("agrees on the published 548 from row 1, column 2", () => {
    expect(fromEach[1]).toBe(548);
    expect(countTours({ size: 5, from: [0, 1] })).toBe(548n);
    expect(countTours({ size: 5, from: [0, 1], engine: "ts" })).toBe(548n);
  });

  it("agrees on directed paths from every square and in total", () => {
    for (const engine of ["wasm", "ts"] as const) {
      for (let s = 0; s < 25; s++) {
        expect(countTours({ size: 5, from: [Math.floor(s / 5), s % 5], engine }), `${engine} from ${s}`).toBe(BigInt(fromEach[s]!));
      }
      expect(countTours({ size: 5, engine })).toBe(BigInt(fromEach.reduce((a, b) => a + b, 0)));
    }
    expect(countTours({ size: 5 })).toBe(12400n);
  });

  it("agrees on closed tours: cycles, and directed closed tours from a square", () => {
    expect(closedFromCorner % 2).toBe(0);
    for (const engine of ["wasm", "ts"] as const) {
      expect(countTours({ size: 5, closed: true, engine })).toBe(BigInt(closedFromCorner / 2));
      expect(countTours({ size: 5, closed: true, from: [2, 3], engine })).toBe(BigInt(bruteForce(5, 13, true)));
    }
    expect(countTours({ size: 5, closed: true })).toBe(48n);
  });
});

describe("countTours on other boards", () => {
  it("finds none on 2×2 to 4×4 and one on 1×1", () => {
    for (const size of [2, 3, 4]) {
      expect(countTours({ size })).toBe(0n);
      expect(countTours({ size, engine: "ts" })).toBe(0n);
    }
    expect(bruteForce(4, 0, false)).toBe(0);
    expect(countTours({ size: 1 })).toBe(1n);
    expect(countTours({ size: 1, closed: true })).toBe(0n);
  });

  slowTest("gives the same 6×6 counts on both engines", () => {
    expect(countTours({ size: 6, closed: true })).toBe(13138n);
    expect(countTours({ size: 6, closed: true, engine: "ts" })).toBe(13138n);
    expect(countTours({ size: 6, from: [2, 2] })).toBe(countTours({ size: 6, from: [2, 2], engine: "ts" }));
    expect(countTours({ size: 6, from: [2, 2] })).toBe(101642n);
  });

  slowTest("keeps memo entries apart between counts and start squares", () => {
    // Every square starts the same number of directed closed tours: twice the cycles.
    for (const from of [
      [0, 0],
      [2, 2],
      [0, 0],
      [5, 3],
    ] as const) {
      expect(countTours({ size: 6, closed: true, from }), `from ${from}`).toBe(26276n);
    }
    expect(countTours({ size: 6, closed: true, from: [1, 4], engine: "ts" })).toBe(26276n);
  });

  it("gives the same answer over worker threads", async () => {
    const seen: number[] = [];
    const total = await countToursParallel({ size: 5, threads: 2, onProgress: (done) => seen.push(done) });
    expect(total).toBe(12400n);
    expect(seen.length).toBeGreaterThan(1);
    expect(await countToursParallel({ size: 5, closed: true, threads: 2, engine: "ts" })).toBe(48n);
  });

  it("rejects sizes and squares it cannot count", () => {
    expect(() => countTours({ size: 11 })).toThrow(UsageError);
    expect(() => countTours({ size: 5, from: [5, 0] })).toThrow(/outside/);
  });
});
