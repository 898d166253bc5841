// The run's set of tickets already issued, so that no ticket repeats. A ticket's key is
// its exact rank among all tickets (rank.ts, < 2^62), stored plus one so that 0 marks an
// empty slot: 8 bytes a slot, the set at most half full, so 16-32 bytes per issued
// ticket (32 at most once sized by reserveIssued). Open addressing, linear probing.

import { within } from "../common/guard";

let capacity: i32 = 0;
let used: i32 = 0;
// Unmanaged memory (heap.alloc), freed as soon as the set moves: the garbage collector
// would keep old tables around for a while, and memory never shrinks.
let keysBase: usize = 0;
/** Largest number of slots: 2^25 (256 MB), for at most 2^24 tickets. */
const MAX_SLOTS = 1 << 25;
/** Most tickets the set holds (half its slots); the host reads it. */
export const MAX_UNIQUE_TICKETS: i32 = MAX_SLOTS >> 1;

// @ts-ignore: decorator
@inline function slotOf(key: u64, mask: i32): i32 {
  let h = key * 0x9e3779b97f4a7c15;
  h ^= h >> 32;
  return <i32>h & mask;
}

function allocate(slots: i32): usize {
  const bytes = <usize>slots << 3;
  const base = heap.alloc(bytes);
  memory.fill(base, 0, bytes);
  return base;
}

/** Forgets every ticket (a new run). */
export function clearIssued(): void {
  if (keysBase != 0) heap.free(keysBase);
  capacity = 1 << 16;
  used = 0;
  keysBase = allocate(capacity);
}

export function issuedCount(): i32 { return used; }
/** Bytes held by the set. */
export function issuedBytes(): i32 { return capacity * 8; }

export function wasIssued(rank: u64): bool {
  if (capacity == 0) return false;
  const key = rank + 1;
  const mask = capacity - 1;
  let i = slotOf(key, mask);
  while (true) {
    const k = load<u64>(keysBase + (<usize>i << 3));
    if (k == key) return true;
    if (k == 0) return false;
    i = (i + 1) & mask;
  }
}

function place(key: u64): void {
  const mask = capacity - 1;
  let i = slotOf(key, mask);
  while (load<u64>(keysBase + (<usize>i << 3)) != 0) i = (i + 1) & mask;
  store<u64>(keysBase + (<usize>i << 3), key);
}

/** Moves to `slots` slots (a power of two holding every key at most half full). */
function resize(slots: i32): void {
  const old = keysBase;
  const oldCapacity = capacity;
  capacity = slots;
  keysBase = allocate(capacity);
  for (let i = 0; i < oldCapacity; i++) {
    const k = load<u64>(old + (<usize>i << 3));
    if (k != 0) place(k);
  }
  heap.free(old);
}

/**
 * Sizes the set for `tickets` issued tickets in all (at most 2^24) before the run needs
 * them, in one step, so that it does not grow, and rehash, step by step while generating.
 */
export function reserveIssued(tickets: i32): void {
  within(tickets, 0, MAX_SLOTS, "limit-exceeded: reserveIssued: tickets past the set's slots");
  if (capacity == 0) clearIssued();
  let slots = capacity;
  while (<i64>tickets * 2 > <i64>slots && slots < MAX_SLOTS) slots <<= 1;
  if (slots != capacity) resize(slots);
}

/** Records a ticket known not to be in the set. Keeps the load factor at most 1/2. */
export function markIssued(rank: u64): void {
  if (capacity == 0) clearIssued();
  within(used + 1, 1, MAX_UNIQUE_TICKETS, "limit-exceeded: markIssued: tickets past MAX_UNIQUE_TICKETS");
  if ((used + 1) * 2 > capacity) resize(capacity << 1);
  place(rank + 1);
  used++;
}

/** Records a ticket issued elsewhere (e.g. an earlier run of the series), once. */
export function markIssuedRank(rank: u64): void {
  if (!wasIssued(rank)) markIssued(rank);
}

/** Where the keys of the book being issued went, to take them out if it is refused. */
const placedSlot = new StaticArray<i32>(8);

/**
 * Issues `books` records in order, `per` (<= 8) tickets each, their ranks (u64s) at
 * `ranks`: a record holding a ticket issued before (by an earlier record of this call
 * too) is refused — none of its tickets stays and refused[b] (u8s) is 1, else 0.
 * Returns the number refused.
 *
 * Each key is checked and put in at once, in one loop over all the ranks, so that the
 * misses of many records are in flight together: a record's keys are looked up and
 * placed without waiting for a decision on the record, because refusals are rare (a
 * repeat among ~10^18 tickets). A refused record's keys are taken out again in reverse
 * order; each went into a slot that was empty, so that gives back the set exactly as it
 * was before the record.
 */
export function issueBatch(ranks: usize, books: i32, per: i32, refused: usize): i32 {
  if (capacity == 0) clearIssued();
  // Past half full the set only slows, but a full set would probe for ever.
  within(used + books * per, 0, MAX_SLOTS - 1, "limit-exceeded: issueBatch: tickets past the set's slots");
  while (<i64>(used + books * per) * 2 > <i64>capacity && capacity < MAX_SLOTS) resize(capacity << 1);
  const mask = capacity - 1;
  const base = keysBase;
  let refusals = 0;
  let at = ranks;
  for (let b = 0; b < books; b++) {
    let t = 0;
    for (; t < per; t++) {
      const key = load<u64>(at + (<usize>t << 3)) + 1;
      let i = slotOf(key, mask);
      let k = load<u64>(base + (<usize>i << 3));
      while (k != 0 && k != key) {
        i = (i + 1) & mask;
        k = load<u64>(base + (<usize>i << 3));
      }
      if (k == key) break;
      store<u64>(base + (<usize>i << 3), key);
      unchecked(placedSlot[t] = i);
    }
    const refuse = t < per;
    if (refuse) {
      for (let u = t - 1; u >= 0; u--) store<u64>(base + (<usize>unchecked(placedSlot[u]) << 3), 0);
      refusals++;
    }
    store<u8>(refused + <usize>b, <u8>refuse);
    at += <usize>per << 3;
  }
  used += (books - refusals) * per;
  return refusals;
}
