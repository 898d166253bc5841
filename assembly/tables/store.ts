// Storage of DP layers. A LayerStore is a stack of layers: states (sorted 16-bit column
// codes, `width` per state) with 128-bit counts. One store follows the walk over
// partitions; another keeps the single-row layers from the empty state, which outlive a
// job. A hash table merges equal states while one layer is built; finished layers of
// the second store get frozen indexes for meet-in-the-middle lookups.

import { addWideAt } from "./wide";
import { i32At, setI32At, u16At } from "./raw";

/** Codes per state (compressed columns of the current job). */
export let width: i32 = 0;

export class LayerStore {
  cap: i32 = 1 << 10;
  top: i32 = 0;
  codes: StaticArray<u16> = new StaticArray<u16>((1 << 10) * 16);
  lo: StaticArray<u64> = new StaticArray<u64>(1 << 10);
  hi: StaticArray<u64> = new StaticArray<u64>(1 << 10);
  hash: StaticArray<u32> = new StaticArray<u32>(1 << 10);

  grow(): void {
    const cap = this.cap * 2;
    const codes = new StaticArray<u16>(cap * width);
    memory.copy(changetype<usize>(codes), changetype<usize>(this.codes), <usize>this.top * width * 2);
    this.codes = codes;
    const lo = new StaticArray<u64>(cap);
    memory.copy(changetype<usize>(lo), changetype<usize>(this.lo), <usize>this.top * 8);
    this.lo = lo;
    const hi = new StaticArray<u64>(cap);
    memory.copy(changetype<usize>(hi), changetype<usize>(this.hi), <usize>this.top * 8);
    this.hi = hi;
    const hash = new StaticArray<u32>(cap);
    memory.copy(changetype<usize>(hash), changetype<usize>(this.hash), <usize>this.top * 4);
    this.hash = hash;
    this.cap = cap;
  }

  /** Empties the store for states of `columns` codes. */
  reset(columns: i32): void {
    this.top = 0;
    if (this.codes.length < this.cap * columns) this.codes = new StaticArray<u16>(this.cap * columns);
  }
}

export const walkStore = new LayerStore();
export const onesStore = new LayerStore();

export function setWidth(columns: i32): void {
  width = columns;
  walkStore.reset(columns);
  onesStore.reset(columns);
}

// @ts-ignore: decorator
@inline function slotIn(hash: u32, bits: i32): i32 {
  return <i32>((hash * 0x9e3779b1) >> (32 - bits));
}

// @ts-ignore: decorator
@inline function hashCodes(at: usize): u32 {
  const w = width;
  let hash: u32 = 0x811c9dc5;
  for (let i = 0; i < w; i++) hash = (hash ^ (<u32>load<u16>(at + ((<usize>i) << 1)))) * 0x01000193;
  return hash;
}

// The table of the layer being built: slots hold state indexes, valid when stamped.
let slotBits: i32 = 12;
let slotState = new StaticArray<i32>(1 << 12);
let slotStamp = new StaticArray<u32>(1 << 12);
let stamp: u32 = 0;
let target: LayerStore = walkStore;
let layerBase: i32 = 0;
let layerSize: i32 = 0;

function insertSlot(state: i32): void {
  const mask = (1 << slotBits) - 1;
  let s = slotIn(unchecked(target.hash[state]), slotBits);
  while (unchecked(slotStamp[s]) == stamp) s = (s + 1) & mask;
  unchecked((slotStamp[s] = stamp));
  unchecked((slotState[s] = state));
}

function growSlots(): void {
  slotBits++;
  slotState = new StaticArray<i32>(1 << slotBits);
  slotStamp = new StaticArray<u32>(1 << slotBits);
  stamp = 1;
  for (let i = 0; i < layerSize; i++) insertSlot(layerBase + i);
}

/** Starts a new layer on top of `store`; returns its first state index. */
export function beginLayer(store: LayerStore): i32 {
  stamp++;
  if (stamp == 0) {
    // wrapped: clear the stamps once
    for (let s = 0; s < 1 << slotBits; s++) unchecked((slotStamp[s] = 0));
    stamp = 1;
  }
  target = store;
  layerBase = store.top;
  layerSize = 0;
  return layerBase;
}

export function currentLayerSize(): i32 {
  return layerSize;
}

/** Adds (lo, hi) to the count of the state (`width` sorted u16 codes at `codesAt`) in the layer being built. */
export function addState(codesAt: usize, lo: u64, hi: u64): void {
  const hash = hashCodes(codesAt);
  const layers = target;
  // The arrays as plain addresses, read once: each read of a managed global or field
  // costs a shadow-stack store under the incremental runtime.
  const stamps = changetype<usize>(slotStamp);
  const states = changetype<usize>(slotState);
  const storeHash = changetype<usize>(layers.hash);
  const storeCodes = changetype<usize>(layers.codes);
  const w = width;
  const mask = (1 << slotBits) - 1;
  let s = slotIn(hash, slotBits);
  while (load<u32>(stamps + ((<usize>s) << 2)) == stamp) {
    const state = load<i32>(states + ((<usize>s) << 2));
    if (load<u32>(storeHash + ((<usize>state) << 2)) == hash) {
      const at = storeCodes + ((<usize>(state * w)) << 1);
      let same = true;
      for (let i = 0; i < w; i++) {
        if (load<u16>(at + ((<usize>i) << 1)) != load<u16>(codesAt + ((<usize>i) << 1))) {
          same = false;
          break;
        }
      }
      if (same) {
        addWideAt(changetype<usize>(layers.lo) + ((<usize>state) << 3), changetype<usize>(layers.hi) + ((<usize>state) << 3), lo, hi);
        return;
      }
    }
    s = (s + 1) & mask;
  }
  if (layers.top == layers.cap) layers.grow(); // replaces the store's arrays
  const state = layers.top++;
  memory.copy(changetype<usize>(layers.codes) + ((<usize>(state * w)) << 1), codesAt, (<usize>w) << 1);
  unchecked((layers.lo[state] = lo));
  unchecked((layers.hi[state] = hi));
  unchecked((layers.hash[state] = hash));
  store<u32>(stamps + ((<usize>s) << 2), stamp);
  store<i32>(states + ((<usize>s) << 2), state);
  layerSize++;
  if (layerSize * 2 > 1 << slotBits) growSlots();
}

// Frozen indexes of finished layers of onesStore, one per single-row depth.
const MAX_INDEXES: i32 = 17;
const indexOffsetBase: usize = memory.data(MAX_INDEXES * sizeof<i32>());
const indexBitsBase: usize = memory.data(MAX_INDEXES * sizeof<i32>());
let indexSlots = new StaticArray<i32>(1 << 12);
let indexUsed: i32 = 0;

export function resetIndexes(): void {
  indexUsed = 0;
}

/** Indexes the finished onesStore layer [base, base+size) as index number `j`. */
export function indexLayer(j: i32, base: i32, size: i32): void {
  let bits = 4;
  while (1 << bits < size * 2) bits++;
  const slots = 1 << bits;
  const offset = indexUsed;
  if (indexSlots.length < offset + slots) {
    let cap = indexSlots.length;
    while (cap < offset + slots) cap *= 2;
    const bigger = new StaticArray<i32>(cap);
    memory.copy(changetype<usize>(bigger), changetype<usize>(indexSlots), <usize>offset * 4);
    indexSlots = bigger;
  }
  for (let s = 0; s < slots; s++) unchecked((indexSlots[offset + s] = -1));
  for (let state = base; state < base + size; state++) {
    let s = slotIn(unchecked(onesStore.hash[state]), bits);
    while (unchecked(indexSlots[offset + s]) >= 0) s = (s + 1) & (slots - 1);
    unchecked((indexSlots[offset + s] = state));
  }
  setI32At(indexOffsetBase, j, offset);
  setI32At(indexBitsBase, j, bits);
  indexUsed = offset + slots;
}

/** The onesStore state of indexed layer `j` equal to the state at `codes` (sorted), or -1. */
export function findIndexed(j: i32, codes: usize): i32 {
  const hash = hashCodes(codes);
  const offset = i32At(indexOffsetBase, j);
  const bits = i32At(indexBitsBase, j);
  const mask = (1 << bits) - 1;
  let s = slotIn(hash, bits);
  while (true) {
    const state = unchecked(indexSlots[offset + s]);
    if (state < 0) return -1;
    if (unchecked(onesStore.hash[state]) == hash) {
      const at = state * width;
      let same = true;
      for (let i = 0; i < width; i++) {
        if (unchecked(onesStore.codes[at + i]) != u16At(codes, i)) {
          same = false;
          break;
        }
      }
      if (same) return state;
    }
    s = (s + 1) & mask;
  }
}
