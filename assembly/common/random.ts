// Random words for every kernel that draws (housie, tables), from one of two sources the
// host chooses (shared infrastructure: the import is random.refill, no kernel's own):
//  - seeded: xoshiro128** (Blackman & Vigna), 128-bit state set by the host from the
//    user's seed through splitmix64, so a seed gives the same words on every machine;
//    words are made a block at a time with the state in locals (cheaper than globals);
//  - system: 32-bit words the host fills from the OS CSPRNG into `randomBlock`; when the
//    block is used up the kernel calls the host's `refill` import and carries on, so a
//    draw never ends early (ending early would bias towards draws that need few words).
// Range draws use Lemire's multiply-and-reject: exactly uniform, no modulo bias.

@external("random", "refill")
declare function hostRefill(): void;

export const RANDOM_BLOCK_WORDS = 4096;
export const randomBlock = new StaticArray<u32>(RANDOM_BLOCK_WORDS);
/** randomBlock's address as a plain integer: reading it in the hot path needs no
 * shadow-stack store, which each read of a managed global costs under this runtime. */
const blockBase: usize = changetype<usize>(randomBlock);

let s0: u32 = 1;
let s1: u32 = 2;
let s2: u32 = 3;
let s3: u32 = 4;
let useSystem = false;
let blockPos: i32 = RANDOM_BLOCK_WORDS;

/** Seeded mode with the given xoshiro128** state (not all zero). */
export function setSeedState(a: u32, b: u32, c: u32, d: u32): void {
  s0 = a;
  s1 = b;
  s2 = c;
  s3 = d;
  useSystem = false;
  blockPos = RANDOM_BLOCK_WORDS;
}

/** System mode: words come from `randomBlock`, refilled by the host on demand. */
export function useSystemRandom(): void {
  useSystem = true;
  blockPos = RANDOM_BLOCK_WORDS;
}

export function randomBlockPtr(): usize {
  return changetype<usize>(randomBlock);
}

/** Refills `randomBlock` with xoshiro128** words, the state held in locals. */
function refillSeeded(): void {
  let a = s0,
    b = s1,
    c = s2,
    d = s3;
  for (let i = 0; i < RANDOM_BLOCK_WORDS; i++) {
    unchecked((randomBlock[i] = rotl<u32>(b * 5, 7) * 9));
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl<u32>(d, 11);
  }
  s0 = a;
  s1 = b;
  s2 = c;
  s3 = d;
}

/** Both sources are consumed from `randomBlock`, refilled when used up. */
// @ts-ignore: decorator
@inline export function next32(): u32 {
  if (blockPos == RANDOM_BLOCK_WORDS) {
    if (useSystem) hostRefill();
    else refillSeeded();
    blockPos = 0;
  }
  return load<u32>(blockBase + ((<usize>(blockPos++)) << 2));
}

/** Uniform integer in [0, n), 1 <= n < 2^32 (Lemire 2019). */
// @ts-ignore: decorator
@inline export function below(n: u32): u32 {
  let m = <u64>next32() * <u64>n;
  if (<u32>m < n) {
    const threshold: u32 = (<u32>0 - n) % n; // 2^32 mod n: low words below it would bias
    while (<u32>m < threshold) m = <u64>next32() * <u64>n;
  }
  return <u32>(m >> 32);
}

/** Uniform integer in [0, n), 1 <= n <= 2^62: 62-bit words, rejected when >= n. */
export function below62(n: u64): u64 {
  while (true) {
    const hi = <u64>next32();
    const lo = <u64>next32();
    const x = ((hi << 32) | lo) >> 2;
    if (x < n) return x;
  }
}

/**
 * Uniform integer in [0, n), 2^32 < n <= 2^53: the top bits of a 64-bit word (high word
 * first), as many as n needs, rejected when >= n (at most half the time).
 */
export function belowWide(n: u64): u64 {
  const shift = clz<u64>(n - 1);
  while (true) {
    const hi = <u64>next32();
    const lo = <u64>next32();
    const x = ((hi << 32) | lo) >> shift;
    if (x < n) return x;
  }
}
