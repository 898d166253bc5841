// 64 × 64 → 128-bit unsigned multiply, shared by the kernels that keep 128-bit counts and
// weights (tables' DP counts, housie's class weights). AssemblyScript has no u128.

/** The high 64 bits of the last multiply64. */
export let multiplyHigh: u64 = 0;

/** a × b: returns the low 64 bits and leaves the high 64 in multiplyHigh. */
// @ts-ignore: decorator
@inline export function multiply64(a: u64, b: u64): u64 {
  const a0 = a & 0xffffffff,
    a1 = a >> 32,
    b0 = b & 0xffffffff,
    b1 = b >> 32;
  const p00 = a0 * b0,
    p01 = a0 * b1,
    p10 = a1 * b0,
    p11 = a1 * b1;
  const middle = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  multiplyHigh = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
  return (middle << 32) | (p00 & 0xffffffff);
}
