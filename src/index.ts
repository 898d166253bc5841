/**
 * The whole library in Node: every problem's API (farms, tables, housie, tours), the
 * worker-thread counters, the shard merger and the typed errors. Browsers, Deno and Bun
 * get the same API from the `default` export condition; call `await ready()` there first.
 *
 * @example
 * ```ts
 * import { countFarm, countTables, generateBooks, generateTour, validateTour } from "tabula-grids";
 *
 * countFarm("2100221", "0221102");                 // 4909920n
 * countTables({ size: 6, counts: [3, 3] });        // 194400n
 * const [book] = generateBooks(1, { seed: 2026n }); // one exactly uniform book, six tickets
 * validateTour(generateTour({ size: 100, seed: 7 })).ok; // true
 * ```
 * @module tabula-grids
 */
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
export { parseShardSpec, type ShardSpec, type ShardPart } from "./shards/index.js";
export { mergeShards } from "./merge.js";
