// Random words for the table sampler: the OS CSPRNG (globalThis.crypto.getRandomValues)
// by default, or housie's seeded xoshiro128** (src/housie/rng.ts) for repeatable runs.
// Range draws are exact: Lemire's method below 2^32 (housie's), and above it whole
// 32-bit words high first, the top word cut to the bit length, rejected when too large.
import { Xoshiro128, parseSeed } from "../housie/rng.js";
import { UsageError } from "../errors.js";

export interface RandomWords {
  next32(): number;
  below(n: number): number;
}

const BLOCK_WORDS = 1024;

/** 32-bit words from the OS CSPRNG, a block at a time. */
export class SystemRandom implements RandomWords {
  private readonly block = new Uint32Array(BLOCK_WORDS);
  private at = BLOCK_WORDS;

  next32(): number {
    if (this.at === BLOCK_WORDS) {
      globalThis.crypto.getRandomValues(this.block);
      this.at = 0;
    }
    return this.block[this.at++]!;
  }

  /** Lemire's exact range draw, the very code of the seeded generator (only next32 differs). */
  below(n: number): number {
    return Xoshiro128.prototype.below.call(this, n) as number;
  }
}

/** The seeded generator for `seed` (0..2^64-1), or the OS CSPRNG when undefined. */
export function randomSource(seed?: bigint | number | string): RandomWords {
  if (seed === undefined) return new SystemRandom();
  return new Xoshiro128(parseSeed(seed));
}

export function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** Uniform bigint in [0, n), n >= 1: exact (rejection, never floats). */
export function belowBig(random: RandomWords, n: bigint): bigint {
  if (n <= 0xffffffffn) return BigInt(random.below(Number(n)));
  const bits = bitLength(n - 1n);
  const words = Math.ceil(bits / 32);
  const topShift = 32 * words - bits;
  for (;;) {
    let x = BigInt(random.next32() >>> topShift);
    for (let w = 1; w < words; w++) x = (x << 32n) | BigInt(random.next32());
    if (x < n) return x;
  }
}
