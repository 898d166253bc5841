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

/** What a host-layer count reports beside the count. */
export interface HostLayerFigures {
  /** Most bytes held at once: the kernel's arena (input buffer and table) and the host's two layers. */
  peakBytes: number;
  /** Most bytes the host's layers held at once (the last layer and the one being made). */
  peakHostBytes: number;
  entryBytes: number;
  /** Most passes one step took. */
  peakParts: number;
  stepStates: number[];
  droppedStates: number;
}

/** Total bytes of a layer's chunks. */
function layerBytes(chunks: readonly Uint8Array[]): number {
  return chunks.reduce((sum, c) => sum + c.length, 0);
}

/**
 * Counts on the kernel (the graph already given: frontierBegin, edges, forced ends, the
 * memory cap and the count width set) with the layers on the host. `capBytes` is the
 * kernel's cap: the input buffer and a pass's table share it.
 */
export function countWithHostLayers(
  plan: FrontierPlan,
  problem: FrontierProblem,
  capBytes: number,
  wide: boolean,
  onStep: ((step: number, states: number, passes: number) => void) | undefined,
): FrontierResult & HostLayerFigures {
  const kernel = toursModule.exports;
  const budget = testBytes === undefined ? capBytes : Math.min(capBytes, testBytes);
  const cycles = problem.mode === "cycles";
  const E = kernel.frontierHostBegin(cycles, plan.width, 1);
  const inputStates = Math.max(16, Math.min(MAX_INPUT_STATES, Math.floor(budget / 4 / E)));
  kernel.frontierHostBegin(cycles, plan.width, inputStates);
  const capacity = Math.min(2e9, Math.floor(budget / E) - inputStates);
  if (capacity < 256) throw new KernelError("tours", "limit-exceeded", `the memory cap of ${Math.round(budget / 1024)} KiB leaves no room for a table beside the input buffer`);
  const countOffset = E - (wide ? 16 : 8);
  // The start: one empty state with count 1.
  const start = new Uint8Array(E);
  new DataView(start.buffer).setBigUint64(countOffset, 1n, true);
  let layer: Uint8Array[] = [start];
  let states = 1;
  let peakStates = 1;
  let peakParts = 1;
  let peakHostBytes = E;
  let dropped = 0;
  let splitStep = -1;
  let growth = 1;
  const stepStates: number[] = [];
  // (Addresses come back as i32: `>>> 0` reads those past 2 GiB as the unsigned offsets they are.)
  const memory = (): ArrayBuffer => kernel.memory.buffer as ArrayBuffer;

  /** Streams the layer through the input buffer: `each(n)` per piece of n states; stops when it returns false. */
  const stream = (chunks: readonly Uint8Array[], each: (n: number, piece: Uint8Array) => boolean): boolean => {
    for (const chunk of chunks) {
      for (let off = 0; off < chunk.length; off += inputStates * E) {
        const piece = chunk.subarray(off, Math.min(chunk.length, off + inputStates * E));
        new Uint8Array(memory(), kernel.frontierHostInput() >>> 0, piece.length).set(piece);
        if (!each(piece.length / E, piece)) return false;
      }
    }
    return true;
  };

  for (let k = 0; k < plan.size; k++) {
    kernel.frontierHostStepBegin(k);
    const next: Uint8Array[] = [];
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
      else width = Math.max(1, Math.floor((PASS_LOAD * capacity / remaining) * (HASH_SPAN - lo)));
      for (;;) {
        if (kernel.frontierHostPass(BigInt(lo), BigInt(width), table) === 0) throw new KernelError("tours", "invariant-broken", "the host-layer table does not fit its cap");
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
      if (n > 0) next.push(new Uint8Array(memory(), kernel.frontierHostTable() >>> 0, n * E).slice());
      nextStates += n;
      passes++;
      lo += width;
      peakHostBytes = Math.max(peakHostBytes, layerBytes(layer) + nextStates * E);
    }
    kernel.frontierHostStepEnd(states, nextStates);
    growth = states > 0 ? nextStates / states : 1;
    dropped += stepDropped;
    layer = next;
    states = nextStates;
    if (states > peakStates) peakStates = states;
    if (passes > peakParts) peakParts = passes;
    stepStates.push(states);
    onStep?.(k, states, passes);
    const shards = problem.parts ?? 1;
    if (shards > 1 && splitStep < 0 && (states >= (problem.splitStatesPerPart ?? 0) * shards || k === plan.size - 1)) {
      splitStep = k;
      const kept: Uint8Array[] = [];
      stream(layer, (n) => {
        const m = kernel.frontierHostKeepPart(n, problem.part ?? 0, shards);
        if (m > 0) kept.push(new Uint8Array(memory(), kernel.frontierHostInput() >>> 0, m * E).slice());
        return true;
      });
      layer = kept;
      states = kept.reduce((sum, c) => sum + c.length / E, 0);
    }
  }
  let count = 0n;
  for (const chunk of layer) {
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let off = countOffset; off < chunk.length; off += E) {
      count += view.getBigUint64(off, true) + (wide ? view.getBigUint64(off + 8, true) << 64n : 0n);
    }
  }
  if (count >= 1n << 128n) throw new KernelError("tours", "limit-exceeded", "a count passed 2^128");
  return {
    count,
    peakStates,
    splitStep,
    peakBytes: Number(kernel.frontierPeakBytes()) + peakHostBytes,
    peakHostBytes,
    entryBytes: E,
    peakParts,
    stepStates,
    droppedStates: dropped,
  };
}
