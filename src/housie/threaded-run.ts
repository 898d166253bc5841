// Unique books or tickets with the uniqueness set on a second core (Node): this thread
// draws candidate records (the kernel's drawCandidates) while a worker thread issues the
// batch drawn before it (issue-worker.ts, its own kernel instance and set).
//
// The records are the same, in the same order, as HousieRun's with `unique`: there, a
// record that repeats a ticket is redrawn from the words that follow it, and since a
// candidate's draw never depends on the fate of the ones before it, that is the stream
// of candidates with the refused ones left out. Here the stream is drawn a batch ahead
// and filtered a batch behind. Candidates drawn ahead of the last record asked for are
// thrown away with the run.
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { UsageError } from "../errors.js";
import { HousieRun, MAX_UNIQUE_TICKETS, SUPERSEDED, ticketRank, type HousieKind, type TicketGrid } from "./generate.js";
import { housieKernel, kernelBytes } from "./kernel.js";
import { CELLS_PER_TICKET } from "./cells.js";
import { serialOverflow } from "./serial.js";
import type { IssueTask, IssueVerdict } from "./issue-worker.js";

/** The compiled worker (works from src/ under tsx and from dist/). */
export const ISSUE_WORKER = fileURLToPath(new URL("../../dist/housie/issue-worker.js", import.meta.url));

/** Tickets from which a run pays for its worker thread (about 40 ms to start). */
export const THREADED_FROM_TICKETS = 120_000;

/** True when a run of `tickets` tickets is worth a worker thread on this machine. */
export function threadedRunPays(tickets: number): boolean {
  return tickets >= THREADED_FROM_TICKETS && availableParallelism() >= 2;
}

export interface ThreadedRunOptions {
  seed?: bigint | number | string;
  firstSerial?: bigint | number | string;
  /** Tickets issued before (e.g. by an earlier run of the series) that this run must not repeat. */
  issued?: Iterable<TicketGrid>;
}

interface Batch {
  cells: Uint8Array;
  records: number;
  verdict: Promise<IssueVerdict>;
}

export class ThreadedUniqueRun {
  readonly kind: HousieKind;
  readonly ticketsPerRecord: number;
  private readonly run: HousieRun;
  private readonly pool: Piscina;
  private readonly recordBytes: number;
  private serial: bigint;
  /** Records kept, not yet handed out: whole batches' cells, the first one partly used. */
  private kept: Uint8Array[] = [];
  private keptRecords = 0;
  private inFlight: Batch | undefined;
  private started: Promise<unknown> = Promise.resolve();
  private refused = 0;
  private closed = false;

  /** Starts a run of up to `records` records (sizes the worker's set once). */
  static async start(kind: HousieKind, records: number, options: ThreadedRunOptions = {}): Promise<ThreadedUniqueRun> {
    const per = kind === "books" ? 6 : 1;
    const earlier = [...(options.issued ?? [])].map((ticket) => ticketRank(ticket));
    if (earlier.length + records * per > MAX_UNIQUE_TICKETS) {
      throw new UsageError(`a run can keep at most ${MAX_UNIQUE_TICKETS} tickets unique (about ${Math.floor(MAX_UNIQUE_TICKETS / 6)} books); use separate runs or --no-unique`);
    }
    const run = new ThreadedUniqueRun(kind, options);
    const batch = run.run.batchLimit;
    // Candidates drawn ahead can add up to two batches to the set.
    const tickets = Math.min(2 * MAX_UNIQUE_TICKETS, earlier.length + (records + 2 * batch) * per);
    // Not awaited: the worker sizes its set (page faults for up to 256 MB) while this
    // thread draws the first batch. One worker runs tasks in the order posted, and every
    // verdict waits for this one, so a failure here fails the first batch.
    run.started = run.pool.run({ start: true, tickets } satisfies IssueTask);
    run.started.catch(() => undefined); // reported through the verdicts
    if (earlier.length > 0) {
      try {
        await run.issue(BigUint64Array.from(earlier), earlier.length, 1); // repeats among them just stay out
      } catch (error) {
        await run.close();
        throw error;
      }
    }
    return run;
  }

  private constructor(kind: HousieKind, options: ThreadedRunOptions) {
    this.kind = kind;
    this.ticketsPerRecord = kind === "books" ? 6 : 1;
    this.recordBytes = this.ticketsPerRecord * CELLS_PER_TICKET;
    // The main kernel only draws: its own set stays empty.
    this.run = new HousieRun(kind, { seed: options.seed, firstSerial: options.firstSerial, unique: false });
    this.serial = this.run.nextSerial;
    this.pool = new Piscina({ filename: ISSUE_WORKER, minThreads: 1, maxThreads: 1 });
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
    const k = housieKernel();
    await this.take(count, (bytes) => kernelBytes(k.cellsPtr(), bytes)); // straight into the kernel's cells
    const length = k.formatJsonl(count, this.ticketsPerRecord, BigInt.asIntN(64, this.serial)); // u64 in the kernel
    this.serial += BigInt(count);
    return kernelBytes(k.textPtr(), length);
  }

  /** Ends the run and its worker thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Let the tasks posted finish first: piscina throws on a reply after destroy().
    await this.started.catch(() => undefined);
    await this.inFlight?.verdict.catch(() => undefined);
    await this.pool.destroy();
  }

  private issue(ranks: BigUint64Array, records: number, per: number): Promise<IssueVerdict> {
    const task: IssueTask = { ranks, records, per };
    const verdict = this.pool.run(task, { transferList: [ranks.buffer as ArrayBuffer] }) as Promise<IssueVerdict>;
    return Promise.all([this.started, verdict]).then(([, refused]) => refused);
  }

  /** Draws a batch of candidates here and sends their ranks to the worker. */
  private drawAndSend(): Batch {
    if (!this.run.active) throw new Error(SUPERSEDED);
    const k = housieKernel();
    const records = this.run.batchLimit;
    k.drawCandidates(records, this.kind === "books" ? 1 : 0);
    const tickets = records * this.ticketsPerRecord;
    const cells = kernelBytes(k.cellsPtr(), records * this.recordBytes).slice();
    const ranks = new BigUint64Array(k.memory.buffer, k.candidateRanksPtr(), tickets).slice();
    return { cells, records, verdict: this.issue(ranks, records, this.ticketsPerRecord) };
  }

  /** Adds the records of a checked batch that were not refused to `kept`. */
  private keep(batch: Batch, refused: IssueVerdict): void {
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
    if (!Number.isInteger(count) || count < 0 || count > this.batchLimit) throw new RangeError(`batch of ${count} records (1..${this.batchLimit})`);
    const overflow = serialOverflow(this.serial, count);
    if (overflow !== undefined) throw new UsageError(overflow);
    this.inFlight ??= this.drawAndSend();
    while (this.keptRecords < count) {
      const ahead = this.drawAndSend(); // while the worker checks the batch in flight
      const checked = this.inFlight;
      this.inFlight = ahead;
      this.keep(checked, await checked.verdict);
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
