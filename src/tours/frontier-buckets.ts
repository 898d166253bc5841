// Layers bounded by disk, not memory (Node only): `pen-paper count --checkpoint DIR --disk
// MiB`. Host layers (frontier-host.ts) read the whole last layer once per pass, and a
// step needs a pass per table's worth of the next layer: 8×8 directed paths (about 10⁹
// states a layer) would take a dozen passes a step. Here each step reads the last layer
// once and makes its successors once:
//   1. expand: the layer, streamed from its files through the kernel's input buffer, is
//      expanded into one table over all keys (counts of equal keys summed as they come);
//      before a piece could fill the table past half, the table is drained, its states
//      grouped by bucket (the top bits of the key's hash: 2^bits buckets) and each
//      group written to a file of its bucket. A key lands in one bucket, but in as many
//      of that bucket's files as the drains it was made between. The layer is expanded
//      in segments of whole files (about a sixteenth of it, at least half the memory
//      budget): at a segment's end the table is drained, the segment's bucket files
//      finished, the state committed, and the segment's layer files deleted, so the
//      disk holds about the larger of the last layer and the expanded buckets, not both.
//      When the next segment could pass the disk cap, buckets of several files are first
//      summed into one each (compactBuckets), so a key is on disk once, not once a drain.
//   2. sum: bucket by bucket, the bucket's files (one a segment) streamed into a table
//      of the bucket's keys alone, summed, drained into a file of the new layer, and the
//      bucket's files deleted. A bucket too large for the table is summed in passes over
//      halves of its hash range (the kernel's passes: a key's range is a function of the key).
// Every file goes through the checkpoint store (io/checkpoint-store.ts: digests checked
// on every read, atomic writes, the lock); the store's state is committed after each
// segment and after each bucket, so a count killed at any point goes on from there
// (bucket files of a segment not committed are not in the manifest's state, and go).
// The number of buckets, unless fixed: the smallest power of two (at most
// FRONTIER_MAX_BUCKETS) that gives each bucket at most a third of the summing table's
// entries, the next layer guessed as the last one times the last step's growth plus 10 %
// (docs/tours.md). A guess too low costs passes, never a wrong count.
// With keepLayers (the uniform sampler on disk, uniform-disk.ts) every finished layer is
// kept, not only the last: the state lists them all, in a folder of its own identity.
import { KernelError, UsageError } from "../errors.js";
import { canonicalJson, CheckpointStore, diskForPeople, kernelFileDigest, type StoreFileWriter } from "../io/checkpoint-store.js";
import { optionalBoolean, optionalWholeNumber, optionKeys, requiredObject, functionArgument } from "../args.js";
import { beginHostTable, hostLayerBudget, sumEntryCounts, type HostLayerFigures, type SteppingLayerStore } from "./frontier-host.js";
import type { FrontierPlan } from "./frontier-plan.js";
import type { FrontierProblem, FrontierResult } from "./frontier-ts.js";
import { hostRecords, packRecords } from "./frontier-records.js";
import { toursModule } from "./kernel.js";
import { toursConstants } from "../wasm/generated/tours.js";

const HASH_SPAN = 2 ** 32;
export const MAX_BUCKETS = toursConstants.FRONTIER_MAX_BUCKETS;

/** A step made as far as some segments of its expansion, or its expansion and some of its buckets. */
interface PendingStep {
  step: number;
  bits: number;
  /** Each bucket's files, one a segment that gave it states. */
  buckets: string[][];
  /** Segments of the last layer expanded and committed (their layer files deleted). */
  segments: number;
  /** Whether the whole last layer is expanded (then the buckets are summed). */
  expanded: boolean;
  /** Bucket bytes the last segment wrote, a byte of the layer it read (0: none yet). */
  ratio?: number;
  /** Bytes the expansion wrote (the buckets' files). */
  expandedBytes: number;
  /** Most bytes the count's files held during this step so far. */
  peakDiskBytes: number;
  /** Buckets summed into `chunks`. */
  done: number;
  chunks: string[];
  states: number;
  passes: number;
  dropped: number;
}

/** What the store's state says of a bucketed count. */
interface BucketState {
  count: Record<string, unknown>;
  wide: boolean;
  entryBytes: number;
  /** The last finished step (-1: none) and its layer's files. */
  step: number;
  layer: string[];
  stepStates: number[];
  peakStates: number;
  peakParts: number;
  droppedStates: number;
  growth: number;
  peakDiskBytes: number;
  /** Most bytes the kernel's arena held in any run of this count (absent in a folder of an older tabula). */
  peakTableBytes?: number;
  /** The disk of each finished step (absent in a store of an older tabula: no figures before it). */
  stepDisk?: StepDisk[];
  cpuSeconds: number;
  pending?: PendingStep;
  /** With keepLayers: every finished layer's files, layer 0 (the start) first; layer k + 1 is step k's. */
  layers?: string[][];
}

/** What one step of a bucketed count held on disk. */
export interface StepDisk {
  /** The step (0-based, as onCheckpoint's). */
  step: number;
  /** Bytes of the layer the step made. */
  layerBytes: number;
  /** Bytes of the bucket files its expansion wrote (the layer's states, some several times). */
  bucketBytes: number;
  /** Most bytes the count's files held during the step (the last layer, buckets, the new layer's files). */
  peakDiskBytes: number;
}

export interface DiskBucketsOptions {
  /** Most MiB the count's files may take (default: no cap but the disk's). */
  diskCapMiB?: number;
  /** Buckets a step, a power of two from 1 to FRONTIER_MAX_BUCKETS (default: chosen each step from the memory cap). */
  buckets?: number;
  /** Hears where a count goes on from (the last finished step, CPU seconds before this run). */
  onResume?: (step: number, cpuSeconds: number) => void;
  /** Hears why the count begins again from the start (a line, no newline). */
  onRestart?: (why: string) => void;
  /**
   * Hears each checkpoint written: step k (0-based) expanded into its buckets, some of its
   * buckets summed, or finished. Called synchronously; an exception thrown here stops the
   * count there, as a killed process would (tests).
   */
  onCheckpoint?: (step: number, phase: CheckpointPhase) => void;
  /** Keeps every step's layer, not only the last (the uniform sampler's backward pass reads them all: uniform-disk.ts); a folder of its own. */
  keepLayers?: boolean;
}

/**
 * What a checkpoint of a bucketed count holds: a segment of a step's expansion (its layer
 * files deleted), a bucket's files summed into one between segments (to stay under the
 * disk cap), the step expanded, some of its buckets summed, or the step finished.
 */
export type CheckpointPhase = "expanding" | "merged" | "expanded" | "summed" | "finished";

const OPTION_KEYS = optionKeys<DiskBucketsOptions>({ diskCapMiB: true, buckets: true, onResume: true, onRestart: true, onCheckpoint: true, keepLayers: true });

/** The bucketed store, with what the CLI reports of it. */
export interface DiskBuckets extends SteppingLayerStore {
  cpuSeconds(): number;
  diskBytes(): number;
  /** The disk of each step finished so far, in all runs (empty for steps an older tabula made). */
  stepDisk(): StepDisk[];
  close(): void;
  /** The folder's store (the uniform sampler keeps its own files and state in it after the count). */
  readonly store: CheckpointStore;
  /** The most MiB its files may take (undefined: no cap). */
  readonly diskCapMiB: number | undefined;
}

/**
 * A count with bucketed layers kept in `dir` (created if missing) for the count `problem`
 * names (canonical, as canonicalFrontierProblem gives it), resumable: see the top of this
 * file. The folder is locked until `close()` or the end of the process.
 */
export function diskBuckets(dir: string, problem: Readonly<Record<string, unknown>>, options: DiskBucketsOptions = {}): DiskBuckets {
  const opts = requiredObject<DiskBucketsOptions>(options, "options", OPTION_KEYS);
  const capMiB = optionalWholeNumber(opts.diskCapMiB, "diskCapMiB", 1);
  const fixed = optionalWholeNumber(opts.buckets, "buckets", 1, MAX_BUCKETS);
  if (fixed !== undefined && (fixed & (fixed - 1)) !== 0) throw new UsageError(`buckets must be a power of two from 1 to ${MAX_BUCKETS}, got ${fixed}`);
  const onResume = opts.onResume === undefined ? undefined : functionArgument<NonNullable<DiskBucketsOptions["onResume"]>>(opts.onResume, "onResume");
  const onRestart = opts.onRestart === undefined ? undefined : functionArgument<NonNullable<DiskBucketsOptions["onRestart"]>>(opts.onRestart, "onRestart");
  const onCheckpoint =
    opts.onCheckpoint === undefined ? undefined : functionArgument<NonNullable<DiskBucketsOptions["onCheckpoint"]>>(opts.onCheckpoint, "onCheckpoint");
  const keepLayers = optionalBoolean(opts.keepLayers, "keepLayers") ?? false;
  const store = CheckpointStore.open(dir, {
    counter: "pen-paper count",
    problem: { ...problem, layers: keepLayers ? "all" : "buckets" },
    kernel: kernelFileDigest(new URL("../../build/tours.wasm", import.meta.url)),
  });
  const capBytes = capMiB === undefined ? Infinity : capMiB * 2 ** 20;
  if (store.diskBytes() > capBytes) {
    store.close();
    throw new UsageError(
      `${dir}: the count's files take ${diskForPeople(store.diskBytes())} already, more than --disk ${capMiB} MiB; give a larger --disk to go on from them`,
    );
  }
  const started = process.cpuUsage();
  let cpuBefore = 0;
  const cpuSeconds = (): number => {
    const used = process.cpuUsage(started);
    return cpuBefore + (used.user + used.system) / 1e6;
  };
  return {
    kind: "buckets",
    wideCounts: () => store.state<BucketState>()?.wide === true,
    count: (plan, frontierProblem, arenaBytes, wide, onStep, identity) => {
      const files: BucketFiles = {
        store,
        dir,
        capMiB,
        capBytes,
        fixedBits: fixed === undefined ? undefined : Math.log2(fixed),
        cpuSeconds,
        setCpuBefore: (s) => (cpuBefore = s),
        keepLayers,
        ...(onResume ? { onResume } : {}),
        ...(onRestart ? { onRestart } : {}),
        ...(onCheckpoint ? { onCheckpoint } : {}),
      };
      return countInBuckets(plan, frontierProblem, arenaBytes, wide, onStep, files, identity);
    },
    cpuSeconds,
    diskBytes: () => store.diskBytes(),
    stepDisk: () => [...(store.state<BucketState>()?.stepDisk ?? [])],
    close: () => store.close(),
    store,
    diskCapMiB: capMiB,
  };
}

/** What countInBuckets is given of the store. */
interface BucketFiles {
  store: CheckpointStore;
  dir: string;
  capMiB: number | undefined;
  capBytes: number;
  fixedBits: number | undefined;
  cpuSeconds(): number;
  setCpuBefore(seconds: number): void;
  keepLayers: boolean;
  onResume?: (step: number, cpuSeconds: number) => void;
  onRestart?: (why: string) => void;
  onCheckpoint?: (step: number, phase: CheckpointPhase) => void;
}

/** Most successors one state can have at step k: the new square joined to none, one or two of its earlier neighbours. */
function mostSuccessors(plan: FrontierPlan, k: number): number {
  const o = plan.adj[k]!.filter((y) => y < k).length;
  return 1 + o + (o * (o - 1)) / 2;
}

/** The count on the kernel (the graph given as for host layers) with its layers in bucketed files: see the top of this file. */
function countInBuckets(
  plan: FrontierPlan,
  problem: FrontierProblem,
  arenaBytes: number,
  wide: boolean,
  onStep: ((step: number, states: number, passes: number) => void) | undefined,
  files: BucketFiles,
  identity: Readonly<Record<string, unknown>>,
): FrontierResult & HostLayerFigures {
  if ((problem.parts ?? 1) > 1) throw new UsageError("a count in bucket files (--disk) is a whole count: not with --shard");
  const { store } = files;
  const kernel = toursModule.exports;
  const budget = hostLayerBudget(arenaBytes);
  const cycles = problem.mode === "cycles";
  const hostTable = beginHostTable(cycles, plan.width, budget, 1024);
  const { entryBytes: E, inputStates, capacity, input, appendSplit } = hostTable;
  const countOffset = E - (wide ? 16 : 8);
  const bytesOf = (names: readonly string[]): number => names.reduce((sum, name) => sum + store.bytesOf(name), 0);
  // The input buffer's first half takes the entries of a piece, its second the records read (frontier-records.ts).
  const entriesMost = inputStates >> 1;
  const { stream, pack } = hostRecords(store, hostTable, entriesMost * E);
  /** Mean bytes of a record of step k's layer (the files' sizes say how many states they hold). */
  const recordBytes = (k: number): number => {
    const disk = state.stepDisk?.find((s) => s.step === k);
    return disk && state.stepStates[k] ? disk.layerBytes / state.stepStates[k]! : E;
  };

  let state = begin(files, { ...identity, entryBytes: E, wide, layers: "buckets", records: "packed" });
  let peakDisk = Math.max(state.peakDiskBytes, store.diskBytes());
  // The arena's peak of earlier runs too: a resumed count's figures are the whole count's.
  const tablePeak = (): number => Math.max(state.peakTableBytes ?? 0, Number(kernel.frontierPeakBytes()));
  let stepPeak = Math.max(state.pending?.peakDiskBytes ?? 0, store.diskBytes()); // the step's own
  const open = new Set<StoreFileWriter>(); // files being written: their bytes count against the cap
  const held = (): number => [...open].reduce((sum, w) => sum + w.bytes, store.diskBytes());
  const room = (bytes: number, k: number): void => {
    const now = held();
    if (now + bytes > files.capBytes) {
      throw new UsageError(
        `the count needs more disk than --disk ${files.capMiB} MiB: at step ${k + 1} of ${plan.size} its files in ${files.dir} held ${diskForPeople(now)} and ${diskForPeople(bytes)} more were to be written; its checkpoint is kept: run again with a larger --disk to go on`,
      );
    }
    peakDisk = Math.max(peakDisk, now + bytes);
    stepPeak = Math.max(stepPeak, now + bytes);
  };
  const writer = (name: string): StoreFileWriter => {
    const w = store.writer(name);
    open.add(w);
    return w;
  };
  const finish = (w: StoreFileWriter): void => {
    w.finish();
    open.delete(w);
  };
  const commit = (next: BucketState, keep: readonly string[], phase?: CheckpointPhase): void => {
    state = { ...next, peakDiskBytes: peakDisk, cpuSeconds: files.cpuSeconds() };
    store.commit(state, [...keep, ...(next.layers ?? []).flat()]);
    if (phase) files.onCheckpoint?.(next.pending?.step ?? next.step, phase);
  };

  try {
    if (state.step < 0 && !state.pending) {
      // The start: one empty state with count 1.
      const start = new Uint8Array(E);
      new DataView(start.buffer).setBigUint64(countOffset, 1n, true);
      const records = packRecords(start, E);
      room(records.length, 0);
      store.write("start.bin", [records]);
      commit({ ...state, layer: ["start.bin"], ...(files.keepLayers ? { layers: [["start.bin"]] } : {}) }, ["start.bin"]);
    }
    for (let k = state.step + 1; k < plan.size; k++) {
      kernel.frontierHostStepBegin(k);
      if (!state.pending) stepPeak = store.diskBytes();
      let pending = state.pending;
      if (!pending?.expanded) pending = expand(k, pending);
      pending = sumBuckets(k, pending);
      const before = k === 0 ? 1 : state.stepStates[k - 1]!;
      kernel.frontierHostStepEnd(before, pending.states);
      commit(
        {
          ...state,
          step: k,
          layer: pending.chunks,
          pending: undefined,
          stepStates: [...state.stepStates, pending.states],
          growth: before > 0 ? pending.states / before : 1,
          peakStates: Math.max(state.peakStates, pending.states),
          peakParts: Math.max(state.peakParts, pending.passes),
          droppedStates: state.droppedStates + pending.dropped,
          peakTableBytes: tablePeak(),
          stepDisk: [...(state.stepDisk ?? []), { step: k, layerBytes: bytesOf(pending.chunks), bucketBytes: pending.expandedBytes, peakDiskBytes: stepPeak }],
          ...(state.layers ? { layers: [...state.layers, pending.chunks] } : {}),
        },
        pending.chunks,
        "finished",
      );
      onStep?.(k, pending.states, pending.passes);
    }
  } finally {
    for (const w of open) w.abandon();
  }

  let count = 0n;
  stream(state.layer, entriesMost, (n) => {
    count += sumEntryCounts(input(n * E), E, countOffset, wide);
    return true;
  });
  if (count >= 1n << 128n) throw new KernelError("tours", "limit-exceeded", "a count passed 2^128");
  return {
    count,
    peakStates: state.peakStates,
    splitStep: -1,
    peakBytes: tablePeak() + peakDisk,
    peakLayerBytes: peakDisk,
    entryBytes: E,
    peakParts: state.peakParts,
    stepStates: state.stepStates,
    droppedStates: state.droppedStates,
  };

  /**
   * Step k's expansion, from where `resumed` left it: the last layer read once, in segments of
   * whole files, its successors written to a file per bucket and segment; each segment
   * committed and its layer files deleted (see the top of this file).
   */
  function expand(k: number, resumed: PendingStep | undefined): PendingStep {
    const states = state.stepStates[k - 1] ?? 1;
    const guess = Math.max(1024, states * Math.max(1, state.growth) * 1.1);
    const bits = resumed?.bits ?? files.fixedBits ?? Math.min(Math.log2(MAX_BUCKETS), Math.max(0, Math.ceil(Math.log2(guess / (capacity / 3)))));
    let pending: PendingStep = resumed ?? {
      step: k,
      bits,
      buckets: Array.from({ length: 2 ** bits }, () => []),
      segments: 0,
      expanded: false,
      expandedBytes: 0,
      peakDiskBytes: 0,
      done: 0,
      chunks: [],
      states: 0,
      passes: 0,
      dropped: 0,
    };
    // A segment: at least a sixteenth of the layer (files per bucket stay few) and half the
    // budget (a segment fills the table about once: its closing drain adds few copies of a key).
    const mean = recordBytes(k - 1);
    const segmentBytes = Math.max(Math.ceil((states * mean) / 16), Math.floor(((budget / 2) * mean) / E));
    const most = mostSuccessors(plan, k);
    // The table is sized to the guess (clearing one costs its whole size) and doubled, up
    // to the cap, each time it had to be drained: fewer drains, fewer copies of a key.
    let table = Math.min(capacity, Math.max(4 * most, 4096, Math.ceil(guess / 0.5)));
    let piece = 1;
    let dropped = pending.dropped;
    let writers: (StoreFileWriter | undefined)[] = [];
    let names: string[] = [];
    const emptyTable = (): void => {
      if (kernel.frontierHostPass(0n, BigInt(HASH_SPAN), table) === 0)
        throw new KernelError("tours", "invariant-broken", "the expansion's table does not fit its cap");
      // Pieces of a sixteenth of the table's successors at most: the table is drained when the
      // next could take it past half, so it is drained at 7/16 full or more, not a quarter.
      piece = Math.max(1, Math.min(inputStates, Math.floor(table / 16 / most)));
    };
    const drain = (): void => {
      dropped += Number(kernel.frontierHostPruned());
      const n = kernel.frontierHostDrain();
      if (n > 0) {
        const at = kernel.frontierDiskSplit(n, bits) >>> 0;
        room(kernel.frontierDiskBucketOffset(2 ** bits), k);
        appendSplit(at, writers.length, (b) => (writers[b] ??= writer(names[b]!)));
      }
    };
    const beginSegment = (): void => {
      const s = String(pending.segments).padStart(3, "0");
      names = pending.buckets.map((_, b) => `step-${k}.bucket-${String(b).padStart(4, "0")}.segment-${s}.bin`);
      writers = names.map(() => undefined);
      store.pend(names);
      emptyTable();
    };
    /** Ends the segment that read the layer's first `read` files: its buckets finished, committed, those files deleted. */
    const endSegment = (read: number): void => {
      drain();
      const ratio = writers.reduce((sum, w) => sum + (w?.bytes ?? 0), 0) / Math.max(1, segment);
      const buckets = pending.buckets.map((list, b) => {
        const w = writers[b];
        if (!w) return list;
        finish(w);
        return [...list, names[b]!];
      });
      const layer = state.layer.slice(read);
      const expanded = layer.length === 0;
      const bucketFiles = buckets.flat();
      pending = { ...pending, buckets, segments: pending.segments + 1, expanded, ratio, dropped, expandedBytes: bytesOf(bucketFiles), peakDiskBytes: stepPeak };
      commit({ ...state, layer, pending }, [...layer, ...bucketFiles], expanded ? "expanded" : "expanding");
    };
    // Pieces of at most a sixteenth of the table's successors: a piece is drained first if
    // its successors (at most `most` a state) could take the table past half.
    const pieces = (n: number): boolean => {
      if (kernel.frontierHostTableStates() + n * most > table / 2) {
        drain();
        table = Math.min(capacity, table * 2);
        emptyTable();
      }
      if (kernel.frontierHostExpand(n) === 0) throw new KernelError("tours", "invariant-broken", "the expansion's table filled past its load");
      return true;
    };
    let segment = 0; // bytes of the layer read in this segment
    /** Bytes of the layer files the next segment reads. */
    const nextSegmentBytes = (): number => {
      let bytes = 0;
      for (const name of state.layer) if (bytes < segmentBytes) bytes += store.bytesOf(name);
      return bytes;
    };
    /** Merges the buckets' files when the next segment, writing as the last did, could pass the cap. */
    // (Room for two segments once merging: merges every other segment at most, not every one.)
    const compactIfNeeded = (): void => {
      const next = nextSegmentBytes() * (pending.ratio ?? 0);
      if (files.capBytes < Infinity && held() + next > files.capBytes) pending = compactBuckets(k, pending, 2 * next);
    };
    compactIfNeeded(); // (a count resumed between segments: as the run before it would have)
    beginSegment();
    for (let f = 0; ;) {
      const name = state.layer[f];
      if (name === undefined || segment >= segmentBytes) {
        // (state.layer loses the segment's files at its commit: the next file is state.layer[0].)
        endSegment(f);
        if (pending.expanded) break;
        compactIfNeeded();
        beginSegment();
        f = 0;
        segment = 0;
        continue;
      }
      // Read in pieces as large as the table takes now (it may grow within a file).
      stream([name], entriesMost, (n) => {
        for (let t = 0, m = 0; t < n; t += m) {
          m = Math.min(piece, n - t); // (piece grows with the table)
          if (t > 0) input(n * E).copyWithin(0, t * E, (t + m) * E);
          pieces(m);
        }
        return true;
      });
      segment += store.bytesOf(name);
      f++;
    }
    return pending;
  }

  /**
   * Sums the files `names` of bucket b (its keys' hashes in [b, b + 1) · 2^rangeBits) in
   * the kernel's table, in passes over halves of that range when one table cannot hold
   * them; after each pass `out(records, n)` is given its n states packed as records, in
   * parts (room for them on disk checked). Returns the passes.
   */
  function sumBucket(k: number, names: readonly string[], b: number, rangeBits: number, out: (records: Uint8Array, n: number) => void): number {
    // (A bucket's records hold counts of one expansion, shorter than the layer's: 3/4 of its mean bytes a record guesses high.)
    const entries = bytesOf(names) / Math.max(1, 0.75 * recordBytes(k - 1));
    const end = (b + 1) * 2 ** rangeBits;
    let passes = 0;
    for (let lo = b * 2 ** rangeBits; lo < end;) {
      let width = end - lo;
      let table = Math.min(capacity, Math.max(1024, Math.ceil(entries / 0.5)));
      for (;;) {
        if (kernel.frontierHostPass(BigInt(lo), BigInt(width), table) === 0)
          throw new KernelError("tours", "invariant-broken", "the bucket's table does not fit its cap");
        if (stream(names, entriesMost, (n) => kernel.frontierDiskSum(n) !== 0)) break;
        // More states than the table holds: a table twice as large if it fits, else half the range.
        if (table * 2 <= capacity) table *= 2;
        else if (table < capacity) table = capacity;
        else if (width > 1) width = Math.floor(width / 2);
        else throw new KernelError("tours", "limit-exceeded", `more than ${capacity} states of step ${k + 1} share one hash range; raise --memory`);
      }
      const n = kernel.frontierHostDrain();
      pack(kernel.frontierHostTable() >>> 0, n, (records, m) => {
        room(records.length, k);
        out(records, m);
      });
      passes++;
      lo += width;
    }
    return passes;
  }

  /**
   * Between two segments of step k's expansion, when the next could take the files past
   * the disk cap: buckets of several files summed into one each (a key made in several
   * drains is then on disk once, with its counts so far), those of the most files first,
   * until `room` bytes more would fit under the cap; committed bucket by bucket, their
   * files deleted. The count is the same: the sum phase adds what later segments make.
   */
  function compactBuckets(k: number, start: PendingStep, room: number): PendingStep {
    let pending = start;
    const rangeBits = 32 - pending.bits;
    const order = pending.buckets
      .map((names, b) => ({ b, files: names.length, bytes: bytesOf(names) }))
      .filter((x) => x.files > 1)
      .sort((x, y) => y.files - x.files || y.bytes - x.bytes || x.b - y.b);
    for (const { b } of order) {
      if (held() + room <= files.capBytes) break;
      const name = `step-${k}.bucket-${String(b).padStart(4, "0")}.merged-${String(pending.segments).padStart(3, "0")}.bin`;
      store.pend([name]);
      let merged: StoreFileWriter | undefined;
      sumBucket(k, pending.buckets[b]!, b, rangeBits, (records) => (merged ??= writer(name)).append(records));
      if (merged) finish(merged);
      const buckets = pending.buckets.map((list, c) => (c === b ? (merged ? [name] : []) : list));
      pending = { ...pending, buckets, expandedBytes: bytesOf(buckets.flat()), peakDiskBytes: stepPeak };
      commit({ ...state, pending }, [...state.layer, ...buckets.flat()], "merged");
    }
    return pending;
  }

  /**
   * Sums step k's buckets from `pending.done` on into files of the new layer: a file is
   * finished, and the buckets it holds deleted, once it holds a sixteenth of the expanded
   * bytes (so the disk holds at most the buckets left and a sixteenth more) and a quarter
   * of the memory budget (64 MiB at most: fewer, larger files for small steps), or at the end.
   */
  function sumBuckets(k: number, start: PendingStep): PendingStep {
    let pending = start;
    const rangeBits = 32 - pending.bits;
    const chunkBytes = Math.max(E, Math.ceil(pending.expandedBytes / 16), Math.min(2 ** 26, Math.floor(((budget / 4) * recordBytes(k - 1)) / E)));
    let chunk: StoreFileWriter | undefined;
    let chunkName = "";
    let { states, passes } = pending;
    const chunks = [...pending.chunks];
    const close = (done: number): void => {
      if (chunk) {
        finish(chunk);
        chunks.push(chunkName);
        chunk = undefined;
      }
      pending = { ...pending, done, chunks: [...chunks], states, passes, peakDiskBytes: stepPeak };
      commit({ ...state, pending }, [...pending.buckets.slice(done).flat(), ...chunks], "summed");
    };
    for (let b = pending.done; b < pending.buckets.length; b++) {
      const names = pending.buckets[b]!;
      if (names.length === 0) continue;
      passes += sumBucket(k, names, b, rangeBits, (records, n) => {
        if (!chunk) {
          chunkName = `step-${k}.chunk-${String(chunks.length).padStart(5, "0")}.bin`;
          chunk = writer(chunkName);
        }
        chunk.append(records);
        states += n;
      });
      if (chunk && chunk.bytes >= chunkBytes) close(b + 1);
    }
    close(pending.buckets.length);
    return pending;
  }
}

/**
 * The store's state for this count: the saved one to go on from (the kernel's frontier
 * replayed up to its last finished step), or a new one in an emptied folder.
 */
function begin(files: BucketFiles, identity: Record<string, unknown>): BucketState {
  const { store, dir } = files;
  const { wide, entryBytes, ...count } = identity as { wide: boolean; entryBytes: number };
  const saved = store.state<BucketState>();
  if (saved && canonicalJson(saved.count) !== canonicalJson(count)) {
    throw new UsageError(
      `${dir} holds the checkpoint of the same problem counted another way (another order of the squares); give an empty folder or that count's`,
    );
  }
  if (saved && saved.wide && !wide) throw new Error("a count in 128 bits resumed in 64 (the caller asks wideCounts first)");
  if (saved?.pending) saved.pending = currentPending(saved.pending);
  const kept = saved
    ? [
        ...saved.layer,
        ...(saved.layers ?? []).flat(),
        ...(saved.pending ? [...saved.pending.buckets.slice(saved.pending.done).flat(), ...saved.pending.chunks] : []),
      ]
    : [];
  const lost = kept.find((name) => !store.has(name));
  if (saved && wide && !saved.wide) {
    files.onRestart?.(`a count passed 2^64: its 64-bit files in ${dir} removed, counting again from the start in 128-bit counts`);
  } else if (lost !== undefined) {
    files.onRestart?.(`${dir}: ${lost} of the last checkpoint is gone: counting again from the start`);
  } else if (saved && saved.entryBytes === entryBytes && (saved.step >= 0 || saved.pending)) {
    store.retain(kept); // the files of a step or bucket that did not finish
    files.setCpuBefore(saved.cpuSeconds);
    files.onResume?.(saved.step, saved.cpuSeconds);
    // The kernel's frontier after each step comes from the graph alone: replay the steps done.
    const kernel = toursModule.exports;
    for (let k = 0; k <= saved.step; k++) {
      kernel.frontierHostStepBegin(k);
      kernel.frontierHostStepEnd(k === 0 ? 1 : saved.stepStates[k - 1]!, saved.stepStates[k]!);
    }
    return saved;
  }
  const fresh: BucketState = {
    count,
    wide,
    entryBytes,
    step: -1,
    layer: [],
    stepStates: [],
    peakStates: 1,
    peakParts: 1,
    droppedStates: 0,
    growth: 1,
    peakDiskBytes: 0,
    cpuSeconds: 0,
  };
  store.reset(fresh);
  return fresh;
}

/** A pending step as saved: one of this tabula, or of one that wrote a file a bucket (its expansion whole, committed once). */
function currentPending(saved: PendingStep): PendingStep {
  const buckets = saved.buckets as (string[] | string)[];
  if (buckets.every((b) => Array.isArray(b))) return saved;
  return {
    ...saved,
    buckets: buckets.map((name) => (typeof name === "string" ? (name === "" ? [] : [name]) : name)),
    segments: 1,
    expanded: true,
    peakDiskBytes: 0,
  };
}
