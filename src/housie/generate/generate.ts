// Generation API over the kernel: uniform books or tickets, seeded or from the OS
// CSPRNG, no ticket repeated within a run, numbered by serial.
import { argumentError, countOrInfinity, describeValue, oneOf, optionalBoolean, optionKeys, optionsObject, wholeNumber } from "../../args.js";
import { UsageError } from "../../errors.js";
import { housieKernel, housieLayout, housieModule, kernelBytes, type HousieKernel } from "../kernel.js";
import { parseSeed, seedState } from "../../core/random.js";
import { CELLS_PER_TICKET, ticketsFromCells, ticketsPerRecord, ticketToCells, type TicketGrid, type HousieKind, type HousieRecord } from "../model/cells.js";
import { MAX_SERIAL, parseSerial, serialOverflow } from "../model/serial.js";
import { validateBook } from "../model/rules.js";
import { housieConstants } from "../../wasm/generated/housie.js";

/**
 * Most tickets one run can remember: the set's 8-byte slots (a ticket's exact rank), at
 * most half full, 2^25 slots (256 MB). Beyond that: `unique: false`, or separate runs
 * (each unique within itself). The kernel's MAX_UNIQUE_TICKETS (2^24).
 */
export const MAX_UNIQUE_TICKETS: number = housieConstants.MAX_UNIQUE_TICKETS;

/** Options of the housie generators: the seed (default: the OS CSPRNG), the first serial, uniqueness and tickets issued earlier. */
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
 *
 * @param ticket the ticket's 3 rows of 9 cells (null where blank)
 * @example
 * ```ts
 * import { generateTickets, ticketRank } from "tabula-grids";
 *
 * ticketRank(generateTickets(1, { seed: 1n })[0].tickets[0]); // 1819242223864190785n
 * ```
 */
export function ticketRank(ticket: TicketGrid): bigint {
  const broken = validateBook({ tickets: [ticket] });
  if (broken.length > 0) throw new UsageError(`issued ${broken[0]!.problem} (expected ${broken[0]!.expected})`);
  const k = housieKernel();
  const scratch = kernelBytes(k.ticketScratchPtr(), CELLS_PER_TICKET);
  ticketToCells(ticket, scratch, 0);
  return BigInt.asUintN(64, k.ticketRank());
}

/** The error for a unique run asked for more than MAX_UNIQUE_TICKETS tickets. */
export function uniqueLimitError(): UsageError {
  return new UsageError(
    `a run can keep at most ${MAX_UNIQUE_TICKETS} tickets unique (about ${Math.floor(MAX_UNIQUE_TICKETS / 6)} books); use separate runs or --no-unique`,
  );
}

/** Checks one call of a run for `count` records (at most `limit`) from serial `serial` on. */
export function checkBatchRequest(count: number, limit: number, serial: bigint): void {
  if (!Number.isInteger(count) || count < 0 || count > limit) throw new RangeError(`batch of ${count} records (1..${limit})`);
  const overflow = serialOverflow(serial, count);
  if (overflow !== undefined) throw new UsageError(overflow);
}

/**
 * What a run throws once its kernel instance failed (a trap leaves the instance's state
 * half-updated, so it is dropped). Runs no longer end one another: each has its own
 * instance.
 */
export const SUPERSEDED = "housie: this run's kernel instance failed and was dropped; start a new run";

// Instances of runs that were closed, kept for the next runs: the book sampler's tables
// are built once per instance (~45 ms CPU), instantiating costs ~8 ms. Two at most.
const idleInstances: HousieKernel[] = [];
const MAX_IDLE_INSTANCES = 2;
/** Instances one of whose calls trapped: their state is broken, they are never used again. */
const trappedInstances = new WeakSet<object>();

function runInstance(): HousieKernel {
  const k: HousieKernel = idleInstances.pop() ?? housieModule.instantiate(() => trappedInstances.add(k));
  return k;
}

/**
 * A run of generation in a kernel instance of its own (the module is compiled once per
 * thread; instantiating costs well under a millisecond): its uniqueness set and random
 * state are its own, so any number of runs may be held and interleaved at once.
 *
 * @example
 * ```ts
 * import { HousieRun } from "tabula-grids";
 *
 * const run = new HousieRun("books", { seed: 1n });
 * const { firstSerial, cells } = run.nextCells(2); // two books as raw cells, 27 a ticket
 * firstSerial; // 1n
 * cells.length; // 324
 * new TextDecoder().decode(run.nextJsonl(1)).startsWith('{"serial":3,'); // true: the third book as a JSON line
 * run.close();
 * ```
 */
export class HousieRun {
  readonly kind: HousieKind;
  readonly ticketsPerRecord: number;
  /** This run's own kernel instance. */
  readonly kernel: HousieKernel;
  private serial: bigint;
  private readonly unique: boolean;
  private closed = false;

  /** A call into this.kernel trapped (the instance's state is broken). */
  private get trapped(): boolean {
    return trappedInstances.has(this.kernel);
  }

  /**
   * @param kind "books" or "tickets"
   * @param options `seed` (omitted: the OS CSPRNG), `firstSerial`, `unique`, tickets `issued` before
   */
  constructor(kind: HousieKind, options: GenerateOptions = {}) {
    this.kind = oneOf(kind, "kind", ["books", "tickets"] as const);
    options = optionsObject<GenerateOptions>(options, "options", optionKeys<GenerateOptions>({ seed: true, unique: true, firstSerial: true, issued: true }));
    optionalBoolean(options.unique, "unique");
    if (options.issued !== undefined && typeof (options.issued as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] !== "function")
      throw argumentError("issued", "an iterable of tickets", options.issued);
    this.ticketsPerRecord = ticketsPerRecord(this.kind);
    const serial = parseSerial(options.firstSerial ?? 1n);
    if (serial === undefined)
      throw new UsageError(`first serial must be a whole number from 0 to ${MAX_SERIAL} (2^64-1), got ${describeValue(options.firstSerial)}`);
    this.serial = serial;
    this.unique = options.unique ?? true;
    const k = (this.kernel = runInstance());
    k.startRun();
    if (options.seed === undefined) {
      k.useSystemRandom();
    } else {
      const [a, b, c, d] = seedState(parseSeed(options.seed));
      k.setSeedState(a, b, c, d);
    }
    for (const ticket of options.issued ?? []) k.markIssuedRank(ticketRank(ticket));
  }

  /**
   * Tells the run how many more records it will make, so that the uniqueness set is sized
   * once (no effect on the output; without it the set grows as needed).
   */
  reserve(records: number): void {
    countOrInfinity(records, "records");
    if (!this.unique || !(records > 0)) return;
    const k = this.kernel;
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

  /** True until a call into the run's kernel instance failed, or the run was closed. */
  get active(): boolean {
    return !this.trapped && !this.closed;
  }

  /**
   * Ends the run and hands its kernel instance to a later run (its tables already built).
   * Optional: an unclosed run's instance is collected with it.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.trapped && idleInstances.length < MAX_IDLE_INSTANCES) idleInstances.push(this.kernel);
  }

  private generate(count: number): number {
    if (this.trapped) throw new Error(SUPERSEDED);
    if (this.closed) throw new Error("housie: this run was closed");
    checkBatchRequest(count, this.batchLimit, this.serial);
    const k = this.kernel;
    if (this.unique && k.issuedCount() + count * this.ticketsPerRecord > MAX_UNIQUE_TICKETS) throw uniqueLimitError();
    if (this.kind === "books") k.generateBooks(count, this.unique);
    else k.generateTickets(count, this.unique);
    return count;
  }

  /** The next `count` records as raw cells (27 per ticket, 0 = blank), copied. */
  nextCells(count: number): { firstSerial: bigint; cells: Uint8Array } {
    this.generate(count);
    const firstSerial = this.serial;
    this.serial += BigInt(count);
    return { firstSerial, cells: kernelBytes(this.kernel.cellsPtr(), count * this.ticketsPerRecord * CELLS_PER_TICKET, this.kernel).slice() };
  }

  /** The next `count` records as JSON Lines bytes (a view, valid until the next call). */
  nextJsonl(count: number): Uint8Array {
    this.generate(count);
    const k = this.kernel;
    const length = k.formatJsonl(count, this.ticketsPerRecord, BigInt.asIntN(64, this.serial)); // u64 in the kernel
    this.serial += BigInt(count);
    return kernelBytes(k.textPtr(), length, k);
  }

  /** Books or tickets redrawn because they repeated an issued ticket. */
  get redraws(): number {
    return Number(this.kernel.redrawCount());
  }
}

/**
 * Records from a run, `count` of them (or without end), in batches. The run starts at
 * the first `next()`, in a kernel instance of its own, so iterators may be interleaved.
 *
 * @param kind "books" or "tickets"
 * @param count how many records (default: without end)
 * @param options as generateBooks takes them
 * @example
 * ```ts
 * import { iterateHousieRecords } from "tabula-grids";
 *
 * [...iterateHousieRecords("tickets", 2, { seed: 1n })].map((record) => record.serial); // [1n, 2n]
 * ```
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
  try {
    while (left > 0) {
      const batch = Math.min(left, 256, run.batchLimit);
      const { firstSerial, cells } = run.nextCells(batch);
      const per = run.ticketsPerRecord;
      for (let i = 0; i < batch; i++) yield { serial: firstSerial + BigInt(i), tickets: ticketsFromCells(cells, i * per * CELLS_PER_TICKET, per) };
      left -= batch;
    }
  } finally {
    run.close();
  }
}

/** Records one array may hold (generateBooks/generateTickets); iterateBooks/iterateTickets stream any number. */
export const MAX_ARRAY_RECORDS = 2 ** 22;

/**
 * Books uniform over all ordered books, none sharing a ticket with an earlier one.
 *
 * @param n how many books
 * @param options `seed` (omitted: the OS CSPRNG), `firstSerial`, `unique`, tickets `issued` before
 * @example
 * ```ts
 * import { generateBooks } from "tabula-grids";
 *
 * const [book] = generateBooks(1, { seed: 2026n }); // without a seed: the OS CSPRNG
 * book.serial;        // 1n
 * book.tickets[0][0]; // [null, null, 22, null, 44, 52, null, 71, 81], the first ticket's top row
 * ```
 */
export function generateBooks(n: number, options: GenerateOptions = {}): HousieRecord[] {
  return [...iterateBooks(wholeNumber(n, "n", 0, MAX_ARRAY_RECORDS), options)];
}

/**
 * Tickets uniform over all distinct tickets, none repeating.
 *
 * @param n how many tickets
 * @param options `seed` (omitted: the OS CSPRNG), `firstSerial`, `unique`, tickets `issued` before
 * @example
 * ```ts
 * import { generateTickets } from "tabula-grids";
 *
 * const [record] = generateTickets(1, { seed: 2026n });
 * record.tickets[0]; // [[null, 15, 23, 33, 44, 57, null, null, null], [1, null, null, null, 46, 58, 66, 73, null], [null, 18, null, 34, null, null, 67, 76, 85]]
 * ```
 */
export function generateTickets(n: number, options: GenerateOptions = {}): HousieRecord[] {
  return [...iterateTickets(wholeNumber(n, "n", 0, MAX_ARRAY_RECORDS), options)];
}

/**
 * generateBooks, lazily: books are drawn in batches as the iterator is read, so `n` may
 * be as large as wanted (by default there is no end). Each iterator runs in a kernel instance of its own.
 *
 * @param n how many books (default: without end)
 * @param options as generateBooks takes them
 * @example
 * ```ts
 * import { iterateBooks } from "tabula-grids";
 *
 * for (const book of iterateBooks(2, { seed: 1n, firstSerial: 1001n })) console.log(book.serial); // 1001n, 1002n
 * ```
 */
export function iterateBooks(n: number = Infinity, options: GenerateOptions = {}): Generator<HousieRecord> {
  return iterateRecords("books", n, options);
}

/**
 * generateTickets, lazily: tickets are drawn in batches as the iterator is read (by
 * default without end). Each iterator runs in a kernel instance of its own.
 *
 * @param n how many tickets (default: without end)
 * @param options as generateTickets takes them
 * @example
 * ```ts
 * import { iterateTickets } from "tabula-grids";
 *
 * const tickets = iterateTickets(Infinity, { seed: 7n });
 * tickets.next().value?.tickets.length; // 1
 * ```
 */
export function iterateTickets(n: number = Infinity, options: GenerateOptions = {}): Generator<HousieRecord> {
  return iterateRecords("tickets", n, options);
}
