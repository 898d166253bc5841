// The nine columns of a ticket: which numbers each holds (1-9, 10-19, …, 70-79, 80-90),
// and the number-to-column table built from them, once for every TS reader and rule.
// The kernel keeps its own copy (assembly/housie/patterns.ts columnFirst/columnSize, and
// read.ts's columnOf): they are fixed tables, not exported constants, so the build cannot
// read them from the module; the tests hold both sides to the same tickets.

/** Columns of a ticket. */
export const COLUMNS = 9;
/** Numbers in each column. */
export const COLUMN_SIZE = [9, 10, 10, 10, 10, 10, 10, 10, 11] as const;
/** The first (smallest) number of each column. */
export const COLUMN_FIRST = [1, 10, 20, 30, 40, 50, 60, 70, 80] as const;

/** Column (0-8) of each number 1..90; index 0 unused. */
export const COLUMN_OF = new Uint8Array(91);
for (let j = 0; j < COLUMNS; j++) for (let i = 0; i < COLUMN_SIZE[j]!; i++) COLUMN_OF[COLUMN_FIRST[j]! + i] = j;
