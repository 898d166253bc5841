// Hash table of row pairs keyed by their summed fingerprint. Entries of one key sit
// contiguously, in descending order of the pair's smaller row index, so a lookup stops
// at the first pair that is not above the caller's last row. Only the slots a count
// used are reset and laid out, so the per-count cost follows the pairs stored.

const SLOT_BITS: i32 = 15;
const SLOTS: i32 = 1 << SLOT_BITS;
const EMPTY: i64 = -1;
/** Pair entry: smaller row index in bits 21.., combined column mask in bits 0..20. */
export const ENTRY_INDEX_SHIFT: i32 = 21;
export const MAX_PAIRS: i32 = (210 * 209) / 2;

// Fixed-size tables in static memory (memory.data): their addresses are constants, so the
// count's inner loop reads them with one load (a module-level StaticArray is a managed
// global, which the incremental runtime stores on the shadow stack at every read).
/** Per slot: its key (EMPTY when unused), and its entries' range in `entries`. */
const slotKeyBase: usize = memory.data(SLOTS * sizeof<i64>());
export const slotStartBase: usize = memory.data(SLOTS * sizeof<i32>());
export const slotEndBase: usize = memory.data(SLOTS * sizeof<i32>());
export const entriesBase: usize = memory.data(MAX_PAIRS * sizeof<i32>());

// Slots in first-use order, and the pairs in generation order until finishPairs.
const usedSlotsBase: usize = memory.data(MAX_PAIRS * sizeof<i32>());
let usedCount: i32 = 0;
const pendingSlotBase: usize = memory.data(MAX_PAIRS * sizeof<i32>());
const pendingEntryBase: usize = memory.data(MAX_PAIRS * sizeof<i32>());
let pendingCount: i32 = 0;

// @ts-ignore: decorator
@inline function keyAt(s: i32): i64 {
  return load<i64>(slotKeyBase + ((<usize>s) << 3));
}
// @ts-ignore: decorator
@inline function setKey(s: i32, key: i64): void {
  store<i64>(slotKeyBase + ((<usize>s) << 3), key);
}
// @ts-ignore: decorator
@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function setI32At(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((<usize>i) << 2), v);
}

for (let s = 0; s < SLOTS; s++) setKey(s, EMPTY);

// @ts-ignore: decorator
@inline function slotOf(key: i64): i32 {
  return <i32>((<u64>(key * 0x9e3779b97f4a7c15)) >> (64 - SLOT_BITS));
}

/** Returns the slot holding `key`, or -1. */
// @ts-ignore: decorator
@inline export function findSlot(key: i64): i32 {
  let s = slotOf(key);
  while (true) {
    const k = keyAt(s);
    if (k == key) return s;
    if (k == EMPTY) return -1;
    s = (s + 1) & (SLOTS - 1);
  }
}

/** Empties the table (only the slots the previous count used). */
export function resetPairs(): void {
  for (let u = 0; u < usedCount; u++) setKey(i32At(usedSlotsBase, u), EMPTY);
  usedCount = 0;
  pendingCount = 0;
}

/** Queues a pair; callers add pairs in descending order of `index`. */
export function addPair(key: i64, index: i32, mask: i32): void {
  let s = slotOf(key);
  while (true) {
    const k = keyAt(s);
    if (k == key) break;
    if (k == EMPTY) {
      setKey(s, key);
      setI32At(slotEndBase, s, 0);
      setI32At(usedSlotsBase, usedCount++, s);
      break;
    }
    s = (s + 1) & (SLOTS - 1);
  }
  setI32At(slotEndBase, s, i32At(slotEndBase, s) + 1); // a count until finishPairs turns it into an end offset
  const p = pendingCount++;
  setI32At(pendingSlotBase, p, s);
  setI32At(pendingEntryBase, p, (index << ENTRY_INDEX_SHIFT) | mask);
}

/** Lays the queued pairs out contiguously per key, keeping their order. */
export function finishPairs(): void {
  let offset = 0;
  for (let u = 0; u < usedCount; u++) {
    const s = i32At(usedSlotsBase, u);
    const count = i32At(slotEndBase, s);
    setI32At(slotStartBase, s, offset);
    setI32At(slotEndBase, s, offset); // advanced to the real end while filling
    offset += count;
  }
  for (let p = 0; p < pendingCount; p++) {
    const s = i32At(pendingSlotBase, p);
    const at = i32At(slotEndBase, s);
    setI32At(entriesBase, at, i32At(pendingEntryBase, p));
    setI32At(slotEndBase, s, at + 1);
  }
}
