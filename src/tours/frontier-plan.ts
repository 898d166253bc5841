// The square order of the frontier counter and what follows from it. A square stays on
// the frontier from its step until its last neighbour's, and the number of states grows
// about exponentially with the frontier, so the order is chosen to keep it small:
// greedily, each step takes the square that leaves the smallest frontier (ties: the one
// with most neighbours already taken), tried from every first square and then a few
// thousand times with random tie-breaks (a fixed seed, so every run and machine gets
// the same order), keeping the order with the least Σ 2^frontier. Row by row (along the
// shorter side) is the obvious order, but a leap of 3 keeps three whole rows on the
// frontier (21 squares on 7×7 with the pen-and-paper moves); plain greedy needs 13 there
// and the randomised one 11 (8×8: 24, 18, 16). Boards over GREEDY_MAX_SQUARES use rows.
// Square s is step stepOf[s]; everything else is in steps.
import type { Leaper } from "./leapers.js";
import { boardGraph } from "./leapers.js";

export interface FrontierPlan {
  rows: number;
  cols: number;
  /** Number of squares. */
  size: number;
  /** Step at which each square (r*cols + c) is taken. */
  stepOf: number[];
  /** Neighbours of each step's square, as steps, increasing. */
  adj: number[][];
  /** Step after which each square leaves the frontier (its last neighbour's step, or its own). */
  leaves: number[];
  /** Largest frontier (squares taken with a neighbour still to come), over all steps. */
  width: number;
}

/** greedy: the randomised search below; greedy-plain: greedy from every first square only; rows: row by row. */
export type SquareOrder = "greedy" | "greedy-plain" | "rows";

export const GREEDY_MAX_SQUARES = 256;

/** Step of square (r, c): row-major when cols ≤ rows, column-major otherwise. */
export function rowOrder(rows: number, cols: number): number[] {
  const stepOf: number[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) stepOf.push(cols <= rows ? r * cols + c : c * rows + r);
  return stepOf;
}

/** Frontier after each step when the squares are taken in `order` (squares by step). */
export function frontierSizes(graph: readonly number[][], order: readonly number[]): number[] {
  const rem = graph.map((list) => list.length);
  const taken = new Uint8Array(graph.length);
  const sizes: number[] = [];
  let front = 0;
  for (const v of order) {
    taken[v] = 1;
    for (const x of graph[v]!) {
      rem[x]!--;
      if (taken[x] && rem[x] === 0) front--;
    }
    if (rem[v]! > 0) front++;
    sizes.push(front);
  }
  return sizes;
}

function cost(sizes: readonly number[]): number {
  return sizes.reduce((sum, w) => sum + 2 ** w, 0);
}

/** Neighbour lists packed for the order search. */
interface PackedGraph {
  start: Int32Array;
  list: Int32Array;
}

function pack(graph: readonly number[][]): PackedGraph {
  const start = new Int32Array(graph.length + 1);
  graph.forEach((l, i) => (start[i + 1] = start[i]! + l.length));
  return { start, list: Int32Array.from(graph.flat()) };
}

/**
 * The greedy order from square `first` (squares by step). With `noise` > 0 ties and
 * near-ties are broken by `random` (a fixed-seed generator, so the order is reproducible).
 * Each square's frontier change is kept up to date: +1 if it still has a neighbour to
 * come, −1 for each taken neighbour it is the last neighbour of.
 */
export function greedyFrom(graph: readonly number[][] | PackedGraph, first: number, noise = 0, seed = 0): { order: number[]; cost: number } {
  const { start, list } = Array.isArray(graph) ? pack(graph) : (graph as PackedGraph);
  const n = start.length - 1;
  const rem = new Int32Array(n); // neighbours not yet taken
  const takenNbrs = new Int32Array(n);
  const lastOf = new Int32Array(n); // taken neighbours with one neighbour left
  const taken = new Uint8Array(n);
  for (let i = 0; i < n; i++) rem[i] = start[i + 1]! - start[i]!;
  const order: number[] = [];
  let state = seed >>> 0; // a linear congruential generator for the noise
  let front = 0,
    cost = 0;
  let v = first;
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      let best = -1,
        bestScore = Infinity;
      for (let u = 0; u < n; u++) {
        if (taken[u]) continue;
        const gain = (rem[u]! > 0 ? 1 : 0) - lastOf[u]!;
        let score = gain * 100 - takenNbrs[u]!;
        if (noise > 0) {
          state = (Math.imul(state, 1103515245) + 12345) >>> 0;
          score += (state / 2 ** 32) * noise;
        }
        if (score < bestScore) {
          best = u;
          bestScore = score;
        }
      }
      v = best;
    }
    front += (rem[v]! > 0 ? 1 : 0) - lastOf[v]!;
    cost += 2 ** front;
    taken[v] = 1;
    order.push(v);
    for (let e = start[v]!; e < start[v + 1]!; e++) {
      const x = list[e]!;
      const left = --rem[x]!;
      takenNbrs[x]!++;
      if (!taken[x] || left > 1) continue;
      const delta = left === 1 ? 1 : -1; // x now has one neighbour left, or none
      for (let f = start[x]!; f < start[x + 1]!; f++) lastOf[list[f]!]! += delta;
    }
    if (rem[v] === 1) for (let f = start[v]!; f < start[v + 1]!; f++) lastOf[list[f]!]!++;
  }
  return { order, cost };
}

/** Work budget of the randomised greedy search (candidate scans × squares). */
const ORDER_SEARCH_BUDGET = 2e7;

/** Squares by step in the given kind of order. */
export function squareOrder(rows: number, cols: number, graph: readonly number[][], kind: SquareOrder): number[] {
  const rowStep = rowOrder(rows, cols);
  const byRows: number[] = [];
  rowStep.forEach((k, s) => (byRows[k] = s));
  if (kind === "rows" || graph.length > GREEDY_MAX_SQUARES) return byRows;
  let best = byRows,
    bestCost = cost(frontierSizes(graph, byRows));
  const n = graph.length;
  const edges = graph.reduce((sum, list) => sum + list.length, 0);
  // Small boards count in milliseconds whatever the order: a short search only.
  const tries = n <= 25 || kind === "greedy-plain" ? n : n <= 36 ? 4 * n : Math.max(n, Math.min(4000, Math.floor(ORDER_SEARCH_BUDGET / (n * n + edges * 8))));
  const packed = pack(graph);
  for (let t = 0; t < tries; t++) {
    // Plain greedy from every square first, then with noise of growing strength.
    const { order, cost: c } = t < n ? greedyFrom(packed, t) : greedyFrom(packed, (t * 7919) % n, 1 + (t % 5) * 40, t);
    if (c < bestCost) {
      best = order;
      bestCost = c;
    }
  }
  return best;
}

// Plans by (rows, cols, leapers, kind), the last few: choosing the greedy order is a few
// thousand greedy runs (3-15 ms on 6×6, about 0.6 s on 8×8), the same every time (the
// search is seeded), so a process that counts one board again reuses its plan. Plans are
// read only, never changed.
const PLAN_CACHE_SIZE = 16;
const planCache = new Map<string, FrontierPlan>();

/** The plan for taking the squares in the given kind of order, or in `kind` itself (squares by step). */
export function frontierPlan(rows: number, cols: number, leapers: readonly Leaper[], kind: SquareOrder | readonly number[] = "greedy"): FrontierPlan {
  if (typeof kind !== "string") return makePlan(rows, cols, leapers, kind);
  const key = `${rows}×${cols} ${leapers.map(([a, b]) => `${a},${b}`).join("+")} ${kind}`;
  const cached = planCache.get(key);
  if (cached) return cached;
  const plan = makePlan(rows, cols, leapers, kind);
  if (planCache.size >= PLAN_CACHE_SIZE) planCache.delete(planCache.keys().next().value!);
  planCache.set(key, plan);
  return plan;
}

function makePlan(rows: number, cols: number, leapers: readonly Leaper[], kind: SquareOrder | readonly number[]): FrontierPlan {
  const size = rows * cols;
  const graph = boardGraph(rows, cols, leapers);
  const stepOf: number[] = [];
  (typeof kind === "string" ? squareOrder(rows, cols, graph, kind) : kind).forEach((s, k) => (stepOf[s] = k));
  const adj: number[][] = Array.from({ length: size }, () => []);
  graph.forEach((list, square) => (adj[stepOf[square]!] = list.map((x) => stepOf[x]!).sort((a, b) => a - b)));
  const leaves = adj.map((list, k) => Math.max(k, ...list));
  const order: number[] = [];
  stepOf.forEach((k, s) => (order[k] = s));
  const width = Math.max(0, ...frontierSizes(graph, order));
  return { rows, cols, size, stepOf, adj, leaves, width };
}
