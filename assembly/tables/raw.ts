// Raw accessors of fixed tables in static memory (memory.data): a table's address is a
// constant known when compiling, so an access is one load or store. Module-level
// StaticArrays are managed globals instead, and the incremental runtime stores such a
// global on the shadow stack at every read, which the DP's inner loops would pay for.

// @ts-ignore: decorator
@inline export function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline export function setI32At(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((<usize>i) << 2), v);
}
// @ts-ignore: decorator
@inline export function u32At(base: usize, i: i32): u32 {
  return load<u32>(base + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline export function setU32At(base: usize, i: i32, v: u32): void {
  store<u32>(base + ((<usize>i) << 2), v);
}
// @ts-ignore: decorator
@inline export function u16At(base: usize, i: i32): u16 {
  return load<u16>(base + ((<usize>i) << 1));
}
// @ts-ignore: decorator
@inline export function setU16At(base: usize, i: i32, v: u16): void {
  store<u16>(base + ((<usize>i) << 1), v);
}
// @ts-ignore: decorator
@inline export function u8At(base: usize, i: i32): u8 {
  return load<u8>(base + <usize>i);
}
// @ts-ignore: decorator
@inline export function setU8At(base: usize, i: i32, v: u8): void {
  store<u8>(base + <usize>i, v);
}
// @ts-ignore: decorator
@inline export function u64At(base: usize, i: i32): u64 {
  return load<u64>(base + ((<usize>i) << 3));
}
// @ts-ignore: decorator
@inline export function setU64At(base: usize, i: i32, v: u64): void {
  store<u64>(base + ((<usize>i) << 3), v);
}
