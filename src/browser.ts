// tabula outside Node (browsers, and bundlers targeting them): the same API as index.ts,
// with the parallel counters in one thread and no Node built-ins. `await ready()` first.
export { InputError, UsageError, KernelError, type InputLocation, type KernelErrorCode } from "./errors.js";
export type { KernelName, KernelSource } from "./wasm/load.js";
export { ready } from "./ready.js";
export * from "./farms/index.js";
export * from "./tables/browser.js";
export * from "./housie/index.js";
export * from "./tours/browser.js";
export { parseShardSpec, type ShardSpec, type ShardPart } from "./shards/index.js";
export { mergeShards } from "./merge.js";
