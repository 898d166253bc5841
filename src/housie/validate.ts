// Checks books and tickets against every rule of UK 90-ball housie, rule by rule
// (the baseline: every message is worded here), and JSON Lines files of them as a
// stream, in memory that grows only with the duplicate checks (validate-fast.ts takes
// the lines written exactly as `housie` writes them).
import { argumentError, iterableArgument, optionsObject } from "../args.js";
import type { Cell, HousieRecord } from "./cells.js";
import { COLUMN_FIRST, COLUMN_SIZE } from "./tables.js";
import { quote, quoteValue, shorten } from "../io/quote.js";
import { MAX_SERIAL } from "./serial.js";
import { WordKeySet } from "./key-set.js";
import { fastValidLine } from "./validate-fast.js";

/** The rules `validateBook` and `housie validate` check, one name each. */
export type HousieRule =
  | "json" | "shape" | "serial" | "range" | "row-count" | "column-count" | "column-order" | "book-numbers" | "duplicate-ticket";

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
 *
 * @example
 * ```ts
 * import { generateBooks, validateBook } from "tabula-grids";
 *
 * validateBook(generateBooks(1)[0]); // [] (no broken rule)
 * validateBook({ tickets: [] });     // [{ rule: "shape", problem: …, expected: … }]
 * ```
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

/** What validating a whole JSONL text found: records, tickets and every violation. */
export interface FileReport {
  records: number;
  tickets: number;
  violations: Violation[];
}

/** What a file held, without the violations (they went to the callback). */
export interface StreamSummary {
  records: number;
  tickets: number;
  /** Number of violations reported. */
  broken: number;
  /** Lines taken by the fast path (the rest went rule by rule). */
  fastLines: number;
}

/** Options of the streaming JSONL validator. */
export interface ValidateOptions {
  /** Try the byte-level fast path on each line first (default true); false = rule by rule only. */
  fast?: boolean;
  /** Input size in bytes, if known: the duplicate sets are sized for it at once. */
  bytes?: number;
}

const PENDING = 256;

/** Longest line looked at; a book line as `housie` writes it takes under 1 KB. */
export const MAX_LINE_BYTES = 1 << 20;
const EXPECTED_RECORD = 'one JSON object per line, {"serial": ..., "tickets": [...]}';

/** A JSON value named for a message: its kind, or its text shortened. */
function describeValue(value: unknown): string {
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
    if (c === 0x22) { // a string: skip it, and see if it is `key` as a key at depth 1
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
  let pattern = 0, k0 = 0, k1 = 0, k2 = 0;
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
 * Validates a stream of JSON Lines of books/tickets (our jsonl output): every rule per
 * record, and serials and tickets not repeated across the file. Feed bytes with
 * `write`, then call `end`; each violation goes to `report` as it is found. Memory:
 * one line at a time (at most MAX_LINE_BYTES) plus the two duplicate sets, 12 bytes per
 * serial slot and 20 per ticket slot, each at most half full (20-40 bytes per serial,
 * 40-80 per ticket).
 */
export class JsonlValidator {
  private readonly report: (v: Violation) => void;
  private readonly fast: boolean;
  private line = 0;
  private records = 0;
  private tickets = 0;
  private broken = 0;
  private fastLines = 0;
  private readonly serials: WordKeySet;
  private readonly ticketKeys: WordKeySet;
  private readonly otherTickets = new Map<string, number>(); // tickets that break a rule
  private readonly serialWords = new Uint32Array(2);
  // Serials of consecutive lines that count up by one from the first line form a run,
  // checked by its bounds alone; the first line that breaks it freezes the run, and
  // that serial and every later one go to the set as well.
  private runFirst = -1; // first serial of the run (-1: none yet)
  private runLast = -1;
  private runLine = 0; // line of the run's first serial
  private runLive = true;
  private readonly keyWords = new Uint32Array(24);
  private carry = new Uint8Array(0);
  private carried = 0;
  private overlong = false;
  private readonly decoder = new TextDecoder();
  // Fast lines wait here, PENDING at most, to be checked for repeats together (their
  // set look-ups first touched all at once); any other line, and the end, check them
  // first, so that violations still come in file order.
  private pending = 0;
  private readonly pendingLine = new Float64Array(PENDING);
  private readonly pendingTickets = new Uint8Array(PENDING);
  private readonly pendingSerials = new Uint32Array(2 * PENDING);
  private readonly pendingKeys = new Uint32Array(24 * PENDING);

  constructor(report: (v: Violation) => void, options: ValidateOptions = {}) {
    this.report = report;
    this.fast = options.fast ?? true;
    // A book line as written takes about 870 bytes (145 per ticket).
    const records = Math.min(options.bytes ?? 0, 2 ** 31) / 870;
    this.serials = new WordKeySet(2, records);
    this.ticketKeys = new WordKeySet(4, records * 6);
  }

  private push(v: Violation): void {
    this.broken++;
    this.report(v);
  }

  /** Feeds the next bytes of the file. */
  write(chunk: Uint8Array): void {
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(10, from);
      const stop = newline < 0 ? chunk.length : newline;
      if (this.carried === 0 && !this.overlong && newline >= 0) {
        this.lineOf(chunk, from, stop);
      } else {
        this.keep(chunk, from, stop);
        if (newline >= 0) this.flush();
      }
      if (newline < 0) break;
      from = newline + 1;
    }
  }

  /** Ends the file: checks a last line without a newline; returns the counts. */
  end(): StreamSummary {
    if (this.carried > 0 || this.overlong) this.flush();
    this.checkPending();
    if (this.records === 0 && this.broken === 0) {
      this.push({ rule: "shape", problem: "file holds no books or tickets", expected: "one JSON record per line", line: 1 });
    }
    return { records: this.records, tickets: this.tickets, broken: this.broken, fastLines: this.fastLines };
  }

  private keep(chunk: Uint8Array, from: number, stop: number): void {
    const length = stop - from;
    if (this.overlong) return;
    if (this.carried + length > MAX_LINE_BYTES) {
      this.overlong = true;
      this.carried = 0;
      this.carry = new Uint8Array(0);
      return;
    }
    if (this.carried + length > this.carry.length) {
      const bigger = new Uint8Array(Math.max(2 * this.carry.length, this.carried + length, 4096));
      bigger.set(this.carry.subarray(0, this.carried));
      this.carry = bigger;
    }
    this.carry.set(chunk.subarray(from, stop), this.carried);
    this.carried += length;
  }

  private flush(): void {
    if (this.overlong) {
      this.checkPending();
      this.line++;
      this.push({ rule: "json", problem: `line is longer than ${MAX_LINE_BYTES} bytes`, expected: `${EXPECTED_RECORD} (a book takes under 1 KB)`, line: this.line });
      this.overlong = false;
    } else {
      this.lineOf(this.carry, 0, this.carried);
    }
    this.carried = 0;
    if (this.carry.length > 1 << 16) this.carry = new Uint8Array(0);
  }

  private lineOf(bytes: Uint8Array, start: number, end: number): void {
    if (end - start > MAX_LINE_BYTES) {
      this.overlong = true;
      this.flush();
      return;
    }
    const line = ++this.line;
    if (this.fast) {
      const p = this.pending;
      const count = fastValidLine(bytes, start, end, this.pendingSerials, 2 * p, this.pendingKeys, 24 * p);
      if (count > 0) {
        this.fastLines++;
        this.records++;
        this.pendingLine[p] = line;
        this.pendingTickets[p] = count;
        if (++this.pending === PENDING) this.checkPending();
        return;
      }
    }
    this.checkPending();
    this.slowLine(this.decoder.decode(bytes.subarray(start, end)), line);
  }

  /** Checks the pending fast lines for repeated serials and tickets, in line order. */
  private checkPending(): void {
    const n = this.pending;
    if (n === 0) return;
    this.pending = 0;
    let touched = 0;
    for (let p = 0; p < n; p++) {
      if (!this.runLive) touched |= this.serials.touch(this.pendingSerials, 2 * p);
      for (let t = 0; t < this.pendingTickets[p]!; t++) touched |= this.ticketKeys.touch(this.pendingKeys, 24 * p + 4 * t);
    }
    if (touched === -1) this.fastLines += 0; // keeps the reads
    for (let p = 0; p < n; p++) {
      const line = this.pendingLine[p]!;
      const first = this.serialSeen(this.pendingSerials, 2 * p, line);
      if (first !== 0) this.push({ rule: "serial", problem: `serial ${this.serialText(this.pendingSerials, 2 * p)} repeats line ${first}`, expected: "a different serial per record", line });
      for (let t = 0; t < this.pendingTickets[p]!; t++) {
        this.tickets++;
        const earlier = this.ticketKeys.add(this.pendingKeys, 24 * p + 4 * t, line);
        if (earlier !== 0) this.repeated(t, earlier, line);
      }
    }
  }

  /** Records the serial (two words at `at`) of `line`; returns the line that had it before, or 0. */
  private serialSeen(words: Uint32Array, at: number, line: number): number {
    const high = words[at + 1]!;
    const value = high < 0x200000 ? high * 4294967296 + words[at]! : -1; // exact below 2^53
    if (value >= 0 && this.runFirst >= 0 && value >= this.runFirst && value <= this.runLast) return this.runLine + (value - this.runFirst);
    if (this.runLive) {
      if (value >= 0 && this.runFirst < 0) {
        this.runFirst = this.runLast = value;
        this.runLine = line;
        return 0;
      }
      if (value >= 0 && value === this.runLast + 1 && line === this.runLine + (value - this.runFirst)) {
        this.runLast = value;
        return 0;
      }
      this.runLive = false;
    }
    return this.serials.add(words, at, line);
  }

  private serialText(words: Uint32Array, at: number): string {
    return ((BigInt(words[at + 1]!) << 32n) | BigInt(words[at]!)).toString();
  }

  private repeated(t: number, first: number, line: number): void {
    this.push({ rule: "duplicate-ticket", problem: `ticket ${t + 1} repeats a ticket of line ${first}`, expected: "no ticket twice in a file", line });
  }

  /** The baseline: JSON.parse and every rule in turn, each violation worded. */
  private slowLine(raw: string, line: number): void {
    if (raw.trim() === "") return;
    let record: unknown;
    try {
      record = JSON.parse(raw);
    } catch {
      this.push({ rule: "json", problem: "not valid JSON", expected: EXPECTED_RECORD, line });
      return;
    }
    this.records++;
    if (record === null || typeof record !== "object" || Array.isArray(record)) {
      this.push({ rule: "shape", problem: `record is ${describeValue(record)}`, expected: EXPECTED_RECORD, line });
      return;
    }
    const serial = (record as { serial?: unknown }).serial;
    const digits = typeof serial === "number" ? topLevelNumberText(raw, "serial") : undefined;
    if (digits === undefined || !/^\d+$/.test(digits) || BigInt(digits) > MAX_SERIAL) {
      const shown = digits ?? (serial === undefined ? "missing" : describeValue(serial));
      this.push({ rule: "serial", problem: `serial is ${shorten(shown)}`, expected: `a whole-number serial from 0 to ${MAX_SERIAL}`, line });
    } else {
      const value = BigInt(digits);
      this.serialWords[0] = Number(value & 0xffffffffn);
      this.serialWords[1] = Number(value >> 32n);
      const first = this.serialSeen(this.serialWords, 0, line);
      if (first !== 0) this.push({ rule: "serial", problem: `serial ${value} repeats line ${first}`, expected: "a different serial per record", line });
    }
    const broken = validateBook(record);
    for (const v of broken) this.push({ ...v, line });
    const list = (record as { tickets?: unknown }).tickets;
    if (Array.isArray(list) && !broken.some((v) => v.rule === "shape")) {
      (list as Cell[][][]).forEach((t, i) => {
        this.tickets++;
        let first: number;
        if (validTicketKey(t, this.keyWords, 0)) {
          first = this.ticketKeys.add(this.keyWords, 0, line);
        } else {
          const key = JSON.stringify(t);
          first = this.otherTickets.get(key) ?? 0;
          if (first === 0) this.otherTickets.set(key, line);
        }
        if (first !== 0) this.repeated(i, first, line);
      });
    }
  }
}

/** Validates JSON Lines text or bytes held in memory; the violations in file order. */
export function validateJsonl(input: string | Uint8Array, options: ValidateOptions = {}): FileReport {
  if (typeof input !== "string" && !(input instanceof Uint8Array)) throw argumentError("input", "a string or a Uint8Array", input);
  optionsObject(options, "options");
  const violations: Violation[] = [];
  const validator = new JsonlValidator((v) => violations.push(v), options);
  validator.write(typeof input === "string" ? new TextEncoder().encode(input) : input);
  const { records, tickets } = validator.end();
  return { records, tickets, violations };
}

/** Validates a stream of bytes (a file, standard input) chunk by chunk. */
export async function validateJsonlStream(chunks: AsyncIterable<Uint8Array>, report: (v: Violation) => void, options: ValidateOptions = {}): Promise<StreamSummary> {
  iterableArgument(chunks, "chunks");
  if (typeof report !== "function") throw argumentError("report", "a function", report);
  const validator = new JsonlValidator(report, options);
  for await (const chunk of chunks) validator.write(chunk);
  return validator.end();
}
