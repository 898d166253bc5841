// An exact set of fixed-width keys (a few 32-bit words each), each remembered with the
// line that first held it, for the validator's duplicate checks: open addressing with
// linear probing over one flat typed array (a slot = the key's words, then its line, so
// a probe touches one cache line), at most half full. Line 0 marks an empty slot, so
// lines are 1-based.

export class WordKeySet {
  readonly words: number;
  private readonly stride: number;
  private capacity: number;
  private used = 0;
  private slots: Uint32Array;

  /** `expected`: how many keys to size the table for at once (it grows beyond that). */
  constructor(words: number, expected = 2048) {
    this.words = words;
    this.stride = words + 1;
    let capacity = 1 << 12;
    while (capacity < 2 * expected && capacity < 1 << 30) capacity *= 2;
    this.capacity = capacity;
    this.slots = new Uint32Array(capacity * this.stride);
  }

  get size(): number {
    return this.used;
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  private slotOf(key: Uint32Array, at: number): number {
    let h = 0x9e3779b9;
    for (let w = 0; w < this.words; w++) {
      h = Math.imul(h ^ key[at + w]!, 0x85ebca6b);
      h ^= h >>> 13;
    }
    h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
    return (h ^ (h >>> 15)) & (this.capacity - 1);
  }

  /**
   * Reads the key's home slot and returns a word of it: calling this for a batch of keys
   * before adding them lets their cache misses overlap (each is independent of the
   * others), where add() alone waits on each miss in turn.
   */
  touch(key: Uint32Array, at: number): number {
    if ((this.used + 1) * 2 > this.capacity) return 0; // about to grow: nothing to gain
    return this.slots[this.slotOf(key, at) * this.stride]!;
  }

  /**
   * Adds key[at .. at + words) first seen on `line` (>= 1); returns 0 if it was new, else
   * the line that holds it already (and the set is unchanged).
   */
  add(key: Uint32Array, at: number, line: number): number {
    if ((this.used + 1) * 2 > this.capacity) this.grow();
    const words = this.words;
    const stride = this.stride;
    const slots = this.slots;
    const mask = this.capacity - 1;
    let slot = this.slotOf(key, at);
    for (;;) {
      const base = slot * stride;
      const held = slots[base + words]!;
      if (held === 0) {
        for (let w = 0; w < words; w++) slots[base + w] = key[at + w]!;
        slots[base + words] = line;
        this.used++;
        return 0;
      }
      let same = true;
      for (let w = 0; w < words; w++) {
        if (slots[base + w] !== key[at + w]) {
          same = false;
          break;
        }
      }
      if (same) return held;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    const stride = this.stride;
    this.capacity *= 2;
    this.slots = new Uint32Array(this.capacity * stride);
    this.used = 0;
    for (let base = 0; base < old.length; base += stride) {
      const line = old[base + this.words]!;
      if (line !== 0) this.add(old, base, line);
    }
  }
}
