// The nine columns of a ticket: which numbers each holds (1-9, 10-19, …, 70-79, 80-90),
// and the number-to-column table built from them, once for every TS reader and rule.
// The ranges are the kernel's: its exported COLUMNS and COLUMN_SIZES (assembly/housie/patterns.ts,
// 4 bits a column), read from the module by the build (src/wasm/generated/housie.ts) so
// that the model works before any kernel is loaded (a browser before ready()); the
// binding refuses a module whose COLUMN_SIZES differs.
import { housieConstants } from "../../wasm/generated/housie.js";

/** Columns of a ticket. */
export const COLUMNS: number = housieConstants.COLUMNS;
/** One value per column. */
export type PerColumn = readonly [number, number, number, number, number, number, number, number, number];
const perColumn = (f: (j: number) => number): PerColumn => [f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7), f(8)];

/** Numbers in each column. */
export const COLUMN_SIZE = perColumn((j) => Number((housieConstants.COLUMN_SIZES >> BigInt(4 * j)) & 15n));
/** The first (smallest) number of each column. */
export const COLUMN_FIRST = perColumn((j) => 1 + COLUMN_SIZE.slice(0, j).reduce((a, b) => a + b, 0));
/** The largest number on a ticket (90). */
export const LAST_NUMBER = COLUMN_FIRST[COLUMNS - 1]! + COLUMN_SIZE[COLUMNS - 1]! - 1;

/** Column (0-8) of each number 1..LAST_NUMBER; index 0 unused. */
export const COLUMN_OF = new Uint8Array(LAST_NUMBER + 1);
for (let j = 0; j < COLUMNS; j++) for (let i = 0; i < COLUMN_SIZE[j]!; i++) COLUMN_OF[COLUMN_FIRST[j]! + i] = j;
