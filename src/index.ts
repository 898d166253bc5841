// tabula: count and generate constrained number grids, exactly and fast.
export { InputError, UsageError, type InputLocation } from "./errors.js";
export { wasmPath, type KernelName } from "./wasm/load.js";
export * from "./farms/index.js";
export * from "./tables/index.js";
export * from "./housie/index.js";
export * from "./tours/index.js";
export { mergeShards, parseShardSpec, type ShardSpec, type ShardPart } from "./shards/index.js";
