// Unsigned 128-bit counts as two u64 limbs. Every DP count is a sum of products of
// nonnegative counts and small multinomials, so any overflow shows as a carry out of
// the high limb; it is flagged, never wrapped silently.
import { multiply64, multiplyHigh } from "../common/wide";

export let overflowed: bool = false;
export let productLo: u64 = 0;
export let productHi: u64 = 0;

export function clearOverflow(): void {
  overflowed = false;
}

/** The high limb of the last addWide. */
export let sumHigh: u64 = 0;

/** (hi:lo) + (addHi:addLo): returns the low limb and leaves the high one in sumHigh; a carry out of the high limb is flagged. */
// @ts-ignore: decorator
@inline export function addWide(lo: u64, hi: u64, addLo: u64, addHi: u64): u64 {
  const newLo = lo + addLo;
  const partHi = hi + addHi;
  const newHi = partHi + <u64>(newLo < lo);
  if (partHi < hi || newHi < partHi) overflowed = true;
  sumHigh = newHi;
  return newLo;
}

/** Adds (addHi:addLo) to the 128-bit count whose limbs are stored at loAt and hiAt. */
// @ts-ignore: decorator
@inline export function addWideAt(loAt: usize, hiAt: usize, addLo: u64, addHi: u64): void {
  store<u64>(loAt, addWide(load<u64>(loAt), load<u64>(hiAt), addLo, addHi));
  store<u64>(hiAt, sumHigh);
}

/** (hi:lo) × w for w < 2^32, into productLo/productHi. */
// @ts-ignore: decorator
@inline export function multiplySmall(lo: u64, hi: u64, w: u64): void {
  const p0 = (lo & 0xffffffff) * w;
  const p1 = (lo >> 32) * w;
  const mid = (p0 >> 32) + (p1 & 0xffffffff);
  productLo = (p0 & 0xffffffff) | (mid << 32);
  const carry = (p1 >> 32) + (mid >> 32);
  let high = hi * w;
  if (hi >> 32 != 0 && high / w != hi) overflowed = true;
  const sum = high + carry;
  if (sum < high) overflowed = true;
  productHi = sum;
}

const LOW: u64 = 0xffffffff;

/** x·y for 64-bit x, y when it fits 64 bits; flags overflow otherwise. */
// @ts-ignore: decorator
@inline function multiplyNarrow(x: u64, y: u64): u64 {
  const product = x * y;
  if ((x | y) >> 32 != 0 && x != 0 && product / x != y) overflowed = true;
  return product;
}

/** (aHi:aLo) × (bHi:bLo) into productLo/productHi, flagging results past 128 bits. */
export function multiplyWide(aLo: u64, aHi: u64, bLo: u64, bHi: u64): void {
  if (aHi != 0 && bHi != 0) overflowed = true;
  productLo = multiply64(aLo, bLo);
  let high = multiplyHigh;
  const cross1 = multiplyNarrow(aHi, bLo);
  const cross2 = multiplyNarrow(aLo, bHi);
  const withCross1 = high + cross1;
  if (withCross1 < high) overflowed = true;
  high = withCross1 + cross2;
  if (high < withCross1) overflowed = true;
  productHi = high;
}

/** (hi:lo) / d for 0 < d < 2^32 when the division is exact, into productLo/productHi. */
export function divideSmall(lo: u64, hi: u64, d: u64): void {
  const qHi = hi / d;
  let r = hi - qHi * d;
  const upper = (r << 32) | (lo >> 32);
  const qUpper = upper / d;
  r = upper - qUpper * d;
  const lower = (r << 32) | (lo & LOW);
  const qLower = lower / d;
  productHi = qHi;
  productLo = (qUpper << 32) | qLower;
}

// Read-outs for the edge tests of the 128-bit helpers (test/unit/tables-wide.test.ts).
export function lastProductLo(): u64 {
  return productLo;
}

export function lastProductHi(): u64 {
  return productHi;
}

export function lastOverflowed(): bool {
  return overflowed;
}

export function multiplySmallForTest(lo: u64, hi: u64, w: u64): void {
  multiplySmall(lo, hi, w);
}
