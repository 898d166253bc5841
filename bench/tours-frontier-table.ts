// Counts for the docs' tables: Hamiltonian cycles and directed paths on m×n boards
// (m ≤ n) for a move set, by the frontier kernel, one JSON line per board with the peak
// states, table memory and CPU time. Usage:
//   tsx bench/tours-frontier-table.ts MOVES MAXSIDE OUT.jsonl [--starts] [--skip 8x8,7x8]
// --starts: per start square of the n×n boards instead (directed paths from each square).
// --skip: boards (m×n, m ≤ n) left out, both questions (those out of reach).
// --host-layers: layers kept on the host (src/tours/frontier-host.ts), for boards whose two
// layers pass the 3000 MiB cap.
// --progress: each step's states, passes and CPU seconds to standard error.
// --rows M: the boards M×1 … M×MAXSIDE instead (a row of the table, for b-files);
// --only closed|paths: one of the two questions.
// Boards already in OUT are skipped, so a run can be resumed.
import { appendFileSync } from "node:fs";
import { countHamiltonian } from "../src/tours/frontier.js";
import { parseLeapers } from "../src/tours/leapers.js";
import { readTableRows } from "./tours-table-rows.js";

const [movesText = "0,3+2,2", maxText = "6", out = "bench/results/tours-table.jsonl"] = process.argv.slice(2);
const starts = process.argv.includes("--starts");
const skipAt = process.argv.indexOf("--skip");
const progress = process.argv.includes("--progress");
const hostLayers = process.argv.includes("--host-layers");
const rowsAt = process.argv.indexOf("--rows");
const fixedRows = rowsAt < 0 ? 0 : Number(process.argv[rowsAt + 1]);
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt < 0 ? "" : process.argv[onlyAt + 1];
const skip = new Set(skipAt < 0 ? [] : (process.argv[skipAt + 1] ?? "").split(","));
const moves = parseLeapers(movesText);
const max = Number(maxText);
const done = new Set(readTableRows(out).map((row) => row.key));

function run(key: string, options: Parameters<typeof countHamiltonian>[0]): void {
  if (done.has(key)) return;
  const cpu = process.cpuUsage();
  const onProgress = progress
    ? (step: number, steps: number, states: number, passes: number) => {
        const cpu_ = process.cpuUsage(cpu);
        process.stderr.write(`${key}: step ${step}/${steps} ${states} states, ${passes} passes, ${((cpu_.user + cpu_.system) / 1e6).toFixed(1)} CPU s\n`);
      }
    : undefined;
  const r = countHamiltonian({ ...options, moves, memoryCapMiB: 3000, onProgress, hostLayers });
  const used = process.cpuUsage(cpu);
  const line = {
    key,
    moves: movesText,
    ...options,
    moves_: undefined,
    count: r.count.toString(),
    width: r.width,
    peakStates: r.peakStates,
    peakMiB: +(r.peakBytes / 2 ** 20).toFixed(1),
    cpuSeconds: +((used.user + used.system) / 1e6).toFixed(2),
  };
  appendFileSync(out, `${JSON.stringify(line)}\n`);
  console.log(JSON.stringify(line));
}

if (starts) {
  const n = max;
  // One square per orbit of the board's 8 symmetries (the leaper graph has them all).
  for (let r = 0; r < Math.ceil(n / 2); r++)
    for (let c = r; c < Math.ceil(n / 2); c++) run(`${n}x${n} from ${r + 1},${c + 1}`, { rows: n, cols: n, from: [r, c] });
} else if (fixedRows > 0) {
  // Until a count passes the kernel's 2^128 or its memory cap (one line, then stop).
  try {
    for (let n = 1; n <= max; n++) {
      if (only !== "paths") run(`${fixedRows}x${n} closed`, { rows: fixedRows, cols: n, closed: true });
      if (only !== "closed") run(`${fixedRows}x${n} paths`, { rows: fixedRows, cols: n });
    }
  } catch (error) {
    console.log(`stopped: ${(error as Error).message}`);
  }
} else {
  for (let size = 2; size <= 2 * max; size++) {
    for (let m = 1; m <= max; m++) {
      const n = size - m;
      if (n < m || n > max || skip.has(`${m}x${n}`)) continue;
      run(`${m}x${n} closed`, { rows: m, cols: n, closed: true });
      run(`${m}x${n} paths`, { rows: m, cols: n });
    }
  }
}
