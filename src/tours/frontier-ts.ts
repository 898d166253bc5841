// Hamiltonian cycles and paths by frontier dynamic programming, pure TypeScript (the
// baseline of assembly/tours/frontier.ts, same states and transitions, bigint counts).
//
// Squares are taken one step at a time (frontier-plan.ts gives the order). When a square
// is taken, a subset of its edges to squares already taken is chosen (at most its
// degree). The chosen edges form vertex-disjoint path pieces. The frontier is the taken
// squares with a neighbour still to come; a square leaving it keeps its degree for good:
// 2 (inside the path), 1 (an end of the whole path) or 0 (never, for two or more
// squares). A state is what the future needs: for each frontier square, its degree so
// far and, for degree 1, where its piece's other end is: another frontier square (the
// pair shares a label) or a square that has left (END). Labels are numbered in order of
// first appearance, so equal futures have equal keys. The graph is not planar, so the
// pairs are any matching, not nested brackets. Paths also carry how many free ends are
// spent (2 at most, less the squares that must be ends). A piece is closed into a cycle,
// or its two ENDs joined, only at the last step, so every state alive after it is one
// Hamiltonian cycle or path. The kernel also drops states that cannot be completed
// (starved squares, colour balance: docs/tours.md); this baseline keeps them all, so
// equal counts from the two engines check that pruning too.
import type { FrontierPlan } from "./frontier-plan.js";

export type FrontierMode = "cycles" | "paths";

/** Slot codes of a state (one per frontier square), as in the kernel (the shard hash reads them). */
export const CODE_FREE = 0; // degree 0
export const CODE_FULL = 1; // degree 2
export const CODE_END = 2; // degree 1, the piece's other end has left the frontier
export const CODE_LABEL = 3; // degree 1, paired with the other slot of the same label

export interface FrontierProblem {
  mode: FrontierMode;
  /** Steps whose square must be an end of the path (0, 1 or 2 of them). */
  ends: readonly number[];
  /** Only the states of this part at the split step go on (a shard), part < parts. */
  part?: number;
  parts?: number;
  /** The split step is the first with at least this many states per part (the kernel's FRONTIER_SPLIT_STATES_PER_PART). */
  splitStatesPerPart?: number;
}

export interface FrontierResult {
  /** Undirected Hamiltonian cycles, or paths (with the given ends). */
  count: bigint;
  /** Largest number of states held for one step. */
  peakStates: number;
  /** Step after which the states were split between parts (-1: not split). */
  splitStep: number;
}

const NONE = -1; // mate of a degree-2 square
const END = -2; // mate of a degree-1 square whose other end has left

/** Which part a state belongs to: the same hash of (spent ends, codes) as the kernel's. */
export function partOf(key: string, parts: number): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) >>> 0;
  return h % parts;
}

/** One step of the DP: square `step` is taken; the states of the last layer expand into the next. */
export interface FrontierStep {
  /** The frontier squares (as steps) the last layer's keys describe, slot by slot, then this step's square. */
  readonly squares: readonly number[];
  /**
   * Calls `visit` with each successor of the state `key` and the choice that made it: the
   * slots (indices into `squares`) of the squares joined to this step's square.
   */
  expand(key: string, visit: (next: string, edges: readonly number[]) => void): void;
}

/** The frontier before step k: the squares taken with a neighbour at step k or later, in step order. */
function frontierBefore(plan: FrontierPlan, k: number): number[] {
  const frontier: number[] = [];
  for (let j = 0; j < k; j++) if (plan.leaves[j]! >= k) frontier.push(j);
  return frontier;
}

/** Step k of the DP for `problem` (each step stands alone: the frontier follows from the plan). */
export function frontierStep(plan: FrontierPlan, problem: FrontierProblem, k: number): FrontierStep {
  const N = plan.size;
  const forced = new Uint8Array(N);
  for (const e of problem.ends) forced[e] = 1;
  const budget = problem.mode === "cycles" ? 0 : 2 - problem.ends.length;
  const cycles = problem.mode === "cycles";
  // Working arrays, one slot per frontier square plus the new one.
  const cap = plan.width + 2;
  const deg = new Int32Array(cap),
    mate = new Int32Array(cap);
  const workDeg = new Int32Array(cap),
    workMate = new Int32Array(cap);
  const labelAt = new Int32Array(cap);
  const firstSlot = new Int32Array(cap + 2);

  const last = k === N - 1;
  const all = [...frontierBefore(plan, k), k];
  const v = all.length - 1; // the new square's slot
  const slotOf = new Map(all.map((x, i) => [x, i]));
  const nbrSlots = plan.adj[k]!.filter((x) => x < k).map((x) => slotOf.get(x)!);
  const retiring = all.map((x) => plan.leaves[x]! <= k);
  const maxDeg = all.map((x) => (forced[x] ? 1 : 2));
  // A free square with one neighbour still to come can only be an end of the path.
  const mustEnd = all.map((x, i) => !retiring[i] && !forced[x] && plan.adj[x]!.filter((y) => y > k).length === 1);

  /** Applies the chosen edges (slots joined to the new square) to a copy; the successor's key, or undefined if illegal. */
  const attempt = (spent: number, edges: readonly number[]): string | undefined => {
    workDeg.set(deg.subarray(0, v + 1));
    workMate.set(mate.subarray(0, v + 1));
    workDeg[v] = 0;
    workMate[v] = v;
    for (const u of edges) {
      const a = workMate[v]!,
        b = workMate[u]!;
      if (a === u) {
        // Closes the piece into a cycle: only the last square may, in cycle mode.
        if (!cycles || !last) return undefined;
        workDeg[v]++;
        workDeg[u] = workDeg[u]! + 1;
        workMate[v] = NONE;
        workMate[u] = NONE;
        continue;
      }
      if (a === END && b === END && !last) return undefined; // the path is finished but squares remain
      if (a !== END) workMate[a] = b;
      if (b !== END) workMate[b] = a;
      if (++workDeg[v]! === 2) workMate[v] = NONE;
      if (++workDeg[u]! === 2) workMate[u] = NONE;
    }
    let s = spent;
    for (let i = 0; i <= v; i++) {
      if (!retiring[i]) continue;
      const d = workDeg[i]!;
      if (d === 2) continue;
      if (d === 0 || cycles) return undefined;
      if (!forced[all[i]!] && ++s > budget) return undefined;
      const m = workMate[i]!;
      if (m === END) {
        if (!last) return undefined; // both ends have left: the path is finished but squares remain
      } else {
        workMate[m] = END;
      }
      workMate[i] = NONE;
    }
    const spentNow = s;
    for (let i = 0; i <= v; i++) if (mustEnd[i] && workDeg[i] === 0 && ++s > budget) return undefined;
    // Encode the squares that stay, labelling pairs in order of appearance.
    let key = String.fromCharCode(spentNow);
    let nextLabel = CODE_LABEL;
    labelAt.fill(0, 0, v + 1);
    for (let i = 0; i <= v; i++) {
      if (retiring[i]) continue;
      const d = workDeg[i]!;
      let code: number;
      if (d === 0) code = CODE_FREE;
      else if (d === 2) code = CODE_FULL;
      else {
        const m = workMate[i]!;
        if (m === END) code = CODE_END;
        else if (labelAt[i]! !== 0) code = labelAt[i]!;
        else {
          code = nextLabel++;
          labelAt[m] = code;
        }
      }
      key += String.fromCharCode(code);
    }
    return key;
  };

  const expand = (key: string, visit: (next: string, edges: readonly number[]) => void): void => {
    const spent = key.charCodeAt(0);
    // Decode: a label's first slot waits for its second.
    firstSlot.fill(-1);
    for (let i = 0; i < v; i++) {
      const code = key.charCodeAt(i + 1);
      if (code === CODE_FREE) {
        deg[i] = 0;
        mate[i] = i;
      } else if (code === CODE_FULL) {
        deg[i] = 2;
        mate[i] = NONE;
      } else if (code === CODE_END) {
        deg[i] = 1;
        mate[i] = END;
      } else {
        deg[i] = 1;
        const j = firstSlot[code]!;
        if (j < 0) firstSlot[code] = i;
        else {
          mate[i] = j;
          mate[j] = i;
        }
      }
    }
    const open = nbrSlots.filter((u) => deg[u]! < maxDeg[u]!);
    const tryEdges = (edges: readonly number[]): void => {
      const next = attempt(spent, edges);
      if (next !== undefined) visit(next, edges);
    };
    tryEdges([]);
    for (let x = 0; x < open.length; x++) {
      tryEdges([open[x]!]);
      if (maxDeg[v]! < 2) continue;
      for (let y = x + 1; y < open.length; y++) tryEdges([open[x]!, open[y]!]);
    }
  };
  return { squares: all, expand };
}

/** The layer before step 0: the one empty state (no ends spent, no frontier). */
export const START_KEY = String.fromCharCode(0);

/** `onStep` hears of each finished step (0-based) and the states it left. */
export function countFrontierTs(plan: FrontierPlan, problem: FrontierProblem, onStep?: (step: number, states: number) => void): FrontierResult {
  const N = plan.size;
  const parts = problem.parts ?? 1;
  const part = problem.part ?? 0;
  let layer = new Map<string, bigint>([[START_KEY, 1n]]);
  let peakStates = 1;
  let splitStep = -1;
  for (let k = 0; k < N; k++) {
    const step = frontierStep(plan, problem, k);
    const next = new Map<string, bigint>();
    for (const [key, count] of layer) step.expand(key, (successor) => next.set(successor, (next.get(successor) ?? 0n) + count));
    layer = next;
    peakStates = Math.max(peakStates, layer.size);
    if (parts > 1 && splitStep < 0 && (layer.size >= problem.splitStatesPerPart! * parts || k === N - 1)) {
      splitStep = k;
      for (const key of [...layer.keys()]) if (partOf(key, parts) !== part) layer.delete(key);
    }
    onStep?.(k, layer.size);
  }
  let count = 0n;
  for (const c of layer.values()) count += c;
  return { count, peakStates, splitStep };
}
