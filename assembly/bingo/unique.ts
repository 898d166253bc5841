// The run's set of cards already issued, so that no card repeats: a card's key is its
// exact rank among all ordered cards, as two 64-bit words (shape.ts packs the columns'
// ranks so that each word stays below 2^63); the high word is stored with bit 63 set, so
// an all-zero slot is empty. 16 bytes a slot, at most half full. Open addressing, linear probing.
import { within } from "../common/guard";

let capacity: i32 = 0;
let used: i32 = 0;
let base: usize = 0;
/** Largest number of slots: 2^24 (256 MB), for at most 2^23 cards. */
const MAX_SLOTS = 1 << 24;
/** Most cards the set holds (half its slots); the host reads it. */
export const MAX_UNIQUE_CARDS: i32 = MAX_SLOTS >> 1;
const TAG: u64 = <u64>1 << 63;

// @ts-ignore: decorator
@inline function slotOf(lo: u64, hi: u64, mask: i32): i32 {
  let h = (lo ^ (hi * 0xc2b2ae3d27d4eb4f)) * 0x9e3779b97f4a7c15;
  h ^= h >> 29;
  return <i32>h & mask;
}

function allocate(slots: i32): usize {
  const bytes = <usize>slots << 4;
  const at = heap.alloc(bytes);
  memory.fill(at, 0, bytes);
  return at;
}

/** Forgets every card (a new run). */
export function clearIssued(): void {
  if (base != 0) heap.free(base);
  capacity = 1 << 12;
  used = 0;
  base = allocate(capacity);
}

export function issuedCount(): i32 { return used; }

function place(lo: u64, tagged: u64): void {
  const mask = capacity - 1;
  let i = slotOf(lo, tagged, mask);
  while (load<u64>(base + (<usize>i << 4) + 8) != 0) i = (i + 1) & mask;
  store<u64>(base + (<usize>i << 4), lo);
  store<u64>(base + (<usize>i << 4) + 8, tagged);
}

function grow(): void {
  if (capacity >= MAX_SLOTS) abort("limit-exceeded: the uniqueness set holds at most 8388608 cards");
  moveTo(capacity << 1);
}

/** Sizes the set for `cards` more cards at once (so that it does not rehash step by step while generating). */
export function reserveIssued(cards: i32): void {
  within(cards, 0, MAX_UNIQUE_CARDS, "limit-exceeded: reserveIssued: more than 8388608 cards");
  if (capacity == 0) clearIssued();
  let slots = capacity;
  while (slots < MAX_SLOTS && (<i64>used + <i64>cards) * 2 > <i64>slots) slots <<= 1;
  if (slots > capacity) moveTo(slots);
}

function moveTo(slots: i32): void {
  const old = base;
  const oldCapacity = capacity;
  capacity = slots;
  base = allocate(capacity);
  for (let i = 0; i < oldCapacity; i++) {
    const tagged = load<u64>(old + (<usize>i << 4) + 8);
    if (tagged != 0) place(load<u64>(old + (<usize>i << 4)), tagged);
  }
  heap.free(old);
}

/** Adds the key (lo, hi); false, set unchanged, when it was there already. */
export function issueKey(lo: u64, hi: u64): bool {
  if (capacity == 0) clearIssued();
  const tagged = hi | TAG;
  const mask = capacity - 1;
  let i = slotOf(lo, tagged, mask);
  while (true) {
    const at = base + (<usize>i << 4);
    const t = load<u64>(at + 8);
    if (t == 0) break;
    if (t == tagged && load<u64>(at) == lo) return false;
    i = (i + 1) & mask;
  }
  if ((used + 1) << 1 > capacity) {
    grow();
    place(lo, tagged);
  } else {
    store<u64>(base + (<usize>i << 4), lo);
    store<u64>(base + (<usize>i << 4) + 8, tagged);
  }
  used++;
  return true;
}

/** Marks a card of an earlier series issued (its key words, from the host). */
export function markIssuedKey(lo: u64, hi: u64): bool {
  return issueKey(lo, hi);
}
