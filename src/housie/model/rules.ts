// The rules of a UK 90-ball housie book or ticket, in one place: worded rule by rule
// (validateBook: every message is made here) and as fast predicates over raw cells
// (cellsObeyRules, ticketKeyFromCells), which the series codec uses on lines its fast
// paths read; a test holds the two sides to the same verdict.
import { CELLS_PER_TICKET, type Cell, type HousieRecord } from "./cells.js";
import { COLUMN_FIRST, COLUMN_OF, COLUMN_SIZE, LAST_NUMBER } from "./columns.js";
import { quote, quoteValue, shorten } from "../../io/quote.js";
import { property } from "../../args.js";

/** The rules `validateBook` and `housie validate` check, one name each. */
export type HousieRule =
  "json" | "shape" | "serial" | "range" | "row-count" | "column-count" | "column-order" | "book-numbers" | "duplicate-serial" | "duplicate-ticket";

/** One broken rule: which, what is wrong, what was expected, and the line in a file. */
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
        if (cell < lo || cell > hi)
          out.push({
            rule: "range",
            problem: `${where} row ${r + 1} column ${j + 1} holds ${cell}`,
            expected: `a number from ${lo} to ${hi} in column ${j + 1}`,
          });
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
        out.push({
          rule: "column-order",
          problem: `${where} column ${j + 1} reads ${column.join(", ")} downward`,
          expected: "numbers increasing down each column",
        });
        break;
      }
    }
  }
  return out;
}

/**
 * Every rule broken by a book (6 tickets) or a single ticket (1): shape, ranges, row and
 * column counts, column order, and for a book each of 1..90 exactly once.
 *
 * @param record an object with `tickets`: 6 tickets (a book) or 1
 * @example
 * ```ts
 * import { generateBooks, validateBook } from "tabula-grids";
 *
 * validateBook(generateBooks(1)[0]); // [] (no broken rule)
 * validateBook({ tickets: [] });     // [{ rule: "shape", problem: …, expected: … }]
 * ```
 */
export function validateBook(record: Pick<HousieRecord, "tickets"> | unknown): Violation[] {
  const tickets = typeof record === "object" && record !== null ? property(record, "tickets", "record") : undefined;
  if (!Array.isArray(tickets) || (tickets.length !== 6 && tickets.length !== 1)) {
    return [
      { rule: "shape", problem: `record has ${Array.isArray(tickets) ? tickets.length : "no"} tickets`, expected: "6 tickets (a book) or 1 (a single ticket)" },
    ];
  }
  const out: Violation[] = [];
  tickets.forEach((t, i) => out.push(...ticketViolations(t, tickets.length === 6 ? `ticket ${i + 1}` : "ticket")));
  if (tickets.length === 6 && !out.some((v) => v.rule === "shape")) {
    const seen = new Map<number, number>();
    for (const t of tickets as Cell[][][]) for (const row of t) for (const c of row) if (c !== null) seen.set(c, (seen.get(c) ?? 0) + 1);
    const missing: number[] = [];
    const repeated: number[] = [];
    for (let x = 1; x <= LAST_NUMBER; x++) {
      const n = seen.get(x) ?? 0;
      if (n === 0) missing.push(x);
      if (n > 1) repeated.push(x);
    }
    if (missing.length || repeated.length) {
      const parts = [repeated.length ? `repeats ${repeated.join(", ")}` : "", missing.length ? `lacks ${missing.join(", ")}` : ""].filter(Boolean);
      out.push({ rule: "book-numbers", problem: `book ${parts.join(" and ")}`, expected: `each number 1 to ${LAST_NUMBER} exactly once per book` });
    }
  }
  return out;
}

/** A JSON value named for a message: its kind, or its text shortened. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the string ${quote(value)}`;
  return shorten(String(value));
}

/**
 * The text of the number that `key` holds at the top level of the object `text`, the
 * last one if repeated (as JSON.parse keeps the last); undefined if none. JSON.parse
 * rounds numbers to doubles, so exact serials are read from the text.
 */
export function topLevelNumberText(text: string, key: string): string | undefined {
  let depth = 0;
  let found: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip it, and see if it is `key` as a key at depth 1
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      if (depth === 1) {
        let k = j + 1;
        while (k < text.length && /\s/.test(text[k]!)) k++;
        if (text[k] === ":" && JSON.parse(text.slice(i, j + 1)) === key) {
          k++;
          while (k < text.length && /\s/.test(text[k]!)) k++;
          const number = /^-?[0-9][0-9.eE+-]*/.exec(text.slice(k, k + 400));
          found = number ? number[0] : undefined;
        }
      }
      i = j;
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return found;
}

/**
 * The key of a ticket that breaks no ticket rule: its numbers as a 90-bit set and its
 * 27-bit pattern (bit 9r + j), as 4 words (numbers 1-32, 33-64, 65-90 and pattern bits
 * 0-5, pattern bits 6-26). Such a ticket is its pattern filled with its numbers in
 * increasing order down each column, so the key is exact. Returns false (key unset) if
 * the ticket breaks a rule.
 */
export function validTicketKey(ticket: Cell[][], out: Uint32Array, at: number): boolean {
  let pattern = 0,
    k0 = 0,
    k1 = 0,
    k2 = 0;
  const last = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let r = 0; r < 3; r++) {
    let filled = 0;
    for (let j = 0; j < 9; j++) {
      const x = ticket[r]![j]!;
      if (x === null) continue;
      if (x < COLUMN_FIRST[j]! || x >= COLUMN_FIRST[j]! + COLUMN_SIZE[j]! || x <= last[j]!) return false;
      last[j] = x;
      filled++;
      pattern |= 1 << (9 * r + j);
      if (x <= 32) k0 |= 1 << (x - 1);
      else if (x <= 64) k1 |= 1 << (x - 33);
      else k2 |= 1 << (x - 65);
    }
    if (filled !== 5) return false;
  }
  if (((pattern | (pattern >>> 9) | (pattern >>> 18)) & 0x1ff) !== 0x1ff) return false;
  out[at] = k0;
  out[at + 1] = k1;
  out[at + 2] = k2 | ((pattern & 0x3f) << 26);
  out[at + 3] = pattern >>> 6;
  return true;
}

/**
 * The fast predicate of validateBook over raw cells (27 per ticket, 0 = blank): true
 * when the record of `tickets` tickets at `at` breaks no rule (ranges, 5 per row,
 * columns non-empty and increasing, and for a book each of 1..90 once). The kernel's
 * obeysRules (assembly/housie/read.ts) is its twin.
 */
export function cellsObeyRules(cells: Uint8Array, at: number, tickets: number): boolean {
  let low = 0;
  let mid = 0;
  let high = 0; // bits of numbers seen: 1-30, 31-60, 61-90
  for (let t = 0; t < tickets; t++) {
    const base = at + t * CELLS_PER_TICKET;
    for (let r = 0; r < 3; r++) {
      let filled = 0;
      for (let j = 0; j < 9; j++) {
        const x = cells[base + 9 * r + j]!;
        if (x === 0) continue;
        if (x > LAST_NUMBER || COLUMN_OF[x] !== j) return false;
        filled++;
        const bit = (x - 1) % 30;
        const word = x <= 30 ? low : x <= 60 ? mid : high;
        if ((word >>> bit) & 1) return false;
        if (x <= 30) low |= 1 << bit;
        else if (x <= 60) mid |= 1 << bit;
        else high |= 1 << bit;
      }
      if (filled !== 5) return false;
    }
    for (let j = 0; j < 9; j++) {
      let last = 0;
      let n = 0;
      for (let r = 0; r < 3; r++) {
        const x = cells[base + 9 * r + j]!;
        if (x === 0) continue;
        if (x <= last) return false;
        last = x;
        n++;
      }
      if (n === 0) return false;
    }
  }
  return tickets !== 6 || (low === 0x3fffffff && mid === 0x3fffffff && high === 0x3fffffff);
}

/**
 * validTicketKey of a ticket given as raw cells at `at`, which must break no rule
 * (cellsObeyRules): the same 4 words, written to out[outAt ..].
 */
export function ticketKeyFromCells(cells: Uint8Array, at: number, out: Uint32Array, outAt: number): void {
  // Branch-free (a blank's place in a row is unpredictable): each number sets its bit in
  // its word of KEY_ACC through the tables; a blank lands in the unused word 3.
  const acc = KEY_ACC;
  acc[0] = acc[1] = acc[2] = 0;
  let pattern = 0;
  for (let i = 0; i < CELLS_PER_TICKET; i++) {
    const x = cells[at + i]!;
    pattern |= ((x + 127) >> 7) << i; // 1 for a number (1-90), 0 for a blank
    acc[KEY_WORD[x]!]! |= KEY_BIT[x]!;
  }
  out[outAt] = acc[0]!;
  out[outAt + 1] = acc[1]!;
  out[outAt + 2] = acc[2]! | ((pattern & 0x3f) << 26);
  out[outAt + 3] = pattern >>> 6;
}

/** Per cell value 0..90: the key word its bit goes to (3: none, for a blank) and the bit. */
const KEY_WORD = Uint8Array.from({ length: 91 }, (_, x) => (x === 0 ? 3 : x <= 32 ? 0 : x <= 64 ? 1 : 2));
const KEY_BIT = Int32Array.from({ length: 91 }, (_, x) => (x === 0 ? 0 : 1 << ((x - 1) % 32)));
const KEY_ACC = new Int32Array(4);
