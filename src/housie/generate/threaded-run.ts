// Unique books or tickets with the uniqueness set on a second core (Node): this thread
// draws candidate records (the kernel's drawCandidates) while a worker thread issues the
// batches drawn before (issue-worker.ts, its own kernel instance and set), through the
// ring of issue-ring.ts.
//
// The records are the same, in the same order, as HousieRun's with `unique`: there, a
// record that repeats a ticket is redrawn from the words that follow it, and since a
// candidate's draw never depends on the fate of the ones before it, that is the stream
// of candidates with the refused ones left out. Here the stream is drawn up to
// RING_SLOTS batches ahead and filtered behind. Candidates drawn ahead of the last
// record asked for are thrown away with the run.
import { availableParallelism } from "node:os";
import { HousieRun, MAX_UNIQUE_TICKETS, SUPERSEDED, checkBatchRequest, ticketRank, uniqueLimitError } from "./generate.js";
import { CELLS_PER_TICKET, ticketsPerRecord, type HousieKind, type TicketGrid } from "../model/cells.js";
import { kernelBytes } from "../kernel.js";
import { countOrInfinity } from "../../args.js";
import { IssueRingHost, newRing, ringViews } from "./issue-ring.js";

/** Tickets from which a run pays for its worker thread (tens of ms to start, a 128 MB+ set). */
export const THREADED_FROM_TICKETS = 120_000;

/** True when a run of `tickets` tickets is worth a worker thread on this machine. */
export function threadedRunPays(tickets: number): boolean {
  countOrInfinity(tickets, "tickets");
  return tickets >= THREADED_FROM_TICKETS && availableParallelism() >= 2;
}

/** Options of `ThreadedUniqueRun.start`: the seed, the first serial and tickets issued earlier. */
export interface ThreadedRunOptions {
  seed?: bigint | number | string;
  firstSerial?: bigint | number | string;
  /** Tickets issued before (e.g. by an earlier run of the series) that this run must not repeat. */
  issued?: Iterable<TicketGrid>;
}

interface Batch {
  cells: Uint8Array;
  records: number;
  /** Its place in the order of batches sent; its ring slot is sequence % RING_SLOTS. */
  sequence: number;
}

/**
 * Slots of the shared ring, and so most batches drawn ahead of the oldest one still being
 * checked. While the worker starts and sizes its set (100-200 ms), this thread draws on
 * instead of waiting (each batch held is ~0.9 MB); once the worker keeps up, one or two
 * are in flight.
 */
const RING_SLOTS = 32;

/**
 * A housie run (Node) whose uniqueness set works on a worker thread while this thread draws: the same records as a `HousieRun`. `await nextJsonl(n)` or `nextCells(n)`, then `close()`.
 *
 * @example
 * ```ts
 * import { ThreadedUniqueRun } from "tabula-grids";
 *
 * const run = await ThreadedUniqueRun.start("tickets", 3, { seed: 1n }); // for 3 records
 * const { firstSerial, cells } = await run.nextCells(3);
 * firstSerial; // 1n
 * cells.length; // 81
 * await run.close();
 * ```
 */
export class ThreadedUniqueRun {
  readonly kind: HousieKind;
  readonly ticketsPerRecord: number;
  private readonly run: HousieRun;
  /** The worker thread holding the set, and the ring the batches go through. */
  private readonly ring: IssueRingHost;
  private readonly recordBytes: number;
  private serial: bigint;
  /** Records kept, not yet handed out: whole batches' cells, the first one partly used. */
  private kept: Uint8Array[] = [];
  private keptRecords = 0;
  /** Batches sent to the worker, oldest first. */
  private inFlight: Batch[] = [];
  private sent = 0;
  private refused = 0;
  private closed = false;

  /** Starts a run of up to `records` records (sizes the worker's set once). */
  static async start(kind: HousieKind, records: number, options: ThreadedRunOptions = {}): Promise<ThreadedUniqueRun> {
    const per = ticketsPerRecord(kind);
    const earlier = [...(options.issued ?? [])].map((ticket) => ticketRank(ticket));
    if (earlier.length + records * per > MAX_UNIQUE_TICKETS) throw uniqueLimitError();
    const run = new ThreadedUniqueRun(kind, options);
    const batch = run.run.batchLimit;
    // Candidates drawn ahead can add up to RING_SLOTS batches to the set.
    const tickets = Math.min(2 * MAX_UNIQUE_TICKETS, earlier.length + (records + RING_SLOTS * batch) * per);
    // Not awaited: the worker sizes its set (page faults for up to 256 MB) while this
    // thread draws the first batches; a failure shows at the first verdict.
    run.ring.post({ kind: "start", tickets, ring: run.ring.ring });
    if (earlier.length > 0) {
      try {
        await run.ring.earlier(BigUint64Array.from(earlier)); // repeats among them just stay out
      } catch (error) {
        await run.close();
        throw error;
      }
    }
    return run;
  }

  private constructor(kind: HousieKind, options: ThreadedRunOptions) {
    this.kind = kind;
    this.ticketsPerRecord = ticketsPerRecord(kind);
    this.recordBytes = this.ticketsPerRecord * CELLS_PER_TICKET;
    // The main kernel only draws: its own set stays empty.
    this.run = new HousieRun(kind, { seed: options.seed, firstSerial: options.firstSerial, unique: false });
    this.serial = this.run.nextSerial;
    const maxRecords = this.run.batchLimit;
    this.ring = new IssueRingHost(newRing(RING_SLOTS, maxRecords * this.ticketsPerRecord, maxRecords));
  }

  /** Serial the next record will carry. */
  get nextSerial(): bigint {
    return this.serial;
  }

  /** Largest number of records one call may ask for. */
  get batchLimit(): number {
    return this.run.batchLimit;
  }

  /** Records redrawn (left out) because they repeated an issued ticket. */
  get redraws(): number {
    return this.refused;
  }

  /** The next `count` records as raw cells (27 per ticket, 0 = blank). */
  async nextCells(count: number): Promise<{ firstSerial: bigint; cells: Uint8Array }> {
    const cells = await this.take(count, (bytes) => new Uint8Array(bytes));
    const firstSerial = this.serial;
    this.serial += BigInt(count);
    return { firstSerial, cells };
  }

  /** The next `count` records as JSON Lines bytes (a view, valid until the next call). */
  async nextJsonl(count: number): Promise<Uint8Array> {
    const k = this.run.kernel;
    await this.take(count, (bytes) => kernelBytes(k.cellsPtr(), bytes, k)); // straight into the kernel's cells
    const length = k.formatJsonl(count, this.ticketsPerRecord, BigInt.asIntN(64, this.serial)); // u64 in the kernel
    this.serial += BigInt(count);
    return kernelBytes(k.textPtr(), length, k);
  }

  /** Ends the run and its worker thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.ring.close(new Error("housie: this run was closed"));
  }

  /** Draws a batch of candidates here and hands their ranks to the worker. */
  private drawAndSend(): Batch {
    if (!this.run.active) throw new Error(SUPERSEDED);
    const k = this.run.kernel;
    const records = this.run.batchLimit;
    k.drawCandidates(records, this.kind === "books");
    const tickets = records * this.ticketsPerRecord;
    const cells = kernelBytes(k.cellsPtr(), records * this.recordBytes, k).slice();
    const sequence = this.sent++;
    const slot = sequence % RING_SLOTS;
    ringViews(this.ring.ring, slot).ranks.set(new BigUint64Array(k.memory.buffer, k.candidateRanksPtr(), tickets));
    this.ring.post({ kind: "batch", slot, records, per: this.ticketsPerRecord });
    return { cells, records, sequence };
  }

  /** The refused flags of `batch`, a view of its ring slot. */
  private refusedOf(batch: Batch): Uint8Array {
    return ringViews(this.ring.ring, batch.sequence % RING_SLOTS).refused;
  }

  /** Adds the records of a checked batch that were not refused to `kept`. */
  private keep(batch: Batch, refused: Uint8Array): void {
    let refusals = 0;
    for (let r = 0; r < batch.records; r++) refusals += refused[r]!;
    this.refused += refusals;
    if (refusals === 0) {
      this.kept.push(batch.cells);
    } else {
      const cells = new Uint8Array((batch.records - refusals) * this.recordBytes);
      let at = 0;
      for (let r = 0; r < batch.records; r++) {
        if (refused[r]) continue;
        cells.set(batch.cells.subarray(r * this.recordBytes, (r + 1) * this.recordBytes), at);
        at += this.recordBytes;
      }
      this.kept.push(cells);
    }
    this.keptRecords += batch.records - refusals;
  }

  /** The next `count` records kept, in order, as one run of cells in `place(bytes)`. */
  private async take(count: number, place: (bytes: number) => Uint8Array): Promise<Uint8Array> {
    if (this.closed) throw new Error("housie: this run was closed");
    if (!this.run.active) throw new Error(SUPERSEDED); // as HousieRun: records drawn ahead are dropped
    checkBatchRequest(count, this.batchLimit, this.serial);
    while (this.keptRecords < count) {
      const oldest = this.inFlight[0];
      if (oldest && this.ring.issued() > oldest.sequence) {
        this.inFlight.shift();
        this.keep(oldest, this.refusedOf(oldest));
      } else if (this.inFlight.length < RING_SLOTS) {
        this.inFlight.push(this.drawAndSend()); // useful work while the worker checks
      } else {
        await this.ring.waitIssued(oldest!.sequence);
        this.inFlight.shift();
        this.keep(oldest!, this.refusedOf(oldest!));
      }
    }
    const out = place(count * this.recordBytes); // after the awaits: the kernel's memory may have moved
    let at = 0;
    while (at < out.length) {
      const first = this.kept[0]!;
      const part = Math.min(first.length, out.length - at);
      out.set(first.subarray(0, part), at);
      at += part;
      if (part === first.length) this.kept.shift();
      else this.kept[0] = first.subarray(part);
    }
    this.keptRecords -= count;
    return out;
  }
}
