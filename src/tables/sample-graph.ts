// The completion graph behind sampling and listing: tables with the problem's symbol
// counts and given rows but WITHOUT the distinctness rules, counted row by row.
//
// A state is the multiset of the columns' remaining needs (how many of each symbol each
// column still lacks), stored as sorted mixed-radix codes: the number of ways g(S) to fill
// the remaining rows depends on nothing else, because permuting columns permutes the
// completions. A *move* from S places one row, described canonically by how many columns
// of each group of equal needs get each symbol (y); the concrete rows of one move — the
// multinomial Π_group m!/Π y! ways to spread those symbols over the group's columns — all
// lead to the same child state. So g(S) = Σ_moves mult(move) · g(child), exactly, in
// bigint; moves into states with g = 0 are dropped.
import { UsageError } from "../errors.js";
import { factorial } from "../math.js";
import type { NormalizedProblem } from "./problem.js";

/** Largest number of states (or moves) the graph may hold before sampling refuses. */
export const MAX_GRAPH_STATES = 2_000_000;
export const MAX_GRAPH_MOVES = 20_000_000;

export interface SampleMove {
  /** Index of the child state. */
  child: number;
  /** Concrete rows this move stands for (Π multinomials). */
  mult: bigint;
  /** mult · g(child): the move's share of g(parent). */
  weight: bigint;
  /** y[group * k + s]: columns of the parent's group (in code order) that get symbol s. */
  spread: Uint8Array;
}

export interface SampleState {
  /** Sorted column need codes. */
  codes: Uint16Array;
  /** g(S): completions of the remaining rows. */
  total: bigint;
  moves: SampleMove[];
}

export interface SampleGraph {
  size: number;
  counts: number[];
  /** Stride of symbol s in a need code. */
  radix: number[];
  /** Need code of each actual column below the given rows. */
  rootNeeds: number[];
  /** Rows left to place below the given rows. */
  rows: number;
  /** states[0] is the root; empty when nothing completes the given rows. */
  states: SampleState[];
  /** g(root): tables with these counts and given rows, distinctness not required. */
  total: bigint;
}

/** n!/Π y_s! for a group of m = Σ y columns. */
function multinomial(y: readonly number[], m: number, facts: readonly bigint[]): bigint {
  let value = facts[m]!;
  for (const v of y) value /= facts[v]!;
  return value;
}

/** Needs of each column below the given rows, or undefined when a column is overfull. */
export function columnNeeds(p: NormalizedProblem, radix: readonly number[]): number[] | undefined {
  const needs: number[] = [];
  for (let j = 0; j < p.size; j++) {
    let code = 0;
    for (let s = 0; s < p.counts.length; s++) {
      let used = 0;
      for (const row of p.given) if (row[j] === s) used++;
      if (used > p.counts[s]!) return undefined;
      code += (p.counts[s]! - used) * radix[s]!;
    }
    needs.push(code);
  }
  return needs;
}

export function needRadix(counts: readonly number[]): number[] {
  const radix: number[] = [];
  let stride = 1;
  for (const c of counts) {
    radix.push(stride);
    stride *= c + 1;
  }
  return radix;
}

/** Builds the completion graph of a normalised problem (distinctness ignored). */
export function buildSampleGraph(p: NormalizedProblem): SampleGraph {
  const n = p.size;
  const k = p.counts.length;
  const radix = needRadix(p.counts);
  const facts = Array.from({ length: n + 1 }, (_, i) => factorial(i));
  const rows = n - p.given.length;
  const needs = columnNeeds(p, radix);
  const base = { size: n, counts: [...p.counts], radix, rows };
  if (!needs) return { ...base, rootNeeds: [], states: [], total: 0n };

  const index = new Map<string, number>();
  const states: SampleState[] = [];
  let moveCount = 0;
  const digit = (code: number, s: number): number => Math.floor(code / radix[s]!) % (p.counts[s]! + 1);

  // Depth-first with memo; the depth is at most n rows, so recursion is shallow.
  const visit = (codes: Uint16Array, left: number): number => {
    const key = String.fromCharCode(...codes);
    const known = index.get(key);
    if (known !== undefined) return known;
    const id = states.length;
    const state: SampleState = { codes, total: left === 0 ? 1n : 0n, moves: [] };
    states.push(state);
    index.set(key, id);
    if (states.length > MAX_GRAPH_STATES) {
      throw new UsageError(`sampling needs more than ${MAX_GRAPH_STATES} completion states for this problem; it is too large to sample`);
    }
    if (left === 0) return id;

    // Groups of equal needs, in code order.
    const groupCode: number[] = [];
    const groupSize: number[] = [];
    for (const c of codes) {
      if (groupCode.length > 0 && groupCode[groupCode.length - 1] === c) groupSize[groupSize.length - 1]!++;
      else {
        groupCode.push(c);
        groupSize.push(1);
      }
    }
    const groups = groupCode.length;
    const spread = new Uint8Array(groups * k);
    const placed = new Array<number>(k).fill(0);
    // Per group, a composition of its size over the symbols it still needs; per symbol,
    // at most its count in total.
    const spreadGroup = (gi: number, s: number, rest: number, mult: bigint): void => {
      if (gi === groups) {
        const child = new Uint16Array(n);
        let at = 0;
        for (let g = 0; g < groups; g++) {
          for (let t = 0; t < k; t++) {
            for (let r = 0; r < spread[g * k + t]!; r++) child[at++] = groupCode[g]! - radix[t]!;
          }
        }
        child.sort();
        const cid = visit(child, left - 1);
        const total = states[cid]!.total;
        if (total > 0n) {
          state.moves.push({ child: cid, mult, weight: mult * total, spread: spread.slice() });
          if (++moveCount > MAX_GRAPH_MOVES) {
            throw new UsageError(`sampling needs more than ${MAX_GRAPH_MOVES} completion moves for this problem; it is too large to sample`);
          }
        }
        return;
      }
      const m = groupSize[gi]!;
      if (s === k - 1 || rest === 0) {
        // The last symbol takes the rest of the group (or nothing is left to spread).
        const last = rest === 0 ? s : k - 1;
        for (let t = s; t < k; t++) spread[gi * k + t] = 0;
        if (rest > 0) {
          if (digit(groupCode[gi]!, last) === 0 || placed[last]! + rest > p.counts[last]!) return;
          spread[gi * k + last] = rest;
        }
        for (let t = 0; t < k; t++) placed[t]! += spread[gi * k + t]!;
        const y = Array.from(spread.subarray(gi * k, gi * k + k));
        spreadGroup(gi + 1, 0, gi + 1 < groups ? groupSize[gi + 1]! : 0, mult * multinomial(y, m, facts));
        for (let t = 0; t < k; t++) placed[t]! -= spread[gi * k + t]!;
        return;
      }
      const most = digit(groupCode[gi]!, s) === 0 ? 0 : Math.min(rest, p.counts[s]! - placed[s]!);
      for (let y = 0; y <= most; y++) {
        spread[gi * k + s] = y;
        spreadGroup(gi, s + 1, rest - y, mult);
      }
    };
    spreadGroup(0, 0, groupSize[0]!, 1n);
    for (const move of state.moves) state.total += move.weight;
    return id;
  };

  const root = visit(Uint16Array.from(needs).sort(), rows);
  return { ...base, rootNeeds: needs, states, total: states[root]!.total };
}
