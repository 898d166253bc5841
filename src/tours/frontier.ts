// Exact Hamiltonian cycle and path counts on m×n boards for any leapers, by the frontier
// DP (assembly/tours/frontier.ts, or its TS baseline frontier-ts.ts). This module turns
// the question (closed or open, from, to, directed) into the DP's undirected count.
import { KernelError, UsageError } from "../errors.js";
import type { ShardSpec } from "../shards/index.js";
import { frontierPlan, type FrontierPlan, type SquareOrder } from "./frontier-plan.js";
import { countFrontierTs, type FrontierProblem, type FrontierResult } from "./frontier-ts.js";
import type { Engine } from "./generate.js";
import { countWithHostLayers, type HostLayerStore, type SteppingLayerStore } from "./frontier-host.js";
import { onFrontierProgress, toursModule } from "./kernel.js";
import { formatLeapers, normaliseLeapers, parseLeapers, PEN_PAPER_LEAPERS, type Leaper } from "./leapers.js";
import { parseShardSpec, problemFields, requireCanonical, type CountFacts } from "../shards/index.js";
import {
  argumentError,
  describeValue,
  functionArgument,
  oneOf,
  optionalBoolean,
  optionalWholeNumber,
  optionKeys,
  requiredObject,
  squareArgument,
} from "../args.js";
import { quoteValue } from "../io/quote.js";
import { partFlag, partSquare } from "./shard.js";
import type { Square } from "./options.js";
import { toursConstants } from "../wasm/generated/tours.js";
import { fromLimbs } from "../wasm/limbs.js";

/** Largest cap on the kernel's state tables, in MiB: its whole memory (MEMORY_CAP_PAGES of 64 KiB, 4 GiB). */
const MAX_MEMORY_CAP_MIB = toursConstants.MEMORY_CAP_PAGES / 16;

/**
 * Longest side the frontier counter takes (64): every board of sides up to it fits the
 * kernel's FRONTIER_MAX_SQUARES. The frontier width, not this, is what limits it.
 */
export const MAX_FRONTIER_SIDE = Math.floor(Math.sqrt(toursConstants.FRONTIER_MAX_SQUARES));

export interface HamiltonianCountOptions {
  rows: number;
  cols: number;
  /** Leapers (default: the pen-and-paper set (0,3)+(2,2)). */
  moves?: readonly Leaper[];
  /** Closed tours: distinct cycles; with `from`, directed closed tours from there (2 × cycles). */
  closed?: boolean;
  /** Open tours numbered 1 on this 0-based [row, col]. */
  from?: Square;
  /** Open tours ending on this square. */
  to?: Square;
  /** wasm: the kernel (default); ts: the pure TS baseline. */
  engine?: Engine;
  /** Only part `shard` of `shards` (split at the first step with enough states); parts sum to the count. */
  shard?: ShardSpec;
  /** The kernel's cap on its state tables, in MiB. */
  memoryCapMiB?: number;
  /**
   * Where the DP's layers live: false (default), in the kernel's memory, under the cap;
   * true, on the host (chunks of the host's memory, the cap bounds only the kernel's input
   * buffer and one pass's table: the reach is the host's RAM, each step costs a pass over
   * the last layer per table's worth of the next); "auto", in the kernel, and when a
   * layer will not fit under the cap the count is run again with host layers.
   */
  hostLayers?: boolean | "auto";
  /**
   * Square order (default greedy), or the squares themselves by step (square = row · cols +
   * column, each once); another order is an independent check of a count.
   */
  order?: SquareOrder | readonly number[];
  /**
   * Hears of each finished step of the DP: steps done (1 to `steps`, the board's squares),
   * the states it left and the passes it took (1 unless its table was split to fit the
   * memory cap). Called synchronously; a count rerun with 128-bit counts starts again at
   * step 1. An exception thrown here stops the count and is thrown by countHamiltonian.
   */
  onProgress?: FrontierProgressListener;
}

const FRONTIER_KEYS = optionKeys<HamiltonianCountOptions>({
  rows: true,
  cols: true,
  moves: true,
  closed: true,
  from: true,
  to: true,
  engine: true,
  shard: true,
  memoryCapMiB: true,
  hostLayers: true,
  order: true,
  onProgress: true,
});

/** A frontier count's progress: steps done of all steps, the states after the last one, its passes. */
export type FrontierProgressListener = (step: number, steps: number, states: number, passes: number) => void;

export interface HamiltonianCount {
  count: bigint;
  /** Most states held after one step. */
  peakStates: number;
  /** Most bytes the kernel's tables held at once (0 for the TS engine; with host layers, the kernel's arena plus the most the host's two layers held). */
  peakBytes: number;
  /**
   * With host layers, the most bytes the host's two layers (the last and the one being
   * made) held at once, in memory or, with a checkpoint, in files; counted in peakBytes.
   * 0 when the layers stay in the kernel.
   */
  peakLayerBytes: number;
  /** Largest frontier (squares) of the order used. */
  width: number;
  /** Step after which a shard's states were split (-1: not split). */
  splitStep: number;
  /** Bytes per state in the kernel (packed key and count; 0 for the TS engine). */
  entryBytes: number;
  /** Most passes one kernel step needed to fit its table under the cap (1: none split; with host layers a pass's table is all the cap but the input buffer, so the passes differ). */
  peakParts: number;
  /** States after each step (the growth; the TS engine gives an empty list). */
  stepStates: number[];
  /**
   * Successor states the kernel dropped as dead (no completion: starved squares, colour
   * balance; docs/tours.md), summed over all steps. The TS engine does not prune: 0.
   */
  droppedStates: number;
}

function checkSide(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_FRONTIER_SIDE) {
    throw new UsageError(`${what} must be a whole number from 1 to ${MAX_FRONTIER_SIDE}, got ${describeValue(value)}`);
  }
  return value;
}

function squareIndex(square: Square, rows: number, cols: number, what: string): number {
  const [r, c] = square;
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= rows || c >= cols) {
    throw new UsageError(`${what} (${r}, ${c}) is outside the ${rows}×${cols} board (rows 0 to ${rows - 1}, columns 0 to ${cols - 1})`);
  }
  return r * cols + c;
}

/** The undirected DP count for the question, times what makes it the answer. */
interface Question {
  problem: FrontierProblem;
  factor: bigint;
}

function question(options: HamiltonianCountOptions, plan: FrontierPlan): Question | bigint {
  const { rows, cols } = plan;
  const from = options.from ? squareIndex(options.from, rows, cols, "from") : undefined;
  const to = options.to ? squareIndex(options.to, rows, cols, "to") : undefined;
  const shard = options.shard
    ? { part: options.shard.shard, parts: options.shard.shards, splitStatesPerPart: toursModule.constant("FRONTIER_SPLIT_STATES_PER_PART") }
    : {};
  if (options.closed) {
    if (to !== undefined) throw new UsageError("a closed tour ends next to its start; --to is for open tours");
    if (plan.size < 3) return 0n;
    return { problem: { mode: "cycles", ends: [], ...shard }, factor: from === undefined ? 1n : 2n };
  }
  if (plan.size === 1) return 1n; // the square alone
  const ends = [from, to].filter((x) => x !== undefined).map((x) => plan.stepOf[x]!);
  if (ends.length === 2 && ends[0] === ends[1]) return 0n;
  return { problem: { mode: "paths", ends, ...shard }, factor: ends.length === 0 ? 2n : 1n };
}

/** Runs the DP on the kernel: 64-bit counts first (8 bytes a state less), 128-bit if a count passes 2^64. */
function countOnKernel(
  plan: FrontierPlan,
  problem: FrontierProblem,
  capMiB: number | undefined,
  onProgress: FrontierProgressListener | undefined,
  hostLayers: boolean | "auto" = false,
  store?: HostLayerStore | SteppingLayerStore,
): FrontierResult & KernelFigures {
  const onStep = onProgress && ((step: number, states: number, passes: number) => onProgress(step + 1, plan.size, states, passes));
  onFrontierProgress(onStep);
  const once = (host: boolean, wide: boolean): FrontierResult & KernelFigures =>
    host ? countOnHostLayers(plan, problem, capMiB, wide, onStep, store) : countOnKernelOnce(plan, problem, capMiB, wide);
  const run = (host: boolean): FrontierResult & KernelFigures => {
    // A checkpoint that went on in 128-bit counts resumes in them.
    if (host && store?.wideCounts?.()) return once(host, true);
    try {
      return once(host, false);
    } catch (error) {
      if (error instanceof KernelError && /passed 2\^64/.test(error.message)) return once(host, true);
      throw error;
    }
  };
  try {
    if (hostLayers !== "auto") return run(hostLayers);
    try {
      return run(false);
    } catch (error) {
      // A layer that does not fit under the cap: again from the start with the layers on the host.
      if (error instanceof KernelError && /the state tables need more than/.test(error.message)) return run(true);
      throw error;
    }
  } finally {
    onFrontierProgress(undefined);
  }
}

/** The DP with its layers on the host (frontier-host.ts, or a store that makes the steps itself): the kernel is given the graph as countOnKernelOnce gives it. */
function countOnHostLayers(
  plan: FrontierPlan,
  problem: FrontierProblem,
  capMiB: number | undefined,
  wide: boolean,
  onStep: ((step: number, states: number, passes: number) => void) | undefined,
  store?: HostLayerStore | SteppingLayerStore,
): FrontierResult & KernelFigures {
  const cap = giveKernelTheGraph(plan, problem, capMiB, wide);
  // What makes a resumed count the same count: the graph in its order, the mode and the ends, the shard.
  const identity = {
    rows: plan.rows,
    cols: plan.cols,
    adj: plan.adj,
    mode: problem.mode,
    ends: problem.ends,
    part: problem.part ?? 0,
    parts: problem.parts ?? 1,
  };
  // The arena's room: the cap, or what the 4 GiB memory has above the kernel's own data.
  const arena = Math.min(cap * 2 ** 20, Number(toursModule.exports.frontierArenaCap()));
  if (store && "kind" in store) return store.count(plan, problem, arena, wide, onStep, identity);
  return countWithHostLayers(plan, problem, arena, wide, onStep, store, identity);
}

/** Gives the kernel the board's graph, forced ends, memory cap and count width; returns the cap in MiB. Internal (uniform-disk.ts's backward pass too). */
export function giveKernelTheGraph(plan: FrontierPlan, problem: FrontierProblem, capMiB: number | undefined, wide: boolean): number {
  checkKernelLimits(plan);
  const kernel = toursModule.exports;
  kernel.frontierBegin(plan.size);
  plan.adj.forEach((list, k) => list.forEach((y) => y < k && kernel.frontierEdge(k, y)));
  for (const e of problem.ends) kernel.frontierForce(e);
  const cap = capMiB ?? toursModule.constant("FRONTIER_DEFAULT_CAP_MIB");
  kernel.frontierSetMemoryCap(cap);
  kernel.frontierSetWideCounts(wide);
  return cap;
}

/** What the kernel reports of a count's memory. */
interface KernelFigures {
  peakBytes: number;
  /** Bytes per state (packed key and count). */
  entryBytes: number;
  /** Most passes a step needed (1: every step's table fit whole). */
  peakParts: number;
  /** States after each step. */
  stepStates: number[];
  /** Successor states dropped as dead. */
  droppedStates: number;
  /** Most bytes the host's two layers held at once (0 when the layers stay in the kernel). */
  peakLayerBytes: number;
}

/** Refuses, before the kernel is called, a graph past the kernel's fixed tables (its own limits, read from it). */
function checkKernelLimits(plan: FrontierPlan): void {
  const squares = toursModule.constant("FRONTIER_MAX_SQUARES");
  const width = toursModule.constant("FRONTIER_MAX_WIDTH");
  const edges = toursModule.constant("FRONTIER_MAX_EDGES");
  if (plan.size > squares) throw new KernelError("tours", "limit-exceeded", `the frontier counter takes 1 to ${squares} squares, not ${plan.size}`);
  if (plan.width > width) throw new KernelError("tours", "limit-exceeded", `the frontier of ${plan.width} squares is wider than ${width}`);
  const edgeCount = plan.adj.reduce((sum, list, k) => sum + list.filter((y) => y < k).length, 0); // as giveKernelTheGraph passes them
  if (edgeCount > edges) throw new KernelError("tours", "limit-exceeded", `more than ${edges} edges`);
}

function countOnKernelOnce(plan: FrontierPlan, problem: FrontierProblem, capMiB: number | undefined, wide: boolean): FrontierResult & KernelFigures {
  giveKernelTheGraph(plan, problem, capMiB, wide);
  const kernel = toursModule.exports;
  kernel.frontierCount(problem.mode === "cycles", plan.width, problem.part ?? 0, problem.parts ?? 1);
  return {
    count: fromLimbs(kernel.frontierResultLo(), kernel.frontierResultHi()),
    peakStates: kernel.frontierPeakStates(),
    peakBytes: Number(kernel.frontierPeakBytes()),
    entryBytes: kernel.frontierEntryBytes(),
    peakParts: kernel.frontierPeakParts(),
    stepStates: Array.from({ length: plan.size }, (_, k) => kernel.frontierStepStates(k)),
    droppedStates: Number(kernel.frontierPrunedStates()),
    peakLayerBytes: 0,
    splitStep: kernel.frontierSplitStep(),
  };
}

/** Everything that defines a frontier count, canonical (squares 1-based or null): the problem of its parts. */
export interface CanonicalFrontierProblem {
  kind: "tours";
  method: "frontier";
  rows: number;
  cols: number;
  moves: string;
  closed: boolean;
  from: [number, number] | null;
  to: [number, number] | null;
}

/** The frontier count as written in a part's JSON line, in a fixed form, so parts of one problem can be recognised. */
export function canonicalFrontierProblem(options: HamiltonianCountOptions): CanonicalFrontierProblem {
  const square = (s: Square | undefined): [number, number] | null => (s ? [s[0] + 1, s[1] + 1] : null);
  return {
    kind: "tours",
    method: "frontier",
    rows: options.rows,
    cols: options.cols,
    moves: formatLeapers(options.moves ?? PEN_PAPER_LEAPERS),
    closed: options.closed ?? false,
    from: square(options.from),
    to: square(options.to),
  };
}

const FRONTIER_FIELDS = ["kind", "method", "rows", "cols", "moves", "closed", "from", "to"] as const;

/**
 * Checks the problem of a frontier part (as its JSON line gives it): the fields of
 * CanonicalFrontierProblem, no other, a count countHamiltonian accepts, in canonical
 * form; UsageError otherwise. Its facts: a part is a number of paths or cycles, never
 * below 0; directed closed tours from a square are two per cycle, and directed paths over
 * all starts two per undirected path (on more than one square).
 */
export function checkFrontierShardProblem(problem: unknown): CountFacts {
  const fields = problemFields(problem, FRONTIER_FIELDS);
  if (fields.kind !== "tours" || fields.method !== "frontier") {
    throw new UsageError(`the problem's kind and method are ${quoteValue(fields.kind)} and ${quoteValue(fields.method)}, not "tours" and "frontier"`);
  }
  const rows = checkSide(fields.rows, "rows");
  const cols = checkSide(fields.cols, "cols");
  if (typeof fields.moves !== "string") throw new UsageError(`the problem's "moves" must be leapers as text, like "0,3+2,2", got ${quoteValue(fields.moves)}`);
  const moves = parseLeapers(fields.moves);
  const closed = partFlag(fields.closed, "closed");
  const from = partSquare(fields.from, "from");
  const to = partSquare(fields.to, "to");
  for (const [square, what] of [
    [from, "from"],
    [to, "to"],
  ] as const) {
    if (square && (square[0] >= rows || square[1] >= cols)) {
      throw new UsageError(
        `the problem's "${what}" [${square[0] + 1}, ${square[1] + 1}] is outside the ${rows}×${cols} board (rows 1 to ${rows}, columns 1 to ${cols})`,
      );
    }
  }
  if (closed && to) throw new UsageError('a closed tour ends next to its start: the problem\'s "to" must be null');
  const options: HamiltonianCountOptions = { rows, cols, moves, closed, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  requireCanonical(problem, canonicalFrontierProblem(options));
  let multipleOf = 1n;
  let why = "";
  if (closed && from) [multipleOf, why] = [2n, "directed closed tours come two to a cycle"];
  else if (!closed && !from && !to && rows * cols > 1) [multipleOf, why] = [2n, "directed paths come two to an undirected one"];
  return { multipleOf, why, partsAtLeastZero: true };
}

/** A kind of order, or a copy of the squares by step once checked to hold every square once. */
function orderArgument(order: unknown, size: number): SquareOrder | readonly number[] {
  if (!Array.isArray(order)) return oneOf<SquareOrder>(order, "order", ["greedy", "greedy-plain", "rows"]);
  const expected = `"greedy", "greedy-plain", "rows" or the ${size} squares by step, each of 0..${size - 1} once`;
  if (order.length !== size) throw argumentError("order", expected, order);
  const seen = new Uint8Array(size);
  for (const square of order) {
    if (!Number.isInteger(square) || square < 0 || square >= size || seen[square]) throw argumentError("order", expected, order);
    seen[square] = 1;
  }
  return [...(order as number[])];
}

/**
 * Exact number of Hamiltonian cycles or paths of the leaper graph on the rows×cols board:
 * closed: distinct cycles (from: directed closed tours from there, 2 × cycles);
 * open: directed paths over all starts (2 × undirected), from a square, to a square, or
 * between two squares.
 *
 * @param options `rows`, `cols`, leaper `moves` (default pen-and-paper), `closed`, `from`, `to` and the frontier's limits
 * @example
 * ```ts
 * import { countHamiltonian, KNIGHT } from "tabula-grids";
 *
 * countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT, closed: true }).count; // 9862n
 * countHamiltonian({ rows: 5, cols: 5, moves: KNIGHT }).count; // 1728n directed open knight's tours
 * ```
 */
export function countHamiltonian(options: HamiltonianCountOptions): HamiltonianCount {
  return countHamiltonianIn(requiredObject(options, "options", FRONTIER_KEYS, { size: "countHamiltonian takes rows and cols" }));
}

/**
 * countHamiltonian with the kernel's layers on the host in `store` (frontier-disk.ts keeps
 * them in files and resumes a stopped count; frontier-buckets.ts keeps them in bucketed
 * files, disk-bound); without one, as `options.hostLayers` says.
 * Internal: not exported from any package entry.
 */
export function countHamiltonianIn(options: HamiltonianCountOptions, store?: HostLayerStore | SteppingLayerStore): HamiltonianCount {
  requiredObject(options, "options"); // the CLI hands its flags whole: strict in countHamiltonian
  const rows = checkSide(options.rows, "rows");
  const cols = checkSide(options.cols, "cols");
  const moves = normaliseLeapers(options.moves ?? PEN_PAPER_LEAPERS, "moves");
  optionalBoolean(options.closed, "closed");
  if (options.from !== undefined) squareArgument(options.from, "from");
  if (options.to !== undefined) squareArgument(options.to, "to");
  if (options.engine !== undefined) oneOf(options.engine, "engine", ["wasm", "ts"]);
  if (options.shard !== undefined) parseShardSpec(requiredObject<ShardSpec>(options.shard, "shard"));
  optionalWholeNumber(options.memoryCapMiB, "memoryCapMiB", 1, MAX_MEMORY_CAP_MIB);
  const order = options.order === undefined ? "greedy" : orderArgument(options.order, rows * cols);
  if (options.hostLayers !== undefined && typeof options.hostLayers !== "boolean" && options.hostLayers !== "auto")
    throw argumentError("hostLayers", 'true, false or "auto"', options.hostLayers);
  const onProgress = options.onProgress === undefined ? undefined : functionArgument<FrontierProgressListener>(options.onProgress, "onProgress");
  if (store && options.engine === "ts") throw new UsageError("the layers of a count in files are the kernel's: not with the TS engine");
  const plan = frontierPlan(rows, cols, moves, order);
  const q = question(options, plan);
  if (typeof q === "bigint") {
    const whole = !options.shard || options.shard.shard === 0;
    return {
      count: whole ? q : 0n,
      peakStates: 1,
      peakBytes: 0,
      width: plan.width,
      splitStep: -1,
      entryBytes: 0,
      peakParts: 1,
      stepStates: [],
      droppedStates: 0,
      peakLayerBytes: 0,
    };
  }
  const result =
    options.engine === "ts"
      ? {
          ...countFrontierTs(plan, q.problem, onProgress && ((step, states) => onProgress(step + 1, plan.size, states, 1))),
          peakBytes: 0,
          entryBytes: 0,
          peakParts: 1,
          stepStates: [],
          droppedStates: 0,
          peakLayerBytes: 0,
        }
      : countOnKernel(plan, q.problem, options.memoryCapMiB, onProgress, store ? true : options.hostLayers, store);
  return { ...result, count: result.count * q.factor, width: plan.width };
}
