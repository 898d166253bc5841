// The run's set of tickets already issued, so that no ticket repeats. A ticket's key is
// exact, not a hash: `low` has bit x-1 for each number x <= 64; `high` has bit x-65 for
// each number x >= 65 (26 bits) and the 27-bit pattern above them. Open addressing with
// linear probing; a zero key pair marks an empty slot (a real key always has numbers).

let capacity: i32 = 0;
let used: i32 = 0;
let lows = new StaticArray<u64>(0);
let highs = new StaticArray<u64>(0);

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
  lows = new StaticArray<u64>(capacity);
  highs = new StaticArray<u64>(capacity);
}

export function issuedCount(): i32 { return used; }

export function wasIssued(low: u64, high: u64): bool {
  if (capacity == 0) return false;
  const mask = capacity - 1;
  let i = slotOf(low, high, mask);
  while (true) {
    const l = unchecked(lows[i]);
    const h = unchecked(highs[i]);
    if (l == low && h == high) return true;
    if ((l | h) == 0) return false;
    i = (i + 1) & mask;
  }
}

function place(low: u64, high: u64): void {
  const mask = capacity - 1;
  let i = slotOf(low, high, mask);
  while ((unchecked(lows[i]) | unchecked(highs[i])) != 0) i = (i + 1) & mask;
  unchecked(lows[i] = low);
  unchecked(highs[i] = high);
}

function grow(): void {
  const oldLows = lows;
  const oldHighs = highs;
  const oldCapacity = capacity;
  capacity <<= 1;
  lows = new StaticArray<u64>(capacity);
  highs = new StaticArray<u64>(capacity);
  for (let i = 0; i < oldCapacity; i++) {
    const l = unchecked(oldLows[i]);
    const h = unchecked(oldHighs[i]);
    if ((l | h) != 0) place(l, h);
  }
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
