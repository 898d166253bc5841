// The count of one sequence term (the empty table is 1; a count vector that cannot fill
// a row, like 3 ones in a row of 2, is 0).
import { countTablesParallel, type CountTablesParallelOptions } from "./parallel.js";
import type { SequenceTerm } from "./sequences.js";

export async function countSequenceTerm(term: SequenceTerm, options: Omit<CountTablesParallelOptions, "size" | "counts"> = {}): Promise<bigint> {
  if (term.size === 0) return 1n;
  if (term.counts.length === 0) return 0n;
  return countTablesParallel({ ...options, size: term.size, counts: term.counts, distinctRows: term.distinctRows, distinctColumns: term.distinctColumns });
}
