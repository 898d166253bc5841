// The tables kernel's test build (build/test/tables.wasm): the release exports plus the
// 128-bit helpers, exported for their edge tests. Never shipped.
export * from "./index";
export { multiplyWide, divideSmall, multiplySmallForTest, clearOverflow, lastProductLo, lastProductHi, lastOverflowed } from "./wide";
// The symmetric canonical form without its invariants (the search alone), to show both give the same classes.
export { symUseInvariants } from "./sym";
// The symmetric layers' raw arena, to show a region past the allocator's 1 GiB and its bytes kept when a region below grows.
export { arenaSetCap, arenaReset, regionAt, regionAtLeast } from "./arena";
