// Uniform tours' checks shared by the memory and disk tests: a leap by the definition, a
// tour checked square by square, every tour by brute force, every walk through the layers
// with its exact probability.
import type { Leaper } from "../../src/tours/leapers.js";
import { walkTourLayers, type TourLayers } from "../../src/tours/uniform.js";

/** A leap from a to b on a board `cols` wide, by the definition: |Δrow|, |Δcol| in some order are a leaper's legs. */
export function isLeap(moves: readonly Leaper[], cols: number, a: number, b: number): boolean {
  const dr = Math.abs(Math.floor(a / cols) - Math.floor(b / cols)),
    dc = Math.abs((a % cols) - (b % cols));
  return moves.some(([x, y]) => (dr === x && dc === y) || (dr === y && dc === x));
}

/** Whether `grid` holds 1..rows·cols once each, every step a leap, and (closed) the last a leap from the first. */
export function isTour(grid: ArrayLike<number>, rows: number, cols: number, moves: readonly Leaper[], closed: boolean): boolean {
  const size = rows * cols;
  const where = new Array<number>(size + 1).fill(-1);
  for (let i = 0; i < grid.length; i++) {
    const n = grid[i]!;
    if (grid.length !== size || !Number.isInteger(n) || n < 1 || n > size || where[n] !== -1) return false;
    where[n] = i;
  }
  for (let n = 1; n < size; n++) if (!isLeap(moves, cols, where[n]!, where[n + 1]!)) return false;
  return !closed || isLeap(moves, cols, where[size]!, where[1]!);
}

/** The undirected cycle of a closed tour's grid: its edges, sorted. */
export function cycleKey(grid: ArrayLike<number>): string {
  const where: number[] = [];
  Array.from(grid).forEach((n, i) => (where[n - 1] = i));
  return edgesKey(where.map((a, i) => [a, where[(i + 1) % where.length]!] as [number, number]));
}

export function edgesKey(edges: readonly [number, number][]): string {
  return edges
    .map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`))
    .sort()
    .join(" ");
}

/** Every Hamiltonian cycle (as cycleKey) or directed path (as its grid) by plain depth-first search. */
export function bruteForce(rows: number, cols: number, moves: readonly Leaper[], closed: boolean): string[] {
  const size = rows * cols;
  const nbrs = Array.from({ length: size }, (_, a) => Array.from({ length: size }, (_, b) => b).filter((b) => isLeap(moves, cols, a, b)));
  const grid = new Array<number>(size).fill(0);
  const found = new Set<string>();
  const extend = (at: number, n: number): void => {
    if (n === size) {
      if (!closed) found.add(grid.join(","));
      else if (grid[0] === 1 && isLeap(moves, cols, at, 0)) found.add(cycleKey(grid));
      return;
    }
    for (const b of nbrs[at]!) {
      if (grid[b] !== 0) continue;
      grid[b] = n + 1;
      extend(b, n + 1);
      grid[b] = 0;
    }
  };
  for (let start = 0; start < (closed ? 1 : size); start++) {
    grid[start] = 1;
    extend(start, 1);
    grid[start] = 0;
  }
  return [...found];
}

/** Every walk through the layers (an odometer over the choices), with its probability as an exact fraction. */
export function everyWalk(layers: TourLayers): { edges: [number, number][]; num: bigint; den: bigint }[] {
  const walks: { edges: [number, number][]; num: bigint; den: bigint }[] = [];
  let prefix: number[] = [];
  for (;;) {
    const branching: number[] = [];
    let num = 1n,
      den = 1n;
    const edges = walkTourLayers(layers, (weights, total) => {
      const i = prefix[branching.length] ?? 0;
      branching.push(weights.length);
      num *= weights[i]!;
      den *= total;
      return i;
    });
    walks.push({ edges, num, den });
    const taken = branching.map((_, d) => prefix[d] ?? 0);
    let d = taken.length - 1;
    while (d >= 0 && taken[d]! + 1 >= branching[d]!) d--;
    if (d < 0) return walks;
    prefix = [...taken.slice(0, d), taken[d]! + 1];
  }
}

/** The undirected edges of an open tour's grid. */
export function pathEdges(grid: readonly number[]): [number, number][] {
  const where: number[] = [];
  grid.forEach((n, i) => (where[n - 1] = i));
  return where.slice(1).map((b, i) => [where[i]!, b]);
}
