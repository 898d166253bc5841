// The run's set of tickets already issued, so that no ticket repeats. A ticket's key is
// exact, not a hash: `low` has bit x-1 for each number x <= 64; `high` has bit x-65 for
// each number x >= 65 (26 bits) and the 27-bit pattern above them. Open addressing with
// linear probing over one array of (low, high) pairs, so a probe touches one cache
// line; a zero key pair marks an empty slot (a real key always has numbers).

let capacity: i32 = 0;
let used: i32 = 0;
let keys = new StaticArray<u64>(0); // slot i at [2i] (low) and [2i+1] (high)

// @ts-ignore: decorator
@inline function slotOf(low: u64, high: u64, mask: i32): i32 {
  let h = low ^ (high * 0x9e3779b97f4a7c15);
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccd;
  h ^= h >> 33;
  return <i32>h & mask;
}

/** Forgets every ticket (a new run). */
export function clearIssued(): void {
  capacity = 1 << 16;
  used = 0;
  keys = new StaticArray<u64>(capacity * 2);
}

export function issuedCount(): i32 { return used; }

export function wasIssued(low: u64, high: u64): bool {
  if (capacity == 0) return false;
  const mask = capacity - 1;
  let i = slotOf(low, high, mask);
  while (true) {
    const l = unchecked(keys[2 * i]);
    const h = unchecked(keys[2 * i + 1]);
    if (l == low && h == high) return true;
    if ((l | h) == 0) return false;
    i = (i + 1) & mask;
  }
}

function place(low: u64, high: u64): void {
  const mask = capacity - 1;
  let i = slotOf(low, high, mask);
  while ((unchecked(keys[2 * i]) | unchecked(keys[2 * i + 1])) != 0) i = (i + 1) & mask;
  unchecked(keys[2 * i] = low);
  unchecked(keys[2 * i + 1] = high);
}

function grow(): void {
  const old = keys;
  const oldCapacity = capacity;
  capacity <<= 1;
  keys = new StaticArray<u64>(capacity * 2);
  for (let i = 0; i < oldCapacity; i++) {
    const l = unchecked(old[2 * i]);
    const h = unchecked(old[2 * i + 1]);
    if ((l | h) != 0) place(l, h);
  }
}

/**
 * Sizes the set for `tickets` issued tickets in all (at most 2^24) before the run needs
 * them, so that it does not grow, and rehash, step by step while generating.
 */
export function reserveIssued(tickets: i32): void {
  if (capacity == 0) clearIssued();
  while (<i64>tickets * 2 > <i64>capacity && capacity < (1 << 25)) grow();
}

/** Records a ticket known not to be in the set. Keeps the load factor at most 1/2. */
export function markIssued(low: u64, high: u64): void {
  if (capacity == 0) clearIssued();
  if ((used + 1) * 2 > capacity) grow();
  place(low, high);
  used++;
}

/** Records a ticket issued elsewhere (e.g. an earlier run of the series), once. */
export function markIssuedTicket(low: u64, high: u64): void {
  if (!wasIssued(low, high)) markIssued(low, high);
}

const probeSlot = new StaticArray<i32>(8);

/**
 * For the `count` (<= 8) distinct keys of one book: true if any was issued before (then
 * nothing is recorded), else records them all. Their home slots are loaded first, all
 * at once, so that the cache misses of a large set overlap instead of queueing.
 */
export function issueAll(lows: StaticArray<u64>, highs: StaticArray<u64>, count: i32): bool {
  if (capacity == 0) clearIssued();
  while ((used + count) * 2 > capacity) grow();
  const mask = capacity - 1;
  const base = changetype<usize>(keys);
  let touch: u64 = 0;
  for (let t = 0; t < count; t++) {
    const i = slotOf(unchecked(lows[t]), unchecked(highs[t]), mask);
    unchecked(probeSlot[t] = i);
    touch |= load<u64>(base + (<usize>i << 4));
  }
  if (touch == 0xffffffffffffffff && count < 0) unreachable(); // keeps the loads
  for (let t = 0; t < count; t++) {
    const low = unchecked(lows[t]);
    const high = unchecked(highs[t]);
    let i = unchecked(probeSlot[t]);
    while (true) {
      const l = unchecked(keys[2 * i]);
      const h = unchecked(keys[2 * i + 1]);
      if (l == low && h == high) return true;
      if ((l | h) == 0) break;
      i = (i + 1) & mask;
    }
    unchecked(probeSlot[t] = i); // the first empty slot on its probe path
  }
  for (let t = 0; t < count; t++) {
    let i = unchecked(probeSlot[t]);
    // An earlier key of this book may have taken the slot: probe on.
    while ((unchecked(keys[2 * i]) | unchecked(keys[2 * i + 1])) != 0) i = (i + 1) & mask;
    unchecked(keys[2 * i] = lows[t]);
    unchecked(keys[2 * i + 1] = highs[t]);
  }
  used += count;
  return false;
}
