// The square order of the frontier counter and what follows from it. A square stays on
// the frontier from its step until its last neighbour's, and the number of states grows
// about exponentially with the frontier, so the order is chosen to keep it small:
// greedily, each step takes the square that leaves the smallest frontier (ties: the one
// with most neighbours already taken, then the lowest index), tried from every first
// square, keeping the order with the least Σ 2^frontier. Row by row (along the shorter
// side) is the obvious order, but a leap of 3 keeps three whole rows on the frontier
// (21 squares on 7×7 with the pen-and-paper moves); the greedy order needs 13 there
// and 18 on 8×8. Boards over GREEDY_MAX_SQUARES use rows (the greedy search is cubic).
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

export type SquareOrder = "greedy" | "rows";

export const GREEDY_MAX_SQUARES = 256;

/** Step of square (r, c): row-major when cols ≤ rows, column-major otherwise. */
export function rowOrder(rows: number, cols: number): number[] {
  const stepOf: number[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) stepOf.push(cols <= rows ? r * cols + c : c * rows + r);
  return stepOf;
}

/** Frontier after each step when the squares are taken in `order` (squares by step). */
function frontierSizes(graph: readonly number[][], order: readonly number[]): number[] {
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

/** The greedy order from square `first` (squares by step). */
function greedyFrom(graph: readonly number[][], first: number): number[] {
  const n = graph.length;
  const rem = graph.map((list) => list.length); // neighbours not yet taken
  const takenNbrs = new Int32Array(n);
  const taken = new Uint8Array(n);
  const order: number[] = [];
  let v = first;
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      let best = -1, bestGain = Infinity, bestNbrs = -1;
      for (let u = 0; u < n; u++) {
        if (taken[u]) continue;
        // Frontier change if u is taken now: +1 for u (if it keeps a neighbour), -1 per neighbour it finishes.
        let gain = rem[u]! - takenNbrs[u]! > 0 ? 1 : 0;
        for (const x of graph[u]!) if (taken[x] && rem[x] === 1) gain--;
        if (gain < bestGain || (gain === bestGain && takenNbrs[u]! > bestNbrs)) {
          best = u;
          bestGain = gain;
          bestNbrs = takenNbrs[u]!;
        }
      }
      v = best;
    }
    taken[v] = 1;
    order.push(v);
    for (const x of graph[v]!) {
      rem[x]!--;
      takenNbrs[x]!++;
    }
  }
  return order;
}

/** Squares by step in the given kind of order. */
export function squareOrder(rows: number, cols: number, graph: readonly number[][], kind: SquareOrder): number[] {
  const rowStep = rowOrder(rows, cols);
  const byRows: number[] = [];
  rowStep.forEach((k, s) => (byRows[k] = s));
  if (kind === "rows" || graph.length > GREEDY_MAX_SQUARES) return byRows;
  let best = byRows, bestCost = cost(frontierSizes(graph, byRows));
  for (let first = 0; first < graph.length; first++) {
    const order = greedyFrom(graph, first);
    const c = cost(frontierSizes(graph, order));
    if (c < bestCost) {
      best = order;
      bestCost = c;
    }
  }
  return best;
}

export function frontierPlan(rows: number, cols: number, leapers: readonly Leaper[], kind: SquareOrder = "greedy"): FrontierPlan {
  const size = rows * cols;
  const graph = boardGraph(rows, cols, leapers);
  const stepOf: number[] = [];
  squareOrder(rows, cols, graph, kind).forEach((s, k) => (stepOf[s] = k));
  const adj: number[][] = Array.from({ length: size }, () => []);
  graph.forEach((list, square) => (adj[stepOf[square]!] = list.map((x) => stepOf[x]!).sort((a, b) => a - b)));
  const leaves = adj.map((list, k) => Math.max(k, ...list));
  const order: number[] = [];
  stepOf.forEach((k, s) => (order[k] = s));
  const width = Math.max(0, ...frontierSizes(graph, order));
  return { rows, cols, size, stepOf, adj, leaves, width };
}
