// Tours of any leaper set on an m×n board: refuse where a theorem or argument says none
// exists (existence.ts), build big knight boards from blocks (assembly/tours/knight.ts),
// search everything else with Warnsdorff + Pohl's tie-break (assembly/tours/leaper.ts),
// restarting with other seeds and, for open tours with no start given, other starts.
import { KernelError, UsageError } from "../errors.js";
import { formatLeapers, leaperSteps, type Leaper } from "./leapers.js";
import { tourExistence, type TourExistence } from "./existence.js";
import { mix32 } from "./hash.js";
import { knightConstructTs } from "./knight-ts.js";
import { LeaperBoard } from "./leaper-search-ts.js";
import { renumberCycle } from "./generate-ts.js";
import { toursModule } from "./kernel.js";
import { toursConstants } from "../wasm/generated/tours.js";

const { LEAPER_ATTEMPTS, LEAPER_BUDGET, KNIGHT_BLOCK_MIN, KNIGHT_SEARCH_MAX } = toursConstants;

/** One tour problem, checked by the caller. */
export interface LeaperTourProblem {
  rows: number;
  cols: number;
  leapers: readonly Leaper[];
  closed: boolean;
  /** Square r*cols+c numbered 1, or undefined for a seeded choice. */
  start?: number;
  seed: number;
  engine: "wasm" | "ts";
}

/** One search attempt: the step numbers of a tour, or null. */
type Search = (from: number, closed: boolean, seed: number) => Int32Array | null;

function kernelSearch(rows: number, cols: number, leapers: readonly Leaper[]): Search {
  const kernel = toursModule.exports;
  const steps = leaperSteps(leapers);
  return (from, closed, seed) => {
    kernel.leaperClearSteps();
    for (const [dr, dc] of steps) kernel.leaperAddStep(dr, dc);
    const address = kernel.leaperGenerate(rows, cols, from, closed, seed, LEAPER_BUDGET) >>> 0;
    return address === 0 ? null : new Int32Array(kernel.memory.buffer, address, rows * cols).slice();
  };
}

function tsSearch(rows: number, cols: number, leapers: readonly Leaper[]): Search {
  const steps = leaperSteps(leapers);
  const board = new LeaperBoard(
    rows,
    cols,
    Int32Array.from(steps, ([dr]) => dr),
    Int32Array.from(steps, ([, dc]) => dc),
  );
  return (from, closed, seed) => (board.search(from, closed, seed, LEAPER_BUDGET) ? board.cells.slice() : null);
}

/** The seeded default start: the first square from a hashed one on that can start a tour. */
function seededStart(total: number, seed: number, attempt: number, allowed: (square: number) => boolean): number {
  const first = mix32(seed, 0x5747 + attempt) % total;
  for (let k = 0; k < total; k++) if (allowed((first + k) % total)) return (first + k) % total;
  return first;
}

/** A tour numbered 1..rows*cols row by row; UsageError when none exists or none was found. */
export function generateLeaperTour(problem: LeaperTourProblem): Int32Array {
  const { rows, cols, leapers, closed, start, seed, engine } = problem;
  const total = rows * cols;
  const existence = tourExistence(rows, cols, leapers, closed);
  if (existence.reason) throw new UsageError(existence.reason);
  if (start !== undefined) {
    const why = existence.startReason(start);
    if (why) throw new UsageError(why);
  }
  if (total === 1) return Int32Array.of(1);
  const knight = formatLeapers(leapers) === "1,2";
  const buildable = knight && Math.min(rows, cols) >= KNIGHT_BLOCK_MIN;
  if (buildable && total > KNIGHT_SEARCH_MAX) return build(problem, existence);
  const found = searchTour(problem, existence);
  if (found) return found;
  // Small knight boards the search missed: the blocks (one block up to 11×11) always work.
  if (buildable && (rows % 2 === 0 || cols % 2 === 0)) return build(problem, existence);
  const from = start === undefined ? "" : ` from row ${Math.floor(start / cols) + 1}, column ${(start % cols) + 1}`;
  throw new UsageError(
    `none found: no ${closed ? "closed " : ""}tour of the leapers ${formatLeapers(leapers)} on ${rows}×${cols}${from} turned up in ${LEAPER_ATTEMPTS} Warnsdorff searches of up to ${LEAPER_BUDGET} backtracks each`,
  );
}

/** The knight's tour built from blocks (both sides from 5). */
function build({ rows, cols, start, seed, engine }: LeaperTourProblem, existence: TourExistence): Int32Array {
  const allowed = (square: number) => existence.startReason(square) === undefined;
  {
    // Closed when a side is even (and cut open at the start when an open tour is asked for).
    const from = start ?? seededStart(rows * cols, seed, 0, allowed);
    const grid = engine === "ts" ? knightConstructTs(rows, cols, from, seed) : kernelConstruct(rows, cols, from, seed);
    if (!grid && rows % 2 === 1 && cols % 2 === 1) {
      throw new UsageError(
        `none found: the ${rows}×${cols} knight's tour is built around an open tour of the block holding row ${Math.floor(from / cols) + 1}, column ${(from % cols) + 1}, and ${LEAPER_ATTEMPTS} Warnsdorff searches found none from there; try another --start`,
      );
    }
    if (!grid) throw new KernelError("tours", "invariant-broken", `the block construction could not join a ${rows}×${cols} knight's tour`);
    return grid;
  }
}

/** Warnsdorff searches with other seeds (and, open with no start given, other starts); null when none found. */
function searchTour({ rows, cols, leapers, closed, start, seed, engine }: LeaperTourProblem, existence: TourExistence): Int32Array | null {
  const total = rows * cols;
  const allowed = (square: number) => existence.startReason(square) === undefined;
  const search = engine === "ts" ? tsSearch(rows, cols, leapers) : kernelSearch(rows, cols, leapers);
  for (let a = 0; a < LEAPER_ATTEMPTS; a++) {
    const attemptSeed = mix32(seed, a);
    if (closed) {
      // Searched from the corner, then renumbered from the start in a seeded direction.
      const grid = search(0, true, attemptSeed);
      if (grid) {
        renumberCycle(grid, total, start ?? seededStart(total, seed, 0, allowed), (mix32(seed, -1) & 1) === 1);
        return grid;
      }
    } else {
      const grid = search(start ?? seededStart(total, seed, a, allowed), false, attemptSeed);
      if (grid) return grid;
    }
  }
  return null;
}

function kernelConstruct(rows: number, cols: number, start: number, seed: number): Int32Array | null {
  const kernel = toursModule.exports;
  const address = kernel.knightConstruct(rows, cols, start, seed) >>> 0;
  return address === 0 ? null : new Int32Array(kernel.memory.buffer, address, rows * cols).slice();
}
