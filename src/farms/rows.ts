// Rows of the 7×7 farming puzzle in TypeScript: codes, fingerprints and masks, laid out
// exactly as in assembly/farms/rows.ts so both engines see the same candidate order.

import { argumentError, wholeNumbers } from "../args.js";
import { quote } from "../io/quote.js";

/** Row width and the symbol counts every row and column must have. */
export const FARM_WIDTH = 7;
/** How often each symbol 0, 1, 2 appears in every row and column of a farm. */
export const FARM_SYMBOL_COUNTS: readonly number[] = [2, 2, 3];

/** A row: seven symbols 0, 1 or 2. */
export type FarmRow = readonly number[];

/** Packs a row two bits per column, column 0 in the low bits (the kernels' row code). */
export function rowCode(row: FarmRow): number {
  let code = 0;
  for (let c = 0; c < FARM_WIDTH; c++) code |= row[c]! << (2 * c);
  return code;
}

/**
 * "2100221" for a row.
 *
 * @param row the row's symbols
 * @example
 * ```ts
 * import { rowText } from "tabula-grids";
 *
 * rowText([2, 1, 0, 0, 2, 2, 1]); // "2100221"
 * ```
 */
export function rowText(row: FarmRow): string {
  return wholeNumbers(row, "row", 0, 9).join("");
}

/**
 * Every row with two 0s, two 1s and three 2s, in lexicographic order (210 rows).
 *
 * @example
 * ```ts
 * import { allFarmRows } from "tabula-grids";
 *
 * allFarmRows().length; // 210
 * allFarmRows()[0]; // [0, 0, 1, 1, 2, 2, 2]
 * ```
 */
export function allFarmRows(): number[][] {
  const rows: number[][] = [];
  for (let x = 0; x < 3 ** FARM_WIDTH; x++) {
    const row: number[] = [];
    for (let c = FARM_WIDTH - 1, v = x; c >= 0; c--, v = Math.floor(v / 3)) row[c] = v % 3;
    if (row.filter((s) => s === 0).length === 2 && row.filter((s) => s === 1).length === 2) rows.push(row);
  }
  return rows;
}

/**
 * Column-count fingerprint split in two 28-bit halves: four-bit field c of `zeros`
 * counts 0s in column c, of `ones` the 1s. Seven rows never carry out of a field.
 */
export function rowPrintZeros(code: number): number {
  let print = 0;
  for (let c = 0; c < FARM_WIDTH; c++) if (((code >> (2 * c)) & 3) === 0) print += 1 << (4 * c);
  return print;
}

export function rowPrintOnes(code: number): number {
  let print = 0;
  for (let c = 0; c < FARM_WIDTH; c++) if (((code >> (2 * c)) & 3) === 1) print += 1 << (4 * c);
  return print;
}

/** 21-bit column-equality mask: bit k set when the row is equal in the k-th column pair i<j. */
export function rowMask(code: number): number {
  let mask = 0;
  let bit = 0;
  for (let i = 0; i < FARM_WIDTH; i++) {
    for (let j = i + 1; j < FARM_WIDTH; j++, bit++) {
      if (((code >> (2 * i)) & 3) === ((code >> (2 * j)) & 3)) mask |= 1 << bit;
    }
  }
  return mask;
}

/** Why a row is not a valid puzzle row, or undefined when it is. */
export function farmRowProblem(row: readonly unknown[]): string | undefined {
  if (row.length !== FARM_WIDTH) return `row has ${row.length} symbols`;
  const counts = [0, 0, 0];
  for (let c = 0; c < row.length; c++) {
    const s = row[c];
    if (s !== 0 && s !== 1 && s !== 2) return `symbol ${quote(String(s))} in column ${c + 1} is not 0, 1 or 2`;
    counts[s]!++;
  }
  if (counts[0] !== 2 || counts[1] !== 2 || counts[2] !== 3) {
    return `row has ${counts[0]} 0s, ${counts[1]} 1s and ${counts[2]} 2s`;
  }
  return undefined;
}

/** What every valid row looks like, for error messages. */
export const FARM_ROW_EXPECTED = "7 symbols: two 0s, two 1s and three 2s";
