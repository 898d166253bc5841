// The general table count: n×n tables with symbol counts per row and column, optional
// distinct rows/columns, given first rows. Re-exported from the package root. Portable:
// countTablesParallel comes from node.ts (worker threads) or browser.ts (one thread).
export { countTables, type CountTablesOptions } from "./count.js";
export { normalizeProblem, MAX_TABLE_SIZE, TABLES_ENGINES, type TableProblem, type TableRow, type TablesEngine, type NormalizedProblem } from "./problem.js";
export { planTableCount, type TableJob, type TablePlan, type TableColumn } from "./plan.js";
export type { CountTablesParallelOptions } from "./parallel.js";
export { ready } from "./ready.js";
export { fastFarmEngines, type FastFarmEngine } from "./farm-engines.js";
export {
  sampleTables,
  listTables,
  prepareSampler,
  tableDrawer,
  MAX_LIST_COUNT,
  type SampleTablesOptions,
  type ListTablesOptions,
  type PreparedSampler,
} from "./sample.js";
export { canonicalTableProblem, type CanonicalTableProblem } from "./shard.js";
