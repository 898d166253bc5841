// Splits a count into independent searches (start square, first step) with weights, one
// per symmetry orbit, so that sum(weight * paths) is the answer. Workers take them in turn.
import { MOVE_DC, MOVE_DR } from "./moves.js";
import { ALL_SYMMETRIES, orbits, stabiliser } from "./symmetry.js";

export interface CountTask {
  n: number;
  start: number;
  /** First step (a square index), or -1 for all. */
  second: number;
  /** Third square (a square index), or -1/undefined for all: finer shard parts. */
  third?: number;
  closed: boolean;
  weight: number;
}

export interface CountPlan {
  tasks: CountTask[];
  /** The weighted sum is divided by this (2 for undirected cycles). */
  divisor: bigint;
}

/** Squares one move from square s on the n×n board. */
export function firstSteps(s: number, n: number): number[] {
  const r = Math.floor(s / n),
    c = s % n;
  const steps: number[] = [];
  for (let m = 0; m < 8; m++) {
    const rr = r + MOVE_DR[m]!,
      cc = c + MOVE_DC[m]!;
    if (rr >= 0 && rr < n && cc >= 0 && cc < n) steps.push(rr * n + cc);
  }
  return steps;
}

function tasksFrom(s: number, n: number, closed: boolean, weight: number): CountTask[] {
  const steps = firstSteps(s, n);
  if (steps.length === 0) return [{ n, start: s, second: -1, closed, weight }];
  return [...orbits(steps, n, stabiliser(s, n))].map(([second, size]) => ({ n, start: s, second, closed, weight: weight * size }));
}

/**
 * closed = false, from given: directed paths from that square; no from: all directed paths.
 * closed = true, from given: directed closed tours from that square (twice the cycles);
 * no from: distinct closed tours (cycles, no start or direction).
 */
export function planCount(n: number, closed: boolean, from: number | undefined): CountPlan {
  if (from !== undefined) return { tasks: tasksFrom(from, n, closed, 1), divisor: 1n };
  if (closed) return { tasks: tasksFrom(0, n, true, 1), divisor: 2n };
  const squares = Array.from({ length: n * n }, (_, i) => i);
  const tasks = [...orbits(squares, n, ALL_SYMMETRIES)].flatMap(([s, size]) => tasksFrom(s, n, false, size));
  return { tasks, divisor: 1n };
}
