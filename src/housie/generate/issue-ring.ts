// The housie run's ring (Node): one long-lived worker thread (issue-worker.ts) that holds
// a run's uniqueness set in its own kernel instance, fed batches of candidate ranks
// through a ring of slots in shared memory (no copies through messages). Verdicts are seen
// through an atomic counter, so neither side waits for the other's event loop. This module
// is the ring's layout (both sides) and the calling thread's end: posting tasks, and one
// way of waiting — for the counter to pass a batch, or for the worker to fail.
//
// A plain worker_threads Worker rather than the library's pool (src/workers/pool.ts): one
// thread with state, fed in order while the calling thread does not yield to its event
// loop (a pool hands a worker its next task only when the caller has seen the last finish).
import { Worker } from "node:worker_threads";
import { workerFile } from "../../workers/file.js";
import { carriedError, type CarriedError } from "../../workers/task.js";

/** The compiled worker (works from src/ under tsx and from dist/). */
export const ISSUE_WORKER = workerFile("housie/generate/issue-worker.js");

/**
 * The shared ring (one SharedArrayBuffer):
 *
 *   | issued: i32 | (unused: i32) | ranks: slots x maxTickets x u64 | refused: slots x maxRecords x u8 |
 *
 * `issued` counts the batches issued so far (Atomics, notified): batch s has its verdict
 * once issued > s. A failed task posts its error instead (see IssueReply).
 */
export interface IssueRing {
  buffer: SharedArrayBuffer;
  slots: number;
  maxTickets: number;
  maxRecords: number;
}

/** Header bytes: the counter, padded so the ranks stay 8-byte aligned. */
export const RING_HEADER_BYTES = 8;

/** The ring's header ([issued]) and slot `slot`'s ranks and refused flags. */
export function ringViews(ring: IssueRing, slot: number): { header: Int32Array; ranks: BigUint64Array; refused: Uint8Array } {
  const ranksAt = RING_HEADER_BYTES + slot * ring.maxTickets * 8;
  const refusedAt = RING_HEADER_BYTES + ring.slots * ring.maxTickets * 8 + slot * ring.maxRecords;
  return {
    header: new Int32Array(ring.buffer, 0, 1),
    ranks: new BigUint64Array(ring.buffer, ranksAt, ring.maxTickets),
    refused: new Uint8Array(ring.buffer, refusedAt, ring.maxRecords),
  };
}

/** A ring of `slots` slots, each for `maxTickets` ranks and `maxRecords` refused flags. */
export function newRing(slots: number, maxTickets: number, maxRecords: number): IssueRing {
  return { buffer: new SharedArrayBuffer(RING_HEADER_BYTES + slots * (maxTickets * 8 + maxRecords)), slots, maxTickets, maxRecords };
}

export type IssueTask =
  /** A new run: an empty set sized for `tickets`, batches through `ring`. */
  | { kind: "start"; tickets: number; ring: IssueRing }
  /** Tickets issued before the run (ranks): put in the set, repeats among them dropped; answered with { earlier: true }. */
  | { kind: "earlier"; ranks: BigUint64Array }
  /** Issue the batch in ring slot `slot`: `records` records of `per` tickets. */
  | { kind: "batch"; slot: number; records: number; per: number };

/** What the worker posts back: the end of an "earlier" task, or why a task failed (typed errors carried as data). */
export type IssueReply = { earlier: true } | { error: string; carried?: CarriedError };

interface AtomicsWithWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number, timeout: number): { async: false; value: string } | { async: true; value: Promise<string> };
}

/** The calling thread's end of a ring: its worker, the tasks posted, the first failure. */
export class IssueRingHost {
  readonly worker: Worker;
  private readonly header: Int32Array;
  private failure: Error | undefined;
  private closed = false;
  /** Rejected at the first failure (or close): every wait races it. */
  private readonly stopped: Promise<never>;
  private stop!: (error: Error) => void;
  private earlierDone: (() => void) | undefined;

  constructor(readonly ring: IssueRing) {
    this.header = ringViews(ring, 0).header;
    this.stopped = new Promise<never>((_, reject) => (this.stop = reject));
    this.stopped.catch(() => {}); // seen through the waits and `failure`
    this.worker = new Worker(ISSUE_WORKER);
    this.worker.on("message", (reply: IssueReply) => {
      if ("error" in reply) this.fail(reply.carried ? carriedError(reply.carried) : new Error(`housie uniqueness worker: ${reply.error}`));
      else this.earlierDone?.();
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => {
      if (!this.closed) this.fail(new Error(`housie uniqueness worker stopped (exit ${code})`));
    });
  }

  /** Sends a task; tasks are handled in the order posted. */
  post(task: IssueTask): void {
    this.worker.postMessage(task);
  }

  /** Batches issued so far (batch s is issued once this passes s); throws the worker's failure. */
  issued(): number {
    if (this.failure) throw this.failure;
    return Atomics.load(this.header, 0);
  }

  /** Puts tickets issued earlier (ranks) in the set, and waits until they are. */
  async earlier(ranks: BigUint64Array): Promise<void> {
    const done = new Promise<void>((resolve) => (this.earlierDone = resolve));
    this.post({ kind: "earlier", ranks });
    await Promise.race([done, this.stopped]);
  }

  /** Waits (without blocking the event loop) until batch `sequence` is issued, or the worker fails. */
  async waitIssued(sequence: number): Promise<void> {
    for (;;) {
      const seen = this.issued();
      if (seen > sequence) return;
      // Timed, so that no wait outlives the ring for long; the loop looks again.
      const wait = (Atomics as unknown as AtomicsWithWaitAsync).waitAsync(this.header, 0, seen, 1000);
      if (wait.async) await Promise.race([wait.value, this.stopped]);
    }
  }

  /** Ends the worker thread; waits still pending fail with `reason`. */
  async close(reason: Error): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fail(reason);
    await this.worker.terminate();
  }

  /** Keeps the first failure for every later call, and wakes the waits. */
  private fail(error: Error): void {
    this.failure ??= error;
    this.stop(this.failure);
  }
}
