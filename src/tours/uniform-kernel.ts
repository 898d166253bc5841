// The frontier counter's own layers for the uniform sampler (uniform.ts): the kernel
// counts with its layers on the host (frontier-host.ts), in a store that keeps every
// finished step's layer, not only the last; each layer is then read back into the TS
// baseline's keys (frontier-ts.ts) when the backward pass reaches it. The kernel drops
// dead states as it goes (docs/tours.md), so its layers hold fewer states than the
// baseline's, packed in 16 or 24 bytes a state until read.
import { countHamiltonianIn } from "./frontier.js";
import { memoryLayers, type HostLayer, type HostLayerStore } from "./frontier-host.js";
import type { FrontierPlan } from "./frontier-plan.js";
import { START_KEY } from "./frontier-ts.js";
import type { Leaper } from "./leapers.js";

/** The layers of a count, read one at a time: layer k is the states before step k (0: the start), with their counts. */
export interface ForwardLayers {
  /** Undirected tours (the last layer's counts summed, by the kernel). */
  count: bigint;
  /** States in each layer (0 .. squares). */
  sizes: number[];
  /** Layer k as a map of keys to counts; the packed copy is let go (read each layer once). */
  read(k: number): Map<string, bigint>;
}

/** Bits of slot codes in the kernel's keys: enough for free, full, end and a label per pair of a frontier `width` wide (bitsFor in assembly/tours/frontier.ts). */
export function codeBits(width: number): number {
  const values = 3 + ((width + 2) >> 1);
  let bits = 1;
  while (1 << bits < values) bits++;
  return bits;
}

/**
 * The kernel's forward pass for `plan` (the same board, moves and order), every layer
 * kept; `tooMany(states, step)` is thrown when the layers pass `maxStates` states.
 */
export function kernelForwardLayers(
  plan: FrontierPlan,
  moves: readonly Leaper[],
  closed: boolean,
  maxStates: number,
  tooMany: (states: number, step: number) => Error,
): ForwardLayers {
  let entryBytes = 0,
    wide = false,
    held = 0;
  const layers: (HostLayer | undefined)[] = [];
  const inMemory = memoryLayers();
  const store: HostLayerStore = {
    begin(identity, table) {
      // Called at the start of each run (again with 128-bit counts if a count passed 2^64).
      inMemory.begin(identity, table);
      entryBytes = identity.entryBytes as number;
      wide = identity.wide as boolean;
      layers.length = 0;
      held = 0;
      return undefined;
    },
    layer: (name) => inMemory.layer(name),
    finished(checkpoint) {
      layers[checkpoint.step + 1] = checkpoint.layer;
      held += checkpoint.layer.states;
      if (held > maxStates) throw tooMany(held, checkpoint.step + 1); // stops the count
    },
  };
  const order: number[] = [];
  plan.stepOf.forEach((k, square) => (order[k] = square));
  const result = countHamiltonianIn({ rows: plan.rows, cols: plan.cols, moves, closed, order }, store);
  const count = closed ? result.count : result.count / 2n; // open: the API counts directed paths
  const bits = codeBits(plan.width);
  const limbs = wide ? 2 : 1;
  const keyWords = entryBytes / 8 - limbs;
  const sizes = [1, ...layers.slice(1).map((layer) => (layer ? layer.states : 0))];

  const read = (k: number): Map<string, bigint> => {
    if (k === 0) return new Map([[START_KEY, 1n]]);
    const layer = layers[k];
    layers[k] = undefined;
    const map = new Map<string, bigint>();
    if (!layer) return map;
    let slots = 0; // the frontier after step k - 1
    for (let j = 0; j < k; j++) if (plan.leaves[j]! > k - 1) slots++;
    const buffer = new Uint8Array(Math.max(entryBytes, Math.min(layer.states, 65536) * entryBytes));
    const view = new DataView(buffer.buffer);
    const codes = new Array<number>(slots);
    layer.read(
      buffer.length - (buffer.length % entryBytes),
      (bytes) => buffer.subarray(0, bytes),
      (bytes) => {
        for (let e = 0; e < bytes; e += entryBytes) {
          // Paths: spent ends in bits 0-1 of word 0; then the codes, a new word when one would straddle.
          let word = 0,
            shift = closed ? 0 : 2;
          const spent = closed ? 0 : view.getUint8(e) & 3;
          for (let i = 0; i < slots; i++) {
            if (shift + bits > 64) {
              word++;
              shift = 0;
            }
            codes[i] = bitsAt(view, e + word * 8, shift, bits);
            shift += bits;
          }
          const at = e + keyWords * 8;
          const value = view.getBigUint64(at, true) + (wide ? view.getBigUint64(at + 8, true) << 64n : 0n);
          map.set(String.fromCharCode(spent, ...codes), value);
        }
        return true;
      },
    );
    return map;
  };
  return { count, sizes, read };
}

/** `bits` bits (at most 32) from bit `shift` of the little-endian 64-bit word at `at`. */
function bitsAt(view: DataView, at: number, shift: number, bits: number): number {
  const lo = view.getUint32(at, true),
    hi = view.getUint32(at + 4, true);
  const mask = bits === 32 ? 0xffffffff : (1 << bits) - 1;
  if (shift >= 32) return (hi >>> (shift - 32)) & mask;
  if (shift + bits <= 32) return (lo >>> shift) & mask;
  return ((lo >>> shift) | (hi << (32 - shift))) & mask;
}
