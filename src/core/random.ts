// Randomness, shared by every problem (the host twin of assembly/common/random.ts): the
// seeded generator — xoshiro128** (Blackman & Vigna 2018) with its 128-bit state expanded
// from the user's 64-bit seed by splitmix64 — for the baselines and for seeding the
// kernels; the OS source (globalThis.crypto); and exact range draws: Lemire's method
// below 2^32 (word for word as the kernels' below), whole words above. The kernels
// implement the same functions, so both sides give the same words for a seed.
import { UsageError } from "../errors.js";
import { quote, quoteValue } from "../io/quote.js";

const MASK64 = (1n << 64n) - 1n;

/** The four 32-bit xoshiro128** state words for a seed in [0, 2^64). */
export function seedState(seed: bigint): [number, number, number, number] {
  let x = parseSeed(seed);
  const words: number[] = [];
  for (let i = 0; i < 2; i++) {
    x = (x + 0x9e3779b97f4a7c15n) & MASK64;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    z ^= z >> 31n;
    words.push(Number(z & 0xffffffffn), Number(z >> 32n));
  }
  if (!words.some((w) => w !== 0)) words[0] = 1; // the all-zero state is a fixed point
  return words as [number, number, number, number];
}

/** What every seed is, in words: the one seed syntax of the CLIs and the API. */
export const SEED_EXPECTED = "a whole number from 0 to 18446744073709551615 (2^64-1), decimal digits";

/**
 * Parses a seed, the one syntax of every command and the API: decimal digits (spaces
 * around allowed), a safe whole number or a bigint, from 0 to 2^64-1. Empty or blank text
 * is refused (an unset shell variable must not become seed 0). UsageError names `name`.
 *
 * @param text the seed as typed, or a number or bigint
 * @param name the option's name for the error message
 * @example
 * ```ts
 * import { parseHousieSeed } from "tabula-grids";
 *
 * parseHousieSeed(" 42 "); // 42n
 * parseHousieSeed(7); // 7n
 * ```
 */
export function parseSeed(text: string | number | bigint, name: string = "seed"): bigint {
  if (typeof name !== "string") name = "seed";
  let value: bigint | undefined;
  if (typeof text === "bigint") value = text;
  else if (typeof text === "number") value = Number.isSafeInteger(text) ? BigInt(text) : undefined;
  else if (typeof text === "string") value = /^\s*\d{1,20}\s*$/.test(text) ? BigInt(text.trim()) : undefined;
  if (value === undefined || value < 0n || value > MASK64) {
    throw new UsageError(
      `${name} ${typeof text === "string" ? quote(text) : quoteValue(typeof text === "bigint" ? String(text) : text)} is not a seed (expected ${SEED_EXPECTED})`,
    );
  }
  return value;
}

/** xoshiro128** (Blackman–Vigna) seeded by splitmix64, the generator behind `--seed`; the WASM kernel runs the same one. */
export class Xoshiro128 {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: bigint) {
    [this.s0, this.s1, this.s2, this.s3] = seedState(seed);
  }

  next32(): number {
    const s1 = this.s1;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  /** Uniform integer in [0, n), 1 <= n < 2^32: Lemire's method, word for word as the kernel. */
  below(n: number): number {
    return below(this, n);
  }

  /**
   * Uniform integer in [0, n), 2^32 < n <= 2^53, as the kernel's belowWide: the top
   * bitLength(n - 1) bits of a 64-bit word (high word first), rejected when >= n.
   */
  belowWide(n: number): number {
    const bits = bitLength(n - 1);
    if (bits <= 32 || bits > 53) throw new RangeError(`belowWide(${n})`);
    while (true) {
      const hi = this.next32();
      const lo = this.next32();
      const x = hi * 2 ** (bits - 32) + Math.floor(lo / 2 ** (64 - bits));
      if (x < n) return x;
    }
  }
}

/** Uniform integer in [0, n), 1 <= n < 2^32, from `random`'s words: Lemire's method, word for word as the kernels' below. */
export function below(random: { next32(): number }, n: number): number {
  let x = random.next32();
  let { high, low } = multiply32(x, n);
  if (low < n) {
    const threshold = (0x100000000 - n) % n;
    while (low < threshold) {
      x = random.next32();
      ({ high, low } = multiply32(x, n));
    }
  }
  return high;
}

/** Bit length of a whole number (a number below 2^53, or a bigint). */
export function bitLength(n: number | bigint): number {
  if (typeof n === "bigint") return n === 0n ? 0 : n.toString(2).length;
  return n < 2 ** 32 ? 32 - Math.clz32(n) : 64 - Math.clz32(Math.floor(n / 2 ** 32));
}

/** High and low 32-bit words of the exact 64-bit product of two 32-bit words. */
function multiply32(x: number, n: number): { high: number; low: number } {
  const xh = x >>> 16;
  const xl = x & 0xffff;
  const a = xh * n; // < 2^48, exact
  const b = xl * n; // < 2^48, exact
  const mid = (a % 0x10000) * 0x10000 + b; // < 2^49, exact
  const high = Math.floor(a / 0x10000) + Math.floor(mid / 0x100000000);
  return { high, low: mid % 0x100000000 };
}

export interface RandomWords {
  next32(): number;
  below(n: number): number;
}

/** Words the OS source asks for at a time. */
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

  /** Lemire's exact range draw, the seeded generator's very function (only next32 differs). */
  below(n: number): number {
    return below(this, n);
  }
}

/** The seeded generator for `seed` (0..2^64-1), or the OS CSPRNG when undefined. */
export function randomSource(seed?: bigint | number | string): RandomWords {
  if (seed === undefined) return new SystemRandom();
  return new Xoshiro128(parseSeed(seed));
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

// Most engines cap one getRandomValues call at 65,536 bytes.
const RANDOM_CHUNK_WORDS = 16384;

/** Fills `block` with uniform random words, in chunks the engines accept. */
export function fillRandomWords(block: Uint32Array): void {
  for (let at = 0; at < block.length; at += RANDOM_CHUNK_WORDS) globalThis.crypto.getRandomValues(block.subarray(at, at + RANDOM_CHUNK_WORDS));
}
