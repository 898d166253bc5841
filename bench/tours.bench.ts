// pen-and-paper tours: generation time by board size and count times, WASM kernel vs the
// TypeScript baseline of the same algorithms, side by side in one run. Small and mid
// sizes go through benny; the biggest boards and the 6×6 counts are too slow for its
// sampling and are timed with medianMs (fewer runs).
import { add, complete, configure, suite } from "benny";
import { writeFileSync } from "node:fs";
import { countTours, countToursParallel, generateTour } from "../src/index.js";
import { countHamiltonian, type HamiltonianCountOptions } from "../src/tours/frontier.js";
import { KNIGHT } from "../src/tours/leapers.js";
import { bennyMedians, caseLines, medianMs, medianTable, saveResults, type MedianGrid } from "./common.js";

const ENGINES = ["wasm", "ts"] as const;
const BENNY_CASES: [label: string, size: number, closed: boolean][] = [
  ["open n=5", 5, false],
  ["closed n=7", 7, true],
  ["open n=10", 10, false],
  ["open n=50", 50, false],
  ["open n=100", 100, false],
  ["closed n=100", 100, true],
  ["open n=300", 300, false],
  ["open n=301", 301, false],
  ["open n=1000", 1000, false],
];
const BIG_SIZES = [2000, 5000];

function timeOnce(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export default async function toursBench(): Promise<void> {
  let grid: MedianGrid = new Map();
  await suite(
    "tours-generate",
    configure({ cases: { minSamples: 5, maxTime: 1 } }),
    ...ENGINES.flatMap((engine) =>
      BENNY_CASES.map(([label, size, closed]) => add(`${engine} ${label}`, () => generateTour({ size, closed, seed: 1, engine }))),
    ),
    caseLines(),
    complete((summary) => {
      grid = bennyMedians(summary);
    }),
    ...saveResults("tours-generate"),
  );
  for (const size of BIG_SIZES) {
    const row = new Map<string, number>();
    for (const engine of ENGINES)
      row.set(
        engine,
        medianMs(() => generateTour({ size, seed: 1, engine }), 3),
      );
    grid.set(`open n=${size}`, row);
  }
  const generation = medianTable(grid, ["wasm", "ts"], [["ts", "wasm"]]);

  const counts: MedianGrid = new Map();
  const countCases: [string, Parameters<typeof countTours>[0], number][] = [
    ["5×5 all directed paths", { size: 5 }, 9],
    ["5×5 from row 1, col 2", { size: 5, from: [0, 1] }, 9],
    ["5×5 closed (cycles)", { size: 5, closed: true }, 9],
    ["6×6 closed (cycles)", { size: 6, closed: true }, 3],
    ["6×6 all directed paths, 1 thread", { size: 6 }, 1],
  ];
  for (const [label, options, runs] of countCases) {
    const row = new Map<string, number>();
    for (const engine of ENGINES) {
      row.set(engine, runs === 1 ? timeOnce(() => countTours({ ...options, engine })) : medianMs(() => countTours({ ...options, engine }), runs));
    }
    counts.set(label, row);
  }
  const parallel = new Map<string, number>();
  for (const engine of ENGINES) {
    const start = process.hrtime.bigint();
    await countToursParallel({ size: 6, threads: 2, engine });
    parallel.set(engine, Number(process.hrtime.bigint() - start) / 1e6);
  }
  counts.set("6×6 all directed paths, 2 worker threads", parallel);
  const counting = medianTable(counts, ["wasm", "ts"], [["ts", "wasm"]]);

  const report = `Generation (seed 1)\n\n${generation}\n\nCounting\n\n${counting}\n\nFrontier counter\n\n${frontierTable()}\n`;
  console.log(`\n${report}`);
  writeFileSync("bench/results/tours.md", report);
}

// The frontier counter (issue 22) beside the search kernel on the boards both answer,
// interleaved round by round, and alone on the boards the search cannot reach in a
// bench run. Wall medians; peak states and table memory show the growth.
const FRONTIER_CASES: [label: string, options: HamiltonianCountOptions, search: Parameters<typeof countTours>[0] | undefined, rounds: number][] = [
  ["6×6 all directed paths", { rows: 6, cols: 6 }, { size: 6, engine: "wasm" }, 3],
  ["6×6 closed (cycles)", { rows: 6, cols: 6, closed: true }, { size: 6, closed: true, engine: "wasm" }, 3],
  ["7×7 closed (cycles)", { rows: 7, cols: 7, closed: true }, undefined, 3],
  ["7×7 all directed paths", { rows: 7, cols: 7 }, undefined, 1],
  ["6×6 knight, all directed paths", { rows: 6, cols: 6, moves: KNIGHT }, undefined, 3],
];

function frontierTable(): string {
  const lines = ["| board | frontier | search (WASM) | search / frontier | peak states | peak table memory |", "| --- | --- | --- | --- | --- | --- |"];
  for (const [label, options, search, rounds] of FRONTIER_CASES) {
    const f: number[] = [];
    const s: number[] = [];
    let peak = { states: 0, bytes: 0 };
    for (let r = 0; r < rounds; r++) {
      let frontierCount = 0n;
      f.push(
        timeOnce(() => {
          const result = countHamiltonian(options);
          frontierCount = result.count;
          peak = { states: result.peakStates, bytes: result.peakBytes };
        }),
      );
      if (search) {
        let searchCount = 0n;
        s.push(timeOnce(() => (searchCount = countTours(search))));
        if (searchCount !== frontierCount) throw new Error(`${label}: search ${searchCount} ≠ frontier ${frontierCount}`);
      }
    }
    const median = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;
    const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
    const searchCell = s.length > 0 ? ms(median(s)) : "";
    const ratio = s.length > 0 ? `${(median(s) / median(f)).toFixed(0)}×` : "";
    lines.push(`| ${label} | ${ms(median(f))} | ${searchCell} | ${ratio} | ${peak.states.toLocaleString("en")} | ${(peak.bytes / 2 ** 20).toFixed(1)} MiB |`);
  }
  return lines.join("\n");
}
