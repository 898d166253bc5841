// Prize sets of a game: which patterns on a ticket win, and at which call each is first
// complete. A rank table maps each number to the 1-based call that drew it (NEVER if not
// drawn yet; index 0, a blank cell, is 0), so a pattern is complete at the largest rank
// among its numbers: one pass over a ticket's 27 cells gives every prize.
//  uk:      one line, two lines, full house.
//  tambola: early five (any five numbers), four corners (first and last numbers of the
//           top and bottom rows), top line, middle line, bottom line, full house.
// The per-ticket pass runs in the housie kernel (checkTickets for uk, checkTambola for
// tambola, assembly/housie/check.ts); ticketPrizeCalls is its TS baseline.
import { KernelError, UsageError } from "../../errors.js";
import { housieConstants } from "../../wasm/generated/housie.js";
import { housieKernel, kernelBytes } from "../kernel.js";
import { argumentError, oneOf, text as checkText, ticketGridArgument, wholeNumber } from "../../args.js";
import { CELLS_PER_TICKET } from "../model/cells.js";

export type PrizeSetName = "uk" | "tambola";
export const PRIZE_SET_NAMES: readonly PrizeSetName[] = ["uk", "tambola"];
export const PRIZE_SETS: Record<PrizeSetName, readonly string[]> = {
  uk: ["one line", "two lines", "full house"],
  tambola: ["early five", "four corners", "top line", "middle line", "bottom line", "full house"],
};
/** Rank of a number not called yet: the housie kernel's NEVER_CALLED (255), as the build read it. */
export const NEVER = housieConstants.NEVER_CALLED;

/**
 * The prize set named by `--prizes`: "uk" or "tambola"; anything else is one UsageError.
 *
 * @param text the name as typed
 * @example
 * ```ts
 * import { parsePrizeSet } from "tabula-grids";
 *
 * parsePrizeSet("tambola"); // "tambola"
 * ```
 */
export function parsePrizeSet(text: string): PrizeSetName {
  checkText(text, "text");
  if (text === "uk" || text === "tambola") return text;
  throw new UsageError(`--prizes ${JSON.stringify(text.slice(0, 30))} (expected uk or tambola)`);
}

/** number -> 1-based call (NEVER if not called; 0 for a blank cell), from calls in order. */
export function rankTable(calls: readonly number[], never: number = NEVER): Uint8Array {
  const rank = new Uint8Array(128).fill(never);
  rank[0] = 0;
  calls.forEach((x, i) => {
    rank[x] = i + 1;
  });
  return rank;
}

/**
 * The call at which each prize of `set` is complete on the ticket at cells[at..at+27)
 * (NEVER if not yet), written to out[outAt..].
 */
export function ticketPrizeCalls(set: PrizeSetName, cells: Uint8Array, at: number, rank: Uint8Array, out: Uint8Array, outAt: number): void {
  // Each row is complete at the largest rank of its cells (a blank ranks 0).
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  for (let j = 0; j < 9; j++) {
    const a = rank[cells[at + j]!]!;
    const b = rank[cells[at + 9 + j]!]!;
    const c = rank[cells[at + 18 + j]!]!;
    if (a > r0) r0 = a;
    if (b > r1) r1 = b;
    if (c > r2) r2 = c;
  }
  const full = Math.max(r0, r1, r2);
  if (set === "uk") {
    const lo = Math.min(r0, r1, r2);
    out[outAt] = lo;
    out[outAt + 1] = r0 + r1 + r2 - lo - full;
    out[outAt + 2] = full;
    return;
  }
  // Early five: the fifth smallest rank among the 15 numbers.
  const ranks: number[] = [];
  for (let c = 0; c < CELLS_PER_TICKET; c++) if (cells[at + c] !== 0) ranks.push(rank[cells[at + c]!]!);
  ranks.sort((a, b) => a - b);
  let corners = 0;
  for (const r of [0, 2]) {
    let first = -1;
    let last = -1;
    for (let j = 0; j < 9; j++)
      if (cells[at + 9 * r + j] !== 0) {
        if (first < 0) first = j;
        last = j;
      }
    corners = Math.max(corners, rank[cells[at + 9 * r + first]!]!, rank[cells[at + 9 * r + last]!]!);
  }
  out[outAt] = ranks[4]!;
  out[outAt + 1] = corners;
  out[outAt + 2] = r0;
  out[outAt + 3] = r1;
  out[outAt + 4] = r2;
  out[outAt + 5] = full;
}

/** The engines of a claim check: the housie kernel (default) or the TS baseline, the same answers. */
export type GameEngine = "wasm" | "ts";

/** Tickets per batchPrizeCalls call: the kernel's CHECK_BATCH_TICKETS. */
export function prizeBatchTickets(): number {
  return housieConstants.CHECK_BATCH_TICKETS;
}

/** Prizes of each set whose earliest call in a batch the kernel returns (one per byte of its result), in that order. */
const KERNEL_MINIMA: Record<PrizeSetName, readonly number[]> = {
  uk: [0, 1, 2], // one line, two lines, full house (checkTickets)
  tambola: [0, 1, 5], // early five, four corners, full house (checkTambola)
};

/**
 * The prize calls of `n` tickets at cells[0..27n): PRIZE_SETS[set].length bytes a ticket,
 * in the order of the set's names (NEVER if not complete). n ≤ prizeBatchTickets(). The
 * result is a view of the kernel's memory (wasm) or of `scratch` (ts), valid until the next call.
 * With `minima`, minima[k] is set to the earliest call of prize k among the n tickets
 * (NEVER if none completes it), or 0 where the kernel does not say (tambola's lines):
 * a pre-filter, so that a caller skips a batch that cannot beat or tie its best.
 */
export function batchPrizeCalls(
  set: PrizeSetName,
  cells: Uint8Array,
  n: number,
  calls: readonly number[],
  engine: GameEngine,
  scratch: Uint8Array,
  minima?: Uint8Array,
): Uint8Array {
  const p = PRIZE_SETS[set].length;
  if (engine === "ts") {
    const rank = rankTable(calls);
    for (let t = 0; t < n; t++) ticketPrizeCalls(set, cells, CELLS_PER_TICKET * t, rank, scratch, p * t);
    if (minima) {
      minima.fill(NEVER, 0, p);
      for (let i = 0, k = 0; i < p * n; i++) {
        if (scratch[i]! < minima[k]!) minima[k] = scratch[i]!;
        if (++k === p) k = 0;
      }
    }
    return scratch.subarray(0, p * n);
  }
  const k = housieKernel();
  if (set === "tambola" && housieConstants.TAMBOLA_PRIZES !== p) {
    throw new KernelError("housie", "invariant-broken", `the kernel checks ${housieConstants.TAMBOLA_PRIZES} tambola prizes, expected ${p}`);
  }
  // The rank table is the shared instance's state: set for every batch, so nothing between
  // two batches (another check, a generator of the series) can leave other calls in it.
  k.clearCalls();
  calls.forEach((x, i) => k.setCall(x, i + 1));
  kernelBytes(k.checkCellsPtr(), CELLS_PER_TICKET * n).set(cells.subarray(0, CELLS_PER_TICKET * n));
  const least = set === "uk" ? k.checkTickets(n) : k.checkTambola(n);
  if (minima) {
    minima.fill(0, 0, p);
    KERNEL_MINIMA[set].forEach((prize, byte) => {
      minima[prize] = (least >>> (8 * byte)) & 255;
    });
  }
  return set === "uk" ? kernelBytes(k.checkPrizesPtr(), p * n) : kernelBytes(k.checkTambolaPtr(), p * n);
}

/** What a ticket still needs for a prize: the numbers (in ticket order) or, for early five, only how many (any of its numbers serve). */
export interface PrizeNeeds {
  /** How many more numbers must be called. */
  count: number;
  /** The numbers that would complete it soonest; empty when any `count` of the ticket's uncalled numbers would. */
  numbers: number[];
}

/**
 * What `grid` still needs for prize `k` of `set`, given the numbers called: for a line
 * (or two) the row(s) closest to complete, for four corners and full house their
 * numbers not called yet; early five needs any five numbers, so only a count.
 *
 * @param set the prizes: "uk" or "tambola"
 * @param k the prize's index in the set
 * @param grid the ticket's 3 rows of 9 cells
 * @param called the numbers called so far
 * @example
 * ```ts
 * import { prizeNeeds } from "tabula-grids";
 *
 * const ticket = [[1, 18, null, null, 44, 58, 64, null, null], [3, 19, 20, 36, null, null, null, null, 80], [null, null, 26, null, 47, null, 69, 72, 82]];
 * prizeNeeds("uk", 0, ticket, new Set([1, 3, 18])); // { count: 3, numbers: [44, 58, 64] }: the top row needs three more
 * ```
 */
export function prizeNeeds(set: PrizeSetName, k: number, grid: readonly (readonly (number | null)[])[], called: ReadonlySet<number>): PrizeNeeds {
  oneOf(set, "set", PRIZE_SET_NAMES);
  wholeNumber(k, "k", 0, PRIZE_SETS[set].length - 1);
  ticketGridArgument(grid, "grid");
  if (!(called instanceof Set)) throw argumentError("called", "a Set of the numbers called", called);
  const open = (cells: readonly (number | null)[]) => cells.filter((x): x is number => x !== null && !called.has(x));
  const rows = grid.map(open);
  const fewest = (n: number) =>
    [...rows]
      .sort((a, b) => a.length - b.length)
      .slice(0, n)
      .flat()
      .sort((a, b) => a - b);
  const name = PRIZE_SETS[set][k];
  let numbers: number[];
  switch (name) {
    case "one line":
      numbers = fewest(1);
      break;
    case "two lines":
      numbers = fewest(2);
      break;
    case "full house":
      numbers = rows.flat().sort((a, b) => a - b);
      break;
    case "top line":
      numbers = rows[0]!;
      break;
    case "middle line":
      numbers = rows[1]!;
      break;
    case "bottom line":
      numbers = rows[2]!;
      break;
    case "four corners": {
      const ends = [grid[0]!, grid[2]!].flatMap((row) => {
        const xs = row.filter((x): x is number => x !== null);
        return [xs[0]!, xs.at(-1)!];
      });
      numbers = open(ends).sort((a, b) => a - b);
      break;
    }
    case "early five": {
      const marked = grid.flat().filter((x) => x !== null && called.has(x)).length;
      return { count: Math.max(0, 5 - marked), numbers: [] };
    }
    default:
      throw new UsageError(`prize ${k} of the ${set} set is unknown`);
  }
  return { count: numbers.length, numbers };
}
