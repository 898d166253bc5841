// A symmetric count over the whole table kept in a folder, so that a count of hours can
// stop and go on (Node only; `count-farms --checkpoint DIR`). The method is the split
// count's (parallel.ts): layer ⌈n/2⌉ − 1 is built once, layer ⌈n/2⌉ is made in shares
// (the rows below every K-th class of the layer before), and the shares are loaded into
// one layer and paired. Each of these is a file in DIR, kept by the checkpoint store
// (io/checkpoint-store.ts: written whole or not at all, its digest checked on every read,
// the folder locked), whose manifest names the count and keeps K. Run again with the same DIR, a count reads
// what is there and makes only what is missing, on as many threads as it is given.
// With `twoWays` the same middle layer is also carried on row by row to the end (as
// countSymmetricWasm counts): the layer after it in K shares (each from the middle layer,
// whole), then one layer a row, each a file too; the two counts share the layers up to
// the middle and must agree. A folder of a finished count can be given it later.
import { InputError, UsageError } from "../errors.js";
import { CheckpointStore, diskForPeople, type StoreIdentity } from "../io/checkpoint-store.js";
import { runPool } from "../workers/pool.js";
import { decodeLayerFile, encodeLayerFile, tablesKernelDigest } from "./layer-file.js";
import { durationForPeople } from "./reach.js";
import type { LayerTask } from "./layer-worker.js";
import { symLayer, symMergeShares, symMitmSum, symTotalOfLastLayer, type SymLayerPart } from "./sym-wasm.js";
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
  /** Count a second way as well, row by row from the middle layer (above); the two must agree. */
  twoWays?: boolean;
}

/** The store's state: the shares a split layer is made in, fixed when the count began. */
interface CountState {
  shares: number;
}

const classes = (n: number): string => `${n} class${n === 1 ? "" : "es"}`;

/** Where a file's layer sits in the count: its row, and its share of how many (0 of 1: whole). */
interface Place {
  row: number;
  share?: number;
  shares?: number;
}

/** The folder of one count: its files read (checked: digest, this count, the place its name says) and kept whole. */
interface Folder {
  problem: SymProblem;
  /** Shares a split layer is made in (fixed when the count began). */
  shares: number;
  options: CheckpointOptions;
  log: (line: string) => void;
  read: (file: string, place: Place) => SymLayerPart | undefined;
  keep: (file: string, part: SymLayerPart) => void;
  /** The disk the count's files take, for people. */
  disk: () => string;
}

/** What the store's manifest names a symmetric count by: the problem in canonical form and the kernel. */
export function tablesStoreIdentity(problem: SymProblem): StoreIdentity {
  return {
    counter: "count-farms",
    problem: { kind: "tables", method: "symmetric", size: problem.size, counts: [...problem.counts] },
    kernel: tablesKernelDigest(),
  };
}

/** Opens `dir` for `problem` in the checkpoint store (locked, this count's and this kernel build's). */
function openFolder(problem: SymProblem, dir: string, options: CheckpointOptions): { folder: Folder; store: CheckpointStore } {
  const { size: n, counts } = problem;
  const log = options.onLog ?? (() => {});
  const kernel = tablesKernelDigest();
  const store = CheckpointStore.open(dir, tablesStoreIdentity(problem), "count.json");
  let shares = checkpointShares(options.threads);
  const saved = store.state<CountState>();
  if (saved && Number.isSafeInteger(saved.shares) && saved.shares >= 1) {
    shares = saved.shares; // fixed when the count began, whatever the threads now
    log(`resuming from ${dir}: the middle layer in ${shares} shares, ${diskForPeople(store.diskBytes())} of files`);
  } else {
    store.commit({ shares } satisfies CountState);
  }
  const read = (file: string, place: Place): SymLayerPart | undefined => {
    if (!store.has(file)) return undefined;
    const path = `${dir}/${file}`;
    const { part } = decodeLayerFile(store.read(file), path);
    if (part.size !== n || JSON.stringify(part.counts) !== JSON.stringify(counts))
      throw new InputError("a layer of another count", { file: path }, `a layer of size ${n}, counts ${counts.join(",")}`);
    const [share, of] = [place.share ?? 0, place.shares ?? 1];
    if (part.row !== place.row || part.share !== share || part.shares !== of) {
      throw new InputError(
        `holds row ${part.row} (share ${part.share} of ${part.shares}) where its name says row ${place.row} (share ${share} of ${of})`,
        { file: path },
        "the file this count wrote under that name",
      );
    }
    return part;
  };
  const keep = (file: string, part: SymLayerPart): void => {
    store.write(file, [encodeLayerFile(part, kernel)]);
    store.commit({ shares } satisfies CountState);
  };
  return { folder: { problem, shares, options, log, read, keep, disk: () => diskForPeople(store.diskBytes()) }, store };
}

/** The layer in `file`, read from the folder, or made by `make` (`how`: said after its name), kept and said. Undefined if a count passed 128 bits. */
function savedOrMade(folder: Folder, file: string, row: number, make: () => SymLayerPart | undefined, how = ""): SymLayerPart | undefined {
  const saved = folder.read(file, { row });
  if (saved) {
    folder.log(`read ${file}: ${classes(saved.states)}`);
    return saved;
  }
  const part = make();
  if (!part) return undefined;
  folder.keep(file, part);
  folder.log(`made ${file}${how}: ${classes(part.states)}, ${folder.disk()} of files`);
  return part;
}

/** Whole layer `row` from the folder, or made from `from` (an earlier whole layer; undefined: the start) and kept. Undefined if a count passed 128 bits. */
function wholeLayer(folder: Folder, row: number, from?: SymLayerPart): SymLayerPart | undefined {
  const onLayer = from ? undefined : (made: number, rows: number, states: number) => folder.log(`layer ${made} of ${rows}: ${classes(states)}`);
  return savedOrMade(folder, `layer-${row}.bin`, row, () => symLayer(folder.problem, row, 0, 1, from, onLayer));
}

/** Whole layer `row` from the folder, or its shares (every one) merged and kept. */
function mergedLayer(folder: Folder, row: number, parts: readonly SymLayerPart[]): SymLayerPart | undefined {
  return savedOrMade(folder, `layer-${row}.bin`, row, () => symMergeShares(folder.problem, parts), ` (its ${parts.length} shares merged)`);
}

/**
 * Every share of layer `row`, each read from its file (`fileOf(i)`) or made from `from`
 * (the layer before, whole) and kept, on the folder's threads. Undefined if a count passed 128 bits.
 */
async function layerInShares(folder: Folder, row: number, from: SymLayerPart, fileOf: (share: number) => string): Promise<SymLayerPart[] | undefined> {
  const { problem, shares, options, log } = folder;
  const parts: (SymLayerPart | undefined)[] = Array.from({ length: shares }, (_, i) => folder.read(fileOf(i), { row, share: i, shares }));
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
    folder.keep(fileOf(i), part);
    parts[i] = part;
    done++; // (not inside the optional call below: without a listener its argument is never evaluated)
    const madeNow = done - readBefore;
    const eta =
      done === shares
        ? ""
        : `; about ${durationForPeople((Math.ceil((shares - done) / parallel) * (Date.now() - started)) / Math.ceil(madeNow / parallel) / 1000)} left at this rate`;
    log(`made ${fileOf(i)}: ${classes(part.states)} (${done} of ${shares} shares${eta}), ${folder.disk()} of files`);
    options.onProgress?.(done, shares);
  };
  if (options.threads <= 1 || missing.length <= 1) {
    for (const i of missing) {
      const part = symLayer(problem, row, i, shares, from);
      if (!part) return undefined;
      made(i, part);
    }
  } else {
    const tasks = missing.map((share): LayerTask => ({ problem, share, shares, row, from, memoryCapMiB: options.memoryCapMiB }));
    await runPool<LayerTask, SymLayerPart | undefined>("tables/layer-worker.js", tasks, {
      threads: Math.min(options.threads, tasks.length),
      onValue: (t, part) => made(missing[t]!, part),
    });
  }
  if (parts.some((p) => p === undefined)) return undefined;
  return parts as SymLayerPart[];
}

/**
 * The count of `problem` (nothing given; no distinctness rules, or only free ones) by the
 * symmetric method meeting in the middle, its layers kept in `dir`; with `twoWays`, also
 * row by row from the middle layer, and the two must agree (else an Error: a fault, not
 * the input's). Undefined if a count passes 128 bits (the caller counts without the
 * checkpoint then).
 */
export async function countSymmetricInFolder(problem: SymProblem, dir: string, options: CheckpointOptions): Promise<bigint | undefined> {
  const half = Math.ceil(problem.size / 2);
  if (half < 2) throw new UsageError(`--checkpoint is for tables of size 3 or more (got ${problem.size})`);
  const { folder, store } = openFolder(problem, dir, options);
  try {
    return await countInFolder(folder, dir);
  } finally {
    store.close();
  }
}

async function countInFolder(folder: Folder, dir: string): Promise<bigint | undefined> {
  const { problem, options } = folder;
  const half = Math.ceil(problem.size / 2);
  const before = wholeLayer(folder, half - 1);
  if (!before) return undefined;
  const middle = await layerInShares(folder, half, before, (i) => `share-${i}-of-${folder.shares}.bin`);
  if (!middle) return undefined;
  const paired = symMitmSum(problem, middle, before);
  if (paired === undefined || !options.twoWays) return paired;
  folder.log(`paired: ${paired}; the second way, row by row from layer ${half}:`);
  const rowByRow = await rowByRowInFolder(folder, middle);
  if (rowByRow === undefined) return undefined;
  if (rowByRow !== paired) throw new Error(`the two ways to one count disagree: paired ${paired}, row by row ${rowByRow} (${dir})`);
  folder.log(`row by row: ${rowByRow}, the same count`);
  return paired;
}

/**
 * The second way: the middle layer's shares merged into the layer whole, the next layer in
 * shares from it, then a layer a row to row n − 1, whose ways sum to the count. Each
 * layer is a file; run again, it starts from the last one there.
 */
async function rowByRowInFolder(folder: Folder, middle: readonly SymLayerPart[]): Promise<bigint | undefined> {
  const { problem } = folder;
  const n = problem.size;
  const half = Math.ceil(n / 2);
  let last: SymLayerPart | undefined;
  for (let row = n - 1; row > half && !last; row--) {
    last = folder.read(`layer-${row}.bin`, { row });
    if (last) folder.log(`read layer-${row}.bin: ${classes(last.states)}`);
  }
  if (!last) {
    last = mergedLayer(folder, half, middle);
    if (!last) return undefined;
    if (half + 1 <= n - 1) {
      // The widest step: in shares, as the middle layer was, so a stop loses a share at most.
      const next = half + 1;
      const parts = await layerInShares(folder, next, last, (i) => `layer-${next}-share-${i}-of-${folder.shares}.bin`);
      if (!parts) return undefined;
      last = mergedLayer(folder, next, parts);
      if (!last) return undefined;
    }
  }
  while (last.row < n - 1) {
    const made = wholeLayer(folder, last.row + 1, last);
    if (!made) return undefined;
    last = made;
  }
  return symTotalOfLastLayer(problem, last);
}
