// tabula: count and generate constrained number grids, exactly and fast. This is the Node
// entry (worker-thread pools, wasmPath); browser.ts is the same API for other hosts.
export { InputError, UsageError, KernelError, type InputLocation, type KernelErrorCode } from "./errors.js";
export { wasmPath } from "./wasm/path.js";
export type { KernelName, KernelSource } from "./wasm/load.js";
export { ready } from "./ready.js";
export * from "./farms/index.js";
export * from "./tables/node.js";
export * from "./housie/node.js";
export * from "./tours/node.js";
export { mergeShards, parseShardSpec, type ShardSpec, type ShardPart } from "./shards/index.js";
