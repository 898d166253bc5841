// Hash table of row pairs keyed by their summed fingerprint. Entries of one key sit
// contiguously, in descending order of the pair's smaller row index, so a lookup stops
// at the first pair that is not above the caller's last row. Only the slots a count
// used are reset and laid out, so the per-count cost follows the pairs stored.

const SLOT_BITS: i32 = 15;
const SLOTS: i32 = 1 << SLOT_BITS;
const EMPTY: i64 = -1;
/** Pair entry: smaller row index in bits 21.., combined column mask in bits 0..20. */
export const ENTRY_INDEX_SHIFT: i32 = 21;
export const MAX_PAIRS: i32 = 210 * 209 / 2;

export const slotKey = new StaticArray<i64>(SLOTS);
export const slotStart = new StaticArray<i32>(SLOTS);
export const slotEnd = new StaticArray<i32>(SLOTS);
export const entries = new StaticArray<i32>(MAX_PAIRS);
// The addresses the count's inner loop reads through, as plain integers (a read of a
// managed global costs a shadow-stack store under the incremental runtime).
const slotKeyBase: usize = changetype<usize>(slotKey);
export const slotStartBase: usize = changetype<usize>(slotStart);
export const slotEndBase: usize = changetype<usize>(slotEnd);
export const entriesBase: usize = changetype<usize>(entries);

// Slots in first-use order, and the pairs in generation order until finishPairs.
const usedSlots = new StaticArray<i32>(MAX_PAIRS);
let usedCount: i32 = 0;
const pendingSlot = new StaticArray<i32>(MAX_PAIRS);
const pendingEntry = new StaticArray<i32>(MAX_PAIRS);
let pendingCount: i32 = 0;

for (let s = 0; s < SLOTS; s++) unchecked(slotKey[s] = EMPTY);

// @ts-ignore: decorator
@inline function slotOf(key: i64): i32 {
  return <i32>(<u64>(key * 0x9E3779B97F4A7C15) >> (64 - SLOT_BITS));
}

/** Returns the slot holding `key`, or -1. */
// @ts-ignore: decorator
@inline export function findSlot(key: i64): i32 {
  let s = slotOf(key);
  while (true) {
    const k = load<i64>(slotKeyBase + (<usize>s << 3));
    if (k == key) return s;
    if (k == EMPTY) return -1;
    s = (s + 1) & (SLOTS - 1);
  }
}

/** Empties the table (only the slots the previous count used). */
export function resetPairs(): void {
  for (let u = 0; u < usedCount; u++) unchecked(slotKey[usedSlots[u]] = EMPTY);
  usedCount = 0;
  pendingCount = 0;
}

/** Queues a pair; callers add pairs in descending order of `index`. */
export function addPair(key: i64, index: i32, mask: i32): void {
  let s = slotOf(key);
  while (true) {
    const k = unchecked(slotKey[s]);
    if (k == key) break;
    if (k == EMPTY) {
      unchecked(slotKey[s] = key);
      unchecked(slotEnd[s] = 0);
      unchecked(usedSlots[usedCount++] = s);
      break;
    }
    s = (s + 1) & (SLOTS - 1);
  }
  unchecked(slotEnd[s] += 1); // a count until finishPairs turns it into an end offset
  const p = pendingCount++;
  unchecked(pendingSlot[p] = s);
  unchecked(pendingEntry[p] = (index << ENTRY_INDEX_SHIFT) | mask);
}

/** Lays the queued pairs out contiguously per key, keeping their order. */
export function finishPairs(): void {
  let offset = 0;
  for (let u = 0; u < usedCount; u++) {
    const s = unchecked(usedSlots[u]);
    const count = unchecked(slotEnd[s]);
    unchecked(slotStart[s] = offset);
    unchecked(slotEnd[s] = offset); // advanced to the real end while filling
    offset += count;
  }
  for (let p = 0; p < pendingCount; p++) {
    const s = unchecked(pendingSlot[p]);
    const at = unchecked(slotEnd[s]);
    unchecked(entries[at] = pendingEntry[p]);
    unchecked(slotEnd[s] = at + 1);
  }
}
