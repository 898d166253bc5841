// The bucketed frontier count's cost a step (src/tours/frontier-buckets.ts), for the
// projections in docs/notes/tours.md. Usage:
//   tsx bench/tours-frontier-buckets.ts steps ROWS COLS MOVES DIR MEMORY_MIB CPU_SECONDS
//     one count with --disk layers in DIR under a MEMORY_MIB cap, stopped (its checkpoint
//     kept) at the first step that ends past CPU_SECONDS of CPU; a JSON line a step:
//     states, the files' bytes, the step's and the total CPU seconds (process.cpuUsage).
//   tsx bench/tours-frontier-buckets.ts compare ROWS COLS MOVES ROUNDS [closed]
//     the count (paths, or closed tours) in memory and in bucket files, interleaved,
//     ROUNDS times each: CPU seconds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countHamiltonian, countHamiltonianIn } from "../src/tours/frontier.js";
import { diskBuckets } from "../src/tours/frontier-buckets.js";
import { parseLeapers } from "../src/tours/leapers.js";

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
class Enough extends Error {}
const [mode, rowsText, colsText, movesText, ...rest] = process.argv.slice(2);
const rows = Number(rowsText),
  cols = Number(colsText),
  moves = parseLeapers(movesText!);

if (mode === "steps") {
  const [dir, memoryText, secondsText] = rest;
  const store = diskBuckets(dir!, { rows, cols, moves: movesText }, {});
  const start = cpu();
  let last = start;
  try {
    countHamiltonianIn(
      {
        rows,
        cols,
        moves,
        memoryCapMiB: Number(memoryText),
        onProgress: (step, steps, states, passes) => {
          const now = cpu();
          console.log(
            JSON.stringify({
              step,
              steps,
              states,
              passes,
              diskBytes: store.diskBytes(),
              stepCpu: Number((now - last).toFixed(2)),
              cpuAllRuns: Number(store.cpuSeconds().toFixed(1)),
              rss: process.memoryUsage().rss,
            }),
          );
          last = now;
          if (now - start > Number(secondsText)) throw new Enough();
        },
      },
      store,
    );
  } catch (error) {
    if (!(error instanceof Enough)) throw error;
  } finally {
    store.close();
  }
} else if (mode === "compare") {
  const rounds = Number(rest[0] ?? 2);
  const closed = rest[1] === "closed";
  for (let r = 0; r < rounds; r++) {
    let t = cpu();
    const memory = countHamiltonian({ rows, cols, moves, closed });
    const memoryCpu = cpu() - t;
    const dir = mkdtempSync(join(tmpdir(), "tabula-buckets-bench-"));
    const store = diskBuckets(dir, { rows, cols, moves: movesText, closed }, {});
    t = cpu();
    const wallStart = Date.now();
    const disk = countHamiltonianIn({ rows, cols, moves, closed }, store);
    const diskCpu = cpu() - t;
    const diskWall = (Date.now() - wallStart) / 1000;
    store.close();
    rmSync(dir, { recursive: true, force: true });
    console.log(
      JSON.stringify({
        round: r,
        count: String(memory.count),
        same: memory.count === disk.count,
        peakStates: memory.peakStates,
        memoryCpu: Number(memoryCpu.toFixed(2)),
        diskCpu: Number(diskCpu.toFixed(2)),
        diskWall,
        peakDiskBytes: disk.peakLayerBytes,
      }),
    );
  }
} else {
  throw new Error("usage: steps ROWS COLS MOVES DIR MEMORY_MIB CPU_SECONDS | compare ROWS COLS MOVES ROUNDS");
}
