// The seeded generator, in TypeScript for the baseline sampler and for seeding the
// kernel: xoshiro128** (Blackman & Vigna 2018) with its 128-bit state expanded from the
// user's 64-bit seed by splitmix64, and Lemire's exactly uniform range draw. The kernel
// (assembly/housie/rng.ts) implements the same functions, so both give the same words.

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
 */
export function parseSeed(text: string | number | bigint, name: string = "seed"): bigint {
  if (typeof name !== "string") name = "seed";
  let value: bigint | undefined;
  if (typeof text === "bigint") value = text;
  else if (typeof text === "number") value = Number.isSafeInteger(text) ? BigInt(text) : undefined;
  else if (typeof text === "string") value = /^\s*\d{1,20}\s*$/.test(text) ? BigInt(text.trim()) : undefined;
  if (value === undefined || value < 0n || value > MASK64) {
    throw new UsageError(`${name} ${typeof text === "string" ? quote(text) : quoteValue(typeof text === "bigint" ? String(text) : text)} is not a seed (expected ${SEED_EXPECTED})`);
  }
  return value;
}

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
    let x = this.next32();
    let { high, low } = multiply32(x, n);
    if (low < n) {
      const threshold = (0x100000000 - n) % n;
      while (low < threshold) {
        x = this.next32();
        ({ high, low } = multiply32(x, n));
      }
    }
    return high;
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

/** Bit length of a whole number below 2^53. */
function bitLength(n: number): number {
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
