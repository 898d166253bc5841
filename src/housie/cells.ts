// The raw cells format shared by the kernel, the TS baseline and the formatters.

/** Cells per ticket in raw cell output: 3 rows of 9, row by row, 0 for a blank (the kernel's layout, checked at load). */
export const CELLS_PER_TICKET = 27;

/**
 * Most tickets one run can remember: the set's 8-byte slots (a ticket's exact rank), at
 * most half full, 2^25 slots (256 MB). Beyond that: `unique: false`, or separate runs
 * (each unique within itself). The kernel's MAX_UNIQUE_TICKETS, checked at load.
 */
export const MAX_UNIQUE_TICKETS = 2 ** 24;
