// Checks books and tickets against every rule of UK 90-ball housie.
import type { Cell, HousieRecord } from "./generate.js";
import { COLUMN_FIRST, COLUMN_SIZE } from "./tables.js";
import { quoteValue } from "../io/quote.js";

export type HousieRule =
  | "json" | "shape" | "serial" | "range" | "row-count" | "column-count" | "column-order" | "book-numbers" | "duplicate-ticket";

export interface Violation {
  rule: HousieRule;
  /** What is wrong, naming the ticket/row/column (1-based). */
  problem: string;
  /** What the rule expects. */
  expected: string;
  /** 1-based line in the file, when validating a file. */
  line?: number;
}

function isNumberCell(x: unknown): x is number {
  return typeof x === "number" && Number.isInteger(x);
}

/** Rules of one ticket (a 3 x 9 grid); `where` prefixes messages. */
function ticketViolations(ticket: unknown, where: string): Violation[] {
  const out: Violation[] = [];
  if (!Array.isArray(ticket) || ticket.length !== 3 || ticket.some((row) => !Array.isArray(row) || row.length !== 9)) {
    return [{ rule: "shape", problem: `${where} is not 3 rows of 9 cells`, expected: "a ticket as 3 arrays of 9 cells" }];
  }
  const grid = ticket as unknown[][];
  for (let r = 0; r < 3; r++) {
    for (let j = 0; j < 9; j++) {
      const cell = grid[r]![j];
      if (cell !== null && !isNumberCell(cell)) {
        out.push({ rule: "shape", problem: `${where} row ${r + 1} column ${j + 1} holds ${quoteValue(cell)}`, expected: "a whole number or null" });
      } else if (cell !== null) {
        const lo = COLUMN_FIRST[j]!;
        const hi = lo + COLUMN_SIZE[j]! - 1;
        if (cell < lo || cell > hi) out.push({ rule: "range", problem: `${where} row ${r + 1} column ${j + 1} holds ${cell}`, expected: `a number from ${lo} to ${hi} in column ${j + 1}` });
      }
    }
  }
  if (out.some((v) => v.rule === "shape")) return out;
  const cells = grid as Cell[][];
  for (let r = 0; r < 3; r++) {
    const filled = cells[r]!.filter((c) => c !== null).length;
    if (filled !== 5) out.push({ rule: "row-count", problem: `${where} row ${r + 1} holds ${filled} numbers`, expected: "5 numbers per row" });
  }
  for (let j = 0; j < 9; j++) {
    const column = [0, 1, 2].map((r) => cells[r]![j]!).filter((c): c is number => c !== null);
    if (column.length === 0) out.push({ rule: "column-count", problem: `${where} column ${j + 1} is empty`, expected: "1 to 3 numbers in every column" });
    for (let i = 1; i < column.length; i++) {
      if (column[i]! <= column[i - 1]!) {
        out.push({ rule: "column-order", problem: `${where} column ${j + 1} reads ${column.join(", ")} downward`, expected: "numbers increasing down each column" });
        break;
      }
    }
  }
  return out;
}

/**
 * Every rule broken by a book (6 tickets) or a single ticket (1): shape, ranges, row and
 * column counts, column order, and for a book each of 1..90 exactly once.
 */
export function validateBook(record: Pick<HousieRecord, "tickets"> | unknown): Violation[] {
  const tickets = (record as { tickets?: unknown })?.tickets;
  if (!Array.isArray(tickets) || (tickets.length !== 6 && tickets.length !== 1)) {
    return [{ rule: "shape", problem: `record has ${Array.isArray(tickets) ? tickets.length : "no"} tickets`, expected: "6 tickets (a book) or 1 (a single ticket)" }];
  }
  const out: Violation[] = [];
  tickets.forEach((t, i) => out.push(...ticketViolations(t, tickets.length === 6 ? `ticket ${i + 1}` : "ticket")));
  if (tickets.length === 6 && !out.some((v) => v.rule === "shape")) {
    const seen = new Map<number, number>();
    for (const t of tickets as Cell[][][]) for (const row of t) for (const c of row) if (c !== null) seen.set(c, (seen.get(c) ?? 0) + 1);
    const missing: number[] = [];
    const repeated: number[] = [];
    for (let x = 1; x <= 90; x++) {
      const n = seen.get(x) ?? 0;
      if (n === 0) missing.push(x);
      if (n > 1) repeated.push(x);
    }
    if (missing.length || repeated.length) {
      const parts = [repeated.length ? `repeats ${repeated.join(", ")}` : "", missing.length ? `lacks ${missing.join(", ")}` : ""].filter(Boolean);
      out.push({ rule: "book-numbers", problem: `book ${parts.join(" and ")}`, expected: "each number 1 to 90 exactly once per book" });
    }
  }
  return out;
}

export interface FileReport {
  records: number;
  tickets: number;
  violations: Violation[];
}

/** Validates JSON Lines of books/tickets (our jsonl output), including duplicates across the file. */
export function validateJsonl(text: string): FileReport {
  const violations: Violation[] = [];
  const seenTickets = new Map<string, number>();
  const seenSerials = new Map<number, number>();
  let records = 0;
  let tickets = 0;
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let record: unknown;
    try {
      record = JSON.parse(raw);
    } catch {
      violations.push({ rule: "json", problem: "not valid JSON", expected: 'one JSON object per line, {"serial": ..., "tickets": [...]}', line });
      return;
    }
    records++;
    const serial = (record as { serial?: unknown })?.serial;
    if (!Number.isSafeInteger(serial) || (serial as number) < 0) {
      violations.push({ rule: "serial", problem: `serial is ${quoteValue(serial)}`, expected: "a whole-number serial", line });
    } else if (seenSerials.has(serial as number)) {
      violations.push({ rule: "serial", problem: `serial ${serial} repeats line ${seenSerials.get(serial as number)}`, expected: "a different serial per record", line });
    } else seenSerials.set(serial as number, line);
    const broken = validateBook(record);
    for (const v of broken) violations.push({ ...v, line });
    const list = (record as { tickets?: unknown }).tickets;
    if (Array.isArray(list) && !broken.some((v) => v.rule === "shape")) {
      list.forEach((t, i) => {
        tickets++;
        const key = JSON.stringify(t);
        const first = seenTickets.get(key);
        if (first !== undefined) violations.push({ rule: "duplicate-ticket", problem: `ticket ${i + 1} repeats a ticket of line ${first}`, expected: "no ticket twice in a file", line });
        else seenTickets.set(key, line);
      });
    }
  });
  if (records === 0 && violations.length === 0) violations.push({ rule: "shape", problem: "file holds no books or tickets", expected: "one JSON record per line", line: 1 });
  return { records, tickets, violations };
}
