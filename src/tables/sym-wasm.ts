// The symmetric method's WASM binding (assembly/tables/sym.ts): the same count as
// countSymmetricTs (sym-ts.ts, its baseline), layer by layer in the kernel. The kernel
// takes the symbols sorted by count (equal counts adjacent), so the binding reorders the
// start needs; a count is symmetric in the symbols' names.
import { tablesModule, countingKernel, countMemoryCapMiB, symCountError } from "./kernel.js";
import { fromLimbs } from "../wasm/limbs.js";
import { KernelError, UsageError } from "../errors.js";
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
    throw symCountError(error);
  }
  return fromLimbs(kernel.symTotalLo(), kernel.symTotalHi());
}

function checkSymLimits(n: number, k: number): void {
  const { maxSize, maxSymbols } = symLimits();
  if (n > maxSize || k > maxSymbols) {
    throw new KernelError(
      "tables",
      "limit-exceeded",
      `the symmetric kernel takes tables to ${maxSize}×${maxSize} with at most ${maxSymbols} symbols (this one: ${n}×${n}, ${k} symbols); use the ts engine`,
    );
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
    if (scaled % group !== 0n)
      throw new Error(`internal: meet in the middle: a class count is not a multiple of its orbit (${rows} rows, group order ${group})`);
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
  kernel.symSetMemoryCap(countMemoryCapMiB());
  kernel.symSetup(n, k);
  order.forEach((s, p) => kernel.symSetCount(p, counts[s]!));
  for (let i = 0; i < n; i++) order.forEach((s, p) => kernel.symSetNeed(i, p, start[i * k + s]!));
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
    throw symCountError(error);
  }
  return total;
}

/**
 * A layer of the symmetric method read out of the kernel, or one share of it: the classes
 * after `row` rows, where the last row was placed below every `shares`-th class of the
 * layer before, from class `share` on (symStepShare). The shares of one layer, loaded into
 * one (symMitmSum, or symLayer's `from`), are the layer. A meet-in-the-middle count split
 * across instances (threads, processes, days) makes the shares of layer ⌈n/2⌉ apart and
 * sums them with symMitmSum: the same sum as countSymmetricMitmWasm.
 */
export interface SymLayerPart {
  size: number;
  counts: number[];
  row: number;
  share: number;
  shares: number;
  states: number;
  /** The canonical needs matrices, size · counts.length bytes a state (the kernel's symbol order). */
  keys: Uint8Array;
  /** Each state's count as two limbs, low then high. */
  ways: BigUint64Array;
}

/**
 * Layer `row` of the problem (nothing given), or the share `share` of `shares` of it; built
 * from the start, or from a whole layer made before (`from`, shares 1, an earlier row).
 * Undefined if a count passed 128 bits (countSymmetricMitmTs counts such tables).
 */
export function symLayer(problem: SymProblem, row: number, share = 0, shares = 1, from?: SymLayerPart, onLayer?: SymProgress): SymLayerPart | undefined {
  const { size: n, counts } = problem;
  checkSplit(problem);
  if (!Number.isInteger(shares) || shares < 1 || !Number.isInteger(share) || share < 0 || share >= shares) {
    throw new UsageError(`a share is i/k with 0 ≤ i < k (got ${share}/${shares})`);
  }
  if (!Number.isInteger(row) || row < 1 || row > n - 1) throw new UsageError(`a layer is a row from 1 to ${n - 1} (got ${row})`);
  if (from && (!samePart(from, problem) || from.shares !== 1 || from.row >= row)) {
    throw new UsageError(`a layer to start from must be a whole earlier layer of this count (got row ${from.row}, share ${from.share}/${from.shares})`);
  }
  const kernel = countingKernel();
  try {
    setupKernel(problem, startNeeds(problem)!);
    kernel.symBegin();
    if (from && !loadLayers(kernel, [from], n * counts.length)) return undefined;
    for (let placed = from?.row ?? 0; placed < row; placed++) {
      const states = placed < row - 1 ? kernel.symStep() : kernel.symStepShare(share, shares);
      if (states < 0) return undefined;
      onLayer?.(placed + 1, row, states);
    }
  } catch (error) {
    throw symCountError(error);
  }
  return readLayer(kernel, problem, row, share, shares);
}

/** Most bytes a batch moves across the boundary: the layer's matrices and counts go in batches this size. */
const MOVE_BYTES = 16 * 2 ** 20;
/** Tests only: move layers one byte a call (the kernel's per-byte exports), the reference the batches are checked against. */
let byteByByte = false;
/** Tests only: sets whether layers cross the boundary one byte a call (true) or in batches (false, the default). */
export function setSymLayersByteByByteForTests(on: boolean): void {
  byteByByte = on;
}

/** States in one batch of matrices of `bytes` bytes (symMoveBuffer's layout: the matrices, padded to 8, then 16 bytes a count). */
const batchStates = (bytes: number): number => Math.max(1, Math.floor(MOVE_BYTES / (bytes + 16)));
const waysOffset = (count: number, bytes: number): number => Math.ceil((count * bytes) / 8) * 8;

/** The kernel's current layer read out, as the share `share` of `shares` of layer `row`. */
function readLayer(kernel: ReturnType<typeof countingKernel>, problem: SymProblem, row: number, share: number, shares: number): SymLayerPart {
  const { size: n, counts } = problem;
  const states = kernel.symPairStates(0);
  const bytes = n * counts.length;
  const keys = new Uint8Array(states * bytes);
  const ways = new BigUint64Array(states * 2);
  if (byteByByte) {
    for (let state = 0; state < states; state++) {
      for (let at = 0; at < bytes; at++) keys[state * bytes + at] = kernel.symStateByte(state, at);
      ways[state * 2] = BigInt.asUintN(64, kernel.symPairWaysLo(0, state));
      ways[state * 2 + 1] = BigInt.asUintN(64, kernel.symPairWaysHi(0, state));
    }
  } else if (states > 0) {
    const batch = Math.min(states, batchStates(bytes));
    const buffer = kernel.symMoveBuffer(batch) >>> 0; // (an i32 address: past 2 GiB it reads negative)
    const wayBytes = new Uint8Array(ways.buffer);
    for (let first = 0; first < states; first += batch) {
      const count = Math.min(batch, states - first);
      kernel.symReadOut(first, count);
      const memory = new Uint8Array(kernel.memory.buffer as ArrayBuffer);
      keys.set(memory.subarray(buffer, buffer + count * bytes), first * bytes);
      const waysAt = buffer + waysOffset(count, bytes);
      wayBytes.set(memory.subarray(waysAt, waysAt + count * 16), first * 16);
    }
  }
  return { size: n, counts: [...counts], row, share, shares, states, keys, ways };
}

/**
 * Every share of one layer (symLayer's parts, each once) as that layer whole: loaded
 * into one layer (equal classes sum) and read out. A whole layer is where a later one
 * starts from (symLayer's `from`). Undefined if a sum passed 128 bits.
 */
export function symMergeShares(problem: SymProblem, parts: readonly SymLayerPart[]): SymLayerPart | undefined {
  const row = checkEveryShare(problem, parts, parts[0]?.row ?? 0);
  const kernel = countingKernel();
  try {
    setupKernel(problem, startNeeds(problem)!);
    kernel.symBegin();
    if (!loadLayers(kernel, parts, problem.size * problem.counts.length)) return undefined;
  } catch (error) {
    throw symCountError(error);
  }
  return readLayer(kernel, problem, row, 0, 1);
}

/**
 * The count from layer n − 1, whole: each of its classes has one row left, forced (a
 * column's last need), so the count is the sum of its ways (as symTotal sums them).
 */
export function symTotalOfLastLayer(problem: SymProblem, layer: SymLayerPart): bigint {
  if (!samePart(layer, problem) || layer.row !== problem.size - 1 || layer.shares !== 1) {
    throw new UsageError(`the last layer must be layer ${problem.size - 1} of this count, whole (got row ${layer.row}, share ${layer.share}/${layer.shares})`);
  }
  let total = 0n;
  for (let state = 0; state < layer.states; state++) total += fromLimbs(layer.ways[state * 2]!, layer.ways[state * 2 + 1]!);
  return total;
}

/**
 * The count from every share of layer ⌈n/2⌉ (symLayer), each share once. For n odd the
 * pairing also reads layer ⌈n/2⌉ − 1: pass it whole as `before`, or it is built here.
 * Undefined if a sum passed 128 bits.
 */
export function symMitmSum(
  problem: SymProblem,
  parts: readonly SymLayerPart[],
  before?: SymLayerPart,
  onPairs?: (done: number, all: number) => void,
): bigint | undefined {
  const { size: n, counts } = problem;
  try {
    const { half, kernel } = beginFromShares(problem, parts);
    // n odd: the pairing also reads layer ⌈n/2⌉ − 1, loaded from `before` or built here.
    if (n % 2 === 1 && before) {
      if (!samePart(before, problem) || before.row !== half - 1 || before.shares !== 1)
        throw new UsageError(`the layer before must be layer ${half - 1} of this count, whole (got row ${before.row}, share ${before.share}/${before.shares})`);
      if (!loadLayers(kernel, [before], n * counts.length)) return undefined;
    } else if (n % 2 === 1) {
      for (let placed = 0; placed < half - 1; placed++) if (kernel.symStep() < 0) return undefined;
    }
    if (!loadLayers(kernel, parts, n * counts.length)) return undefined;
    return symPairSum(n, symmetryOrder(n, counts), onPairs);
  } catch (error) {
    throw symCountError(error);
  }
}

/**
 * The count from every share of layer ⌈n/2⌉ carried on row by row to the end (as
 * countSymmetricWasm does), instead of paired: a second way to the number symMitmSum
 * gives from the same shares (`bench/tables-mitm-parts.ts sum --row-by-row`). Undefined if a sum
 * passed 128 bits. `onLayer` hears of each layer made.
 */
export function symRowByRowFrom(problem: SymProblem, parts: readonly SymLayerPart[], onLayer?: SymProgress): bigint | undefined {
  const { size: n, counts } = problem;
  try {
    const { half, kernel } = beginFromShares(problem, parts);
    if (!loadLayers(kernel, parts, n * counts.length)) return undefined;
    // The last row is forced (each column has one need left), so stop one row early.
    for (let row = half + 1; row <= n - 1; row++) {
      const states = kernel.symStep();
      if (states < 0) return undefined;
      onLayer?.(row, n - 1, states);
    }
    if (kernel.symTotal() < 0) return undefined;
    return fromLimbs(kernel.symTotalLo(), kernel.symTotalHi());
  } catch (error) {
    throw symCountError(error);
  }
}

/** The kernel set up for `problem`, nothing placed, once `parts` are known to be every share of layer ⌈n/2⌉; and ⌈n/2⌉. */
function beginFromShares(problem: SymProblem, parts: readonly SymLayerPart[]): { half: number; kernel: ReturnType<typeof countingKernel> } {
  const half = checkMiddleShares(problem, parts);
  const kernel = countingKernel();
  setupKernel(problem, startNeeds(problem)!);
  kernel.symBegin();
  return { half, kernel };
}

/** Refuses parts that are not every share of layer ⌈n/2⌉ of `problem`, each once; returns ⌈n/2⌉. */
function checkMiddleShares(problem: SymProblem, parts: readonly SymLayerPart[]): number {
  return checkEveryShare(problem, parts, Math.ceil(problem.size / 2));
}

/** Refuses parts that are not every share of layer `row` of `problem`, each once; returns `row`. */
function checkEveryShare(problem: SymProblem, parts: readonly SymLayerPart[], row: number): number {
  checkSplit(problem);
  const shares = parts[0]?.shares ?? 0;
  const seen = new Set(parts.map((part) => part.share));
  if (!parts.every((part) => samePart(part, problem) && part.row === row && part.shares === shares) || seen.size !== parts.length || seen.size !== shares) {
    throw new UsageError(
      `the parts must be every share of layer ${row} of this count, each once (got ${parts.map((p) => `row ${p.row} share ${p.share}/${p.shares}`).join(", ")})`,
    );
  }
  return row;
}

/** Loads the parts into one layer (equal classes sum), the kernel's current one; false if a sum passed 128 bits. */
function loadLayers(kernel: ReturnType<typeof countingKernel>, parts: readonly SymLayerPart[], bytes: number): boolean {
  kernel.symLoadBegin();
  if (byteByByte) {
    for (const part of parts) {
      for (let state = 0; state < part.states; state++) {
        for (let at = 0; at < bytes; at++) kernel.symLoadByte(at, part.keys[state * bytes + at]!);
        kernel.symLoadState(part.ways[state * 2]!, part.ways[state * 2 + 1]!);
      }
    }
    return kernel.symLoadEnd() >= 0;
  }
  const batch = batchStates(bytes);
  const buffer = kernel.symMoveBuffer(batch) >>> 0;
  for (const part of parts) {
    const wayBytes = new Uint8Array(part.ways.buffer, part.ways.byteOffset, part.ways.byteLength);
    for (let first = 0; first < part.states; first += batch) {
      const count = Math.min(batch, part.states - first);
      // (A fresh view each batch: loading grows the layer's arrays, and a grown memory detaches the last view.)
      const memory = new Uint8Array(kernel.memory.buffer as ArrayBuffer);
      memory.set(part.keys.subarray(first * bytes, (first + count) * bytes), buffer);
      memory.set(wayBytes.subarray(first * 16, (first + count) * 16), buffer + waysOffset(count, bytes));
      kernel.symLoadBatch(count);
    }
  }
  return kernel.symLoadEnd() >= 0;
}

function samePart(part: SymLayerPart, problem: SymProblem): boolean {
  return part.size === problem.size && part.counts.join() === problem.counts.join();
}

function checkSplit(problem: SymProblem): void {
  checkSymLimits(problem.size, problem.counts.length);
  if (problem.given.length > 0 || problem.size < 2 || !startNeeds(problem)) {
    throw new UsageError("a split count takes a table of size 2 or more with nothing given and counts that sum to the size");
  }
}
