// The records bench/tours-frontier-table.ts writes (one JSON line per board and question),
// read back by the scripts that check them or print the docs' tables and b-files.
import { existsSync, readFileSync } from "node:fs";

export interface TableRow {
  key: string;
  moves: string;
  rows: number;
  cols: number;
  closed?: boolean;
  from?: [number, number];
  to?: [number, number];
  count: string;
}

/** Every record of a results file (none if it does not exist yet). */
export function readTableRows(file: string): TableRow[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TableRow);
}

/** Whether a record is the whole board's count for the question: closed tours or all directed paths. */
export function answers(row: TableRow, question: string): boolean {
  return row.from === undefined && Boolean(row.closed) === (question === "closed");
}
