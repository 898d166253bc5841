// Storage of DP layers: states (sorted 16-bit column codes, `width` per state) and their
// 128-bit counts, on a stack that follows the walk over partitions; plus the hash table
// that merges equal states while a layer is built. Arrays grow by doubling, outside
// the inner loops' common path.

import { flagOverflow } from "./wide";

export let width: i32 = 0;
let stateCap: i32 = 1 << 12;
export let stateCodes = new StaticArray<u16>(stateCap * 16);
export let valueLo = new StaticArray<u64>(stateCap);
export let valueHi = new StaticArray<u64>(stateCap);
let stateHash = new StaticArray<u32>(stateCap);
/** First free state on the stack. */
export let stateTop: i32 = 0;

let slotBits: i32 = 12;
let slotState = new StaticArray<i32>(1 << 12);
let slotStamp = new StaticArray<u32>(1 << 12);
let stamp: u32 = 0;
let layerBase: i32 = 0;
let layerSize: i32 = 0;

export function resetLayers(columns: i32): void {
  width = columns;
  stateTop = 0;
  if (stateCodes.length < stateCap * columns) stateCodes = new StaticArray<u16>(stateCap * columns);
}

function growStates(): void {
  const cap = stateCap * 2;
  const codes = new StaticArray<u16>(cap * width);
  memory.copy(changetype<usize>(codes), changetype<usize>(stateCodes), <usize>stateTop * width * 2);
  stateCodes = codes;
  const lo = new StaticArray<u64>(cap);
  memory.copy(changetype<usize>(lo), changetype<usize>(valueLo), <usize>stateTop * 8);
  valueLo = lo;
  const hi = new StaticArray<u64>(cap);
  memory.copy(changetype<usize>(hi), changetype<usize>(valueHi), <usize>stateTop * 8);
  valueHi = hi;
  const hashes = new StaticArray<u32>(cap);
  memory.copy(changetype<usize>(hashes), changetype<usize>(stateHash), <usize>stateTop * 4);
  stateHash = hashes;
  stateCap = cap;
}

// @ts-ignore: decorator
@inline function slotIn(hash: u32, bits: i32): i32 {
  return <i32>((hash * 0x9E3779B1) >> (32 - bits));
}

// @ts-ignore: decorator
@inline function slotOf(hash: u32): i32 {
  return slotIn(hash, slotBits);
}

function insertSlot(state: i32): void {
  const mask = (1 << slotBits) - 1;
  let s = slotOf(unchecked(stateHash[state]));
  while (unchecked(slotStamp[s]) == stamp) s = (s + 1) & mask;
  unchecked(slotStamp[s] = stamp);
  unchecked(slotState[s] = state);
}

function growSlots(): void {
  slotBits++;
  slotState = new StaticArray<i32>(1 << slotBits);
  slotStamp = new StaticArray<u32>(1 << slotBits);
  stamp = 1;
  for (let i = 0; i < layerSize; i++) insertSlot(layerBase + i);
}

/** Starts a new layer on top of the stack; returns its first state index. */
export function beginLayer(): i32 {
  stamp++;
  if (stamp == 0) { // wrapped: clear the stamps once
    for (let s = 0; s < (1 << slotBits); s++) unchecked(slotStamp[s] = 0);
    stamp = 1;
  }
  layerBase = stateTop;
  layerSize = 0;
  return layerBase;
}

export function currentLayerSize(): i32 {
  return layerSize;
}

/** Adds (lo, hi) to the count of state `codes` (sorted) in the layer being built. */
// @ts-ignore: decorator
@inline function hashCodes(codes: StaticArray<u16>): u32 {
  let hash: u32 = 0x811C9DC5;
  for (let i = 0; i < width; i++) hash = (hash ^ <u32>unchecked(codes[i])) * 0x01000193;
  return hash;
}

export function addState(codes: StaticArray<u16>, lo: u64, hi: u64): void {
  const hash = hashCodes(codes);
  const mask = (1 << slotBits) - 1;
  let s = slotOf(hash);
  while (unchecked(slotStamp[s]) == stamp) {
    const state = unchecked(slotState[s]);
    if (unchecked(stateHash[state]) == hash) {
      const at = state * width;
      let same = true;
      for (let i = 0; i < width; i++) {
        if (unchecked(stateCodes[at + i]) != unchecked(codes[i])) { same = false; break; }
      }
      if (same) {
        const oldLo = unchecked(valueLo[state]);
        const oldHi = unchecked(valueHi[state]);
        const newLo = oldLo + lo;
        const partHi = oldHi + hi;
        const newHi = partHi + <u64>(newLo < oldLo);
        if (partHi < oldHi || newHi < partHi) flagOverflow();
        unchecked(valueLo[state] = newLo);
        unchecked(valueHi[state] = newHi);
        return;
      }
    }
    s = (s + 1) & mask;
  }
  if (stateTop == stateCap) growStates();
  const state = stateTop++;
  const at = state * width;
  for (let i = 0; i < width; i++) unchecked(stateCodes[at + i] = codes[i]);
  unchecked(valueLo[state] = lo);
  unchecked(valueHi[state] = hi);
  unchecked(stateHash[state] = hash);
  unchecked(slotStamp[s] = stamp);
  unchecked(slotState[s] = state);
  layerSize++;
  if (layerSize * 2 > (1 << slotBits)) growSlots();
}

/** Drops every state from `base` up (the walk backing out of a layer). */
export function popLayers(base: i32): void {
  stateTop = base;
}

// Frozen indexes of finished layers, looked up when two half-tables meet in the middle.
const MAX_INDEXES: i32 = 17;
const indexOffset = new StaticArray<i32>(MAX_INDEXES);
const indexBits = new StaticArray<i32>(MAX_INDEXES);
let indexSlots = new StaticArray<i32>(1 << 12);
let indexUsed: i32 = 0;

export function resetIndexes(): void {
  indexUsed = 0;
}

/** Indexes the finished layer [base, base+size) as index number `j`. */
export function indexLayer(j: i32, base: i32, size: i32): void {
  let bits = 4;
  while ((1 << bits) < size * 2) bits++;
  const slots = 1 << bits;
  const offset = indexUsed;
  if (indexSlots.length < offset + slots) {
    let cap = indexSlots.length;
    while (cap < offset + slots) cap *= 2;
    const bigger = new StaticArray<i32>(cap);
    memory.copy(changetype<usize>(bigger), changetype<usize>(indexSlots), <usize>offset * 4);
    indexSlots = bigger;
  }
  for (let s = 0; s < slots; s++) unchecked(indexSlots[offset + s] = -1);
  for (let state = base; state < base + size; state++) {
    let s = slotIn(unchecked(stateHash[state]), bits);
    while (unchecked(indexSlots[offset + s]) >= 0) s = (s + 1) & (slots - 1);
    unchecked(indexSlots[offset + s] = state);
  }
  unchecked(indexOffset[j] = offset);
  unchecked(indexBits[j] = bits);
  indexUsed = offset + slots;
}

/** The state of indexed layer `j` equal to `codes` (sorted), or -1. */
export function findIndexed(j: i32, codes: StaticArray<u16>): i32 {
  const hash = hashCodes(codes);
  const offset = unchecked(indexOffset[j]);
  const bits = unchecked(indexBits[j]);
  const mask = (1 << bits) - 1;
  let s = slotIn(hash, bits);
  while (true) {
    const state = unchecked(indexSlots[offset + s]);
    if (state < 0) return -1;
    if (unchecked(stateHash[state]) == hash) {
      const at = state * width;
      let same = true;
      for (let i = 0; i < width; i++) {
        if (unchecked(stateCodes[at + i]) != unchecked(codes[i])) { same = false; break; }
      }
      if (same) return state;
    }
    s = (s + 1) & mask;
  }
}
