// The tables WASM kernel's typed binding for the count: runs one DP job and reads back its 128-bit leaf counts.
import { tablesModule, countingKernel, capReachedError } from "./kernel.js";
import { KernelError } from "../errors.js";
import { fromLimbs } from "../wasm/limbs.js";
import { countJobTs, type JobShape } from "./dp-ts.js";

/** The tables module (shared with the sampler; defined with its random source in kernel.ts). */
export { tablesModule };

/** The kernel's fixed limits (assembly/tables), read from its exports once. */
export interface TablesLimits {
  /** Symbols per table. */
  maxSymbols: number;
  /** Symbol-count vectors a column may take (its 16-bit codes index them). */
  maxSpace: number;
  /** Columns (distinct column classes) per job. */
  maxColumns: number;
  /** Rows per job. */
  maxRows: number;
}

let limits: TablesLimits | undefined;

export function tablesLimits(): TablesLimits {
  limits ??= {
    maxSymbols: tablesModule.constant("MAX_SYMBOLS"),
    maxSpace: tablesModule.constant("MAX_SPACE"),
    maxColumns: tablesModule.constant("MAX_COLUMNS"),
    maxRows: tablesModule.constant("MAX_ROWS"),
  };
  return limits;
}

/** A KernelError when a job does not fit the kernel's fixed arrays (it would write past them). */
function checkFits(counts: readonly number[], job: JobShape): void {
  const { maxSymbols, maxColumns, maxRows } = tablesLimits();
  // A column's code is weight · space + comp (space = Π (c_s + 1)), in 16 bits.
  const space = counts.reduce((a, c) => a * (c + 1), 1);
  const heaviest = job.columns.reduce((a, col) => Math.max(a, col.weight), 0);
  const over =
    counts.length > maxSymbols
      ? `${counts.length} symbols (at most ${maxSymbols})`
      : (heaviest + 1) * space > 1 << 16
        ? `columns of weight ${heaviest} over ${space} symbol-count vectors (their codes pass 16 bits)`
        : job.columns.length > maxColumns
          ? `${job.columns.length} columns (at most ${maxColumns})`
          : job.rows > maxRows
            ? `${job.rows} rows (at most ${maxRows})`
            : undefined;
  if (over) throw new KernelError("tables", "limit-exceeded", `a job of ${over}; use the ts engine`);
}

let preparedCounts = "";
/** The instance they were prepared in (a trapped instance is replaced by a fresh one). */
let preparedOn: object | undefined;

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
  const kernel = countingKernel();
  checkFits(counts, job);
  const key = counts.join(",");
  let leaves: number;
  try {
    if (key !== preparedCounts || kernel !== preparedOn) {
      counts.forEach((c, s) => kernel.setSymbolCount(s, c));
      if (kernel.prepareSymbols(counts.length) < 0) {
        throw new KernelError(
          "tables",
          "limit-exceeded",
          `counts ${key} have more than ${tablesLimits().maxSpace} symbol-count combinations for its 16-bit column codes`,
        );
      }
      preparedCounts = key;
      preparedOn = kernel;
    }
    kernel.setColumnCount(job.columns.length);
    job.columns.forEach((col, i) => kernel.setColumn(i, col.weight, compIndex(counts, col.comp)));
    leaves = kernel.countJob(job.rows, job.minParts, job.firstPart);
  } catch (error) {
    // Traps arrive as KernelErrors, a failed allocation as out-of-memory (src/wasm/load.ts):
    // the count is out of reach at this cap, not a bug.
    if (error instanceof KernelError && error.code === "out-of-memory") {
      preparedCounts = "";
      throw capReachedError("state tables");
    }
    throw error;
  }
  // A partial count past 128 bits (binary tables from 14×14): this job again with bigints.
  if (leaves < 0) return countJobTs(counts, job);
  const values: bigint[] = [];
  for (let i = 0; i < leaves; i++) {
    values.push(fromLimbs(kernel.leafCountLo(i), kernel.leafCountHi(i)));
  }
  return values;
}
