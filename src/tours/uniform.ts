// Exactly uniform random tours of any leapers on m×n boards, from the frontier DP's layers
// (the argument: docs/derivations.md, "Uniform tours from the frontier layers").
//
// The DP (frontier-ts.ts) takes the squares one step at a time; a tour is one choice per
// step (the edges from the step's square back to squares already taken), and the counter's
// states are what the future needs of the choices so far. A forward pass keeps every
// layer's states; a backward pass replaces each state's count with its ways onward: the
// completions from it to the end (1 for every state of the last layer, then the sum over
// a state's successors). The start state's ways onward are all the tours. A draw walks
// forward from the start, taking each successor with probability (its ways onward) /
// (the state's), by an exact bigint draw: the product telescopes to 1 / (all tours).
// Pure TypeScript without Node imports, so the web app runs it as it is.
import { describeValue, oneOf, optionalBoolean, optionKeys, requiredObject, wholeNumber } from "../args.js";
import { belowBig, randomSource, type RandomWords } from "../core/random.js";
import { KernelError, UsageError } from "../errors.js";
import { toursConstants } from "../wasm/generated/tours.js";
import { frontierPlan, type FrontierPlan } from "./frontier-plan.js";
import { frontierStep, START_KEY, type FrontierProblem, type FrontierStep } from "./frontier-ts.js";
import type { Engine } from "./generate.js";
import { formatLeapers, normaliseLeapers, PEN_PAPER_LEAPERS, type Leaper } from "./leapers.js";
import { kernelForwardLayers, type ForwardLayers } from "./uniform-kernel.js";

/** Largest board side (the frontier counter's). */
const MAX_SIDE = Math.floor(Math.sqrt(toursConstants.FRONTIER_MAX_SQUARES));

/**
 * Most states the maps may hold together, by default: about 150 bytes each in a JS Map
 * (key string, bigint, entry), so 2.4 GB. 7×7 pen-and-paper closed keeps 0.11 M, open 2.6 M.
 */
export const UNIFORM_MAX_STATES = 16_000_000;
const PACKED_PER_MAP_STATE = 6;

export interface UniformTourOptions {
  rows: number;
  cols: number;
  /** Leapers (default: the pen-and-paper set (0,3)+(2,2)). */
  moves?: readonly Leaper[];
  /** Closed tours (Hamiltonian cycles); otherwise open tours (Hamiltonian paths). */
  closed?: boolean;
  /**
   * Where the forward pass runs: wasm (default), the frontier counter's kernel, its layers
   * kept on the host (packed, dead states already dropped), then read one at a time; ts,
   * the TS baseline, every layer held as a map. The same tours for the same seed.
   */
  engine?: Engine;
  /** Most states the maps may hold together (default UNIFORM_MAX_STATES), and 6 times as many packed states in the kernel's layers; past it, UsageError. */
  maxStates?: number;
}

const UNIFORM_KEYS = optionKeys<UniformTourOptions>({ rows: true, cols: true, moves: true, closed: true, engine: true, maxStates: true });

/** A layer's live states with their ways onward, by key: a map in memory, or files in a checkpoint folder (uniform-disk.ts). */
export interface WaysOnward {
  /** The state's ways onward, or undefined for a state not in the layer (dead). */
  get(key: string): bigint | undefined;
}

/** The layers of one board and move set, ready to draw from. */
export interface TourLayers {
  plan: FrontierPlan;
  closed: boolean;
  /** The DP's step k, for k = 0 .. squares − 1. */
  steps: FrontierStep[];
  /** Layer k (the states before step k; layer `squares` is after the last), each live state with its ways onward. */
  onward: WaysOnward[];
  /** Undirected tours: distinct cycles, or paths (each path is two open tours, one per direction). */
  count: bigint;
  /** States in all the forward pass's layers, the live ones kept after the backward pass, and the most in one layer. */
  heldStates: number;
  keptStates: number;
  peakStates: number;
}

function side(value: unknown, what: string): number {
  return wholeNumber(value, what, 1, MAX_SIDE);
}

/** The board of a draw, checked: its plan (the counter's square order) and the DP's steps, which the walk expands. */
export function uniformBoard(options: Pick<UniformTourOptions, "rows" | "cols" | "moves" | "closed">) {
  const rows = side(options.rows, "rows");
  const cols = side(options.cols, "cols");
  const moves = normaliseLeapers(options.moves ?? PEN_PAPER_LEAPERS, "moves");
  const closed = optionalBoolean(options.closed, "closed") ?? false;
  const plan = frontierPlan(rows, cols, moves);
  const problem: FrontierProblem = { mode: closed ? "cycles" : "paths", ends: [] };
  const steps = Array.from({ length: plan.size }, (_, k) => frontierStep(plan, problem, k));
  return { rows, cols, moves, closed, plan, steps };
}

/** The forward pass (states reached, with their counts), then the backward pass (ways onward); dead states dropped. */
export function buildTourLayers(options: UniformTourOptions): TourLayers {
  options = requiredObject<UniformTourOptions>(options, "options", UNIFORM_KEYS);
  const { rows, cols, moves, closed, plan, steps } = uniformBoard(options);
  const engine = options.engine === undefined ? "wasm" : oneOf(options.engine, "engine", ["wasm", "ts"]);
  const maxStates = options.maxStates ?? UNIFORM_MAX_STATES;
  if (!Number.isSafeInteger(maxStates) || maxStates < 1)
    throw new UsageError(`maxStates must be a whole number of at least 1, got ${describeValue(maxStates)}`);
  const tooMany = (held: number, step: number, limit = maxStates): UsageError =>
    new UsageError(
      `uniform ${closed ? "closed" : "open"} tours of ${rows}×${cols} with moves ${formatLeapers(moves)} need more than ${limit} states in memory (the layers held ${held} at step ${step} of ${plan.size}); out of reach here`,
    );
  // (Fewer than 3 squares: the DP's rules cannot tell these; the kernel is not asked.)
  // (The kernel's layers are packed, 16 or 24 bytes a state: PACKED_PER_MAP_STATE of them cost about one state in a map.)
  const forward =
    engine === "wasm" && plan.size >= 3
      ? kernelForwardLayers(plan, moves, closed, maxStates * PACKED_PER_MAP_STATE, (held, step) => tooMany(held, step, maxStates * PACKED_PER_MAP_STATE))
      : tsForwardLayers(plan, steps, maxStates, tooMany);
  const onward: Map<string, bigint>[] = [];
  const last = (onward[plan.size] = forward.read(plan.size));
  let total = 0n;
  for (const [key, count] of last) {
    total += count;
    last.set(key, 1n); // a finished tour has one way onward: none left to choose
  }
  let kept = last.size;
  for (let k = plan.size - 1; k >= 0; k--) {
    const layer = (onward[k] = forward.read(k)),
      after = onward[k + 1]!;
    if (kept + layer.size > maxStates) throw tooMany(kept + layer.size, k);
    for (const key of layer.keys()) {
      let ways = 0n;
      steps[k]!.expand(key, (successor) => (ways += after.get(successor) ?? 0n));
      if (ways === 0n)
        layer.delete(key); // dead: no completion (deleting the entry being visited is safe)
      else layer.set(key, ways);
    }
    kept += layer.size;
  }
  // Smallest cases: one square is one (open) tour, and a closed tour needs 3.
  const count = plan.size === 1 ? (closed ? 0n : 1n) : plan.size < 3 && closed ? 0n : (onward[0]!.get(START_KEY) ?? 0n);
  // The passes must agree: the forward counts into the last layer, the ways onward out of the first (and the kernel's count).
  if (plan.size >= 3 && (count !== total || count !== forward.count))
    throw new KernelError("tours", "invariant-broken", `uniform tours: the forward pass counted ${total} (${forward.count}), the backward ${count}`);
  const heldStates = forward.sizes.reduce((sum, n) => sum + n, 0);
  return { plan, closed, steps, onward, count, heldStates, keptStates: kept, peakStates: Math.max(...forward.sizes) };
}

/** The TS baseline's forward pass: every layer as a map, all held at once. */
function tsForwardLayers(
  plan: FrontierPlan,
  steps: readonly FrontierStep[],
  maxStates: number,
  tooMany: (held: number, step: number) => UsageError,
): ForwardLayers {
  const layers: Map<string, bigint>[] = [new Map([[START_KEY, 1n]])];
  let held = 1;
  for (const [k, step] of steps.entries()) {
    const next = new Map<string, bigint>();
    for (const [key, count] of layers[k]!) step.expand(key, (successor) => next.set(successor, (next.get(successor) ?? 0n) + count));
    held += next.size;
    if (held > maxStates) throw tooMany(held, k + 1);
    layers.push(next);
  }
  let count = 0n;
  for (const c of layers[plan.size]!.values()) count += c;
  return { count, sizes: layers.map((layer) => layer.size), read: (k) => layers[k]! };
}

/** Picks successor i of a state given the successors' ways onward (in the DP's order) and their sum. */
export type ChooseSuccessor = (weights: readonly bigint[], total: bigint) => number;

/** The exact choice: successor i with probability weights[i] / total (one uniform bigint below total). */
export function weightedChoice(random: RandomWords): ChooseSuccessor {
  return (weights, total) => {
    let r = belowBig(random, total);
    for (let i = 0; i < weights.length; i++) {
      if (r < weights[i]!) return i;
      r -= weights[i]!;
    }
    throw new Error("uniform tours: a draw fell past the weights' sum");
  };
}

/**
 * The tour's edges, as pairs of squares (r·cols + c), from a walk through the layers that
 * `choose` steers. A state's ways onward are its live successors' summed, so only the
 * successors are looked up: layer k + 1 alone is read at step k.
 */
export function walkTourLayers(layers: TourLayers, choose: ChooseSuccessor): [number, number][] {
  const { plan, steps, onward } = layers;
  const squareOf: number[] = [];
  plan.stepOf.forEach((k, square) => (squareOf[k] = square));
  const edges: [number, number][] = [];
  let key = START_KEY;
  for (let k = 0; k < plan.size; k++) {
    const step = steps[k]!,
      after = onward[k + 1]!;
    const successors: string[] = [],
      choices: (readonly number[])[] = [],
      weights: bigint[] = [];
    step.expand(key, (successor, slots) => {
      const ways = after.get(successor);
      if (ways === undefined) return; // dead
      successors.push(successor);
      choices.push(slots);
      weights.push(ways);
    });
    const i = choose(
      weights,
      weights.reduce((sum, w) => sum + w, 0n),
    );
    for (const slot of choices[i]!) edges.push([squareOf[step.squares[slot]!]!, squareOf[k]!]);
    key = successors[i]!;
  }
  return edges;
}

/**
 * The tour with those edges as a grid of step numbers 1..rows·cols, row by row: a cycle
 * from a random square in a random direction, a path from a random one of its two ends.
 */
export function tourGrid(rows: number, cols: number, edges: readonly [number, number][], closed: boolean, random: RandomWords): Int32Array {
  const size = rows * cols;
  const grid = new Int32Array(size);
  if (size === 1) {
    grid[0] = 1;
    return grid;
  }
  const nbrs: number[][] = Array.from({ length: size }, () => []);
  for (const [a, b] of edges) {
    nbrs[a]!.push(b);
    nbrs[b]!.push(a);
  }
  for (const list of nbrs) list.sort((x, y) => x - y);
  const ends = nbrs.flatMap((list, square) => (list.length === 1 ? [square] : []));
  const first = closed ? random.below(size) : ends[random.below(2)]!;
  let previous = -1,
    at = first;
  if (closed) previous = nbrs[first]![random.below(2)]!; // the direction: which neighbour comes last
  for (let n = 1; n <= size; n++) {
    grid[at] = n;
    const next = nbrs[at]!.find((x) => x !== previous);
    previous = at;
    at = next ?? -1;
  }
  return grid;
}

/** Draws exactly uniform tours of one board and move set; the layers are built once. */
export interface UniformTourSampler {
  rows: number;
  cols: number;
  closed: boolean;
  /** Tours drawn among, undirected: distinct cycles, or paths. */
  count: bigint;
  /** States in all the forward pass's layers (the kernel's packed, 16 or 24 bytes each; the baseline's as maps), the live ones kept as maps for drawing (about 150 bytes each), the most in one layer. */
  heldStates: number;
  keptStates: number;
  peakStates: number;
  /** `count` tours from one seeded stream (the same seed, the same tours). */
  samples(count: number, seed?: number | bigint | string): Generator<Int32Array>;
}

/**
 * A sampler of exactly uniform tours: closed, every Hamiltonian cycle of the leaper graph
 * equally likely, numbered from a uniform square in a uniform direction (so every
 * closed-tour grid is equally likely too); open, every directed Hamiltonian path.
 *
 * @param options `rows`, `cols`, leaper `moves`, `closed`
 * @example
 * ```ts
 * import { KNIGHT, uniformTourSampler } from "tabula-grids";
 *
 * const sampler = uniformTourSampler({ rows: 5, cols: 5, moves: KNIGHT }); // built once
 * sampler.count; // 864n undirected open tours
 * const [grid] = sampler.samples(1, 7); // then drawn as often as wanted
 * grid.length; // 25
 * ```
 */
export function uniformTourSampler(options: UniformTourOptions): UniformTourSampler {
  const layers = buildTourLayers(options);
  return samplerOf(layers, options.moves ?? PEN_PAPER_LEAPERS);
}

/** The sampler drawing from `layers` (in memory, or in files: uniform-disk.ts); refused when there is no tour. */
export function samplerOf(layers: TourLayers, moves: readonly Leaper[]): UniformTourSampler {
  const { rows, cols } = layers.plan;
  if (layers.count === 0n) {
    throw new UsageError(
      `no ${layers.closed ? "closed" : "open"} tour exists on the ${rows}×${cols} board with moves ${formatLeapers(moves)} (the frontier count is 0)`,
    );
  }
  return {
    rows,
    cols,
    closed: layers.closed,
    count: layers.count,
    heldStates: layers.heldStates,
    keptStates: layers.keptStates,
    peakStates: layers.peakStates,
    *samples(count, seed) {
      wholeNumber(count, "count");
      const random = randomSource(seed ?? 0);
      for (let i = 0; i < count; i++) {
        const edges = rows * cols === 1 ? [] : walkTourLayers(layers, weightedChoice(random)); // one square: the tour is the square
        yield tourGrid(rows, cols, edges, layers.closed, random);
      }
    },
  };
}

/**
 * One exactly uniform random tour of the rows×cols board for `moves`, as step numbers
 * 1..rows·cols row by row (`grid[r*cols+c]`), as generateTour returns them; seeded
 * (default 0), so a seed always gives the same tour.
 *
 * @param options `rows`, `cols`, leaper `moves`, `closed` and the `seed`
 * @example
 * ```ts
 * import { sampleTourUniform, KNIGHT } from "tabula-grids";
 *
 * // one of the 9,862 closed knight's tours of 6×6, each as likely as any other
 * const grid = sampleTourUniform({ rows: 6, cols: 6, moves: KNIGHT, closed: true, seed: 7 });
 * grid.length; // 36
 * ```
 */
export function sampleTourUniform(options: UniformTourOptions & { seed?: number | bigint | string }): Int32Array {
  const { seed, ...board } = requiredObject<UniformTourOptions & { seed?: number | bigint | string }>(options, "options", [...UNIFORM_KEYS, "seed"]);
  return uniformTourSampler(board).samples(1, seed).next().value as Int32Array;
}
