// The frontier DP with its layers on the host ("host layers"). The kernel's own run keeps
// two layers of states in its arena, in the wasm memory, which a wasm32 module caps at
// 4 GiB: about 130 M states a layer (8×8 knight's tours reach 102 M at step 38 of 64 and
// grow ×1.4 a step). Here the host keeps each layer as chunks of packed entries (the
// kernel's own layout: key words, then one or two u64 count limbs), in its own memory, so
// the reach is the host's RAM; the kernel's arena holds only an input buffer and one
// pass's table. A step goes as the kernel's split steps do: per pass (a range of the top
// 32 bits of the key hash) the whole last layer is streamed through the input buffer and
// expanded, the table keeps only the successors in the pass's range and sums their counts
// (every contribution to one key lands in the same pass), and the table is packed and
// copied out as a chunk of the next layer. Counts are the kernel's (64-bit, or 128-bit on
// the rerun the caller makes when a count passes 2^64); the final sum is exact here.
import { KernelError } from "../errors.js";
import type { FrontierPlan } from "./frontier-plan.js";
import type { FrontierProblem, FrontierResult } from "./frontier-ts.js";
import { toursModule } from "./kernel.js";

const HASH_SPAN = 2 ** 32;
/** Most states the input buffer holds (64 MiB of 16-byte entries). */
const MAX_INPUT_STATES = 1 << 22;
/** A pass aims at this load of its table (the kernel's split passes aim at 0.6; it refuses past 0.75). */
const PASS_LOAD = 0.6;

/** Tests only: a smaller budget, in bytes, for the input buffer and table (the cap's least, 1 MiB, takes 6×6 in a pass or two). */
let testBytes: number | undefined;
/** Tests only: sets (or with undefined clears) the host-layer budget in bytes, used when below the cap. */
export function setHostLayerBytesForTests(bytes: number | undefined): void {
  testBytes = bytes;
}

/** The bytes a host-layer count gives its input buffer and table: the cap, or the tests' smaller budget. */
export function hostLayerBudget(capBytes: number): number {
  return testBytes === undefined ? capBytes : Math.min(capBytes, testBytes);
}

/** The kernel's host-layer table begun under `budget` bytes: its entry size, input buffer and table capacity, in states. */
export interface HostTable {
  readonly entryBytes: number;
  readonly inputStates: number;
  readonly capacity: number;
  /** `bytes` of the kernel's memory at `address` (read afresh each call: the memory may have grown). */
  view(address: number, bytes: number): Uint8Array;
  /** The first `bytes` of the kernel's input buffer. */
  input(bytes: number): Uint8Array;
  /**
   * The records the kernel grouped by bucket and packed at `at` (frontierDiskSplit,
   * frontierWaysSplit: bucket b's from byte frontierDiskBucketOffset(b) to (b + 1))
   * appended to their files, each of the `buckets` that got any to `writerOf(b)` (which
   * opens a bucket's file on first use).
   */
  appendSplit(at: number, buckets: number, writerOf: (bucket: number) => { append(bytes: Uint8Array): void }): void;
}

/** The counts of packed entries summed: `entryBytes` each, the count at `countOffset` in 64 bits, or 128 if `wide`. */
export function sumEntryCounts(entries: Uint8Array, entryBytes: number, countOffset: number, wide: boolean): bigint {
  const dv = new DataView(entries.buffer, entries.byteOffset, entries.length);
  let count = 0n;
  for (let at = countOffset; at < entries.length; at += entryBytes) count += dv.getBigUint64(at, true) + (wide ? dv.getBigUint64(at + 8, true) << 64n : 0n);
  return count;
}

/** Begins the kernel's host-layer table: an input buffer of at most a quarter of the budget, the table in the rest (at least `leastCapacity` states). */
export function beginHostTable(cycles: boolean, width: number, budget: number, leastCapacity: number): HostTable {
  const kernel = toursModule.exports;
  const entryBytes = kernel.frontierHostBegin(cycles, width, 1);
  const inputStates = Math.max(16, Math.min(MAX_INPUT_STATES, Math.floor(budget / 4 / entryBytes)));
  kernel.frontierHostBegin(cycles, width, inputStates);
  const capacity = Math.min(2e9, Math.floor(budget / entryBytes) - inputStates);
  if (capacity < leastCapacity)
    throw new KernelError("tours", "limit-exceeded", `the memory cap of ${Math.round(budget / 1024)} KiB leaves no room for a table beside the input buffer`);
  // (Addresses come back as i32: `>>> 0` reads those past 2 GiB as the unsigned offsets they are.)
  const view = (address: number, bytes: number): Uint8Array => new Uint8Array(kernel.memory.buffer as ArrayBuffer, address >>> 0, bytes);
  const appendSplit: HostTable["appendSplit"] = (at, buckets, writerOf) => {
    for (let b = 0; b < buckets; b++) {
      const from = kernel.frontierDiskBucketOffset(b),
        to = kernel.frontierDiskBucketOffset(b + 1);
      if (to !== from) writerOf(b).append(view(at + from, to - from));
    }
  };
  return { entryBytes, inputStates, capacity, view, input: (bytes) => view(kernel.frontierHostInput(), bytes), appendSplit };
}

/**
 * A store that makes each step itself (frontier-buckets.ts: layers in bucketed files on
 * disk, Node only), given the kernel with the graph, the cap and the count width set.
 */
export interface SteppingLayerStore {
  readonly kind: "buckets";
  /** Whether the count kept here went on in 128-bit counts (a resume then starts in 128 bits). */
  wideCounts(): boolean;
  count(
    plan: FrontierPlan,
    problem: FrontierProblem,
    capBytes: number,
    wide: boolean,
    onStep: ((step: number, states: number, passes: number) => void) | undefined,
    identity: Readonly<Record<string, unknown>>,
  ): FrontierResult & HostLayerFigures;
}

/** What a host-layer count reports beside the count. */
export interface HostLayerFigures {
  /** Most bytes held at once: the kernel's arena (input buffer and table) and the host's two layers. */
  peakBytes: number;
  /** Most bytes the host's layers held at once (the last layer and the one being made). */
  peakLayerBytes: number;
  entryBytes: number;
  /** Most passes one step took. */
  peakParts: number;
  stepStates: number[];
  droppedStates: number;
}

/** A layer the host keeps: its states, read back into the kernel in pieces. */
export interface HostLayer {
  readonly states: number;
  /** Bytes the layer holds (entries in memory; records in files: fewer). */
  readonly bytes: number;
  /**
   * Copies the layer out as entries in pieces of at most `maxBytes` (whole entries, if
   * `maxBytes` is a multiple of the entry size): each piece into the view `into(bytes)`
   * returns, then `each(bytes)`; stops, returning false, when `each` returns false. A store
   * that unpacks through the kernel's input buffer (frontier-disk.ts) may use all of it
   * and give smaller pieces.
   */
  read(maxBytes: number, into: (bytes: number) => Uint8Array, each: (bytes: number) => boolean): boolean;
}

/** A layer being made: packed entries added in chunks, then finished. */
export interface HostLayerWriter {
  /** Keeps a copy of `entries` (a view of the kernel's memory, valid only during the call). */
  add(entries: Uint8Array): void;
  /** Bytes kept so far (entries in memory; records in files: fewer). */
  readonly bytes: number;
  finish(): HostLayer;
}

/** Where a host-layer count stands after a finished step: enough to go on from there. */
export interface HostCheckpoint {
  step: number;
  layer: HostLayer;
  stepStates: number[];
  peakStates: number;
  peakParts: number;
  peakHostBytes: number;
  /** Most bytes the kernel's arena held in any run of this count (absent in a folder of an older tabula). */
  peakTableBytes?: number;
  droppedStates: number;
  splitStep: number;
  growth: number;
}

/**
 * Where the layers live. In memory (`memoryLayers`, the default) a count starts at step
 * 0 and ends with its process; a store in files (frontier-disk.ts, Node) keeps each
 * finished step, and a count of the same identity goes on from the last one.
 */
export interface HostLayerStore {
  /**
   * The last finished step of this count (its identity: the graph, order, mode and entry
   * layout), or undefined to start; `table` is the kernel's, for a store that packs and
   * unpacks through it.
   */
  begin(identity: Readonly<Record<string, unknown>>, table: HostTable): HostCheckpoint | undefined;
  /** A new layer, named `name` (the step's, or its shard's after the split). */
  layer(name: string): HostLayerWriter;
  /** Step `checkpoint.step` is done: its layer is whole and the count can go on from it. */
  finished(checkpoint: HostCheckpoint): void;
  /** Whether the count kept here went on in 128-bit counts (a resume then starts in 128 bits). */
  wideCounts?(): boolean;
}

/** Layers in this process's memory, as chunks of entries. */
export function memoryLayers(): HostLayerStore {
  let entryBytes = 1;
  return {
    begin: (_identity, table) => {
      entryBytes = table.entryBytes;
      return undefined;
    },
    layer: () => {
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      return {
        add: (entries) => {
          chunks.push(entries.slice());
          bytes += entries.length;
        },
        get bytes() {
          return bytes;
        },
        finish: () => ({
          states: bytes / entryBytes,
          bytes,
          read(maxBytes, into, each) {
            for (const chunk of chunks) {
              for (let off = 0; off < chunk.length; off += maxBytes) {
                const piece = chunk.subarray(off, Math.min(chunk.length, off + maxBytes));
                into(piece.length).set(piece);
                if (!each(piece.length)) return false;
              }
            }
            return true;
          },
        }),
      };
    },
    finished: () => {},
  };
}

/**
 * Counts on the kernel (the graph already given: frontierBegin, edges, forced ends, the
 * memory cap and the count width set) with the layers on the host, in `store`. `capBytes`
 * is the kernel's cap: the input buffer and a pass's table share it. `identity` names the
 * count for a store that resumes (the graph, order and mode; the entry layout is added).
 */
export function countWithHostLayers(
  plan: FrontierPlan,
  problem: FrontierProblem,
  capBytes: number,
  wide: boolean,
  onStep: ((step: number, states: number, passes: number) => void) | undefined,
  store: HostLayerStore = memoryLayers(),
  identity: Readonly<Record<string, unknown>> = {},
): FrontierResult & HostLayerFigures {
  const kernel = toursModule.exports;
  const budget = hostLayerBudget(capBytes);
  const cycles = problem.mode === "cycles";
  const hostTable = beginHostTable(cycles, plan.width, budget, 256);
  const { entryBytes: E, inputStates, capacity, view, input } = hostTable;
  const countOffset = E - (wide ? 16 : 8);
  /** Streams the layer through the input buffer: `each(n)` per piece of n states; stops when it returns false. */
  const stream = (layer: HostLayer, each: (n: number) => boolean): boolean => layer.read(inputStates * E, input, (bytes) => each(bytes / E));

  const resumed = store.begin({ ...identity, entryBytes: E, wide }, hostTable);
  let at: HostCheckpoint;
  if (resumed) {
    // The kernel's frontier after each step comes from the graph alone: replay the steps done.
    for (let k = 0; k <= resumed.step; k++) {
      kernel.frontierHostStepBegin(k);
      kernel.frontierHostStepEnd(k === 0 ? 1 : resumed.stepStates[k - 1]!, resumed.stepStates[k]!);
    }
    at = resumed;
  } else {
    // The start: one empty state with count 1.
    const start = new Uint8Array(E);
    new DataView(start.buffer).setBigUint64(countOffset, 1n, true);
    const first = store.layer("start");
    first.add(start);
    at = { step: -1, layer: first.finish(), stepStates: [], peakStates: 1, peakParts: 1, peakHostBytes: E, droppedStates: 0, splitStep: -1, growth: 1 };
  }
  let { layer, peakStates, peakParts, peakHostBytes, splitStep, growth } = at;
  // The arena's peak of earlier runs too: a resumed count's figures are the whole count's.
  const tablePeak = (): number => Math.max(at.peakTableBytes ?? 0, Number(kernel.frontierPeakBytes()));
  let dropped = at.droppedStates;
  const stepStates = [...at.stepStates];
  let states = layer.states;

  for (let k = at.step + 1; k < plan.size; k++) {
    kernel.frontierHostStepBegin(k);
    const next = store.layer(`step-${k}`);
    let nextStates = 0;
    let estimate = Math.max(1024, states * Math.max(1, growth) * 1.1);
    let passes = 0;
    let stepDropped = 0;
    let lo = 0;
    while (lo < HASH_SPAN) {
      const done = lo / HASH_SPAN;
      if (lo > 0) estimate = Math.max(1024, nextStates / done); // the ranges done are a sample of the layer
      const remaining = Math.max(1, estimate * (1 - done));
      // As the kernel's passes: the rest of the layer in one table at load 0.5 when it
      // fits (a table sized to it: clearing and packing a table costs its whole size),
      // else the largest table and the share of the rest it holds at load PASS_LOAD.
      let table = capacity;
      let width = HASH_SPAN - lo;
      if (remaining / 0.5 <= capacity) table = Math.min(capacity, Math.max(1024, Math.ceil(remaining / 0.5)));
      else width = Math.max(1, Math.floor(((PASS_LOAD * capacity) / remaining) * (HASH_SPAN - lo)));
      for (;;) {
        if (kernel.frontierHostPass(BigInt(lo), BigInt(width), table) === 0)
          throw new KernelError("tours", "invariant-broken", "the host-layer table does not fit its cap");
        if (stream(layer, (n) => kernel.frontierHostExpand(n) !== 0)) break;
        // The range held more states than its table: again with a table twice as large if
        // it fits, else with the largest table and half the range.
        if (table * 2 <= capacity) table *= 2;
        else if (table < capacity) table = capacity;
        else if (width > 1) width = Math.floor(width / 2);
        else throw new KernelError("tours", "limit-exceeded", `more than ${capacity} states of step ${k} share one hash range; raise --memory`);
      }
      if (passes === 0) stepDropped = Number(kernel.frontierHostPruned()); // every whole pass makes (and prunes) every successor
      const n = kernel.frontierHostDrain();
      if (n > 0) next.add(view(kernel.frontierHostTable(), n * E));
      nextStates += n;
      passes++;
      lo += width;
      peakHostBytes = Math.max(peakHostBytes, layer.bytes + next.bytes);
    }
    kernel.frontierHostStepEnd(states, nextStates);
    growth = states > 0 ? nextStates / states : 1;
    dropped += stepDropped;
    layer = next.finish();
    states = nextStates;
    if (states > peakStates) peakStates = states;
    if (passes > peakParts) peakParts = passes;
    stepStates.push(states);
    const shards = problem.parts ?? 1;
    if (shards > 1 && splitStep < 0 && (states >= (problem.splitStatesPerPart ?? 0) * shards || k === plan.size - 1)) {
      splitStep = k;
      const kept = store.layer(`step-${k}-part`);
      stream(layer, (n) => {
        const m = kernel.frontierHostKeepPart(n, problem.part ?? 0, shards);
        if (m > 0) kept.add(input(m * E));
        return true;
      });
      layer = kept.finish();
      states = layer.states;
    }
    store.finished({
      step: k,
      layer,
      stepStates,
      peakStates,
      peakParts,
      peakHostBytes,
      peakTableBytes: tablePeak(),
      droppedStates: dropped,
      splitStep,
      growth,
    });
    onStep?.(k, stepStates[k]!, passes);
  }
  const last = new Uint8Array(layer.states * E);
  let filled = 0;
  layer.read(
    Math.max(E, last.length),
    (bytes) => last.subarray(filled, filled + bytes),
    (bytes) => {
      filled += bytes;
      return true;
    },
  );
  const count = sumEntryCounts(last, E, countOffset, wide);
  if (count >= 1n << 128n) throw new KernelError("tours", "limit-exceeded", "a count passed 2^128");
  return {
    count,
    peakStates,
    splitStep,
    peakBytes: tablePeak() + peakHostBytes,
    peakLayerBytes: peakHostBytes,
    entryBytes: E,
    peakParts,
    stepStates,
    droppedStates: dropped,
  };
}
