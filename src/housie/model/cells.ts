// The raw cells format shared by the kernel, the TS baseline and the formatters. Its public
// constants are the kernel's, as the build read them from the module (src/wasm/generated).
import { housieConstants } from "../../wasm/generated/housie.js";

/** Cells per ticket in raw cell output: 3 rows of 9, row by row, 0 for a blank (the kernel's layout). */
export const CELLS_PER_TICKET = housieConstants.CELLS_PER_TICKET;

/**
 * Most tickets one run can remember: the set's 8-byte slots (a ticket's exact rank), at
 * most half full, 2^25 slots (256 MB). Beyond that: `unique: false`, or separate runs
 * (each unique within itself). The kernel's MAX_UNIQUE_TICKETS (2^24).
 */
export const MAX_UNIQUE_TICKETS: number = housieConstants.MAX_UNIQUE_TICKETS;

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
}
