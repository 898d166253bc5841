// The raw cells format shared by the kernel, the TS baseline and the formatters.

/** Cells per ticket in raw cell output: 3 rows of 9, row by row, 0 for a blank (the kernel's layout, checked at load). */
export const CELLS_PER_TICKET = 27;
