// The symmetric method's WASM binding (assembly/tables/sym.ts): the same count as
// countSymmetricTs (sym-ts.ts, its baseline), layer by layer in the kernel. The kernel
// takes the symbols sorted by count (equal counts adjacent), so the binding reorders the
// start needs; a count is symmetric in the symbols' names.
import { tablesModule, tablesKernel } from "./kernel.js";
import { KernelError } from "../errors.js";
import { countSymmetricTs, startNeeds, type SymProblem, type SymProgress } from "./sym-ts.js";

/** The symmetric kernel's fixed limits, read from its exports once. */
export interface SymLimits {
  /** Largest table size. */
  maxSize: number;
  /** Most symbols. */
  maxSymbols: number;
}

let limits: SymLimits | undefined;

export function symLimits(): SymLimits {
  limits ??= { maxSize: tablesModule.constant("SYM_MAX_SIZE"), maxSymbols: tablesModule.constant("SYM_MAX_SYMBOLS") };
  return limits;
}

/**
 * Number of n×n tables with `counts` of every symbol in each row and column and the
 * given first rows (no distinctness rules), by the kernel. Exact; a count past 128 bits
 * is made again by the TypeScript engine.
 */
export function countSymmetricWasm(problem: SymProblem, onLayer?: SymProgress): bigint {
  const { size: n, counts } = problem;
  const k = counts.length;
  const { maxSize, maxSymbols } = symLimits();
  if (n > maxSize || k > maxSymbols) {
    throw new KernelError("tables", "limit-exceeded", `the symmetric kernel takes tables to ${maxSize}×${maxSize} with at most ${maxSymbols} symbols (this one: ${n}×${n}, ${k} symbols); use the ts engine`);
  }
  const rows = n - problem.given.length;
  if (rows === 0) return 1n;
  const start = startNeeds(problem);
  if (!start) return 0n;
  const kernel = tablesKernel();
  // Symbols in increasing count order (ties by index), as canonical.ts orders its cells.
  const order = [...counts.keys()].sort((a, b) => counts[a]! - counts[b]! || a - b);
  try {
    kernel.symSetup(n, k);
    order.forEach((s, p) => kernel.symSetCount(p, counts[s]!));
    for (let i = 0; i < n; i++) order.forEach((s, p) => kernel.symSetNeed(i, p, start[i * k + s]!));
    kernel.symBegin();
    // The last row is forced (each column has one need left), so stop one row early.
    for (let placed = 0; placed < rows - 1; placed++) {
      const states = kernel.symStep();
      if (states < 0) return countSymmetricTs(problem, onLayer); // past 128 bits
      onLayer?.(placed + 1 + problem.given.length, n, states);
    }
    if (kernel.symTotal() < 0) return countSymmetricTs(problem, onLayer);
  } catch (error) {
    if (error instanceof KernelError && error.code === "out-of-memory") {
      const mib = Math.round(kernel.memory.buffer.byteLength / 2 ** 20);
      throw new KernelError("tables", "out-of-memory", `this count needs more memory for its classes of states than the kernel's cap (${mib} MiB in use); it is out of reach (smaller sizes or fewer symbols are)`);
    }
    throw error;
  }
  return (BigInt.asUintN(64, kernel.symTotalHi()) << 64n) | BigInt.asUintN(64, kernel.symTotalLo());
}
