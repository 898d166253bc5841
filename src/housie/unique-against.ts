// Series unique across runs: the tickets of earlier series files (our JSONL), streamed
// into a new run's uniqueness set, so that it repeats none of them. The keys are the
// run's own exact keys (ticketKey: numbers as bits, then the 27-bit pattern), so across
// runs as within one, two tickets clash only if they are the same ticket.
import { UsageError } from "../errors.js";
import { readSeries } from "./read-series.js";
import { housieKernel } from "./kernel.js";
import { ticketsFromCells, MAX_UNIQUE_TICKETS, CELLS_PER_TICKET, type HousieRun, type TicketGrid } from "./generate.js";

export interface SeriesTicketsOptions {
  /**
   * Most tickets to load (default MAX_UNIQUE_TICKETS): pass the limit less the tickets
   * the new run will issue, so that a run too large for the set fails before it starts.
   */
  limit?: number;
}

const keyWords = new DataView(new ArrayBuffer(16));

/**
 * ticketKey of the ticket whose 27 cells start at `at`, without building a grid: the
 * key's two 64-bit halves assembled from 32-bit words (a test checks it against ticketKey).
 */
export function ticketKeyFromCells(cells: Uint8Array, at: number): { low: bigint; high: bigint } {
  let w0 = 0; // numbers 1-32
  let w1 = 0; // numbers 33-64
  let numbersHigh = 0; // numbers 65-90 as bits 0-25
  let pattern = 0; // 27 bits, cell 9r + j
  for (let c = 0; c < CELLS_PER_TICKET; c++) {
    const x = cells[at + c]!;
    if (x === 0) continue;
    pattern |= 1 << c;
    if (x <= 32) w0 |= 1 << (x - 1);
    else if (x <= 64) w1 |= 1 << (x - 33);
    else numbersHigh |= 1 << (x - 65);
  }
  keyWords.setUint32(0, w0, true);
  keyWords.setUint32(4, w1, true);
  keyWords.setUint32(8, (numbersHigh | (pattern << 26)) >>> 0, true); // pattern bits 0-5
  keyWords.setUint32(12, pattern >>> 6, true); // pattern bits 6-26
  return { low: keyWords.getBigUint64(0, true), high: keyWords.getBigUint64(8, true) };
}

/** Batches of the given series files, failing once more than `limit` tickets were read. */
function* limitedBatches(files: readonly string[], limit: number) {
  let loaded = 0;
  for (const file of files) {
    for (const batch of readSeries(file)) {
      const tickets = batch.count * batch.ticketsPerRecord;
      if (loaded + tickets > limit) {
        throw new UsageError(`${file}: the earlier series and this run together exceed the ${MAX_UNIQUE_TICKETS} tickets a run keeps unique (room for ${Math.max(0, limit)} earlier tickets; use a smaller --count or fewer --unique-against files)`);
      }
      loaded += tickets;
      yield { cells: batch.cells, tickets };
    }
  }
}

/** Every ticket of the given series files as grids (for GenerateOptions.issued), in constant memory. */
export function* seriesTickets(files: readonly string[], options: SeriesTicketsOptions = {}): Generator<TicketGrid> {
  for (const { cells, tickets } of limitedBatches(files, options.limit ?? MAX_UNIQUE_TICKETS)) yield* ticketsFromCells(cells, 0, tickets);
}

/**
 * Loads the tickets of earlier series files into `run`'s uniqueness set (the fast path
 * of GenerateOptions.issued, no grids built). Call it right after creating the run,
 * before drawing. Returns the number of tickets read.
 */
export function markSeriesIssued(run: HousieRun, files: readonly string[], options: SeriesTicketsOptions = {}): number {
  if (!run) throw new UsageError("markSeriesIssued: no run to load the tickets into");
  const k = housieKernel();
  let read = 0;
  for (const { cells, tickets } of limitedBatches(files, options.limit ?? MAX_UNIQUE_TICKETS)) {
    for (let t = 0; t < tickets; t++) {
      const { low, high } = ticketKeyFromCells(cells, t * CELLS_PER_TICKET);
      k.markIssuedTicket(low, high);
    }
    read += tickets;
  }
  return read;
}
