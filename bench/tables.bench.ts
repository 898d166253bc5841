// tables: the fast general counter (WASM and its TS baseline) against the published
// algorithm's WASM kernel on the ten 7×7 samples, side by side in one benny run; then
// the whole-table counts (nothing given) timed with medianMs; then the long rows (issue
// 23): Latin squares of order 8 by the symmetric method's kernel and its TS baseline,
// interleaved; 8×8 (2,2,2,2) with the rules by the symmetric method over the jobs
// (kernel, TS) and by the column kernel, interleaved; and row n = 12 of the
// binary-distinct triangle.
import { add, complete, configure, suite } from "benny";
import { readFileSync, writeFileSync } from "node:fs";
import { countTables, farmEngines, parseFarmInput } from "../src/index.js";
import { bennyMedians, caseLines, type MedianGrid, medianMs, medianTable, saveResults } from "./common.js";

const FARM = { size: 7, counts: [2, 2, 3] };

export default async function tablesBench(): Promise<void> {
  const cases = parseFarmInput(readFileSync("examples/challenge24-2008.txt", "utf8"));
  const engines = {
    "fast-wasm": (a: readonly number[], b: readonly number[]) => countTables({ ...FARM, given: [a, b], engine: "wasm" }),
    "fast-ts": (a: readonly number[], b: readonly number[]) => countTables({ ...FARM, given: [a, b], engine: "ts" }),
    "published-wasm": (a: readonly number[], b: readonly number[]) => farmEngines.wasm(a, b),
  };
  for (const c of cases) {
    const answers = Object.values(engines).map((count) => count(c.rows[0], c.rows[1]));
    if (new Set(answers).size !== 1) throw new Error(`engines disagree on ${c.rows[0].join("")}/${c.rows[1].join("")}`);
  }
  let grid: MedianGrid = new Map();
  await suite(
    "tables-7x7",
    configure({ cases: { minSamples: 20, maxTime: 1 } }),
    ...Object.entries(engines).flatMap(([name, count]) => cases.map((c, k) => add(`${name} #${k + 1}`, () => count(c.rows[0], c.rows[1])))),
    caseLines(),
    complete((summary) => {
      grid = bennyMedians(summary);
    }),
    ...saveResults("tables-7x7"),
  );
  const table = medianTable(grid, Object.keys(engines), [
    ["fast-ts", "fast-wasm"],
    ["published-wasm", "fast-wasm"],
  ]);

  const whole = [
    { label: "7×7 (2,2,3), nothing given", problem: { size: 7, counts: [2, 2, 3] }, runs: 21 },
    { label: "6×6 (3,3), nothing given", problem: { size: 6, counts: [3, 3] }, runs: 21 },
    { label: "8×8 (2,2,2,2), nothing given", problem: { size: 8, counts: [2, 2, 2, 2] }, runs: 5 },
    { label: "9×9 (3,3,3), nothing given", problem: { size: 9, counts: [3, 3, 3] }, runs: 5 },
  ];
  const lines = ["| whole count | answer | fast-wasm (ms) |", "| --- | --- | --- |"];
  for (const { label, problem, runs } of whole) {
    const answer = countTables(problem);
    lines.push(`| ${label} | ${answer} | ${medianMs(() => countTables(problem), runs).toFixed(2)} |`);
  }
  const report = `${table}\n\n${lines.join("\n")}\n\n${longRows().join("\n")}\n`;
  console.log(`\n${report}`);
  writeFileSync("bench/results/tables.md", report);
}

/** Wall time in ms of one call (long runs: no warm-up, no repeats). */
function onceMs(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The long rows: each engine run twice, interleaved (wasm, ts, wasm, ts), the better time of each. */
export function longRows(): string[] {
  const lines = ["| long count | answer | wasm (ms) | ts (ms) | ts / wasm |", "| --- | --- | --- | --- | --- |"];
  const latin = { size: 8, counts: new Array<number>(8).fill(1), method: "symmetric" as const };
  const times = { wasm: [] as number[], ts: [] as number[] };
  for (let round = 0; round < 2; round++) {
    for (const engine of ["wasm", "ts"] as const) times[engine].push(onceMs(() => countTables({ ...latin, engine })));
  }
  const wasm = Math.min(...times.wasm);
  const ts = Math.min(...times.ts);
  lines.push(`| Latin squares, order 8 (symmetric method) | ${countTables(latin)} | ${wasm.toFixed(0)} | ${ts.toFixed(0)} | ${(ts / wasm).toFixed(2)}× |`);
  // With the rules: the symmetric method over the column method's jobs (kernel, TS) and the column kernel, interleaved.
  // (A vector with a 1 keeps the rules for free and is counted without them: this one has none.)
  const many = { size: 8, counts: [2, 2, 2, 2] };
  const jobTimes = { wasm: [] as number[], ts: [] as number[], columns: [] as number[] };
  for (let round = 0; round < 2; round++) {
    for (const engine of ["wasm", "ts"] as const) jobTimes[engine].push(onceMs(() => countTables({ ...many, engine, method: "symmetric" })));
    jobTimes.columns.push(onceMs(() => countTables({ ...many, method: "columns" })));
  }
  const jobsWasm = Math.min(...jobTimes.wasm);
  const jobsTs = Math.min(...jobTimes.ts);
  lines.push(
    `| 8×8 (2,2,2,2), distinct (symmetric method over the jobs) | ${countTables(many)} | ${jobsWasm.toFixed(0)} | ${jobsTs.toFixed(0)} | ${(jobsTs / jobsWasm).toFixed(2)}× |`,
  );
  lines.push(`| the same, column method (kernel) | | ${Math.min(...jobTimes.columns).toFixed(0)} | | |`);
  // Row 12 of binary-distinct: T(12, k) for k = 0..12, the column method's kernel, one thread.
  const row: bigint[] = [];
  const rowMs = onceMs(() => {
    for (let k = 0; k <= 12; k++) row.push(countTables({ size: 12, counts: [12 - k, k] }));
  });
  lines.push(`| binary-distinct triangle, row n = 12 (13 terms, column method) | T(12,6) = ${row[6]} | ${rowMs.toFixed(0)} | | |`);
  return lines;
}
