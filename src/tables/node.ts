/**
 * n×n tables with given symbol counts per row and column: exact counts (also over worker
 * threads and in shards), exactly uniform samples, listing. Guide: `docs/tables.md`.
 *
 * @example
 * ```ts
 * import { countTables, countTablesParallel, sampleTables } from "tabula-grids/tables";
 *
 * countTables({ size: 6, counts: [3, 3] });                               // 194400n
 * await countTablesParallel({ size: 9, counts: [3, 3, 3], threads: 2 });  // 1028714346091914854400n
 * for await (const table of sampleTables({ size: 4, counts: [2, 2] }, { count: 2, seed: 1n })) console.log(table);
 * ```
 * @module tabula-grids/tables
 */
// tabula-grids/tables in Node: the portable API plus countTablesParallel over worker threads.
export * from "./index.js";
export { countTablesParallel } from "./parallel.js";
