// countTablesParallel where there are no worker threads (browsers): the same exact sum,
// counted in this thread (exact bigint sums make the order irrelevant).
import { countTables } from "./count.js";
import type { CountTablesParallelOptions } from "./parallel.js";

export async function countTablesParallel(options: CountTablesParallelOptions): Promise<bigint> {
  return countTables(options);
}
