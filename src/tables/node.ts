// tabula-grids/tables in Node: the portable API plus countTablesParallel over worker threads.
export * from "./index.js";
export { countTablesParallel } from "./parallel.js";
