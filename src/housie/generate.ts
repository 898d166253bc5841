// Generation API over the kernel: uniform books or tickets, seeded or from the OS
// CSPRNG, no ticket repeated within a run, numbered by serial.
import { argumentError, countOrInfinity, oneOf, optionalBoolean, optionsObject, wholeNumber } from "../args.js";
import { UsageError } from "../errors.js";
import { housieKernel, housieLayout, kernelBytes } from "./kernel.js";
import { parseSeed, seedState } from "./rng.js";
import { CELLS_PER_TICKET } from "./cells.js";
import { MAX_SERIAL, parseSerial, serialOverflow } from "./serial.js";
import { validateBook } from "./validate.js";

export type Cell = number | null;
/** A ticket: 3 rows of 9 cells, a number or null for a blank. */
export type TicketGrid = Cell[][];
/**
 * A book (6 tickets) or a single ticket (1), with its serial; ticket i's reference is
 * `${serial}-${i + 1}`. Serials are bigint: exact up to MAX_SERIAL (2^64-1).
 */
export interface HousieRecord {
  serial: bigint;
  tickets: TicketGrid[];
}
export type HousieKind = "books" | "tickets";

export interface GenerateOptions {
  /** Seed (0..2^64-1) for the documented xoshiro128** generator; omit for the OS CSPRNG. */
  seed?: bigint | number | string;
  /** Redraw any book or ticket that repeats a ticket issued earlier in the run (default true). */
  unique?: boolean;
  /** Serial of the first book or ticket, 0..2^64-1 (default 1); the last must fit too. */
  firstSerial?: bigint | number | string;
  /** Tickets issued before (e.g. by an earlier run of the series) that this run must not repeat. */
  issued?: Iterable<TicketGrid>;
}

/**
 * A ticket's exact rank among all 3,669,688,706,217,187,500 tickets (0 <= rank < 2^62),
 * the key of the kernel's uniqueness set (assembly/housie/rank.ts). The ticket must
 * keep every rule (a UsageError says which it breaks).
 */
export function ticketRank(ticket: TicketGrid): bigint {
  const broken = validateBook({ tickets: [ticket] });
  if (broken.length > 0) throw new UsageError(`issued ${broken[0]!.problem} (expected ${broken[0]!.expected})`);
  const k = housieKernel();
  const scratch = kernelBytes(k.ticketScratchPtr(), CELLS_PER_TICKET);
  ticket.forEach((row, r) => row.forEach((cell, j) => { scratch[9 * r + j] = cell ?? 0; }));
  return BigInt.asUintN(64, k.ticketRank());
}

export { CELLS_PER_TICKET };
/**
 * Most tickets one run can remember: the set's 8-byte slots (a ticket's exact rank), at
 * most half full, 2^25 slots (256 MB). Beyond that: `unique: false`, or separate runs
 * (each unique within itself).
 */
export const MAX_UNIQUE_TICKETS = 2 ** 24;
let activeRun: HousieRun | undefined;

/** The error for a unique run asked for more than MAX_UNIQUE_TICKETS tickets. */
export function uniqueLimitError(): UsageError {
  return new UsageError(`a run can keep at most ${MAX_UNIQUE_TICKETS} tickets unique (about ${Math.floor(MAX_UNIQUE_TICKETS / 6)} books); use separate runs or --no-unique`);
}

/** Checks one call of a run for `count` records (at most `limit`) from serial `serial` on. */
export function checkBatchRequest(count: number, limit: number, serial: bigint): void {
  if (!Number.isInteger(count) || count < 0 || count > limit) throw new RangeError(`batch of ${count} records (1..${limit})`);
  const overflow = serialOverflow(serial, count);
  if (overflow !== undefined) throw new UsageError(overflow);
}

export const SUPERSEDED = "housie: this run was superseded by a newer run in the same process";

/**
 * A run of generation in the (single, per process) kernel. Starting a run ends the
 * previous one: its uniqueness set and random state belong to the new run, and the old
 * run (and any iterator over it) throws SUPERSEDED at its next record.
 */
export class HousieRun {
  readonly kind: HousieKind;
  readonly ticketsPerRecord: number;
  private serial: bigint;
  private readonly unique: boolean;

  constructor(kind: HousieKind, options: GenerateOptions = {}) {
    this.kind = oneOf(kind, "kind", ["books", "tickets"] as const);
    options = optionsObject<GenerateOptions>(options, "options");
    optionalBoolean(options.unique, "unique");
    if (options.issued !== undefined && typeof (options.issued as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] !== "function") throw argumentError("issued", "an iterable of tickets", options.issued);
    this.ticketsPerRecord = kind === "books" ? 6 : 1;
    const serial = parseSerial(options.firstSerial ?? 1n);
    if (serial === undefined) throw new UsageError(`first serial must be a whole number from 0 to ${MAX_SERIAL} (2^64-1), got ${String(options.firstSerial)}`);
    this.serial = serial;
    this.unique = options.unique ?? true;
    const k = housieKernel();
    k.startRun();
    if (options.seed === undefined) {
      k.useSystemRandom();
    } else {
      const [a, b, c, d] = seedState(parseSeed(options.seed));
      k.setSeedState(a, b, c, d);
    }
    for (const ticket of options.issued ?? []) k.markIssuedRank(ticketRank(ticket));
    activeRun = this;
  }

  /**
   * Tells the run how many more records it will make, so that the uniqueness set is sized
   * once (no effect on the output; without it the set grows as needed).
   */
  reserve(records: number): void {
    countOrInfinity(records, "records");
    if (!this.unique || !(records > 0)) return;
    const k = housieKernel();
    // Refused here, before the set grows: more than the set can ever hold.
    if (k.issuedCount() + records * this.ticketsPerRecord > MAX_UNIQUE_TICKETS) throw uniqueLimitError();
    k.reserveIssued(Math.min(MAX_UNIQUE_TICKETS, k.issuedCount() + Math.min(records, MAX_UNIQUE_TICKETS) * this.ticketsPerRecord));
  }

  /** Whether the run keeps its tickets unique. */
  get isUnique(): boolean {
    return this.unique;
  }

  /** Serial the next record will carry. */
  get nextSerial(): bigint {
    return this.serial;
  }

  /** Largest number of records one call may ask for. */
  get batchLimit(): number {
    const batch = housieLayout().batch;
    return this.kind === "books" ? batch : 6 * batch;
  }

  /** True until a newer run starts in this process. */
  get active(): boolean {
    return activeRun === this;
  }

  private generate(count: number): number {
    if (activeRun !== this) throw new Error(SUPERSEDED);
    checkBatchRequest(count, this.batchLimit, this.serial);
    const k = housieKernel();
    if (this.unique && k.issuedCount() + count * this.ticketsPerRecord > MAX_UNIQUE_TICKETS) throw uniqueLimitError();
    if (this.kind === "books") k.generateBooks(count, this.unique ? 1 : 0);
    else k.generateTickets(count, this.unique ? 1 : 0);
    return count;
  }

  /** The next `count` records as raw cells (27 per ticket, 0 = blank), copied. */
  nextCells(count: number): { firstSerial: bigint; cells: Uint8Array } {
    this.generate(count);
    const firstSerial = this.serial;
    this.serial += BigInt(count);
    return { firstSerial, cells: kernelBytes(housieKernel().cellsPtr(), count * this.ticketsPerRecord * CELLS_PER_TICKET).slice() };
  }

  /** The next `count` records as JSON Lines bytes (a view, valid until the next call). */
  nextJsonl(count: number): Uint8Array {
    this.generate(count);
    const k = housieKernel();
    const length = k.formatJsonl(count, this.ticketsPerRecord, BigInt.asIntN(64, this.serial)); // u64 in the kernel
    this.serial += BigInt(count);
    return kernelBytes(k.textPtr(), length);
  }

  /** Books or tickets redrawn because they repeated an issued ticket. */
  get redraws(): number {
    return Number(housieKernel().redrawCount());
  }
}

/** Ticket grids from raw cells. */
export function ticketsFromCells(cells: Uint8Array, offset: number, count: number): TicketGrid[] {
  const tickets: TicketGrid[] = [];
  for (let t = 0; t < count; t++) {
    const grid: TicketGrid = [];
    for (let r = 0; r < 3; r++) {
      const row: Cell[] = [];
      for (let j = 0; j < 9; j++) {
        const x = cells[offset + t * CELLS_PER_TICKET + 9 * r + j]!;
        row.push(x === 0 ? null : x);
      }
      grid.push(row);
    }
    tickets.push(grid);
  }
  return tickets;
}

/**
 * Records from a run, `count` of them (or without end), in batches. The run starts at
 * the first `next()`; once a newer run starts, the next `next()` throws SUPERSEDED (as
 * HousieRun does), even within a batch already made.
 */
export function* iterateRecords(kind: HousieKind, count: number = Infinity, options: GenerateOptions = {}): Generator<HousieRecord> {
  countOrInfinity(count, "count");
  const run = new HousieRun(kind, options);
  if (count !== Infinity) {
    if (run.isUnique && count * run.ticketsPerRecord > MAX_UNIQUE_TICKETS) throw uniqueLimitError();
    const overflow = serialOverflow(run.nextSerial, count);
    if (overflow !== undefined) throw new UsageError(overflow);
    run.reserve(count);
  }
  let left = count;
  while (left > 0) {
    const batch = Math.min(left, 256, run.batchLimit);
    const { firstSerial, cells } = run.nextCells(batch);
    const per = run.ticketsPerRecord;
    for (let i = 0; i < batch; i++) {
      if (!run.active) throw new Error(SUPERSEDED);
      yield { serial: firstSerial + BigInt(i), tickets: ticketsFromCells(cells, i * per * CELLS_PER_TICKET, per) };
    }
    left -= batch;
  }
}

/** Records one array may hold (generateBooks/generateTickets); iterateBooks/iterateTickets stream any number. */
export const MAX_ARRAY_RECORDS = 2 ** 22;

/** Books uniform over all ordered books, none sharing a ticket with an earlier one. */
export function generateBooks(n: number, options: GenerateOptions = {}): HousieRecord[] {
  return [...iterateBooks(wholeNumber(n, "n", 0, MAX_ARRAY_RECORDS), options)];
}

/** Tickets uniform over all distinct tickets, none repeating. */
export function generateTickets(n: number, options: GenerateOptions = {}): HousieRecord[] {
  return [...iterateTickets(wholeNumber(n, "n", 0, MAX_ARRAY_RECORDS), options)];
}

export function iterateBooks(n: number = Infinity, options: GenerateOptions = {}): Generator<HousieRecord> {
  return iterateRecords("books", n, options);
}

export function iterateTickets(n: number = Infinity, options: GenerateOptions = {}): Generator<HousieRecord> {
  return iterateRecords("tickets", n, options);
}
