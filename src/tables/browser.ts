// tabula-grids/tables outside Node: the portable API plus countTablesParallel in one thread.
export * from "./index.js";
export { countTablesParallel } from "./parallel-browser.js";
