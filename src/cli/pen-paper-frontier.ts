// pen-paper count with the frontier engine: the whole count, or one part (--shard i/k)
// as a JSON line for `pen-paper merge`.
import { writeChunk } from "../io/atomic-write.js";
import { groupDigits } from "../io/digits.js";
import { terminalBar } from "./progress.js";
import { parseShardSpec, shardLine, type ShardSpec } from "../shards/index.js";
import { canonicalFrontierProblem as canonicalFrontier, countHamiltonianIn, type HamiltonianCount } from "../tours/frontier.js";
import { diskLayers, type DiskLayers } from "../tours/frontier-disk.js";
import { diskBuckets, type DiskBuckets } from "../tours/frontier-buckets.js";
import { diskForPeople, FolderInUseError } from "../io/checkpoint-store.js";
import { durationForPeople } from "../tables/reach.js";
import { UsageError } from "../errors.js";
import type { Leaper } from "../tours/leapers.js";
import type { Square } from "../tours/options.js";
import { startClasses } from "../tours/symmetry.js";
import { join } from "node:path";

export interface FrontierCountFlags {
  rows: number;
  cols: number;
  moves: readonly Leaper[];
  closed?: boolean;
  from?: Square;
  to?: Square;
  shard?: string;
  engine: "wasm" | "ts";
  stats?: boolean;
  memory?: number;
  /** Hidden --host-layers: the DP's layers on the host (countHamiltonian's hostLayers). */
  hostLayers?: boolean;
  /** --checkpoint DIR: the layers in files in DIR (frontier-disk.ts); a count run again with it resumes. */
  checkpoint?: string;
  /** --disk MiB (with --checkpoint): the layers in bucket files (frontier-buckets.ts), the files capped at MiB. */
  disk?: number;
  /** Hidden --buckets N: buckets a step with --disk (default chosen each step). */
  buckets?: number;
  /** A whole count as one JSON line: the problem, the count (a decimal string), the engine. */
  json?: boolean;
  /** The count with its digits grouped (8,250,272). */
  pretty?: boolean;
  /** --by-start: directed paths as the sum over the classes of start squares under the board's symmetries (each class a count from its first square). */
  byStart?: boolean;
}

/** Everything that defines a frontier count, canonical (squares 1-based or null). */
export function canonicalFrontierProblem(flags: Pick<FrontierCountFlags, "rows" | "cols" | "moves" | "closed" | "from" | "to">) {
  const { rows, cols, moves, closed, from, to } = flags;
  return canonicalFrontier({ rows, cols, moves, closed, from, to });
}

/** The figures --stats reports (with --json, as the line's "stats" object; else a line on standard error). */
function statsOf(result: HamiltonianCount, cpuMicroseconds: number) {
  return {
    width: result.width,
    peakStates: result.peakStates,
    // The TS baseline keeps every state the rules allow (it checks the kernel's pruning): 0, as countHamiltonian says.
    droppedStates: result.droppedStates,
    entryBytes: result.entryBytes,
    peakBytes: result.peakBytes,
    peakLayerBytes: result.peakLayerBytes,
    peakPasses: result.peakParts,
    cpuSeconds: Number((cpuMicroseconds / 1e6).toFixed(3)),
  };
}

function statsLine(stats: ReturnType<typeof statsOf>, engine: "wasm" | "ts", layersInFiles: boolean): string {
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const size = (bytes: number) => (bytes < 2 ** 20 ? `${(bytes / 2 ** 10).toFixed(1)} KiB` : `${mib(bytes)} MiB`);
  // With --checkpoint the layers are files: memory is the kernel's arena alone, and the disk is said apart.
  const memory = layersInFiles
    ? `peak table memory ${mib(stats.peakBytes - stats.peakLayerBytes)} MiB, layers in files up to ${size(stats.peakLayerBytes)}`
    : `peak table memory ${mib(stats.peakBytes)} MiB`;
  const passes = stats.peakPasses > 1 ? `, up to ${stats.peakPasses} passes a step` : "";
  const dropped = engine === "ts" ? "no states dropped (the TS baseline does not prune)" : `${stats.droppedStates} dead successor states dropped`;
  return `frontier width ${stats.width}, peak states ${stats.peakStates}, ${dropped}, ${stats.entryBytes} bytes a state, ${memory}${passes}, CPU ${stats.cpuSeconds.toFixed(2)} s\n`;
}

/** The store of --checkpoint DIR, saying on standard error where a count goes on from. */
function checkpointStore(flags: FrontierCountFlags, shard: ShardSpec | undefined) {
  const dir = flags.checkpoint!;
  const problem = { ...canonicalFrontierProblem(flags), shard: shard ? `${shard.shard}/${shard.shards}` : null };
  const told = {
    onResume: (step: number, cpu: number) => process.stderr.write(`resuming from ${dir}: step ${step + 1} done, ${cpu.toFixed(0)} s of CPU before this run\n`),
    onRestart: (why: string) => process.stderr.write(`${why}\n`),
  };
  if (flags.disk === undefined) return diskLayers(dir, problem, told);
  if (shard) throw new UsageError("--disk counts a whole board: not with --shard");
  return diskBuckets(dir, problem, { ...told, diskCapMiB: flags.disk, ...(flags.buckets !== undefined ? { buckets: flags.buckets } : {}) });
}

/**
 * A line a finished step: its states, the disk the layers take, and the time left at this
 * run's mean step time. While the layers still grow, later steps cost more than the mean
 * so far, and the line says the time left is unknown (an 8×8 count said "4 minutes left"
 * at step 26 of 64, hours from its end).
 */
function stepLine(store: DiskLayers | DiskBuckets) {
  let started = Date.now();
  let first = 0; // the first step of this run, or of its rerun in 128-bit counts
  let last = Infinity;
  let before: number | undefined; // the states of this run's step before
  return (step: number, steps: number, states: number, passes: number): void => {
    if (step <= last) {
      if (last !== Infinity) started = Date.now(); // a rerun from the start: its steps alone
      first = step;
      before = undefined;
    }
    last = step;
    const mean = (Date.now() - started) / 1000 / (step - first + 1);
    const atMean = durationForPeople(mean * (steps - step));
    const growing = before !== undefined && states > before;
    before = states;
    const left =
      step >= steps
        ? ""
        : growing
          ? `, time left unknown while the layers grow (${atMean} at this run's mean step time)`
          : `, about ${atMean} left at this run's mean step time`;
    process.stderr.write(
      `step ${step} of ${steps}: ${states} state${states === 1 ? "" : "s"}, ${passes} pass${passes === 1 ? "" : "es"}, disk ${diskForPeople(store.diskBytes())}, CPU ${store.cpuSeconds().toFixed(0)} s in all runs${left} (checkpoint written)\n`,
    );
  };
}

export async function runFrontierCount(flags: FrontierCountFlags): Promise<void> {
  if (flags.disk !== undefined && flags.checkpoint === undefined)
    throw new UsageError("--disk needs --checkpoint DIR: the folder for the bucket files and the count's checkpoint");
  if (flags.buckets !== undefined && flags.disk === undefined) throw new UsageError("--buckets is for a count with --disk");
  // (Checked here, before --by-start names a folder a class inside DIR.)
  if (flags.checkpoint !== undefined && flags.engine === "ts") throw new UsageError("--checkpoint keeps the kernel's layers: not with --engine frontier-ts");
  if (flags.checkpoint === "") throw new UsageError("--checkpoint: empty folder name (expected a folder for the count's layers)");
  if (flags.byStart) return countByStart(flags);
  const spec = flags.shard !== undefined ? parseShardSpec(flags.shard) : undefined;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const store = flags.checkpoint === undefined ? undefined : checkpointStore(flags, spec);
  try {
    await countAndPrint(flags, spec, cpu, started, store);
  } finally {
    store?.close();
  }
}

async function countAndPrint(
  flags: FrontierCountFlags,
  spec: ShardSpec | undefined,
  cpu: NodeJS.CpuUsage,
  started: bigint,
  store: DiskLayers | DiskBuckets | undefined,
): Promise<void> {
  // With --checkpoint, a line a step; else, on a terminal, a progress line: step k of n, states, time left.
  const bar = store
    ? undefined
    : terminalBar({ format: "frontier step {value} of {total}: {states} states, about {eta_formatted} left", clearOnComplete: true });
  const onProgress = store
    ? stepLine(store)
    : bar &&
      ((step: number, steps: number, states: number) => {
        if (step === 1) bar.start(steps, step, { states: groupDigits(states) });
        else bar.update(step, { states: groupDigits(states) });
      });
  let result: HamiltonianCount;
  try {
    result = countHamiltonianIn({ ...flags, shard: spec, memoryCapMiB: flags.memory, ...(onProgress ? { onProgress } : {}) }, store);
  } finally {
    bar?.stop();
  }
  const used = process.cpuUsage(cpu);
  // A resumed count's CPU is that of every run.
  const stats = flags.stats ? statsOf(result, store ? store.cpuSeconds() * 1e6 : used.user + used.system) : undefined;
  // With --json the figures go in the JSON line (one line for programs), else on standard error.
  if (stats && !(flags.json && !spec)) process.stderr.write(statsLine(stats, flags.engine, store !== undefined));
  if (!spec) return printCount(flags, result.count, stats ? { stats } : {});
  const microseconds = Math.round(Number(process.hrtime.bigint() - started) / 1000);
  const extra = { engine: engineName(flags), microseconds, splitStep: result.splitStep };
  await writeChunk(process.stdout, `${shardLine(canonicalFrontierProblem(flags), spec, result.count, extra)}\n`);
}

/**
 * --by-start: all directed paths counted another way, as Σ (class size × the paths from the
 * class's first square) over the classes of start squares (tours/symmetry.ts). Each
 * class is a count of its own; with --checkpoint DIR, in DIR/from-R-C, so a run stopped
 * goes on from the classes and steps it finished. A line a class on standard error.
 *
 * Runs of one count share its classes: a class whose folder another run holds (its lock)
 * is left to it, this run goes on with the next, and comes back for the count once that
 * run is done (its finished folder is read off at once). So the same command in two
 * terminals counts two classes at a time, and each prints the whole sum.
 */
async function countByStart(flags: FrontierCountFlags): Promise<void> {
  if (flags.closed) throw new UsageError("--by-start sums the directed paths from each start square: not with --closed");
  if (flags.from || flags.to) throw new UsageError("--by-start counts the paths from every start square itself: not with --from or --to");
  if (flags.shard !== undefined) throw new UsageError("--by-start counts a whole board: not with --shard");
  const all = startClasses(flags.rows, flags.cols);
  const counts: (bigint | undefined)[] = all.map(() => undefined);
  const cpuSeconds: number[] = all.map(() => 0);
  const leftToOthers = new Set<number>();
  let saidWaiting = "";
  for (let waitSeconds = 1; ; waitSeconds = Math.min(2 * waitSeconds, MAX_CLASS_WAIT_SECONDS)) {
    for (const [i, { square, squares }] of all.entries()) {
      if (counts[i] !== undefined) continue;
      const name = `${square[0] + 1},${square[1] + 1}`;
      try {
        ({ count: counts[i], cpuSeconds: cpuSeconds[i] } = countClass(flags, square, `class ${i + 1} of ${all.length}: the paths from ${name}`));
      } catch (error) {
        if (!(error instanceof FolderInUseError)) throw error;
        if (!leftToOthers.has(i))
          process.stderr.write(
            `class ${i + 1} of ${all.length}: the paths from ${name} are being counted by another run (pid ${error.pid}): on with the other classes, back to it when that run is done\n`,
          );
        leftToOthers.add(i);
        continue;
      }
      process.stderr.write(`from ${name}: ${counts[i]} directed paths (×${squares}: the squares alike under the board's symmetries)\n`);
    }
    const left = all.flatMap((_, i) => (counts[i] === undefined ? [i + 1] : []));
    if (left.length === 0) break;
    const waiting = `waiting for the other runs to finish class${left.length === 1 ? "" : "es"} ${left.join(", ")}`;
    if (waiting !== saidWaiting) process.stderr.write(`${waiting}\n`);
    saidWaiting = waiting;
    await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
  }
  const classes = all.map(({ square, squares }, i) => ({ from: [square[0] + 1, square[1] + 1], squares, count: counts[i]!.toString() }));
  const total = all.reduce((sum, { squares }, i) => sum + BigInt(squares) * counts[i]!, 0n);
  // The whole count's CPU: with --checkpoint, every run of every class (other runs' too).
  const allCpu = Number(cpuSeconds.reduce((sum, seconds) => sum + seconds, 0).toFixed(3));
  if (flags.stats && !flags.json)
    process.stderr.write(`all ${all.length} classes: CPU ${allCpu.toFixed(2)} s${flags.checkpoint !== undefined ? " in all runs" : ""}\n`);
  await printCount(flags, total, { byStart: classes, ...(flags.stats ? { stats: { cpuSeconds: allCpu } } : {}) });
}

/** Longest wait between looks at the classes other runs hold. */
const MAX_CLASS_WAIT_SECONDS = 30;

/** The directed paths from `square` and their CPU seconds (with --checkpoint, in DIR/from-R-C, of all runs; FolderInUseError if another run holds it). */
function countClass(flags: FrontierCountFlags, square: Square, heading: string): { count: bigint; cpuSeconds: number } {
  const one: FrontierCountFlags = {
    ...flags,
    byStart: false,
    from: square,
    ...(flags.checkpoint !== undefined ? { checkpoint: join(flags.checkpoint, `from-${square[0] + 1}-${square[1] + 1}`) } : {}),
  };
  const store = one.checkpoint === undefined ? undefined : checkpointStore(one, undefined);
  // (With --checkpoint a line a step follows: this says whose steps they are.)
  if (store) process.stderr.write(`${heading}\n`);
  const classCpu = process.cpuUsage();
  try {
    const result = countHamiltonianIn({ ...one, shard: undefined, memoryCapMiB: flags.memory, ...(store ? { onProgress: stepLine(store) } : {}) }, store);
    const used = process.cpuUsage(classCpu);
    const micros = store ? store.cpuSeconds() * 1e6 : used.user + used.system;
    if (flags.stats && !flags.json) process.stderr.write(statsLine(statsOf(result, micros), flags.engine, store !== undefined));
    return { count: result.count, cpuSeconds: micros / 1e6 };
  } finally {
    store?.close();
  }
}

/** The engine's name in the JSON lines. */
function engineName(flags: FrontierCountFlags): "frontier" | "frontier-ts" {
  return flags.engine === "ts" ? "frontier-ts" : "frontier";
}

/** A whole count on standard output: with --json the problem, count, engine and `extra` as one line; with --pretty its digits grouped. */
async function printCount(flags: FrontierCountFlags, count: bigint, extra: Record<string, unknown>): Promise<void> {
  const line = flags.json
    ? JSON.stringify({ ...canonicalFrontierProblem(flags), count: count.toString(), engine: engineName(flags), ...extra })
    : flags.pretty
      ? groupDigits(count)
      : String(count);
  await writeChunk(process.stdout, `${line}\n`);
}
