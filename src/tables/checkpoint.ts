// A symmetric count over the whole table kept in a folder, so that a count of hours can
// stop and go on (Node only; `count-farms --checkpoint DIR`). The method is the split
// count's (parallel.ts): layer ⌈n/2⌉ − 1 is built once, layer ⌈n/2⌉ is made in shares
// (the rows below every K-th class of the layer before), and the shares are loaded into
// one layer and paired. Each of these is a file in DIR, written whole or not at all
// (layer-file.ts: it records the kernel build and a digest of its classes), beside
// `count.json`, which names the count and K. Run again with the same DIR, a count reads
// what is there and makes only what is missing, on as many threads as it is given.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError, UsageError } from "../errors.js";
import { OutputError } from "../io/output-errors.js";
import { inFolder as inFolderFor, readInSlices, writeWhole } from "../io/folder.js";
import { runPool } from "../workers/pool.js";
import { decodeLayerFile, encodeLayerFile, tablesKernelDigest } from "./layer-file.js";
import { durationForPeople } from "./reach.js";
import type { LayerTask } from "./layer-worker.js";
import { symLayer, symMitmSum, type SymLayerPart } from "./sym-wasm.js";
import type { SymProblem } from "./sym-ts.js";

/** Shares of the middle layer: enough that a stop loses little (an eighth at most), a multiple of the threads. */
export function checkpointShares(threads: number): number {
  return Math.ceil(8 / threads) * threads;
}

export interface CheckpointOptions {
  /** Threads for the shares still to make (1: in this thread). */
  threads: number;
  memoryCapMiB?: number;
  /** Hears of each step: what was read or made, in words (a line each). */
  onLog?: (line: string) => void;
  /** Shares done (read or made) of all, after each. */
  onProgress?: (done: number, all: number) => void;
}

interface CountFile {
  format: string;
  size: number;
  counts: readonly number[];
  shares: number;
  kernel: string;
}

const FORMAT = "tabula symmetric count checkpoint 1";
const classes = (n: number): string => `${n} class${n === 1 ? "" : "es"}`;

const inFolder = <T>(path: string, work: () => T): T => inFolderFor(path, "the count's layers live there", work);

const keepWhole = (path: string, bytes: Uint8Array): void => inFolder(path, () => writeWhole(path, bytes));

/**
 * The count of `problem` (nothing given; no distinctness rules, or only free ones) by the
 * symmetric method meeting in the middle, its layers kept in `dir`. Undefined if a count
 * passes 128 bits (the caller counts without the checkpoint then).
 */
export async function countSymmetricInFolder(problem: SymProblem, dir: string, options: CheckpointOptions): Promise<bigint | undefined> {
  const { size: n, counts } = problem;
  const half = Math.ceil(n / 2);
  if (half < 2) throw new UsageError(`--checkpoint is for tables of size 3 or more (got ${n})`);
  const log = options.onLog ?? (() => {});
  const kernel = tablesKernelDigest();
  inFolder(dir, () => mkdirSync(dir, { recursive: true }));
  const countPath = join(dir, "count.json");
  let shares = checkpointShares(options.threads);
  if (existsSync(countPath)) {
    let saved: CountFile;
    try {
      saved = JSON.parse(inFolder(countPath, () => readFileSync(countPath, "utf8"))) as CountFile;
      if (saved.format !== FORMAT || !Number.isSafeInteger(saved.shares) || saved.shares < 1) throw new Error("format");
    } catch (error) {
      if (error instanceof OutputError) throw error;
      throw new InputError("not the count.json of a checkpointed count", { file: countPath }, "the file a count with this folder wrote");
    }
    if (saved.size !== n || JSON.stringify(saved.counts) !== JSON.stringify(counts)) {
      throw new UsageError(`${dir} holds the checkpoint of another count (size ${saved.size}, counts ${saved.counts.join(",")}); give an empty folder or that count's`);
    }
    if (saved.kernel !== kernel) throw new UsageError(`${dir} was made by another build of the tables kernel, whose classes may be named differently; give an empty folder`);
    shares = saved.shares; // fixed when the count began, whatever the threads now
    log(`resuming from ${dir}: the middle layer in ${shares} shares`);
  } else {
    keepWhole(countPath, Buffer.from(`${JSON.stringify({ format: FORMAT, size: n, counts, shares, kernel } satisfies CountFile)}\n`));
  }
  const read = (file: string): SymLayerPart | undefined => {
    const path = join(dir, file);
    if (!existsSync(path)) return undefined;
    const { part, kernel: made } = decodeLayerFile(inFolder(path, () => readInSlices(path)), path);
    if (made !== kernel) throw new InputError("made by another build of the tables kernel", { file: path }, "a file of this build");
    if (part.size !== n || JSON.stringify(part.counts) !== JSON.stringify(counts)) throw new InputError("a layer of another count", { file: path }, `a layer of size ${n}, counts ${counts.join(",")}`);
    return part;
  };
  const keep = (file: string, part: SymLayerPart): void => keepWhole(join(dir, file), encodeLayerFile(part, kernel));

  const beforeFile = `layer-${half - 1}.bin`;
  let before = read(beforeFile);
  if (before) log(`read ${beforeFile}: ${classes(before.states)}`);
  else {
    before = symLayer(problem, half - 1, 0, 1, undefined, (row, rows, states) => log(`layer ${row} of ${rows}: ${classes(states)}`));
    if (!before) return undefined;
    keep(beforeFile, before);
    log(`made ${beforeFile}: ${classes(before.states)}`);
  }
  const shareFile = (i: number): string => `share-${i}-of-${shares}.bin`;
  const parts: (SymLayerPart | undefined)[] = Array.from({ length: shares }, (_, i) => read(shareFile(i)));
  let done = parts.filter((p) => p !== undefined).length;
  if (done > 0) log(`read ${done} of ${shares} shares`);
  options.onProgress?.(done, shares);
  const missing = parts.flatMap((p, i) => (p === undefined ? [i] : []));
  // The time left, from the shares made in this run (done − readBefore): they go in rounds of `parallel`.
  const parallel = Math.max(1, Math.min(options.threads, missing.length));
  const readBefore = done;
  const started = Date.now();
  const made = (i: number, part: SymLayerPart | undefined): void => {
    if (!part) return;
    keep(shareFile(i), part);
    parts[i] = part;
    done++; // (not inside the optional call below: without a listener its argument is never evaluated)
    const madeNow = done - readBefore;
    const eta = done === shares ? "" : `; about ${durationForPeople((Math.ceil((shares - done) / parallel) * (Date.now() - started)) / Math.ceil(madeNow / parallel) / 1000)} left at this rate`;
    log(`made ${shareFile(i)}: ${classes(part.states)} (${done} of ${shares} shares${eta})`);
    options.onProgress?.(done, shares);
  };
  if (options.threads <= 1 || missing.length <= 1) {
    for (const i of missing) {
      const part = symLayer(problem, half, i, shares, before);
      if (!part) return undefined;
      made(i, part);
    }
  } else {
    const tasks = missing.map((share): LayerTask => ({ problem, share, shares, from: before, memoryCapMiB: options.memoryCapMiB }));
    await runPool<LayerTask, SymLayerPart | undefined>("tables/layer-worker.js", tasks, { threads: Math.min(options.threads, tasks.length), onValue: (t, part) => made(missing[t]!, part) });
  }
  if (parts.some((p) => p === undefined)) return undefined;
  return symMitmSum(problem, parts as SymLayerPart[], before);
}
