// 128-bit counts across the boundary: the kernels hand a u128 back as two u64 limbs, which
// the bindings read as signed bigints (i64); this joins them into the unsigned value.

/** The unsigned 128-bit number whose low and high 64-bit limbs the kernel returned. */
export function fromLimbs(lo: bigint, hi: bigint): bigint {
  return (BigInt.asUintN(64, hi) << 64n) | BigInt.asUintN(64, lo);
}
