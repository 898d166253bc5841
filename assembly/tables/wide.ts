// Unsigned 128-bit counts as two u64 limbs. Every DP count is a sum of products of
// nonnegative counts and small multinomials, so any overflow shows as a carry out of
// the high limb; it is flagged, never wrapped silently.

export let overflowed: bool = false;
export let productLo: u64 = 0;
export let productHi: u64 = 0;

export function clearOverflow(): void {
  overflowed = false;
}

export function flagOverflow(): void {
  overflowed = true;
}

/** (hi:lo) × w for w < 2^32, into productLo/productHi. */
// @ts-ignore: decorator
@inline export function multiplySmall(lo: u64, hi: u64, w: u64): void {
  const p0 = (lo & 0xFFFFFFFF) * w;
  const p1 = (lo >> 32) * w;
  const mid = (p0 >> 32) + (p1 & 0xFFFFFFFF);
  productLo = (p0 & 0xFFFFFFFF) | (mid << 32);
  const carry = (p1 >> 32) + (mid >> 32);
  let high = hi * w;
  if (hi >> 32 != 0 && high / w != hi) overflowed = true;
  const sum = high + carry;
  if (sum < high) overflowed = true;
  productHi = sum;
}
