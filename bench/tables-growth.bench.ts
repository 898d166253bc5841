// tables-growth: the counts issue 23 opened up, one row each (median of a few runs, wall
// time, this thread): Latin squares of order 8 by the symmetric method, the binary
// triangle's row n = 12 with rows and columns distinct, binary tables up to 16×16, and the
// symmetric kernel meeting in the middle against row by row (8×8 (2,2,2,2)).
import { writeFileSync } from "node:fs";
import { countTables } from "../src/index.js";
import { countSymmetricMitmWasm, countSymmetricWasm } from "../src/tables/sym-wasm.js";
import { normalizeProblem } from "../src/tables/problem.js";
import { medianMs } from "./common.js";

interface Row {
  label: string;
  run: () => bigint;
  runs: number;
}

const plain8 = normalizeProblem({ size: 8, counts: [2, 2, 2, 2], distinctRows: false, distinctColumns: false });

const binaryRow = (n: number, rows: boolean, columns: boolean) => () => {
  let total = 0n;
  for (let k = 0; k <= n; k++) total += countTables({ size: n, counts: [n - k, k], distinctRows: rows, distinctColumns: columns });
  return total;
};

export default async function tablesGrowthBench(): Promise<void> {
  const rows: Row[] = [
    { label: "Latin squares, order 8 (symmetric method)", run: () => countTables({ size: 8, counts: new Array<number>(8).fill(1) }), runs: 1 },
    {
      label: "Latin squares, order 7 (symmetric method)",
      run: () => countTables({ size: 7, counts: new Array<number>(7).fill(1), method: "symmetric" }),
      runs: 3,
    },
    { label: "Latin squares, order 7 (column method)", run: () => countTables({ size: 7, counts: new Array<number>(7).fill(1), method: "columns" }), runs: 3 },
    { label: "8×8 (2,2,2,2), no distinctness: symmetric kernel, meeting in the middle", run: () => countSymmetricMitmWasm(plain8), runs: 3 },
    { label: "8×8 (2,2,2,2), no distinctness: symmetric kernel, row by row", run: () => countSymmetricWasm(plain8), runs: 3 },
    { label: "binary triangle row n = 12, rows and columns distinct (Σ_k T(12,k))", run: binaryRow(12, true, true), runs: 1 },
    { label: "16×16 with (8,8), no distinctness", run: () => countTables({ size: 16, counts: [8, 8], distinctRows: false, distinctColumns: false }), runs: 1 },
  ];
  const lines = ["| count | answer | median (ms) |", "| --- | --- | --- |"];
  for (const { label, run, runs } of rows) {
    const answer = run();
    lines.push(`| ${label} | ${answer} | ${medianMs(run, runs).toFixed(0)} |`);
    console.log(lines.at(-1));
  }
  const report = `${lines.join("\n")}\n`;
  writeFileSync("bench/results/tables-growth.md", report);
}
