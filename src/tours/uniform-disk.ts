// Exactly uniform tours from the counter's own layers on disk (Node only): `pen-paper
// sample --checkpoint DIR [--disk MiB] [--memory MiB]`. The same draw as uniform.ts (the
// same seed gives the same tour), for boards whose layers outgrow memory:
//   1. forward: the count in bucket files (frontier-buckets.ts), every step's layer kept;
//   2. backward, in the kernel, one layer at a time from the last: layer k + 1's ways
//      onward loaded into the kernel's table, layer k streamed through the input buffer
//      and expanded, each successor looked up, the live states kept as (key, ways)
//      entries in the count's layout (64- or 128-bit as the count), dead ones dropped,
//      written to files by bucket (the top bits of the key's hash); layer k's forward
//      files are then let go;
//   3. a draw walks forward as uniform.ts does, looking each successor up in the one
//      bucket file its key hashes to: a small part of each layer is read, never a whole one.
// Every file is the checkpoint store's (io/checkpoint-store.ts: digest checked on every
// read, atomic writes, the lock); the state is committed after every forward checkpoint
// and every backward layer, so a run killed at any point goes on from there, and a
// folder whose ways are all written draws at once.
import { functionArgument, optionalWholeNumber, optionKeys, requiredObject } from "../args.js";
import { KernelError, UsageError } from "../errors.js";
import { diskForPeople, type StoreFileWriter } from "../io/checkpoint-store.js";
import { diskBuckets, type CheckpointPhase, type DiskBuckets } from "./frontier-buckets.js";
import { beginHostTable, hostLayerBudget, sumEntryCounts } from "./frontier-host.js";
import { hostRecords, unpackRecords } from "./frontier-records.js";
import type { FrontierPlan } from "./frontier-plan.js";
import { START_KEY, type FrontierProblem } from "./frontier-ts.js";
import { canonicalFrontierProblem, countHamiltonianIn, giveKernelTheGraph } from "./frontier.js";
import { toursModule } from "./kernel.js";
import { PEN_PAPER_LEAPERS, type Leaper } from "./leapers.js";
import { buildTourLayers, samplerOf, uniformBoard, type TourLayers, type UniformTourSampler, type WaysOnward } from "./uniform.js";
import { codeBits } from "./uniform-kernel.js";

const HASH_SPAN = 2 ** 32;
/** A layer's ways go to files of about this many bytes (at most 256 a layer): what a draw reads of a layer per lookup. */
const BUCKET_BYTES = 2 ** 20;
/** Bytes of bucket files a sampler keeps read (and checked) for the next draws. */
const CACHE_BYTES = 2 ** 28;

export interface UniformDiskOptions {
  rows: number;
  cols: number;
  /** Leapers (default: the pen-and-paper set (0,3)+(2,2)). */
  moves?: readonly Leaper[];
  /** Closed tours (Hamiltonian cycles); otherwise open tours (Hamiltonian paths). */
  closed?: boolean;
  /** The folder of the layers (created if missing): run again with it to go on, or to draw at once once it is whole. */
  checkpoint: string;
  /** Most MiB its files may take (default: no cap but the disk's); past it, a UsageError with the checkpoint kept. */
  diskCapMiB?: number;
  /** The kernel's cap on its input buffer and table, in MiB (default 2048; at most 4096): one layer's ways must fit its table. */
  memoryCapMiB?: number;
  /**
   * Hears each finished step: forward (the count, steps 1 to squares) or backward (layer
   * k's ways written, k from squares down to 0), with its states, the bytes of the
   * folder's files and the CPU seconds of both passes over every run.
   */
  onProgress?: (phase: "forward" | "backward", step: number, steps: number, states: number, figures: { diskBytes: number; cpuSeconds: number }) => void;
  /** Hears where a run goes on from (a line, no newline). */
  onResume?: (line: string) => void;
  /**
   * Hears each checkpoint written: the count's (frontier-buckets.ts's phases, step k
   * 0-based) or "ways" (layer k's ways written). An exception thrown here stops the run
   * there, as a killed process would (tests).
   */
  onCheckpoint?: (phase: CheckpointPhase | "ways", step: number) => void;
}

const DISK_KEYS = optionKeys<UniformDiskOptions>({
  rows: true,
  cols: true,
  moves: true,
  closed: true,
  checkpoint: true,
  diskCapMiB: true,
  memoryCapMiB: true,
  onProgress: true,
  onResume: true,
  onCheckpoint: true,
});

/** A sampler drawing from files, with what they cost. */
export interface DiskTourSampler extends UniformTourSampler {
  /** Bytes of the folder's files now (the ways of every layer). */
  diskBytes(): number;
  /** CPU seconds the forward and backward passes took, over every run. */
  cpuSeconds: number;
  /** Gives up the folder's lock (also done when the process exits). */
  close(): void;
}

/** What the backward pass keeps in the store's state, beside the count's. */
interface WaysState {
  /** The lowest layer whose ways are written: layers from it to the last have files (squares + 1: none yet). */
  from: number;
  /** Per layer: its bucket files ("" for an empty bucket), the bits of its buckets, its live states. */
  files: string[][];
  bits: number[];
  states: number[];
  /** The forward pass's count (the last layer's counts summed), a decimal string: the start's ways must equal it. */
  count: string;
  /** CPU seconds of the backward pass, every run. */
  cpuSeconds: number;
}

/** The count's state (frontier-buckets.ts) as far as this module reads it. */
interface SamplerState {
  wide: boolean;
  entryBytes: number;
  step: number;
  stepStates: number[];
  peakStates: number;
  cpuSeconds: number;
  layers?: string[][];
  ways?: WaysState;
}

/**
 * A sampler of exactly uniform tours drawn from layers kept on disk in `checkpoint` (the
 * draw of uniformTourSampler, tour for tour for the same seed, for boards past memory):
 * the count and the ways onward are computed once, resumably; a second sampler on the
 * same folder draws at once. Node only. Close it (or let the process end) to give up the
 * folder's lock.
 *
 * @param options `rows`, `cols`, leaper `moves`, `closed`, the `checkpoint` folder, `diskCapMiB`, `memoryCapMiB`
 * @example
 * ```ts
 * import { mkdtempSync, rmSync } from "node:fs";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { uniformTourSamplerOnDisk } from "tabula-grids";
 *
 * const checkpoint = mkdtempSync(join(tmpdir(), "tours-")); // keep it to draw again at once
 * const sampler = uniformTourSamplerOnDisk({ rows: 5, cols: 5, closed: true, checkpoint });
 * sampler.count; // 48n closed pen-and-paper tours
 * const [grid] = sampler.samples(1, 7); // the tour uniformTourSampler draws for seed 7
 * sampler.close();
 * rmSync(checkpoint, { recursive: true });
 * grid.length; // 25
 * ```
 */
export function uniformTourSamplerOnDisk(options: UniformDiskOptions): DiskTourSampler {
  const layers = diskTourLayers(options);
  try {
    const sampler = samplerOf(layers, options.moves ?? PEN_PAPER_LEAPERS);
    return { ...sampler, diskBytes: layers.diskBytes, cpuSeconds: layers.cpuSeconds, close: layers.close };
  } catch (error) {
    layers.close();
    throw error;
  }
}

/** The layers of a draw on disk (uniform-disk.ts's top), with the folder's figures; close() gives up its lock. */
export interface DiskTourLayers extends TourLayers {
  diskBytes(): number;
  cpuSeconds: number;
  close(): void;
}

/** Tests only: sets (or with undefined clears) the bytes a ways bucket file aims at (many buckets on small boards). */
let testBucketBytes: number | undefined;
export function setWaysBucketBytesForTests(bytes: number | undefined): void {
  testBucketBytes = bytes;
}

/** The layers of uniformTourSamplerOnDisk, made or read in the folder. Internal (and the tests' walk over every tour). */
export function diskTourLayers(options: UniformDiskOptions): DiskTourLayers {
  const opts = requiredObject<UniformDiskOptions>(options, "options", DISK_KEYS);
  const { rows, cols, moves, closed, plan, steps } = uniformBoard(opts);
  if (typeof opts.checkpoint !== "string" || opts.checkpoint === "")
    throw new UsageError("checkpoint: expected a folder for the layers' files (a non-empty string)");
  const diskCapMiB = optionalWholeNumber(opts.diskCapMiB, "diskCapMiB", 1);
  const memoryCapMiB = optionalWholeNumber(opts.memoryCapMiB, "memoryCapMiB", 1, toursModule.constant("MEMORY_CAP_PAGES") / 16);
  const hook = <T extends (...args: never[]) => unknown>(value: unknown, name: string): T | undefined =>
    value === undefined ? undefined : functionArgument<T>(value, name);
  const onProgress = hook<NonNullable<UniformDiskOptions["onProgress"]>>(opts.onProgress, "onProgress");
  const onResume = hook<NonNullable<UniformDiskOptions["onResume"]>>(opts.onResume, "onResume");
  const onCheckpoint = hook<NonNullable<UniformDiskOptions["onCheckpoint"]>>(opts.onCheckpoint, "onCheckpoint");
  if (plan.size < 3) {
    // (Fewer than 3 squares: no layers to keep; the counter is not asked, as in memory.)
    return { ...buildTourLayers({ rows, cols, moves, closed }), diskBytes: () => 0, cpuSeconds: 0, close: () => {} };
  }
  const dir = opts.checkpoint;
  const buckets = diskBuckets(
    dir,
    { ...canonicalFrontierProblem({ rows, cols, moves, closed }) },
    {
      keepLayers: true,
      ...(diskCapMiB !== undefined ? { diskCapMiB } : {}),
      onResume: (step, cpu) => onResume?.(`resuming from ${dir}: step ${step + 1} of ${plan.size} counted, ${cpu.toFixed(0)} s of CPU before this run`),
      ...(onResume ? { onRestart: onResume } : {}),
      onCheckpoint: (step, phase) => onCheckpoint?.(phase, step),
    },
  );
  try {
    const { store } = buckets;
    let state = store.state<SamplerState>();
    if (state?.ways === undefined) {
      const order: number[] = [];
      plan.stepOf.forEach((k, square) => (order[k] = square));
      const forwardStep =
        onProgress &&
        ((step: number, all: number, states: number) =>
          onProgress("forward", step, all, states, { diskBytes: buckets.diskBytes(), cpuSeconds: buckets.cpuSeconds() }));
      countHamiltonianIn(
        { rows, cols, moves, closed, order, ...(memoryCapMiB ? { memoryCapMiB } : {}), ...(forwardStep ? { onProgress: forwardStep } : {}) },
        buckets,
      );
      state = store.state<SamplerState>()!;
    } else if (state.ways.from > 0) {
      onResume?.(
        `resuming from ${dir}: the ways onward of layers ${state.ways.from} to ${plan.size} written, ${(state.cpuSeconds + state.ways.cpuSeconds).toFixed(0)} s of CPU before this run`,
      );
    }
    const ways = state.ways?.from === 0 ? state.ways : backward(buckets, state, plan, closed, memoryCapMiB, { onProgress, onCheckpoint });
    const E = state.entryBytes;
    const keyWords = E / 8 - (state.wide ? 2 : 1);
    const cache = new Map<string, Uint8Array>();
    let cached = 0;
    const read = (name: string): Uint8Array => {
      let bytes = cache.get(name);
      if (bytes) {
        cache.delete(name); // (moved to the end: the least recently read go first)
        cache.set(name, bytes);
        return bytes;
      }
      bytes = unpackRecords(store.read(name), E, name);
      cached += bytes.length;
      for (const [old, b] of cache) {
        if (cached <= CACHE_BYTES) break;
        cache.delete(old);
        cached -= b.length;
      }
      cache.set(name, bytes);
      return bytes;
    };
    const bits = codeBits(plan.width);
    const onward: WaysOnward[] = ways.files.map((names, k) => ({
      get: (key) => lookUp(read, names, ways.bits[k]!, packKey(key, closed, bits, keyWords), E, state.wide),
    }));
    const count = lookUp(read, ways.files[0]!, ways.bits[0]!, packKey(START_KEY, closed, bits, keyWords), E, state.wide) ?? 0n;
    if (count !== BigInt(ways.count))
      throw new KernelError("tours", "invariant-broken", `uniform tours on disk: the forward pass counted ${ways.count}, the backward ${count}`);
    return {
      plan,
      closed,
      steps,
      onward,
      count,
      heldStates: 1 + state.stepStates.reduce((sum, n) => sum + n, 0),
      keptStates: ways.states.reduce((sum, n) => sum + n, 0),
      peakStates: state.peakStates,
      diskBytes: () => store.diskBytes(),
      cpuSeconds: state.cpuSeconds + ways.cpuSeconds,
      close: () => buckets.close(),
    };
  } catch (error) {
    buckets.close();
    throw error;
  }
}

/** The kernel's key words of the TS baseline's key (frontier-ts.ts: spent ends, then a code per slot), in the kernel's layout (uniform-kernel.ts reads it back). */
function packKey(key: string, closed: boolean, bits: number, keyWords: number): bigint[] {
  const words = new Array<bigint>(keyWords).fill(0n);
  let word = 0,
    shift = closed ? 0 : 2;
  if (!closed) words[0] = BigInt(key.charCodeAt(0) & 3);
  for (let i = 1; i < key.length; i++) {
    if (shift + bits > 64) {
      word++;
      shift = 0;
    }
    words[word]! |= BigInt(key.charCodeAt(i)) << BigInt(shift);
    shift += bits;
  }
  return words;
}

const M64 = (1n << 64n) - 1n;
/** The kernel's hashKey (assembly/tours/frontier.ts), bit for bit: its top bits choose a key's bucket. */
function hashWords(words: readonly bigint[]): bigint {
  let h = 0x9e3779b97f4a7c15n;
  for (const w of words) {
    h = ((h ^ w) * 0xff51afd7ed558ccdn) & M64;
    h ^= h >> 32n;
  }
  h ^= h >> 33n;
  h = (h * 0xc4ceb9fe1a85ec53n) & M64;
  h ^= h >> 33n;
  return h;
}

/** The ways onward of the state with key `words` in a layer's bucket files, or undefined if it is not there (dead). */
function lookUp(
  read: (name: string) => Uint8Array,
  names: readonly string[],
  bits: number,
  words: readonly bigint[],
  E: number,
  wide: boolean,
): bigint | undefined {
  const bucket = bits === 0 ? 0 : Number(hashWords(words) >> BigInt(64 - bits));
  const name = names[bucket];
  if (!name) return undefined;
  const bytes = read(name);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const halves = words.flatMap((w) => [Number(w & 0xffffffffn), Number(w >> 32n)]);
  entries: for (let at = 0; at < bytes.length; at += E) {
    for (let i = 0; i < halves.length; i++) if (view.getUint32(at + 4 * i, true) !== halves[i]) continue entries;
    const c = at + 4 * halves.length;
    return view.getBigUint64(c, true) + (wide ? view.getBigUint64(c + 8, true) << 64n : 0n);
  }
  return undefined;
}

/** The backward pass (see the top of this file): every layer's ways written, from where the folder's state left it. */
function backward(
  buckets: DiskBuckets,
  saved: SamplerState,
  plan: FrontierPlan,
  closed: boolean,
  memoryCapMiB: number | undefined,
  hooks: Pick<UniformDiskOptions, "onProgress" | "onCheckpoint">,
): WaysState {
  const { store } = buckets;
  const started = process.cpuUsage();
  const kernel = toursModule.exports;
  const layers = saved.layers;
  if (!layers || layers.length !== plan.size + 1) throw new KernelError("tours", "invariant-broken", "uniform tours on disk: the count kept not every layer");
  const problem: FrontierProblem = { mode: closed ? "cycles" : "paths", ends: [] };
  const capMiB = giveKernelTheGraph(plan, problem, memoryCapMiB, saved.wide);
  const budget = hostLayerBudget(Math.min(capMiB * 2 ** 20, Number(kernel.frontierArenaCap())));
  const hostTable = beginHostTable(closed, plan.width, budget, 1024);
  const { entryBytes: E, inputStates, capacity, input, appendSplit } = hostTable;
  if (E !== saved.entryBytes)
    throw new KernelError("tours", "invariant-broken", `uniform tours on disk: entries of ${saved.entryBytes} bytes, the kernel's ${E}`);
  // The input buffer in thirds: a piece's entries, the room to group them by bucket, the records read (frontier-records.ts).
  const piece = Math.floor(inputStates / 3);
  const countOffset = E - (saved.wide ? 16 : 8);
  const bytesOf = (names: readonly string[]): number => names.reduce((sum, name) => sum + (name === "" ? 0 : store.bytesOf(name)), 0);
  const records = hostRecords(store, hostTable, 2 * piece * E);
  const stream = (names: readonly string[], states: number, each: (n: number) => boolean): boolean =>
    records.stream(
      names.filter((name) => name !== ""),
      states,
      each,
    );
  const capBytes = buckets.diskCapMiB === undefined ? Infinity : buckets.diskCapMiB * 2 ** 20;

  let ways: WaysState = saved.ways ?? {
    from: plan.size + 1,
    files: Array.from({ length: plan.size + 1 }, () => []),
    bits: new Array<number>(plan.size + 1).fill(0),
    states: new Array<number>(plan.size + 1).fill(0),
    count: lastLayerCount(),
    cpuSeconds: 0,
  };
  const cpuBefore = ways.cpuSeconds;
  const cpuSeconds = (): number => {
    const used = process.cpuUsage(started);
    return cpuBefore + (used.user + used.system) / 1e6;
  };
  const open = new Set<StoreFileWriter>();
  try {
    for (let k = ways.from - 1; k >= 0; k--) {
      const layerBytes = bytesOf(layers[k]!);
      const bits = Math.min(8, Math.max(0, Math.ceil(Math.log2(layerBytes / (testBucketBytes ?? BUCKET_BYTES)))));
      const names = Array.from({ length: 2 ** bits }, (_, b) => `ways-${k}.bucket-${String(b).padStart(3, "0")}.bin`);
      store.pend(names);
      if (k < plan.size) {
        loadWays(k + 1);
        kernel.frontierWaysStep(k);
      }
      const writers: (StoreFileWriter | undefined)[] = names.map(() => undefined);
      let states = 0;
      stream(layers[k]!, piece, (n) => {
        let m = n;
        if (k === plan.size) {
          // The last layer: every state is a finished tour, one way onward.
          const entries = input(n * E);
          const dv = new DataView(entries.buffer, entries.byteOffset, entries.length);
          for (let at = countOffset; at < n * E; at += E) {
            dv.setBigUint64(at, 1n, true);
            if (saved.wide) dv.setBigUint64(at + 8, 0n, true);
          }
        } else m = kernel.frontierWaysExpand(n);
        const at = kernel.frontierWaysSplit(m, bits) >>> 0;
        room(kernel.frontierDiskBucketOffset(2 ** bits), k);
        appendSplit(at, names.length, (b) => {
          if (!writers[b]) open.add((writers[b] = store.writer(names[b]!)));
          return writers[b]!;
        });
        states += m;
        return true;
      });
      for (const w of writers) {
        if (!w) continue;
        w.finish();
        open.delete(w);
      }
      const files = ways.files.map((list, j) => (j === k ? writers.map((w, b) => (w ? names[b]! : "")) : list));
      ways = {
        ...ways,
        from: k,
        files,
        bits: ways.bits.map((b, j) => (j === k ? bits : b)),
        states: ways.states.map((s, j) => (j === k ? states : s)),
        cpuSeconds: cpuSeconds(),
      };
      // Layer k's forward files are done with: kept are the layers before it and the ways written.
      store.commit({ ...saved, ways }, [...layers.slice(0, k).flat(), ...files.flat().filter((name) => name !== "")]);
      hooks.onCheckpoint?.("ways", k);
      hooks.onProgress?.("backward", k, plan.size, states, { diskBytes: store.diskBytes(), cpuSeconds: saved.cpuSeconds + ways.cpuSeconds });
    }
  } finally {
    for (const w of open) w.abandon();
  }
  return ways;

  /** The forward pass's count: the last layer's counts summed. */
  function lastLayerCount(): string {
    let count = 0n;
    stream(layers![plan.size]!, piece, (n) => {
      count += sumEntryCounts(input(n * E), E, countOffset, saved.wide);
      return true;
    });
    return String(count);
  }

  /** Layer j's ways into the kernel's table, whole; refused in one line when they cannot fit under the memory cap. */
  function loadWays(j: number): void {
    const states = ways.states[j]!;
    let table = Math.min(capacity, Math.max(1024, Math.ceil(states / 0.5)));
    for (;;) {
      if (
        states <= 0.75 * table &&
        kernel.frontierHostPass(0n, BigInt(HASH_SPAN), table) !== 0 &&
        stream(ways.files[j]!, piece, (n) => kernel.frontierDiskSum(n) !== 0)
      )
        return;
      if (table >= capacity) {
        throw new UsageError(
          `the ways onward of layer ${j} of ${plan.size} (${states} live states) need a table of ${diskForPeople((states / 0.75) * E)}, more than the memory cap of ${capMiB} MiB holds beside the input buffer (${diskForPeople(capacity * E)}); raise --memory (at most 4096): the checkpoint in ${store.dir} is kept`,
        );
      }
      table = Math.min(capacity, table * 2);
    }
  }

  /** Refuses, checkpoint kept, writing `bytes` more past the disk cap. */
  function room(bytes: number, k: number): void {
    const now = [...open].reduce((sum, w) => sum + w.bytes, store.diskBytes());
    if (now + bytes > capBytes) {
      throw new UsageError(
        `the draw's layers need more disk than --disk ${buckets.diskCapMiB} MiB: writing the ways onward of layer ${k} of ${plan.size}, its files in ${store.dir} held ${diskForPeople(now)} and ${diskForPeople(bytes)} more were to be written; its checkpoint is kept: run again with a larger --disk to go on`,
      );
    }
  }
}
