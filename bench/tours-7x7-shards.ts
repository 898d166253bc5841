// Measures a few parts of the sharded 7×7 directed-path count (all starts) and the total
// time they imply: parts are balanced by estimated work, so the mean CPU time per part × k
// estimates the whole count on one core. CPU time (this process), not wall time, because
// the shared machine's load stretches wall time several-fold.
// Usage: tsx bench/tours-7x7-shards.ts [k] [part…]
import { countTourShard, tourShardUnits } from "../src/tours/shard.js";

const problem = { size: 7 };
const k = Number(process.argv[2] ?? 64);
const parts = process.argv.slice(3).map(Number);
const units = tourShardUnits(problem);
console.log(JSON.stringify({ problem, shards: k, units: units.tasks.length }));
const times: number[] = [];
for (const shard of parts.length > 0 ? parts : [0, 1, 2]) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const count = countTourShard(problem, { shard, shards: k });
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  times.push(seconds);
  const wall = (performance.now() - start) / 1000;
  console.log(JSON.stringify({ shard, shards: k, count: count.toString(), cpuSeconds: Number(seconds.toFixed(1)), wallSeconds: Number(wall.toFixed(1)) }));
}
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(JSON.stringify({ meanCpuSecondsPerPart: Number(mean.toFixed(1)), impliedHoursOneCore: Number(((mean * k) / 3600).toFixed(2)) }));
