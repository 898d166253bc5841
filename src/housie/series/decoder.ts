// The one series codec: reads our JSONL series (one {"serial":S,"tickets":[...]} per
// line) for every reader alike — `housie validate` (every violation), and check, audit,
// claims and --unique-against (records in batches of raw cells, stopping at the first
// violation). One file, one verdict: the same lines, the same rules, the same messages.
//
//   framing    bytes -> lines: split on "\n"; a UTF-8 byte-order mark at the very start
//              of the file is skipped, one anywhere else is an error; a line of only
//              spaces, tabs and CRs is blank; a line over MAX_LINE_BYTES is an error.
//   fast path  the kernel's parseLines (assembly/housie/read.ts), or its TS twin
//              (fast-line.ts + rules.ts cellsObeyRules): a line it reads breaks no rule.
//   slow path  any other line: JSON.parse and every rule worded (rules.ts validateBook).
//   repeats    serials (counting-up runs by their bounds, the rest in a set) and tickets
//              (their exact keys in a set) repeated anywhere in the file.
//   games      a night's records (housie books --games) end in "game":N,"gameName":"…":
//              the slow path reads them (the fast paths take only records without), and
//              batches carry each record's game number (0: none) and the names by number.
//
// Memory: one 2 MB buffer, one batch, and the two repeat sets: 12 bytes a serial slot
// (a counting-up series needs none) and 20 a ticket slot, at most half full.
import { InputError } from "../../errors.js";
import { argumentError, oneOf, optionalBoolean, wholeNumber } from "../../args.js";
import { shorten } from "../../io/quote.js";
import { CELLS_PER_TICKET, ticketToCells, type SeriesBatch, type TicketGrid } from "../model/cells.js";
import { housieKernel, kernelBytes } from "../kernel.js";
import { WordKeySet } from "./key-set.js";
import { MAX_SERIAL } from "../model/serial.js";
import { cellsObeyRules, describeValue, ticketKeyFromCells, topLevelNumberText, validateBook, validTicketKey, type Violation } from "../model/rules.js";
import { parseLineTs } from "./fast-line.js";

/** Longest line read; a book line as `housie` writes it takes under 1 KB. */
export const MAX_LINE_BYTES = 1 << 20;
/** What a line should be, in messages. */
export const EXPECTED_RECORD = 'one JSON object per line, {"serial": ..., "tickets": [...]}';
const DEFAULT_BATCH = 4096;
/** Records checked for repeats together (their set slots touched first): 256 books' keys fit a core's cache. */
const REPEAT_WINDOW = 256;
/** Bytes taken from the input at a time (then the complete lines among them are read). */
const CHUNK_BYTES = 1 << 20;
/** The most the buffer holds: a chunk, the longest line, its newline and one byte kept free. */
const BUFFER_BYTES = CHUNK_BYTES + MAX_LINE_BYTES + 2;

/** Options of the decoder. */
export interface SeriesDecoderOptions {
  /** Told every violation, in file order; a reader throws (seriesError) to stop at the first. */
  report: (v: Violation) => void;
  /** Try a fast path on each line first (default true); false = every line by the slow path. */
  fast?: boolean;
  /** The fast path: the kernel or its TS twin; default the kernel where it is loaded (or loads synchronously), else TS. */
  engine?: "wasm" | "ts";
  /** Largest number of records per batch (default 4096). */
  batch?: number;
  /** Records must be books (6) or single tickets (1): another kind is an error (the audit reads books). */
  ticketsPerRecord?: 1 | 6;
  /** Input size in bytes, if known: the repeat sets are sized for it at once. */
  bytes?: number;
}

/**
 * A violation as the error that stops a reader: `file:line: problem (expected …) [rule]`, as `housie validate` prints it.
 *
 * @example
 * ```ts
 * import { readSeriesText, SeriesInputError } from "tabula-grids";
 *
 * let caught;
 * try {
 *   [...readSeriesText('{"serial":1,"tickets":[]}\n', { source: "night.jsonl" })];
 * } catch (error) {
 *   caught = error;
 * }
 * caught instanceof SeriesInputError; // true, and an InputError
 * caught.message; // "night.jsonl:1: record has 0 tickets (expected 6 tickets (a book) or 1 (a single ticket)) [shape]"
 * ```
 */
export class SeriesInputError extends InputError {
  /** The rule broken (HousieRule). */
  readonly rule: Violation["rule"];

  /**
   * @param v the violation
   * @param file the file's name, for the message
   */
  constructor(v: Violation, file: string) {
    super(v.problem, { file, line: v.line ?? 1 }, v.expected);
    this.rule = v.rule;
    this.message = `${this.message} [${v.rule}]`;
  }
}

interface Batch extends SeriesBatch {
  games: Uint8Array;
  /** The serials as 32-bit words (low, high; little-endian, as every host that runs this). */
  serialWords: Uint32Array;
  /** Scratch for the tickets' keys while checking repeats. */
  keys: Uint32Array;
}

const kernelUsable = (engine: "wasm" | "ts" | undefined): boolean => {
  if (engine === "ts") return false;
  if (engine === "wasm") {
    housieKernel(); // its errors are the caller's
    return true;
  }
  try {
    housieKernel();
    return true;
  } catch {
    return false; // a browser before ready(): the TS twin serves
  }
};

/**
 * Decodes a series fed as byte chunks: `write` each chunk, then `end`; both yield the
 * batches of records that filled (a batch is valid until the next step), each checked
 * for repeats before it is handed out. Violations go to `report` in file order.
 */
export class SeriesDecoder {
  /** Records (JSON objects) read, valid or not. */
  records = 0;
  /** Tickets of records of a valid shape. */
  tickets = 0;
  /** Violations reported. */
  broken = 0;
  /** Lines taken by a fast path. */
  fastLines = 0;
  private readonly report: (v: Violation) => void;
  private readonly fast: boolean;
  private readonly useKernel: boolean;
  private readonly batchSize: number;
  private readonly required: 1 | 6 | undefined;
  private buffer = new Uint8Array(1 << 16); // grows to BUFFER_BYTES as chunks come

  private filled = 0;
  private line = 0;
  private started = false; // the first line was seen (a byte-order mark is looked for there only)
  private skipping = false; // inside an over-long line, until its newline
  private per: number | undefined; // tickets per record of the current batch
  private batch: Batch | undefined;
  private readonly batches = new Map<number, Batch>(); // one per kind, kept for files that mix books and tickets
  private checked = 0; // records of the batch already checked for repeats
  private readonly decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  private readonly serials: WordKeySet;
  private readonly ticketKeys: WordKeySet;
  private readonly otherTickets = new Map<string, number>(); // tickets that break a rule
  private readonly gameNames: string[] = []; // the games' names by number, as first seen
  private readonly serialWords = new Uint32Array(2);
  private readonly keyWords = new Uint32Array(4);
  // Serials of consecutive lines that count up by one from the first line form a run,
  // checked by its bounds alone; the first line that breaks it freezes the run, and
  // that serial and every later one go to the set as well.
  private runFirst = -1; // first serial of the run (-1: none yet)
  private runLast = -1;
  private runLine = 0; // line of the run's first serial
  private runLive = true;

  constructor(options: SeriesDecoderOptions) {
    // The options of every public entry (readSeries, the validators) are checked here, once.
    this.report = options.report;
    this.fast = optionalBoolean(options.fast, "options.fast") ?? true;
    const engine = options.engine === undefined ? undefined : oneOf(options.engine, "options.engine", ["wasm", "ts"] as const);
    this.useKernel = this.fast && kernelUsable(engine);
    this.batchSize = options.batch === undefined ? DEFAULT_BATCH : wholeNumber(options.batch, "options.batch", 1, 1 << 20);
    if (options.ticketsPerRecord !== undefined && options.ticketsPerRecord !== 1 && options.ticketsPerRecord !== 6) {
      throw argumentError("options.ticketsPerRecord", "1 or 6", options.ticketsPerRecord);
    }
    this.required = options.ticketsPerRecord;
    const bytes = options.bytes === undefined ? 0 : wholeNumber(options.bytes, "options.bytes");
    // A book line as written takes about 700 bytes (115 per ticket): sized at once, the
    // ticket set does not grow (and copy itself) on the way.
    const records = Math.min(bytes, 2 ** 31) / 680;
    this.serials = new WordKeySet(2, records / 64);
    this.ticketKeys = new WordKeySet(4, records * 6);
  }

  /** Feeds the next bytes of the file; yields the batches that filled. */
  *write(chunk: Uint8Array): Generator<SeriesBatch> {
    let from = 0;
    while (from < chunk.length) {
      if (this.skipping) {
        const newline = chunk.indexOf(10, from);
        if (newline < 0) return;
        this.skipping = false;
        from = newline + 1;
        continue;
      }
      const room = this.buffer.length - 1 - this.filled;
      if (room < chunk.length - from && this.buffer.length < BUFFER_BYTES) {
        let size = this.buffer.length;
        while (size - 1 - this.filled < chunk.length - from && size < BUFFER_BYTES) size *= 2;
        const bigger = new Uint8Array(Math.min(size, BUFFER_BYTES));
        bigger.set(this.buffer.subarray(0, this.filled));
        this.buffer = bigger;
      }
      const take = Math.min(chunk.length - from, this.buffer.length - 1 - this.filled);
      this.buffer.set(chunk.subarray(from, from + take), this.filled);
      this.filled += take;
      from += take;
      yield* this.drain(false);
    }
  }

  /** Ends the file (a last line without a newline is read); yields the last batches. */
  *end(): Generator<SeriesBatch> {
    if (!this.skipping) yield* this.drain(true);
    yield* this.flushBatch();
    if (this.records === 0 && this.broken === 0) {
      this.push({ rule: "shape", problem: "file holds no books or tickets", expected: "one JSON record per line", line: 1 });
    }
  }

  private push(v: Violation): void {
    this.broken++;
    this.report(v);
  }

  /** Reads the complete lines held (all of them at the end), keeps the rest. */
  private *drain(final: boolean): Generator<SeriesBatch> {
    const buf = this.buffer;
    if (final && this.filled > 0 && buf[this.filled - 1] !== 10) buf[this.filled++] = 10; // (there is room: one byte is kept free)
    const filled = this.filled;
    const complete = filled > 0 ? buf.lastIndexOf(10, filled - 1) + 1 : 0; // (a negative offset would count from the end)
    let start = 0;
    if (!this.started && complete > 0) {
      this.started = true;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3; // a byte-order mark opening the file
    }
    while (start < complete) {
      if (this.useKernel && this.per !== undefined) {
        start = yield* this.kernelLines(start, complete);
        if (start >= complete) break;
      }
      const end = buf.indexOf(10, start);
      this.line++;
      yield* this.oneLine(start, end);
      start = end + 1;
    }
    buf.copyWithin(0, start, filled);
    this.filled = filled - start;
    if (this.filled > MAX_LINE_BYTES) {
      // a line too long, seen before its end
      this.started = true; // (the file's first line: a mark opening the next one is not the file's)
      this.line++;
      this.overlong();
      this.filled = 0;
      this.skipping = true;
    }
  }

  private overlong(): void {
    this.checkRepeats();
    this.push({
      rule: "json",
      problem: `line is longer than ${MAX_LINE_BYTES} bytes`,
      expected: `${EXPECTED_RECORD} (a book takes under 1 KB)`,
      line: this.line,
    });
  }

  private batchFor(per: number): Batch {
    if (this.batch && this.batch.ticketsPerRecord === per) return this.batch;
    const kept = this.batches.get(per);
    if (kept) {
      kept.count = 0;
      this.checked = 0;
      return (this.batch = kept);
    }
    const serials = new BigUint64Array(this.batchSize);
    this.batch = {
      count: 0,
      ticketsPerRecord: per,
      cells: new Uint8Array(this.batchSize * per * CELLS_PER_TICKET),
      serials,
      lines: new Float64Array(this.batchSize),
      games: new Uint8Array(this.batchSize),
      gameNames: this.gameNames,
      serialWords: new Uint32Array(serials.buffer),
      keys: new Uint32Array(this.batchSize * per * 4),
    };
    this.batches.set(per, this.batch);
    this.checked = 0;
    return this.batch;
  }

  /** Checks the batch's records for repeats and hands it out, if it holds any. */
  private *flushBatch(): Generator<SeriesBatch> {
    this.checkRepeats();
    const batch = this.batch;
    if (!batch || batch.count === 0) return;
    yield batch;
    batch.count = 0;
    this.checked = 0;
  }

  /**
   * The kernel reads every line it can from [start, complete), in pieces of its input
   * size, into the batch; returns where it stopped: `complete`, or a line for oneLine.
   */
  private *kernelLines(start: number, complete: number): Generator<SeriesBatch, number> {
    const k = housieKernel();
    const per = this.per!;
    const chunk = k.readChunkBytes();
    const maxRecords = k.readMaxRecords();
    const buf = this.buffer;
    while (start < complete) {
      let pieceEnd = complete;
      if (pieceEnd - start > chunk) {
        pieceEnd = buf.lastIndexOf(10, start + chunk - 1) + 1;
        if (pieceEnd <= start) return start; // one line longer than the kernel's input
      }
      const batch = this.batchFor(per);
      const want = Math.min(this.batchSize - batch.count, maxRecords);
      kernelBytes(k.readInputPtr(), pieceEnd - start).set(buf.subarray(start, pieceEnd));
      const got = k.parseLines(0, pieceEnd - start, per, want);
      batch.cells.set(kernelBytes(k.readCellsPtr(), got * per * CELLS_PER_TICKET), batch.count * per * CELLS_PER_TICKET);
      batch.serials.set(new BigUint64Array(k.memory.buffer, k.readSerialsPtr(), got), batch.count);
      batch.keys.set(new Uint32Array(k.memory.buffer, k.readKeysPtr(), got * per * 4), batch.count * per * 4);
      const lines = new Int32Array(k.memory.buffer, k.readLinesPtr(), got);
      for (let r = 0; r < got; r++) batch.lines[batch.count + r] = this.line + lines[r]!;
      batch.games.fill(0, batch.count, batch.count + got);
      batch.count += got;
      this.records += got;
      this.tickets += got * per;
      this.fastLines += got;
      this.line += k.readLinesConsumed();
      const stopped = start + k.readStoppedAt();
      if (batch.count === this.batchSize) yield* this.flushBatch();
      else if (got < want && stopped < pieceEnd) return stopped; // a line for the slow path
      start = stopped;
    }
    return start;
  }

  /** One line [start, end) (without its newline): blank, the TS fast path, or the slow path. */
  private *oneLine(start: number, end: number): Generator<SeriesBatch> {
    const buf = this.buffer;
    if (end - start > MAX_LINE_BYTES) return this.overlong();
    let blank = true;
    for (let i = start; i < end; i++) {
      const b = buf[i]!;
      if (b !== 32 && b !== 9 && b !== 13) {
        blank = false;
        break;
      }
    }
    if (blank) return;
    const per = this.per;
    if (this.fast && !this.useKernel && per !== undefined) {
      const stop = end > start && buf[end - 1] === 13 ? end - 1 : end;
      const batch = this.batchFor(per);
      const at = batch.count * per * CELLS_PER_TICKET;
      if (parseLineTs(buf, start, stop, batch.cells, at, per, batch.serialWords, batch.count) && cellsObeyRules(batch.cells, at, per)) {
        batch.games[batch.count] = 0;
        batch.lines[batch.count++] = this.line;
        this.records++;
        this.tickets += per;
        this.fastLines++;
        if (batch.count === this.batchSize) yield* this.flushBatch();
        return;
      }
    }
    yield* this.slowLine(this.decoder.decode(buf.subarray(start, end)));
  }

  /** Checks the records of the batch not yet checked for repeated serials and tickets, in line order. */
  private checkRepeats(): void {
    const batch = this.batch;
    if (!batch) return;
    const n = batch.count;
    if (this.checked >= n) return;
    const per = batch.ticketsPerRecord;
    // A window at a time: its keys made and their home slots touched first, so that the
    // set's cache misses overlap, then added while those slots are still in cache.
    for (let from = this.checked; from < n; from += REPEAT_WINDOW) {
      const to = Math.min(n, from + REPEAT_WINDOW);
      let touched = 0;
      for (let r = from; r < to; r++) {
        if (!this.runLive) touched |= this.serials.touch(batch.serialWords, 2 * r);
        for (let t = 0; t < per; t++) {
          const i = r * per + t;
          // (The kernel wrote its records' keys; the records left here are all its own when it reads.)
          if (!this.useKernel) ticketKeyFromCells(batch.cells, i * CELLS_PER_TICKET, batch.keys, 4 * i);
          touched |= this.ticketKeys.touch(batch.keys, 4 * i);
        }
      }
      if (touched === -1) this.fastLines += 0; // keeps the reads
      for (let r = from; r < to; r++) {
        const line = batch.lines[r]!;
        const first = this.serialSeen(batch.serialWords, 2 * r, line);
        if (first !== 0) this.repeatedSerial(batch.serials[r]!, first, line);
        for (let t = 0; t < per; t++) {
          const earlier = this.ticketKeys.add(batch.keys, 4 * (r * per + t), line);
          if (earlier !== 0) this.repeatedTicket(t, earlier, line);
        }
      }
      this.checked = to;
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

  private repeatedSerial(serial: bigint, first: number, line: number): void {
    this.push({ rule: "duplicate-serial", problem: `serial ${serial} repeats line ${first}`, expected: "each serial once in a file", line });
  }

  private repeatedTicket(t: number, first: number, line: number): void {
    this.push({ rule: "duplicate-ticket", problem: `ticket ${t + 1} repeats a ticket of line ${first}`, expected: "no ticket twice in a file", line });
  }

  /** A record's game number (0: none), its name kept; a bad or renamed game is a violation. */
  private gameOf(record: { game?: unknown; gameName?: unknown }, line: number): number {
    const { game, gameName } = record;
    if (game === undefined && gameName === undefined) return 0;
    const expected = 'a game number from 1 to 12 and its name, "game":2,"gameName":"Blue", as housie books --games writes them';
    if (
      typeof game !== "number" ||
      !Number.isInteger(game) ||
      game < 1 ||
      game > 12 ||
      typeof gameName !== "string" ||
      gameName.trim() === "" ||
      gameName.length > 80
    ) {
      this.push({
        rule: "shape",
        problem: `game is ${game === undefined ? "missing" : describeValue(game)} and gameName ${gameName === undefined ? "missing" : describeValue(gameName)}`,
        expected,
        line,
      });
      return 0;
    }
    const before = this.gameNames[game];
    if (before !== undefined && before !== gameName) {
      this.push({
        rule: "shape",
        problem: `game ${game} is named ${shorten(JSON.stringify(gameName))} here and ${shorten(JSON.stringify(before))} before`,
        expected: "one name for each game number in a series",
        line,
      });
      return 0;
    }
    this.gameNames[game] = gameName;
    return game;
  }

  /** The slow path: JSON.parse and every rule in turn, each violation worded; a record that breaks none joins the batch. */
  private *slowLine(raw: string): Generator<SeriesBatch> {
    this.checkRepeats(); // earlier lines' findings come first
    const line = this.line;
    const before = this.broken;
    let record: unknown;
    try {
      record = JSON.parse(raw);
    } catch {
      if (/^[ \t]*\uFEFF/.test(raw)) {
        this.push({
          rule: "json",
          problem: "a byte-order mark (U+FEFF) inside the file",
          expected: "a UTF-8 byte-order mark only at the very start of the file",
          line,
        });
      } else {
        this.push({ rule: "json", problem: "not valid JSON", expected: EXPECTED_RECORD, line });
      }
      return;
    }
    this.records++;
    if (record === null || typeof record !== "object" || Array.isArray(record)) {
      this.push({ rule: "shape", problem: `record is ${describeValue(record)}`, expected: EXPECTED_RECORD, line });
      return;
    }
    const serial = (record as { serial?: unknown }).serial;
    const digits = typeof serial === "number" ? topLevelNumberText(raw, "serial") : undefined;
    let value: bigint | undefined;
    if (digits === undefined || !/^\d+$/.test(digits) || BigInt(digits) > MAX_SERIAL) {
      const shown = digits ?? (serial === undefined ? "missing" : describeValue(serial));
      this.push({ rule: "serial", problem: `serial is ${shorten(shown)}`, expected: `a whole-number serial from 0 to ${MAX_SERIAL}`, line });
    } else {
      value = BigInt(digits);
      this.serialWords[0] = Number(value & 0xffffffffn);
      this.serialWords[1] = Number(value >> 32n);
      const first = this.serialSeen(this.serialWords, 0, line);
      if (first !== 0) this.repeatedSerial(value, first, line);
    }
    const broken = validateBook(record);
    for (const v of broken) this.push({ ...v, line });
    const game = this.gameOf(record as { game?: unknown; gameName?: unknown }, line);
    const list = (record as { tickets?: unknown }).tickets;
    if (!Array.isArray(list) || broken.some((v) => v.rule === "shape")) return;
    const grids = list as TicketGrid[];
    grids.forEach((t, i) => {
      this.tickets++;
      let first: number;
      if (validTicketKey(t, this.keyWords, 0)) {
        first = this.ticketKeys.add(this.keyWords, 0, line);
      } else {
        const key = JSON.stringify(t);
        first = this.otherTickets.get(key) ?? 0;
        if (first === 0) this.otherTickets.set(key, line);
      }
      if (first !== 0) this.repeatedTicket(i, first, line);
    });
    if (this.broken !== before || value === undefined) return;
    // A valid record: into the batch (its repeats are checked already).
    const per = grids.length;
    if (this.required !== undefined && per !== this.required) {
      this.push({
        rule: "shape",
        problem: `record has ${per} ticket(s)`,
        expected: this.required === 6 ? "books (6 tickets per record) here" : "single tickets (1 per record) here",
        line,
      });
      return;
    }
    if (this.batch && this.batch.ticketsPerRecord !== per) yield* this.flushBatch(); // books after tickets, or the other way
    this.per = per;
    const batch = this.batchFor(per);
    const at = batch.count * per * CELLS_PER_TICKET;
    grids.forEach((grid, t) => ticketToCells(grid, batch.cells, at + t * CELLS_PER_TICKET));
    batch.serials[batch.count] = value;
    batch.games[batch.count] = game;
    batch.lines[batch.count++] = line;
    this.checked = batch.count;
    if (batch.count === this.batchSize) yield* this.flushBatch();
  }
}
