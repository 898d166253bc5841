// Uniform tours from the frontier layers: every walk through the layers is one tour of an
// independent brute-force list and has probability exactly 1/N (bigint fractions); the
// chi-square over every tour of small boards passes and fails on a deliberately biased
// sampler; every sampled tour checked independently; seeds repeat; the count is the kernel's.
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { randomSource } from "../../src/core/random.js";
import { countHamiltonian } from "../../src/tours/frontier.js";
import { KNIGHT, PEN_PAPER_LEAPERS, type Leaper } from "../../src/tours/leapers.js";
import { buildTourLayers, sampleTourUniform, uniformTourSampler } from "../../src/tours/uniform.js";
import { bruteForce, cycleKey, edgesKey, everyWalk, isTour, pathEdges } from "../support/uniform-walks.js";
import { biasedTourSampler } from "../fixtures/biased-tour-sampler.js";
import { slowTest } from "../support/tier.js";

/** Upper 1% point of chi-square with df degrees of freedom (Wilson–Hilferty). */
function chiSquare99(df: number): number {
  const z = 2.3263;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Chi-square statistic of `draws` over the whole population (each expected equally often). */
function statistic(population: readonly string[], draws: readonly string[]): number {
  const observed = new Map(population.map((t) => [t, 0]));
  for (const d of draws) {
    if (!observed.has(d)) throw new Error(`drew a tour outside the list: ${d}`);
    observed.set(d, observed.get(d)! + 1);
  }
  const expected = draws.length / population.length;
  let chi = 0;
  for (const o of observed.values()) chi += (o - expected) ** 2 / expected;
  return chi;
}

const SMALL = [
  { name: "5×5 pen-and-paper, closed (the 48 cycles)", rows: 5, cols: 5, moves: PEN_PAPER_LEAPERS, closed: true, population: 48 },
  { name: "4×5 pen-and-paper, open (144 directed paths)", rows: 4, cols: 5, moves: PEN_PAPER_LEAPERS, closed: false, population: 144 },
  { name: "3×4 knight, open (16 directed paths)", rows: 3, cols: 4, moves: KNIGHT, closed: false, population: 16 },
];

describe("uniform tours: exact by construction", () => {
  for (const { name, rows, cols, moves, closed, population } of SMALL) {
    it(`${name}: the walks through the layers are the brute-force list, each with probability exactly 1/N`, () => {
      const listed = bruteForce(rows, cols, moves, closed);
      expect(listed.length).toBe(population);
      const layers = buildTourLayers({ rows, cols, moves, closed });
      const undirected = BigInt(closed ? population : population / 2);
      expect(layers.count).toBe(undirected);
      expect(countHamiltonian({ rows, cols, moves, closed }).count).toBe(closed ? undirected : 2n * undirected); // the kernel's count
      const walks = everyWalk(layers);
      expect(walks.length).toBe(Number(undirected));
      for (const walk of walks) expect(walk.num * undirected).toBe(walk.den); // probability num/den = 1/N exactly
      const keys = new Set(walks.map((w) => edgesKey(w.edges)));
      expect(keys.size).toBe(walks.length); // no tour twice
      const listedKeys = closed ? listed : listed.map((g) => edgesKey(pathEdges(g.split(",").map(Number))));
      expect([...keys].sort()).toEqual([...new Set(listedKeys)].sort());
    });
  }
});

describe("uniform tours: chi-square over every tour", () => {
  for (const [i, { name, rows, cols, moves, closed }] of SMALL.entries()) {
    // The 144 paths of 4×5 (the most draws) in the slow suite; 5×5 closed and 3×4 open in npm test.
    (i === 1 ? slowTest : it)(`${name}: passes at 99% and fails for the biased sampler; every draw a valid tour`, () => {
      const listed = bruteForce(rows, cols, moves, closed);
      const draws = listed.length * 40;
      const key = (grid: Int32Array): string => (closed ? cycleKey(grid) : grid.join(","));
      const uniform = [...uniformTourSampler({ rows, cols, moves, closed }).samples(draws, 2026n)];
      for (const grid of uniform) expect(isTour(grid, rows, cols, moves, closed)).toBe(true);
      const critical = chiSquare99(listed.length - 1);
      expect(statistic(listed, uniform.map(key))).toBeLessThan(critical);

      const biased = biasedTourSampler({ rows, cols, moves, closed }, randomSource(2026n));
      const skewed = Array.from({ length: draws }, () => biased());
      for (const grid of skewed) expect(isTour(grid, rows, cols, moves, closed)).toBe(true);
      expect(statistic(listed, skewed.map(key))).toBeGreaterThan(critical);
    });
  }

  slowTest("closed tours are numbered from a uniform square in a uniform direction: every closed-tour grid equally likely", () => {
    const draws = 48 * 50 * 5;
    const starts = new Array<number>(25).fill(0);
    let clockwise = 0;
    for (const grid of uniformTourSampler({ rows: 5, cols: 5, closed: true }).samples(draws, 11n)) {
      const first = grid.indexOf(1);
      starts[first]!++;
      if (grid.indexOf(2) < grid.indexOf(25)) clockwise++; // which neighbour of 1 comes next: the smaller square or the larger
    }
    const expected = draws / 25;
    expect(starts.reduce((chi, o) => chi + (o - expected) ** 2 / expected, 0)).toBeLessThan(chiSquare99(24));
    expect(Math.abs(clockwise - draws / 2)).toBeLessThan(3 * Math.sqrt(draws / 4)); // 3 sd
  });
});

describe("uniform tours: reach, seeds, errors", () => {
  it("6×6 knight closed: all 9,862 tours in the layers (the kernel's count), every draw a valid closed tour", () => {
    const sampler = uniformTourSampler({ rows: 6, cols: 6, moves: KNIGHT, closed: true });
    expect(sampler.count).toBe(9862n);
    expect(countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT, closed: true }).count).toBe(sampler.count);
    const cycles = new Set<string>();
    for (const grid of sampler.samples(40, 5n)) {
      expect(isTour(grid, 6, 6, KNIGHT, true)).toBe(true);
      cycles.add(cycleKey(grid));
    }
    expect(cycles.size).toBeGreaterThan(35); // 40 draws among 9,862 rarely repeat
  });

  it("rectangles and other leapers: 4×7 knight open, 3×4 with the wazir and knight, closed", () => {
    const wazirKnight: Leaper[] = [
      [0, 1],
      [1, 2],
    ];
    for (const grid of uniformTourSampler({ rows: 4, cols: 7, moves: KNIGHT }).samples(10, 3n)) expect(isTour(grid, 4, 7, KNIGHT, false)).toBe(true);
    const sampler = uniformTourSampler({ rows: 3, cols: 4, moves: wazirKnight, closed: true });
    expect(countHamiltonian({ rows: 3, cols: 4, moves: wazirKnight, closed: true }).count).toBe(sampler.count);
    for (const grid of sampler.samples(10, 3n)) expect(isTour(grid, 3, 4, wazirKnight, true)).toBe(true);
  });

  it("the kernel's layers (wasm, the default) and the TS baseline's give the same live states and the same tours", () => {
    for (const options of [
      { rows: 6, cols: 6, moves: KNIGHT, closed: true },
      { rows: 4, cols: 5, moves: PEN_PAPER_LEAPERS, closed: false },
      { rows: 5, cols: 5, moves: PEN_PAPER_LEAPERS, closed: true },
    ]) {
      const wasm = uniformTourSampler({ ...options, engine: "wasm" });
      const ts = uniformTourSampler({ ...options, engine: "ts" });
      expect([wasm.count, wasm.keptStates]).toEqual([ts.count, ts.keptStates]);
      expect(wasm.heldStates).toBeLessThan(ts.heldStates); // the kernel drops dead states as it goes
      expect([...wasm.samples(5, 9n)].map((g) => g.join(","))).toEqual([...ts.samples(5, 9n)].map((g) => g.join(",")));
    }
  });

  it("a seed always gives the same tour; other seeds give others", () => {
    const options = { rows: 6, cols: 6, moves: KNIGHT, closed: true };
    const a = sampleTourUniform({ ...options, seed: 7 });
    expect(Array.from(sampleTourUniform({ ...options, seed: 7n }))).toEqual(Array.from(a));
    const others = [8, 9, 10].map((seed) => sampleTourUniform({ ...options, seed }).join(","));
    expect(others.some((g) => g !== a.join(","))).toBe(true);
  });

  slowTest("one square is one open tour; no tour at all, or layers past the state budget, is a UsageError", () => {
    expect(Array.from(sampleTourUniform({ rows: 1, cols: 1 }))).toEqual([1]);
    expect(() => sampleTourUniform({ rows: 5, cols: 5, moves: KNIGHT, closed: true })).toThrow(/no closed tour exists on the 5×5 board with moves 1,2/);
    expect(() => sampleTourUniform({ rows: 2, cols: 1, closed: true })).toThrow(UsageError);
    expect(() => sampleTourUniform({ rows: 7, cols: 7, closed: true, maxStates: 1000 })).toThrow(/need more than 6000 states in memory/); // the kernel's packed layers
    expect(uniformTourSampler({ rows: 5, cols: 5, closed: true }).count).toBe(48n); // the kernel counts again after a stopped count
    expect(() => sampleTourUniform({ rows: 7, cols: 7, closed: true, maxStates: 100_000 })).toThrow(/need more than 100000 states in memory/); // the maps
    expect(() => sampleTourUniform({ rows: 0, cols: 5 })).toThrow(/rows: expected a whole number from 1 to 64, got 0/);
    expect(() => sampleTourUniform({ rows: 5, cols: 5, engine: "gpu" as never })).toThrow(/engine: expected one of "wasm", "ts"/);
    expect(() => sampleTourUniform({ rows: 7, cols: 7, closed: true, maxStates: 1000, engine: "ts" })).toThrow(/need more than 1000 states in memory/);
  });
});
