// Series unique across runs: the tickets of earlier series files (our JSONL), streamed
// into a new run's uniqueness set, so that it repeats none of them. The keys are the
// run's own exact keys (ticketRank: the ticket's index among all tickets), so across
// runs as within one, two tickets clash only if they are the same ticket.
import { argumentError, bytesArgument, optionsObject, requiredObject, textArray, wholeNumber } from "../../args.js";
import { UsageError } from "../../errors.js";
import { readSeries } from "../series/read-series.js";
import { housieKernel, kernelBytes } from "../kernel.js";
import { MAX_UNIQUE_TICKETS, type HousieRun } from "./generate.js";
import { ticketsFromCells, CELLS_PER_TICKET, type TicketGrid } from "../model/cells.js";

export interface SeriesTicketsOptions {
  /**
   * Most tickets to load (default MAX_UNIQUE_TICKETS): pass the limit less the tickets
   * the new run will issue, so that a run too large for the set fails before it starts.
   */
  limit?: number;
}

/**
 * ticketRank of the ticket whose 27 cells start at `at`, without building a grid: the
 * cells go straight to the kernel's scratch (a test checks it against ticketRank). The
 * reader has already checked every rule, as rankOfTicketAt needs.
 *
 * @param cells raw ticket cells, 27 a ticket (as HousieRun.nextCells gives them)
 * @param at where the ticket's cells start
 * @example
 * ```ts
 * import { HousieRun, ticketRankFromCells } from "tabula-grids";
 *
 * const { cells } = new HousieRun("tickets", { seed: 1n }).nextCells(1);
 * ticketRankFromCells(cells, 0); // 1819242223864190785n, as ticketRank of the same ticket
 * ```
 */
export function ticketRankFromCells(cells: Uint8Array, at: number): bigint {
  bytesArgument(cells, "cells");
  wholeNumber(at, "at", 0, Math.max(0, cells.length - CELLS_PER_TICKET));
  const k = housieKernel();
  kernelBytes(k.ticketScratchPtr(), CELLS_PER_TICKET).set(cells.subarray(at, at + CELLS_PER_TICKET));
  return BigInt.asUintN(64, k.ticketRank());
}

/** Batches of the given series files, failing once more than `limit` tickets were read. */
function* limitedBatches(files: readonly string[], limit: number) {
  let loaded = 0;
  for (const file of files) {
    for (const batch of readSeries(file)) {
      const tickets = batch.count * batch.ticketsPerRecord;
      if (loaded + tickets > limit) {
        throw new UsageError(
          `${file}: the earlier series and this run together exceed the ${MAX_UNIQUE_TICKETS} tickets a run keeps unique (room for ${Math.max(0, limit)} earlier tickets; use a smaller --count or fewer --unique-against files)`,
        );
      }
      loaded += tickets;
      yield { cells: batch.cells, tickets };
    }
  }
}

/**
 * Every ticket of the given series files as grids (for GenerateOptions.issued), in constant memory.
 *
 * @param files series files (JSON Lines of books or tickets)
 * @param options `limit`: the most tickets to read
 * @example
 * ```ts
 * import { generateBooks, seriesTickets } from "tabula-grids";
 *
 * const earlier = [...seriesTickets(["node_modules/tabula-grids/examples/housie-books.jsonl"])];
 * earlier.length; // 18
 * generateBooks(3, { seed: 1n, issued: earlier }).length; // 3 books sharing no ticket with the file
 * ```
 */
export function* seriesTickets(files: readonly string[], options: SeriesTicketsOptions = {}): Generator<TicketGrid> {
  textArray(files, "files");
  options = optionsObject(options, "options", ["limit"]);
  for (const { cells, tickets } of limitedBatches(files, options.limit ?? MAX_UNIQUE_TICKETS)) yield* ticketsFromCells(cells, 0, tickets);
}

/**
 * Loads the tickets of earlier series files into `run`'s uniqueness set (the fast path
 * of GenerateOptions.issued, no grids built). Call it right after creating the run,
 * before drawing. Returns the number of tickets read.
 *
 * @param run a run just created, before it draws
 * @param files series files (JSON Lines of books or tickets) whose tickets the run must not repeat
 * @param options `limit`: the most tickets to read
 * @example
 * ```ts
 * import { HousieRun, markSeriesIssued } from "tabula-grids";
 *
 * const run = new HousieRun("books", { seed: 1n, firstSerial: 4n });
 * markSeriesIssued(run, ["node_modules/tabula-grids/examples/housie-books.jsonl"]); // 18
 * run.close();
 * ```
 */
export function markSeriesIssued(run: HousieRun, files: readonly string[], options: SeriesTicketsOptions = {}): number {
  requiredObject(run, "run");
  textArray(files, "files");
  options = optionsObject(options, "options", ["limit"]);
  if (!run) throw new UsageError("markSeriesIssued: no run to load the tickets into");
  const k = run.kernel;
  let read = 0;
  for (const { cells, tickets } of limitedBatches(files, options.limit ?? MAX_UNIQUE_TICKETS)) {
    for (let t = 0; t < tickets; t++) {
      k.markIssuedRank(ticketRankFromCells(cells, t * CELLS_PER_TICKET));
    }
    read += tickets;
  }
  return read;
}
