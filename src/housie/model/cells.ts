// The record model of housie, in one place: a ticket as a grid (3 rows of 9 cells, a
// number or null) and as raw cells (27 bytes, row by row, 0 for a blank: the kernel's
// layout), a record (a book of 6 tickets or a single ticket, with its serial), and
// records in batches of raw cells as the series readers hand them out. Every room of
// housie (generator, series codec, validation, operator tools, PDF, game) takes these
// from here. Its constants are the kernel's, as the build read them from the module
// (src/wasm/generated).
import { argumentError, bytesArgument, wholeNumber } from "../../args.js";
import { housieConstants } from "../../wasm/generated/housie.js";

/** Cells per ticket in raw cell output: 3 rows of 9, row by row, 0 for a blank (the kernel's layout). */
export const CELLS_PER_TICKET = housieConstants.CELLS_PER_TICKET;

/** A ticket cell: its number, or null for a blank. */
export type Cell = number | null;
/** A ticket: 3 rows of 9 cells, a number or null for a blank. */
export type TicketGrid = Cell[][];
/**
 * A book (6 tickets) or a single ticket (1), with its serial; ticket i's reference is
 * `${serial}-${i + 1}`. Serials are bigint: exact up to MAX_SERIAL (2^64-1).
 */
export interface HousieRecord {
  /** The book's or ticket's serial, 1 to 2^64 − 1. */
  serial: bigint;
  /** Six tickets for a book, one for a single ticket; each is 3 rows of 9 cells. */
  tickets: TicketGrid[];
  /** In a night of several games (--games): the game these tickets are played in (model/game.ts). */
  game?: { number: number; name: string };
}

/** What a run makes: books (6 tickets a record) or single tickets (1). */
export type HousieKind = "books" | "tickets";

/** Tickets in one record of `kind`. */
export function ticketsPerRecord(kind: HousieKind): 1 | 6 {
  return kind === "books" ? 6 : 1;
}

/** Records of one batch; the arrays are reused by the next batch (copy what you keep). */
export interface SeriesBatch {
  /** Records in this batch. */
  count: number;
  /** Tickets per record: 6 (books) or 1 (single tickets), the same throughout a batch. */
  ticketsPerRecord: number;
  /** count * ticketsPerRecord * 27 cells, row by row, 0 for a blank. */
  cells: Uint8Array;
  /** Serial of each record, exact (0 to 2^64-1). */
  serials: BigUint64Array;
  /** 1-based line of each record in the file. */
  lines: Float64Array;
  /** In a night's series: each record's game number (1 to 12; 0 for a record without a game). Absent: no record has one. */
  games?: Uint8Array;
  /** The games' names by number (index 0 unused), as the series' records name them. */
  gameNames?: readonly string[];
}

/** The grid of the ticket whose raw cells start at cells[at] (unchecked: the caller knows they are there). */
export function ticketFromCells(cells: Uint8Array, at: number): TicketGrid {
  const grid: TicketGrid = [];
  for (let r = 0; r < 3; r++) {
    const row: Cell[] = [];
    for (let j = 0; j < 9; j++) {
      const x = cells[at + 9 * r + j]!;
      row.push(x === 0 ? null : x);
    }
    grid.push(row);
  }
  return grid;
}

/** Writes the ticket's raw cells (0 for a blank) to out[at ..] (unchecked: a grid of 3 rows of 9). */
export function ticketToCells(ticket: TicketGrid, out: Uint8Array, at: number): void {
  for (let r = 0; r < 3; r++) {
    const row = ticket[r]!;
    for (let j = 0; j < 9; j++) out[at + 9 * r + j] = row[j] ?? 0;
  }
}

/**
 * Ticket grids from raw cells.
 *
 * @param cells raw ticket cells, 27 a ticket (0 where blank)
 * @param offset the first ticket's index
 * @param count how many tickets
 * @example
 * ```ts
 * import { HousieRun, ticketsFromCells } from "tabula-grids";
 *
 * const { cells } = new HousieRun("tickets", { seed: 1n }).nextCells(1);
 * ticketsFromCells(cells, 0, 1)[0][0]; // [1, 18, null, null, 44, 58, 64, null, null]
 * ```
 */
export function ticketsFromCells(cells: Uint8Array, offset: number, count: number): TicketGrid[] {
  bytesArgument(cells, "cells");
  wholeNumber(offset, "offset");
  wholeNumber(count, "count");
  if (offset + count * CELLS_PER_TICKET > cells.length) {
    throw argumentError(
      "count",
      `at most ${Math.floor(Math.max(0, cells.length - offset) / CELLS_PER_TICKET)} tickets (27 cells each) from offset ${offset} of ${cells.length} cells`,
      count,
    );
  }
  const tickets: TicketGrid[] = [];
  for (let t = 0; t < count; t++) tickets.push(ticketFromCells(cells, offset + t * CELLS_PER_TICKET));
  return tickets;
}
