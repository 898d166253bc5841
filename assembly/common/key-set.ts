// The one set of issued keys behind every "no repeats" run (housie's tickets, bingo's
// cards): open addressing with linear probing in unmanaged memory (heap.alloc, freed as
// soon as the table moves: the garbage collector would keep old tables around for a while,
// and memory never shrinks), at most half full. A key is one or two 64-bit words; its last
// word, the marker, is never 0 (callers store a rank plus one, or a word with bit 63 set),
// so a 0 there marks an empty slot.

/** Slot of the key (lo, marker) of `words` words in a table of mask + 1 slots (lo unused for one word). */
// @ts-ignore: decorator
@inline
export function keySlot(lo: u64, marker: u64, mask: i32, words: i32): i32 {
  let h: u64;
  if (words == 1) {
    h = marker * 0x9e3779b97f4a7c15;
    h ^= h >> 32;
  } else {
    h = (lo ^ (marker * 0xc2b2ae3d27d4eb4f)) * 0x9e3779b97f4a7c15;
    h ^= h >> 29;
  }
  return (<i32>h) & mask;
}

export class KeySet {
  /** Slots in the table (a power of two), keys in it, and its address (0 before the first use). */
  capacity: i32 = 0;
  used: i32 = 0;
  base: usize = 0;
  /** Bytes a slot: 8 a word. */
  readonly slotBytes: i32;
  /** Where the marker sits in a slot. */
  readonly markerAt: usize;

  /**
   * A set of `words`-word keys (1 or 2) that starts at `firstSlots` slots and never passes
   * `maxSlots`; `fullMessage` is the trap when a key would need more.
   */
  constructor(
    readonly words: i32,
    readonly firstSlots: i32,
    readonly maxSlots: i32,
    readonly fullMessage: string,
  ) {
    this.slotBytes = words << 3;
    this.markerAt = (<usize>(words - 1)) << 3;
  }

  /** Forgets every key (a new run). */
  clear(): void {
    if (this.base != 0) heap.free(this.base);
    this.capacity = this.firstSlots;
    this.used = 0;
    this.base = this.allocate(this.capacity);
  }

  /** Bytes the table holds. */
  bytes(): i32 {
    return this.capacity * this.slotBytes;
  }

  /** Address of slot i. */
  // @ts-ignore: decorator
  @inline
  slot(i: i32): usize {
    return this.base + <usize>i * <usize>this.slotBytes;
  }

  /** The slot holding (lo, marker), or minus one less the empty slot where it would go. */
  find(lo: u64, marker: u64): i32 {
    if (this.capacity == 0) this.clear();
    const mask = this.capacity - 1;
    let i = keySlot(lo, marker, mask, this.words);
    while (true) {
      const at = this.slot(i);
      const m = load<u64>(at + this.markerAt);
      if (m == 0) return -1 - i;
      if (m == marker && (this.words == 1 || load<u64>(at) == lo)) return i;
      i = (i + 1) & mask;
    }
  }

  /** Adds (lo, marker); false, the set unchanged, when it was there already. */
  add(lo: u64, marker: u64): bool {
    const found = this.find(lo, marker);
    if (found >= 0) return false;
    if ((this.used + 1) << 1 > this.capacity) {
      if (this.capacity >= this.maxSlots) abort(this.fullMessage);
      this.moveTo(this.capacity << 1);
      this.place(lo, marker);
    } else {
      this.write(-1 - found, lo, marker);
    }
    this.used++;
    return true;
  }

  /** Sizes the table for `keys` keys in all at once (so that it does not rehash step by step while generating), up to maxSlots. */
  reserve(keys: i64): void {
    if (this.capacity == 0) this.clear();
    let slots = this.capacity;
    while (slots < this.maxSlots && keys * 2 > <i64>slots) slots <<= 1;
    if (slots != this.capacity) this.moveTo(slots);
  }

  // @ts-ignore: decorator
  @inline
  private write(i: i32, lo: u64, marker: u64): void {
    const at = this.slot(i);
    if (this.words == 2) store<u64>(at, lo);
    store<u64>(at + this.markerAt, marker);
  }

  /** Puts a key known to be absent into its first empty slot. */
  private place(lo: u64, marker: u64): void {
    const mask = this.capacity - 1;
    let i = keySlot(lo, marker, mask, this.words);
    while (load<u64>(this.slot(i) + this.markerAt) != 0) i = (i + 1) & mask;
    this.write(i, lo, marker);
  }

  private allocate(slots: i32): usize {
    const bytes = <usize>slots * <usize>this.slotBytes;
    const at = heap.alloc(bytes);
    memory.fill(at, 0, bytes);
    return at;
  }

  /** Moves every key to a table of `slots` slots. */
  private moveTo(slots: i32): void {
    const old = this.base;
    const oldCapacity = this.capacity;
    this.capacity = slots;
    this.base = this.allocate(slots);
    for (let i = 0; i < oldCapacity; i++) {
      const at = old + <usize>i * <usize>this.slotBytes;
      const marker = load<u64>(at + this.markerAt);
      if (marker != 0) this.place(this.words == 2 ? load<u64>(at) : 0, marker);
    }
    heap.free(old);
  }
}
