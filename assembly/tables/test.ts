// The tables kernel's test build (build/test/tables.wasm): the release exports plus the
// 128-bit helpers, exported for their edge tests. Never shipped.
export * from "./index";
export { multiplyWide, divideSmall, multiplySmallForTest, clearOverflow, lastProductLo, lastProductHi, lastOverflowed } from "./wide";
// The symmetric canonical form without its invariants (the search alone), to show both give the same classes.
export { symUseInvariants } from "./sym";
