// The symmetric engine (TypeScript baseline): tables counted row by row over states
// reduced by their symmetries. A state is the matrix of column needs — need[i][s], how
// often column i must still take symbol s — and the number of ways to finish it does not
// change when columns are permuted or when symbols of equal count are permuted. The DP
// keeps one canonical representative per class (see canonical.ts) with the number of
// labelled partial tables that reach the class, so Latin squares (every count 1), whose
// column-multiset states explode, need only the isomorphism classes of regular
// bipartite graphs. Counts tables without distinctness rules (Latin squares have them
// for free), with any given first rows.
import { Canonizer } from "./canonical.js";
import { factorial } from "../math.js";

/** Progress of one layer: rows placed so far, of the rows the method places, and the states of the new layer. */
export type SymProgress = (rowsPlaced: number, rows: number, states: number) => void;

export interface SymProblem {
  size: number;
  counts: readonly number[];
  given: readonly (readonly number[])[];
}

/** A class of states: its canonical needs and the labelled partial tables that reach it. */
export interface LayerState {
  needs: Uint8Array;
  ways: bigint;
}

/** Calls visit(child, mult) for every row that can go below state `needs` (n columns × k symbols). */
export function forEachRow(needs: Uint8Array, n: number, k: number, counts: readonly number[], visit: (child: Uint8Array, mult: number) => void): void {
  forEachRowPlaced(needs, n, counts, { width: k, part: 1 }, visit);
}

/**
 * The rows below `needs` (n columns, `width` entries each: the k symbols' needs, then the
 * column's weight when `weightAt` is given, else weight 1), each placed `part` times:
 * column i takes symbol x_i with need ≥ part, which drops by part, and the weights of the
 * columns taking symbol s add up to counts[s]. Equal columns (every entry equal) are
 * interchangeable: a group of g takes a multiset of symbols, y_s of symbol s, in
 * g!/Π y_s! ways, and visit(child, mult) hears of each multiset once with that mult.
 */
export function forEachRowPlaced(
  needs: Uint8Array,
  n: number,
  counts: readonly number[],
  shape: { width: number; part: number; weightAt?: number },
  visit: (child: Uint8Array, mult: number) => void,
): void {
  const k = counts.length;
  const { width, part, weightAt } = shape;
  const groups: { first: number; members: number[] }[] = [];
  for (let i = 0; i < n; i++) {
    const group = groups.find(({ first }) => {
      for (let e = 0; e < width; e++) if (needs[first * width + e] !== needs[i * width + e]) return false;
      return true;
    });
    if (group) group.members.push(i);
    else groups.push({ first: i, members: [i] });
  }
  const left = counts.map((c) => c);
  const child = new Uint8Array(needs);
  const fact = [1];
  for (let i = 1; i <= n; i++) fact.push(fact[i - 1]! * i);
  // Symbol y-values of the group being filled go column by column into `child`; `denom`
  // is Π y! of the group so far, and the group's multinomial size!/denom is exact (both
  // are integers below 2^53, n ≤ 16) before it multiplies `mult`.
  const fillGroup = (g: number, s: number, placed: number, mult: number, denom: number): void => {
    if (g === groups.length) {
      // Every column took a symbol and the weights add up to n = Σ counts, with no symbol
      // past its count: so every symbol got exactly its count.
      visit(child, mult);
      return;
    }
    const group = groups[g]!;
    const size = group.members.length;
    if (placed === size) {
      fillGroup(g + 1, 0, 0, mult * (fact[size]! / denom), 1);
      return;
    }
    if (s === k) return;
    const weight = weightAt === undefined ? 1 : needs[group.first * width + weightAt]!;
    const most = needs[group.first * width + s]! >= part ? Math.min(size - placed, Math.floor(left[s]! / weight)) : 0;
    for (let y = most; y >= 0; y--) {
      for (let j = 0; j < y; j++) child[group.members[placed + j]! * width + s]! -= part;
      left[s]! -= y * weight;
      fillGroup(g, s + 1, placed + y, mult, denom * fact[y]!);
      for (let j = 0; j < y; j++) child[group.members[placed + j]! * width + s]! += part;
      left[s]! += y * weight;
    }
  };
  fillGroup(0, 0, 0, 1, 1);
}

/** The column needs left by the given rows, or undefined when they overfill a column. */
export function startNeeds(problem: SymProblem): Uint8Array | undefined {
  const { size: n, counts } = problem;
  const k = counts.length;
  const needs = new Int32Array(n * k);
  for (let i = 0; i < n; i++) for (let s = 0; s < k; s++) needs[i * k + s] = counts[s]!;
  for (const row of problem.given) row.forEach((s, i) => needs[i * k + s]!--);
  return needs.some((x) => x < 0) ? undefined : Uint8Array.from(needs);
}

/** Calls visit(child, mult) for every child of a state, mult the labelled rows that lead to it. */
export type ChildWalk = (needs: Uint8Array, visit: (child: Uint8Array, mult: number) => void) => void;

/** The layer after one more row (or part) from `layer`: each state's children, merged by class. */
export function nextLayer(layer: Map<string, LayerState>, canon: Canonizer, children: ChildWalk): Map<string, LayerState> {
  const next = new Map<string, LayerState>();
  for (const { needs, ways } of layer.values()) {
    // Children of one state summed as numbers first (their multiplicities total at most n!).
    const local = new Map<string, number>();
    children(needs, (child, mult) => {
      const key = canon.key(child);
      const had = local.get(key);
      if (had === undefined) {
        local.set(key, mult);
        if (!next.has(key)) next.set(key, { needs: canon.canonical(), ways: 0n });
      } else local.set(key, had + mult);
    });
    for (const [key, mult] of local) next.get(key)!.ways += ways * BigInt(mult);
  }
  return next;
}

/**
 * Number of n×n tables with `counts` of every symbol in each row and column and the
 * given first rows (no distinctness rules). Exact (bigint).
 */
export function countSymmetricTs(problem: SymProblem, onLayer?: SymProgress): bigint {
  const { size: n, counts } = problem;
  const k = counts.length;
  const canon = new Canonizer(n, k, counts);
  const rows = n - problem.given.length;
  let layer = new Map<string, LayerState>();
  const start = startNeeds(problem);
  if (!start) return 0n;
  layer.set(canon.key(start), { needs: canon.canonical(), ways: 1n });
  // The last row is forced (each column has one need left), so stop one row early.
  for (let placed = 0; placed < rows - 1; placed++) {
    layer = nextLayer(layer, canon, (needs, visit) => forEachRow(needs, n, k, counts, visit));
    onLayer?.(placed + 1 + problem.given.length, n, layer.size);
  }
  let total = 0n;
  for (const { ways } of layer.values()) total += ways;
  return rows === 0 ? 1n : total;
}

/** |G| = n! · Π m_j! (m_j symbols share a count): the column and symbol permutations of the symmetric method. */
export function symmetryOrder(n: number, counts: readonly number[]): bigint {
  const classes = new Map<number, number>();
  for (const c of counts) classes.set(c, (classes.get(c) ?? 0) + 1);
  let order = factorial(n);
  for (const m of classes.values()) order *= factorial(m);
  return order;
}

/**
 * |Aut| of a needs matrix: the pairs (column permutation, permutation of equal-count
 * symbols) that fix it. A symbol permutation maps the columns' multiset to itself, or
 * not (a backtracking over the symbols, cut as soon as the columns' first entries, as a
 * multiset, differ from theirs under the identity); each that does is completed by
 * Π (sizes of the classes of equal columns)! column permutations.
 */
export function automorphismCount(needs: Uint8Array, n: number, k: number, counts: readonly number[]): bigint {
  const prefixes = (symbols: readonly number[]): string =>
    Array.from({ length: n }, (_, i) => symbols.map((t) => needs[i * k + t]!).join(","))
      .sort()
      .join(";");
  const identity = [...Array(k).keys()];
  const own = identity.map((_, d) => prefixes(identity.slice(0, d + 1)));
  const multiplicity = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const row = identity.map((t) => needs[i * k + t]!).join(",");
    multiplicity.set(row, (multiplicity.get(row) ?? 0) + 1);
  }
  let columns = 1n;
  for (const m of multiplicity.values()) columns *= factorial(m);
  let symbols = 0n;
  const sigma: number[] = [];
  const used = new Array<boolean>(k).fill(false);
  const walk = (d: number): void => {
    if (d === k) {
      symbols++;
      return;
    }
    for (let t = 0; t < k; t++) {
      if (used[t] || counts[t] !== counts[d]) continue;
      sigma.push(t);
      if (prefixes(sigma) === own[d]) {
        used[t] = true;
        walk(d + 1);
        used[t] = false;
      }
      sigma.pop();
    }
  };
  walk(0);
  return symbols * columns;
}

/**
 * The same count by meeting in the middle (nothing given): the ways to finish a labelled
 * state N equal the ways to reach its complement (counts − N, column by column) from the
 * start, since the bottom rows read upwards are the same process. With W(c) the count of
 * a class (all its labelled states together) after r rows and orbit(c) = |G| / |Aut(c)|,
 *
 *     count = Σ_{labelled N after r rows} F(N) · F(comp N) = Σ_c W(c) · W(comp c) / orbit(c)
 *
 * with r = n/2 (n even), or c after ⌊n/2⌋ rows and comp c after ⌈n/2⌉ (n odd). Only
 * ⌈n/2⌉ rows are placed instead of n − 1. W(comp c) / orbit(c) is the count of one
 * labelled state, an integer (checked).
 */
export function countSymmetricMitmTs(problem: SymProblem, onLayer?: SymProgress): bigint {
  const { size: n, counts } = problem;
  if (problem.given.length > 0 || n < 2) return countSymmetricTs(problem, onLayer);
  const k = counts.length;
  const canon = new Canonizer(n, k, counts);
  const start = startNeeds(problem)!;
  let layer = new Map<string, LayerState>([[canon.key(start), { needs: canon.canonical(), ways: 1n }]]);
  let previous = layer;
  const half = Math.ceil(n / 2);
  for (let placed = 0; placed < half; placed++) {
    previous = layer;
    layer = nextLayer(layer, canon, (needs, visit) => forEachRow(needs, n, k, counts, visit));
    onLayer?.(placed + 1, half, layer.size);
  }
  const paired = n % 2 === 0 ? layer : previous;
  const group = symmetryOrder(n, counts);
  let total = 0n;
  const complement = new Uint8Array(n * k);
  for (const { needs, ways } of paired.values()) {
    for (let i = 0; i < n; i++) for (let s = 0; s < k; s++) complement[i * k + s] = counts[s]! - needs[i * k + s]!;
    const partner = layer.get(canon.key(complement));
    if (!partner) continue;
    const scaled = partner.ways * automorphismCount(needs, n, k, counts);
    if (scaled % group !== 0n) throw new Error(`internal: meet in the middle: a class count ${partner.ways} is not a multiple of its orbit`);
    total += ways * (scaled / group);
  }
  return total;
}
