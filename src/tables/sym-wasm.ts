// The symmetric method's WASM binding (assembly/tables/sym.ts): the same count as
// countSymmetricTs (sym-ts.ts, its baseline), layer by layer in the kernel. The kernel
// takes the symbols sorted by count (equal counts adjacent), so the binding reorders the
// start needs; a count is symmetric in the symbols' names.
import { tablesModule, countingKernel, capReachedError } from "./kernel.js";
import { fromLimbs } from "../wasm/limbs.js";
import { KernelError } from "../errors.js";
import { countSymmetricMitmTs, countSymmetricTs, startNeeds, symmetryOrder, type SymProblem, type SymProgress } from "./sym-ts.js";

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
  checkSymLimits(n, k);
  const rows = n - problem.given.length;
  if (rows === 0) return 1n;
  const start = startNeeds(problem);
  if (!start) return 0n;
  const kernel = countingKernel();
  try {
    setupKernel(problem, start);
    kernel.symBegin();
    // The last row is forced (each column has one need left), so stop one row early.
    for (let placed = 0; placed < rows - 1; placed++) {
      const states = kernel.symStep();
      if (states < 0) return countSymmetricTs(problem, onLayer); // past 128 bits
      onLayer?.(placed + 1 + problem.given.length, n, states);
    }
    if (kernel.symTotal() < 0) return countSymmetricTs(problem, onLayer);
  } catch (error) {
    throw outOfMemory(error);
  }
  return fromLimbs(kernel.symTotalLo(), kernel.symTotalHi());
}

function checkSymLimits(n: number, k: number): void {
  const { maxSize, maxSymbols } = symLimits();
  if (n > maxSize || k > maxSymbols) {
    throw new KernelError("tables", "limit-exceeded", `the symmetric kernel takes tables to ${maxSize}×${maxSize} with at most ${maxSymbols} symbols (this one: ${n}×${n}, ${k} symbols); use the ts engine`);
  }
}

/**
 * The meet-in-the-middle sum over the kernel's layers after ⌈rows/2⌉ rows from the start:
 * Σ_c W(c) · W(partner) · |Aut(c)| / |G| over the classes c of layer rows/2 (rows even) or
 * of layer ⌊rows/2⌋ (rows odd), partner the class of c's complement in layer ⌈rows/2⌉;
 * |G| = `group`, the order of the column and symbol permutations the classes are under.
 */
export function symPairSum(rows: number, group: bigint, onPairs?: (done: number, all: number) => void): bigint {
  const kernel = countingKernel();
  const previous = rows % 2;
  const all = kernel.symPairStates(previous);
  let total = 0n;
  for (let state = 0; state < all; state++) {
    const partner = kernel.symPartner(previous, state);
    if (partner < 0) continue;
    kernel.symAutomorphisms(previous, state);
    const aut = BigInt.asUintN(64, kernel.symAutSymbols()) * BigInt.asUintN(64, kernel.symAutColumns());
    const scaled = fromLimbs(kernel.symPairWaysLo(0, partner), kernel.symPairWaysHi(0, partner)) * aut;
    if (scaled % group !== 0n) throw new Error(`internal: meet in the middle: a class count is not a multiple of its orbit (${rows} rows, group order ${group})`);
    total += fromLimbs(kernel.symPairWaysLo(previous, state), kernel.symPairWaysHi(previous, state)) * (scaled / group);
    if (onPairs && (state & 0xfff) === 0) onPairs(state, all);
  }
  return total;
}

/** Sets up the kernel for the problem, symbols in increasing count order (ties by index), as canonical.ts orders its cells. */
export function setupKernel(problem: SymProblem, start: Uint8Array): void {
  const { size: n, counts } = problem;
  const k = counts.length;
  const kernel = countingKernel();
  const order = [...counts.keys()].sort((a, b) => counts[a]! - counts[b]! || a - b);
  kernel.symSetup(n, k);
  order.forEach((s, p) => kernel.symSetCount(p, counts[s]!));
  for (let i = 0; i < n; i++) order.forEach((s, p) => kernel.symSetNeed(i, p, start[i * k + s]!));
}

/** The kernel's memory cap as a KernelError that says the count is out of reach. */
function outOfMemory(error: unknown): unknown {
  if (error instanceof KernelError && error.code === "out-of-memory") {
    return capReachedError("classes of states");
  }
  return error;
}

/**
 * The same count by meeting in the middle (nothing given; countSymmetricMitmTs is its
 * baseline): the kernel places ⌈n/2⌉ rows, then gives each class of the paired layer its
 * partner (the class of its complement), its count and its automorphisms; the host sums
 * W(c) · W(partner) · |Aut(c)| / |G| in bigint.
 */
export function countSymmetricMitmWasm(problem: SymProblem, onLayer?: SymProgress, onPairs?: (done: number, all: number) => void): bigint {
  const { size: n, counts } = problem;
  if (problem.given.length > 0 || n < 2) return countSymmetricWasm(problem, onLayer);
  checkSymLimits(n, counts.length);
  const start = startNeeds(problem)!;
  const kernel = countingKernel();
  const half = Math.ceil(n / 2);
  let total = 0n;
  try {
    setupKernel(problem, start);
    kernel.symBegin();
    for (let placed = 0; placed < half; placed++) {
      const states = kernel.symStep();
      if (states < 0) return countSymmetricMitmTs(problem, onLayer); // past 128 bits
      onLayer?.(placed + 1, half, states);
    }
    total = symPairSum(n, symmetryOrder(n, counts), onPairs);
  } catch (error) {
    throw outOfMemory(error);
  }
  return total;
}
