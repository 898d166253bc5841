// Leapers and the boards they make: a leaper (a, b) moves ±a along one axis and ±b along
// the other, so (1, 2) is the knight and the pen-and-paper set is (0, 3) with (2, 2).
import { argumentError, denseArray, text as checkText } from "../args.js";
import { UsageError } from "../errors.js";
import { quote } from "../io/quote.js";

/** A leaper (a, b) with 0 ≤ a ≤ b, b ≥ 1 (normalised: (2, 1) is the knight too). */
export type Leaper = readonly [a: number, b: number];

/** The pen-and-paper moves: 3 along a row or column, 2 along a diagonal. */
export const PEN_PAPER_LEAPERS: readonly Leaper[] = [
  [0, 3],
  [2, 2],
];
export const KNIGHT: readonly Leaper[] = [[1, 2]];

/** Largest leg of a leaper the counters accept (the board is at most this wide anyway). */
export const MAX_LEAP = 64;

/** Sorted, duplicate-free leapers with a ≤ b; UsageError for (0, 0) or bad numbers. */
export function normaliseLeapers(leapers: readonly Leaper[], name = "leapers"): Leaper[] {
  denseArray(leapers, name, "an array of leapers [a, b]").forEach((leaper, i) => {
    if (
      !Array.isArray(leaper) ||
      leaper.length !== 2 ||
      !denseArray(leaper, `${name}[${i}]`, "a leaper [a, b] of two whole numbers").every((x) => typeof x === "number")
    ) {
      throw argumentError(`${name}[${i}]`, "a leaper [a, b] of two whole numbers", leaper);
    }
  });
  if (leapers.length === 0) throw new UsageError("the move set is empty; give at least one leaper a,b");
  const seen = new Map<string, Leaper>();
  for (const [x, y] of leapers) {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x > MAX_LEAP || y > MAX_LEAP || x + y === 0) {
      throw new UsageError(`a leaper is two whole numbers from 0 to ${MAX_LEAP}, not both 0; got (${x}, ${y})`);
    }
    const a = Math.min(x, y),
      b = Math.max(x, y);
    seen.set(`${a},${b}`, [a, b]);
  }
  return [...seen.values()].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/**
 * "0,3+2,2" (leapers joined by "+") as leapers.
 *
 * @param text leapers a,b joined by "+", as --moves takes them
 * @example
 * ```ts
 * import { parseLeapers } from "tabula-grids";
 *
 * parseLeapers("0,3+2,2"); // [[0, 3], [2, 2]]
 * ```
 */
export function parseLeapers(text: string): Leaper[] {
  checkText(text, "text");
  if (text.length > 4096) throw new UsageError(`--moves expects leapers a,b joined by +, like 0,3+2,2 or 1,2; got ${quote(text)}`);
  const parts = text.split("+");
  const leapers = parts.map((part) => {
    const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(part);
    if (!match) throw new UsageError(`--moves expects leapers a,b joined by +, like 0,3+2,2 or 1,2; got ${quote(text)}`);
    return [Number(match[1]), Number(match[2])] as Leaper;
  });
  return normaliseLeapers(leapers);
}

/**
 * "0,3+2,2" for a move set.
 *
 * @param leapers the move set
 * @example
 * ```ts
 * import { formatLeapers, KNIGHT } from "tabula-grids";
 *
 * formatLeapers(KNIGHT); // "1,2"
 * ```
 */
export function formatLeapers(leapers: readonly Leaper[]): string {
  return normaliseLeapers(leapers)
    .map(([a, b]) => `${a},${b}`)
    .join("+");
}

/** The distinct (dr, dc) steps of the leapers (up to 8 per leaper). */
export function leaperSteps(leapers: readonly Leaper[]): [number, number][] {
  const steps = new Map<string, [number, number]>();
  for (const [a, b] of leapers) {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const sx of [1, -1]) for (const sy of [1, -1]) steps.set(`${sx * x},${sy * y}`, [sx * x, sy * y]);
    }
  }
  return [...steps.values()];
}

/** Neighbour lists of the rows×cols board (square r*cols + c), each in increasing order. */
export function boardGraph(rows: number, cols: number, leapers: readonly Leaper[]): number[][] {
  const steps = leaperSteps(leapers);
  const adj: number[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const list: number[] = [];
      for (const [dr, dc] of steps) {
        const rr = r + dr,
          cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) list.push(rr * cols + cc);
      }
      adj.push(list.sort((x, y) => x - y));
    }
  }
  return adj;
}
