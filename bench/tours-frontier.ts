// Frontier counter vs the depth-first search, interleaved in one process, CPU time
// (process.cpuUsage: the machine is shared, so wall time means little). Also the
// frontier's own figures per board: width, peak states, table memory.
// Usage: tsx bench/tours-frontier.ts [rounds]
import { countTours } from "../src/tours/count-core.js";
import { countHamiltonian, type HamiltonianCountOptions } from "../src/tours/frontier.js";

const rounds = Number(process.argv[2] ?? 3);

function cpu<T>(f: () => T): { value: T; seconds: number } {
  const start = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(start);
  return { value, seconds: (used.user + used.system) / 1e6 };
}

const pairs: { name: string; search: () => bigint; frontier: HamiltonianCountOptions }[] = [
  { name: "6×6 all directed paths", search: () => countTours({ size: 6 }), frontier: { rows: 6, cols: 6 } },
  { name: "6×6 closed", search: () => countTours({ size: 6, closed: true }), frontier: { rows: 6, cols: 6, closed: true } },
  { name: "5×5 all directed paths", search: () => countTours({ size: 5 }), frontier: { rows: 5, cols: 5 } },
];

countHamiltonian({ rows: 5, cols: 5 }); // compile the kernel outside the timings
countTours({ size: 5 });
for (const pair of pairs) {
  const s: number[] = [],
    f: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = cpu(pair.search);
    const b = cpu(() => countHamiltonian(pair.frontier).count);
    if (a.value !== b.value) throw new Error(`${pair.name}: search ${a.value} ≠ frontier ${b.value}`);
    s.push(a.seconds);
    f.push(b.seconds);
  }
  const median = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;
  console.log(`| ${pair.name} | ${median(s).toFixed(3)} s | ${median(f).toFixed(3)} s | ${(median(s) / median(f)).toFixed(0)}× |`);
}
