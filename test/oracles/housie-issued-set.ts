// The pure-TS baseline of the housie kernel's uniqueness set (assembly/housie/unique.ts):
// the same table, hash, probing and batch issue, on 32-bit words. Tests check the kernel
// against it record by record; the bench compares the two.
//
// A slot is two words, the key (rank + 1) low word first, (0, 0) = empty; open
// addressing with linear probing, at most half full. Home slot: the low bits of
// h ^ (h >> 32), h = key * 0x9e3779b97f4a7c15 mod 2^64 (the kernel's slotOf).

const GOLDEN_LOW = 0x7f4a7c15;
const GOLDEN_HIGH = 0x9e3779b9;

/** High 32 bits of the 64-bit product of two unsigned 32-bit words. */
function multiplyHigh32(a: number, b: number): number {
  const aLow = a & 0xffff,
    aHigh = a >>> 16,
    bLow = b & 0xffff,
    bHigh = b >>> 16;
  const low = aLow * bLow;
  const middle = aHigh * bLow + (low >>> 16);
  const cross = aLow * bHigh + (middle & 0xffff);
  return (aHigh * bHigh + Math.floor(middle / 0x10000) + Math.floor(cross / 0x10000)) >>> 0;
}

/** The home slot of key (low, high) in a table of mask + 1 slots. */
export function homeSlot(low: number, high: number, mask: number): number {
  const productLow = Math.imul(low, GOLDEN_LOW) >>> 0;
  const productHigh = (multiplyHigh32(low, GOLDEN_LOW) + Math.imul(low, GOLDEN_HIGH) + Math.imul(high, GOLDEN_LOW)) >>> 0;
  return (productLow ^ productHigh) & mask;
}

export class IssuedSet {
  private capacity = 1 << 16;
  private used = 0;
  private words = new Uint32Array(2 << 16);
  /** Slots taken by the record being issued, to empty again if it is refused. */
  private readonly placed: number[] = [];

  get size(): number {
    return this.used;
  }

  has(rank: bigint): boolean {
    const low = Number(BigInt.asUintN(32, rank + 1n)),
      high = Number(BigInt.asUintN(32, (rank + 1n) >> 32n));
    const mask = this.capacity - 1;
    for (let i = homeSlot(low, high, mask); ; i = (i + 1) & mask) {
      const kl = this.words[2 * i]!,
        kh = this.words[2 * i + 1]!;
      if (kl === low && kh === high) return true;
      if (kl === 0 && kh === 0) return false;
    }
  }

  /**
   * Issues `records` records of `per` tickets in order; `ranks` holds their ranks as
   * (low, high) word pairs. A record with a ticket issued before (by an earlier record
   * too) is refused and leaves nothing behind. Returns, per record, 1 if refused, else 0.
   */
  issueBatch(ranks: Uint32Array, records: number, per: number): Uint8Array {
    while ((this.used + records * per) * 2 > this.capacity) this.grow();
    const refused = new Uint8Array(records);
    const mask = this.capacity - 1;
    const words = this.words;
    let refusals = 0;
    for (let r = 0; r < records; r++) {
      this.placed.length = 0;
      for (let t = 0; t < per; t++) {
        const at = 2 * (r * per + t);
        // key = rank + 1 on two words
        const low = (ranks[at]! + 1) >>> 0;
        const high = (ranks[at + 1]! + (low === 0 ? 1 : 0)) >>> 0;
        let i = homeSlot(low, high, mask);
        let found = false;
        while (words[2 * i] !== 0 || words[2 * i + 1] !== 0) {
          if (words[2 * i] === low && words[2 * i + 1] === high) {
            found = true;
            break;
          }
          i = (i + 1) & mask;
        }
        if (found) {
          refused[r] = 1;
          break;
        }
        words[2 * i] = low;
        words[2 * i + 1] = high;
        this.placed.push(i);
      }
      if (refused[r]) {
        for (let u = this.placed.length - 1; u >= 0; u--) words[2 * this.placed[u]!] = words[2 * this.placed[u]! + 1] = 0;
        refusals++;
      }
    }
    this.used += (records - refusals) * per;
    return refused;
  }

  private grow(): void {
    const old = this.words;
    this.capacity *= 2;
    this.words = new Uint32Array(2 * this.capacity);
    const mask = this.capacity - 1;
    for (let s = 0; s < old.length; s += 2) {
      const low = old[s]!,
        high = old[s + 1]!;
      if (low === 0 && high === 0) continue;
      let i = homeSlot(low, high, mask);
      while (this.words[2 * i] !== 0 || this.words[2 * i + 1] !== 0) i = (i + 1) & mask;
      this.words[2 * i] = low;
      this.words[2 * i + 1] = high;
    }
  }
}
