// Streaming reader of a series in our JSONL (one {"serial":S,"tickets":[...]} per line),
// for check, audit and --unique-against: fixed-size chunks read synchronously, records
// handed out in batches of raw cells (27 per ticket, 0 = blank), so a file of any size
// is read in constant memory. Our own lines are parsed byte by byte in the kernel
// (assembly/housie/read.ts; parseFast below is its TS baseline); any other valid JSON
// line takes JSON.parse, and a line that breaks a rule is one clear error.
import { optionsObject, text } from "../args.js";
import { closeSync, openSync, readSync } from "node:fs";
import { InputError } from "../errors.js";
import { inputName, readFailure } from "../io/lines.js";
import { quote } from "../io/quote.js";
import { topLevelNumberText, validateBook } from "./validate.js";
import { COLUMN_FIRST, COLUMN_SIZE } from "./tables.js";
import { CELLS_PER_TICKET } from "./generate.js";
import { housieKernel, kernelBytes } from "./kernel.js";
import { MAX_SERIAL, serialWordsFromDigits } from "./serial.js";

const CHUNK_BYTES = 1 << 20;
const MAX_LINE_BYTES = 1 << 26;
const DEFAULT_BATCH = 4096;

/** Column (0-8) of each number 1..90; index 0 unused. */
const COLUMN_OF = new Uint8Array(91);
for (let j = 0; j < 9; j++) for (let i = 0; i < COLUMN_SIZE[j]!; i++) COLUMN_OF[COLUMN_FIRST[j]! + i] = j;

/** Records of one batch; the arrays are reused by the next batch (copy what you keep). */
export interface SeriesBatch {
  /** Records in this batch. */
  count: number;
  /** Tickets per record: 6 (books) or 1 (single tickets), the same throughout a file. */
  ticketsPerRecord: number;
  /** count * ticketsPerRecord * 27 cells, row by row, 0 for a blank. */
  cells: Uint8Array;
  /** Serial of each record, exact (0 to 2^64-1). */
  serials: BigUint64Array;
  /** 1-based line of each record in the file. */
  lines: Float64Array;
}

/** Options of `readSeries`. */
export interface ReadSeriesOptions {
  /** Largest number of records per batch (default 4096). */
  batch?: number;
  /** Require books (6 tickets) or single tickets (1); default: whatever the first record is. */
  ticketsPerRecord?: 1 | 6;
  /** Who reads our own lines: the kernel (default) or the TS baseline; other lines take JSON.parse either way. */
  engine?: "wasm" | "ts";
}

/** Rules of one record's cells (the same as validateBook); false sends it to the slow path for the message. */
function cellsObeyRules(cells: Uint8Array, at: number, tickets: number): boolean {
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
        if (x > 90 || COLUMN_OF[x] !== j) return false;
        filled++;
        const bit = (x - 1) % 30;
        const word = x <= 30 ? low : x <= 60 ? mid : high;
        if ((word >>> bit) & 1) return false;
        if (x <= 30) low |= 1 << bit; else if (x <= 60) mid |= 1 << bit; else high |= 1 << bit;
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

const SERIAL_PREFIX = Buffer.from('{"serial":');
const TICKETS_KEY = Buffer.from('"tickets":');

/**
 * Byte-level parse of our own JSONL line (spaces allowed between tokens, keys in our
 * order) into cells at `at` and the serial into serialWords[2 * index] (low, high 32
 * bits); false when the line is anything else (the caller then takes the general path,
 * which also words the error). One pass, a small state machine: depth 1 is the ticket
 * list, 2 a ticket, 3 a row of 9 cells.
 * (Not validate-fast.ts's fastValidLine: that one takes only the exact canonical bytes
 * and makes ticket keys, this one allows spaces and writes cells; they share the serial
 * digits, serialWordsFromDigits.)
 */
function parseFast(bytes: Uint8Array, start: number, end: number, cells: Uint8Array, at: number, tickets: number, serialWords: Uint32Array, index: number): boolean {
  let i = start;
  while (i < end && bytes[i] === 32) i++;
  for (let k = 0; k < SERIAL_PREFIX.length; k++) if (bytes[i++] !== SERIAL_PREFIX[k]) return false;
  while (i < end && bytes[i] === 32) i++;
  const digitsFrom = i;
  while (i < end && bytes[i]! >= 48 && bytes[i]! <= 57) i++;
  if (!serialWordsFromDigits(bytes, digitsFrom, i, serialWords, 2 * index)) return false;
  while (i < end && bytes[i] === 32) i++;
  if (bytes[i++] !== 44) return false; // ,
  while (i < end && bytes[i] === 32) i++;
  for (let k = 0; k < TICKETS_KEY.length; k++) if (bytes[i++] !== TICKETS_KEY[k]) return false;
  let depth = 0;
  let c = at;
  const last = at + tickets * CELLS_PER_TICKET;
  let inRow = 0;
  let rows = 0;
  let seen = 0; // tickets closed
  let afterValue = false; // a value or ']' was just read: a ',' or ']' must follow
  for (; i < end; i++) {
    const b = bytes[i]!;
    if (b === 32) continue;
    if (b === 44) { // ,
      if (!afterValue) return false;
      afterValue = false;
    } else if (b === 91) { // [
      if (afterValue || depth === 3) return false;
      depth++;
      if (depth === 2) rows = 0;
      else if (depth === 3) inRow = 0;
    } else if (b === 93) { // ]
      if (!afterValue) return false; // no empty lists, no trailing commas
      if (depth === 3) { if (inRow !== 9) return false; rows++; } else if (depth === 2) { if (rows !== 3) return false; seen++; } else break;
      depth--;
      afterValue = true;
    } else if (depth !== 3 || afterValue || c === last) {
      return false;
    } else if (b === 110) { // null
      if (bytes[i + 1] !== 117 || bytes[i + 2] !== 108 || bytes[i + 3] !== 108) return false;
      i += 3;
      cells[c++] = 0;
      inRow++;
      afterValue = true;
    } else if (b >= 49 && b <= 57) {
      let x = b - 48;
      const next = bytes[i + 1]!;
      if (next >= 48 && next <= 57) { x = x * 10 + next - 48; i++; }
      cells[c++] = x;
      inRow++;
      afterValue = true;
    } else {
      return false;
    }
  }
  if (depth !== 1 || seen !== tickets || c !== last) return false;
  for (i++; i < end && bytes[i] === 32; i++);
  if (bytes[i++] !== 125) return false; // }
  while (i < end && (bytes[i] === 32 || bytes[i] === 9)) i++;
  return i === end;
}

/** The general path: JSON.parse, then every rule, or one clear error naming the line. */
function parseSlow(text: string, where: { file: string; line: number }, cells: Uint8Array, at: number, tickets: number | undefined): { serial: bigint; tickets: number } {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    throw new InputError(`not valid JSON: ${quote(text)}`, where, 'one JSON object per line, {"serial": S, "tickets": [...]}');
  }
  if (typeof record !== "object" || record === null || Array.isArray(record)) {
    throw new InputError(`not a record: ${quote(text)}`, where, '{"serial": S, "tickets": [...]}');
  }
  // JSON.parse rounds big numbers: the serial is read from its digits in the text, as validate.ts does.
  const value = (record as { serial?: unknown }).serial;
  const digits = typeof value === "number" ? topLevelNumberText(text, "serial") : undefined;
  if (digits === undefined || !/^\d+$/.test(digits) || BigInt(digits) > MAX_SERIAL) {
    throw new InputError(`serial is ${quote(digits ?? JSON.stringify(value) ?? "missing")}`, where, `a whole-number serial from 0 to ${MAX_SERIAL}`);
  }
  const serial = BigInt(digits);
  const broken = validateBook(record);
  if (broken.length > 0) throw new InputError(broken[0]!.problem, where, broken[0]!.expected);
  const grids = (record as { tickets: (number | null)[][][] }).tickets;
  if (tickets !== undefined && grids.length !== tickets) {
    throw new InputError(`record has ${grids.length} ticket(s)`, where, tickets === 6 ? "6 tickets per record (books), like the rest of the series" : "1 ticket per record, like the rest of the series");
  }
  let c = at;
  for (const grid of grids) for (const row of grid) for (const x of row) cells[c++] = x ?? 0;
  return { serial, tickets: grids.length };
}

/**
 * Reads a series file ('-' for standard input) in batches of records. Constant memory:
 * one 1 MB chunk (more only for a longer line) and one batch.
 */
export function* readSeries(file: string, options: ReadSeriesOptions = {}): Generator<SeriesBatch> {
  text(file, "file");
  optionsObject(options, "options");
  const name = inputName(file);
  const batchSize = options.batch ?? DEFAULT_BATCH;
  let fd: number;
  try {
    fd = file === "-" ? 0 : openSync(file, "r");
  } catch (error) {
    throw readFailure(file, error);
  }
  let per: number | undefined = options.ticketsPerRecord;
  let batch: SeriesBatch | undefined;
  let serialWords: Uint32Array = new Uint32Array(0); // the batch's serials as 32-bit words (little-endian, as every Node platform)
  const newBatch = (tickets: number): SeriesBatch => {
    const made: SeriesBatch = {
      count: 0,
      ticketsPerRecord: tickets,
      cells: new Uint8Array(batchSize * tickets * CELLS_PER_TICKET),
      serials: new BigUint64Array(batchSize),
      lines: new Float64Array(batchSize),
    };
    serialWords = new Uint32Array(made.serials.buffer);
    return made;
  };
  const kernel = (options.engine ?? "wasm") === "wasm"
    ? { chunk: housieKernel().readChunkBytes(), maxRecords: housieKernel().readMaxRecords() }
    : undefined;
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0; // bytes held in buffer
  let line = 0;
  let records = 0;
  const scratch = new Uint8Array(6 * CELLS_PER_TICKET);
  try {
    let eof = false;
    while (!eof) {
      if (filled === buffer.length) {
        if (buffer.length >= MAX_LINE_BYTES) throw new InputError(`line ${line + 1} is longer than ${MAX_LINE_BYTES} bytes`, { file: name }, "one book or ticket per line");
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      let got: number;
      try {
        got = readSync(fd, buffer, filled, buffer.length - filled, null);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") continue;
        if (code === "EOF") got = 0;
        else throw readFailure(file, error);
      }
      if (got === 0) {
        eof = true;
        if (filled > 0 && buffer[filled - 1] !== 10) buffer[filled++] = 10; // a last line without newline (there is room: full buffers grow first)
      }
      filled += got;
      let start = 0;
      for (;;) {
        if (kernel && per !== undefined) {
          // The kernel takes every line it can read; it stops at a full batch or at a line
          // for the general path below (which then handles just that line).
          batch ??= newBatch(per);
          const complete = filled > 0 ? buffer.lastIndexOf(10, filled - 1) + 1 : 0; // (a negative offset would count from the end)
          while (start < complete && complete - start <= kernel.chunk) {
            const k = housieKernel();
            kernelBytes(k.readInputPtr(), complete - start).set(buffer.subarray(start, complete));
            const want = batchSize - batch.count;
            const got = k.parseLines(0, complete - start, per, Math.min(want, kernel.maxRecords));
            const at = batch.count * per * CELLS_PER_TICKET;
            batch.cells.set(kernelBytes(k.readCellsPtr(), got * per * CELLS_PER_TICKET), at);
            batch.serials.set(new BigUint64Array(k.memory.buffer, k.readSerialsPtr(), got), batch.count);
            const lines = new Int32Array(k.memory.buffer, k.readLinesPtr(), got);
            for (let r = 0; r < got; r++) batch.lines[batch.count + r] = line + lines[r]!;
            batch.count += got;
            records += got;
            line += k.readLinesConsumed();
            start += k.readStoppedAt();
            if (batch.count === batchSize) {
              yield batch;
              batch.count = 0;
            } else if (got < Math.min(want, kernel.maxRecords)) {
              break; // a line for the general path
            }
          }
        }
        const end = buffer.indexOf(10, start);
        if (end < 0 || end >= filled) break;
        line++;
        let stop = end;
        if (stop > start && buffer[stop - 1] === 13) stop--;
        let blank = true;
        for (let k = start; k < stop; k++) if (buffer[k] !== 32 && buffer[k] !== 9) { blank = false; break; }
        if (!blank) {
          const where = { file: name, line };
          if (per === undefined) {
            // The first record decides the kind of file.
            const text = buffer.toString("utf8", start, stop);
            per = parseSlow(text, where, scratch, 0, undefined).tickets;
          }
          batch ??= newBatch(per);
          const at = batch.count * per * CELLS_PER_TICKET;
          if (!parseFast(buffer, start, stop, batch.cells, at, per, serialWords, batch.count) || !cellsObeyRules(batch.cells, at, per)) {
            batch.serials[batch.count] = parseSlow(buffer.toString("utf8", start, stop), where, batch.cells, at, per).serial;
          }
          batch.lines[batch.count] = line;
          records++;
          if (++batch.count === batchSize) {
            yield batch;
            batch.count = 0;
          }
        }
        start = end + 1;
      }
      buffer.copy(buffer, 0, start, filled);
      filled -= start;
    }
    if (batch && batch.count > 0) yield batch;
    if (records === 0) throw new InputError("file holds no books or tickets", { file: name, line: 1 }, "one JSON record per line");
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

/** Every ticket of a series file as cells (27 each, a view valid until the next step). */
export function* readSeriesTickets(file: string): Generator<Uint8Array> {
  for (const batch of readSeries(file)) {
    const tickets = batch.count * batch.ticketsPerRecord;
    for (let t = 0; t < tickets; t++) yield batch.cells.subarray(t * CELLS_PER_TICKET, (t + 1) * CELLS_PER_TICKET);
  }
}
