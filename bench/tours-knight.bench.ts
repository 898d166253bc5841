// Knight's closed tours by the block construction (issue 45): the kernel beside its TS
// baseline and beside the pen-and-paper generator on the same board, interleaved round by
// round, so a loaded machine slows all three alike. 10000×10000 is 400 MB a grid: one
// round, the TS baseline left out (its own 400 MB board beside the kernel's would pass
// 1.5 GB in one process). Its own file so `npm run bench -- tours-knight` runs it alone.
import { writeFileSync } from "node:fs";
import { generateTour } from "../src/index.js";
import { KNIGHT } from "../src/tours/leapers.js";
import { validateTour } from "../src/tours/validate.js";
import { medianTable, type MedianGrid } from "./common.js";

const KNIGHT_CASES: [side: number, rounds: number, ts: boolean][] = [
  [1000, 3, true],
  [10000, 1, false],
];

function timed(fn: () => Int32Array): [ms: number, grid: Int32Array] {
  const start = process.hrtime.bigint();
  const grid = fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, grid];
}

const median = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;

export default function knightBench(): void {
  const grid: MedianGrid = new Map();
  for (const [n, rounds, ts] of KNIGHT_CASES) {
    const times = new Map<string, number[]>([
      ["knight wasm", []],
      ["knight ts", []],
      ["pen-paper wasm", []],
    ]);
    for (let r = 0; r < rounds; r++) {
      const [ms, tour] = timed(() => generateTour({ moves: KNIGHT, rows: n, cols: n, closed: true, seed: 1 }));
      times.get("knight wasm")!.push(ms);
      // A bench of wrong tours proves nothing: the first round's is checked (outside the timing).
      const check = r === 0 ? validateTour(tour, { rows: n, cols: n, moves: KNIGHT }) : undefined;
      if (check && !(check.ok && check.closed)) throw new Error(`knight ${n}×${n}: not a closed tour`);
      if (ts) {
        const [tsMs, tsTour] = timed(() => generateTour({ moves: KNIGHT, rows: n, cols: n, closed: true, seed: 1, engine: "ts" }));
        times.get("knight ts")!.push(tsMs);
        if (r === 0 && !tsTour.every((step, i) => step === tour[i])) throw new Error(`knight ${n}×${n}: the TS baseline's tour differs from the kernel's`);
      }
      times.get("pen-paper wasm")!.push(timed(() => generateTour({ size: n, closed: true, seed: 1 }))[0]);
    }
    grid.set(`closed ${n}×${n}`, new Map([...times].filter(([, x]) => x.length > 0).map(([k, x]) => [k, median(x)])));
  }
  // Without medianTable's last row: a median across board sizes says nothing here.
  const table = medianTable(
    grid,
    ["knight wasm", "knight ts", "pen-paper wasm"],
    [
      ["knight ts", "knight wasm"],
      ["pen-paper wasm", "knight wasm"],
    ],
  )
    .split("\n")
    .filter((line) => !line.startsWith("| **median**"))
    .join("\n");
  const report = `Knight's tours (closed, seed 1): built from blocks, beside the TS baseline and the pen-and-paper generator (wall medians)\n\n${table}\n`;
  console.log(`\n${report}`);
  writeFileSync("bench/results/tours-knight.md", report);
}
