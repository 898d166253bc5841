// tables-sample: exactly uniform samples per second, the WASM walk against its TS
// baseline side by side in one benny run (graphs prepared once), then the one-off cost of
// preparing (the completion graph) on each engine, and the acceptance rates.
import { add, complete, configure, suite } from "benny";
import { writeFileSync } from "node:fs";
import { prepareSampler, tableByteDrawer, type PreparedSampler } from "../src/tables/sample.js";
import type { TableProblem } from "../src/tables/problem.js";
import { countTables } from "../src/tables/count.js";
import { bennyMedians, caseLines, type MedianGrid, medianMs, saveResults } from "./common.js";

const BATCH = 1000;
const PROBLEMS: { label: string; problem: TableProblem; prepRuns: number }[] = [
  { label: "7×7-two-given", problem: { size: 7, counts: [2, 2, 3], given: ["2100221", "0221102"] }, prepRuns: 9 },
  { label: "9×9-(3,3,3)", problem: { size: 9, counts: [3, 3, 3] }, prepRuns: 3 },
];

export default async function tablesSampleBench(): Promise<void> {
  const prepared = new Map<string, PreparedSampler>();
  for (const { label, problem } of PROBLEMS) for (const engine of ["wasm", "ts"] as const) prepared.set(`${engine} ${label}`, prepareSampler(problem, engine));
  // Each engine draws from its own prepared graph; the kernel holds one graph at a time,
  // so each wasm case rebuilds its graph when the other problem ran last (outside the timing).
  let grid: MedianGrid = new Map();
  await suite(
    "tables-sample",
    configure({ cases: { minSamples: 10, maxTime: 2 } }),
    ...PROBLEMS.flatMap(({ label }) =>
      (["wasm", "ts"] as const).map((engine) =>
        add(`${engine} ${label}`, () => {
          const draw = tableByteDrawer(prepared.get(`${engine} ${label}`)!, 1n);
          draw(1);
          return () => draw(BATCH);
        }),
      ),
    ),
    caseLines(),
    complete((summary) => {
      grid = bennyMedians(summary);
    }),
    ...saveResults("tables-sample"),
  );
  const lines = [
    `| problem | wasm samples/s | ts samples/s | wasm / ts | prepare wasm (ms) | prepare ts (ms) | tables (rules) | acceptance |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const { label, problem, prepRuns } of PROBLEMS) {
    const perSecond = (engine: string) => BATCH / (grid.get(label)!.get(engine)! / 1000);
    const p = prepared.get(`wasm ${label}`)!;
    const count = countTables(problem);
    const prepWasm = medianMs(() => prepareSampler(problem, "wasm"), prepRuns);
    const prepTs = medianMs(() => prepareSampler(problem, "ts"), prepRuns);
    lines.push(
      `| ${label} | ${perSecond("wasm").toFixed(0)} | ${perSecond("ts").toFixed(0)} | ${(perSecond("wasm") / perSecond("ts")).toFixed(2)}× | ${prepWasm.toFixed(1)} | ${prepTs.toFixed(1)} | ${count} | ${(Number((count * 1000000n) / p.free) / 1e6).toFixed(4)} |`,
    );
  }
  const report = `${lines.join("\n")}\n`;
  console.log(`\n${report}`);
  writeFileSync("bench/results/tables-sample.md", report);
}
