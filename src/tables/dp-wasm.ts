// Runs one DP job in the "tables" WASM kernel and reads back its 128-bit leaf counts.
import { tablesKernel } from "./kernel.js";
import { UsageError } from "../errors.js";
import type { JobShape } from "./dp-ts.js";

interface TablesKernel extends Record<string, unknown> {
  setSymbolCount(s: number, count: number): void;
  prepareSymbols(k: number): number;
  setColumnCount(t: number): void;
  setColumn(i: number, weight: number, comp: number): void;
  countJob(rows: number, leastParts: number, onlyFirst: number): number;
  leafCountLo(i: number): bigint;
  leafCountHi(i: number): bigint;
}

let kernel: TablesKernel | undefined;
let preparedCounts = "";

/** Mixed-radix index of a symbol-count vector (the layout of assembly/tables/comp.ts). */
export function compIndex(counts: readonly number[], comp: readonly number[]): number {
  let index = 0;
  let stride = 1;
  counts.forEach((c, s) => {
    index += comp[s]! * stride;
    stride *= c + 1;
  });
  return index;
}

export function countJobWasm(counts: readonly number[], job: JobShape): bigint[] {
  kernel ??= tablesKernel<TablesKernel>();
  const key = counts.join(",");
  if (key !== preparedCounts) {
    counts.forEach((c, s) => kernel!.setSymbolCount(s, c));
    if (kernel.prepareSymbols(counts.length) < 0) {
      throw new UsageError(`counts ${key} have too many symbol-count combinations for the WASM kernel's 16-bit column codes`);
    }
    preparedCounts = key;
  }
  kernel.setColumnCount(job.columns.length);
  job.columns.forEach((col, i) => kernel!.setColumn(i, col.weight, compIndex(counts, col.comp)));
  let leaves: number;
  try {
    leaves = kernel.countJob(job.rows, job.minParts, job.firstPart);
  } catch (error) {
    // A trap here means the kernel's memory ran out (the state tables outgrew 4 GiB).
    if (error instanceof Error && error.name === "RuntimeError") {
      throw new UsageError(`the WASM kernel ran out of memory on this instance (${error.message}); it is too large for this engine`);
    }
    throw error;
  }
  if (leaves < 0) throw new UsageError("a partial count exceeded the WASM kernel's 128 bits; use the ts engine");
  const values: bigint[] = [];
  for (let i = 0; i < leaves; i++) {
    values.push((BigInt.asUintN(64, kernel.leafCountHi(i)) << 64n) | BigInt.asUintN(64, kernel.leafCountLo(i)));
  }
  return values;
}
