// pen-and-paper tours: generation time by board size and count times, WASM kernel vs the
// TypeScript baseline of the same algorithms, side by side in one run. Small and mid
// sizes go through benny; the biggest boards and the 6×6 counts are too slow for its
// sampling and are timed with medianMs (fewer runs).
import { add, complete, configure, cycle, suite } from "benny";
import { writeFileSync } from "node:fs";
import { countTours, countToursParallel, generateTour } from "../src/index.js";
import { bennyMedians, medianMs, medianTable, saveResults, type MedianGrid } from "./common.js";

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
    cycle(),
    complete((summary) => {
      grid = bennyMedians(summary);
    }),
    ...saveResults("tours-generate"),
  );
  for (const size of BIG_SIZES) {
    const row = new Map<string, number>();
    for (const engine of ENGINES) row.set(engine, medianMs(() => generateTour({ size, seed: 1, engine }), 3));
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

  const report = `Generation (seed 1)\n\n${generation}\n\nCounting\n\n${counting}\n`;
  console.log(`\n${report}`);
  writeFileSync("bench/results/tours.md", report);
}
