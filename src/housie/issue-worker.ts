// Worker thread holding a run's uniqueness set in its own housie kernel instance: the
// main thread draws candidates while this thread issues the batches drawn before (see
// threaded-run.ts). Tasks are messages, handled in the order posted; the set lives as
// long as the thread. Batches come and go through a ring of slots in shared memory (no
// copies through messages), and verdicts are seen through an atomic counter, so neither
// side waits for the other's event loop. Loaded from dist/ (compiled JS).
//
// A plain worker_threads Worker rather than a piscina pool: one long-lived thread with
// state, fed in order while the main thread does not yield to its event loop (piscina
// hands a worker its next task only when the main thread has seen the last one finish).
import { parentPort } from "node:worker_threads";
import { housieKernel, housieLayout } from "./kernel.js";

/**
 * The shared ring (one SharedArrayBuffer):
 *
 *   | done: i32 | failed: i32 | ranks: slots x maxTickets x u64 | refused: slots x maxRecords x u8 |
 *
 * `done` counts the batches issued so far (Atomics, notified), so the main thread sees a
 * verdict without waiting for a message; `failed` is set (and notified) when a task threw
 * (its message follows as an event).
 */
export interface IssueRing {
  buffer: SharedArrayBuffer;
  slots: number;
  maxTickets: number;
  maxRecords: number;
}

export const RING_HEADER_BYTES = 8;

/** The ring's header ([done, failed]) and slot `slot`'s ranks and refused flags. */
export function ringViews(ring: IssueRing, slot: number): { header: Int32Array; ranks: BigUint64Array; refused: Uint8Array } {
  const ranksAt = RING_HEADER_BYTES + slot * ring.maxTickets * 8;
  const refusedAt = RING_HEADER_BYTES + ring.slots * ring.maxTickets * 8 + slot * ring.maxRecords;
  return {
    header: new Int32Array(ring.buffer, 0, 2),
    ranks: new BigUint64Array(ring.buffer, ranksAt, ring.maxTickets),
    refused: new Uint8Array(ring.buffer, refusedAt, ring.maxRecords),
  };
}

export function ringBytes(slots: number, maxTickets: number, maxRecords: number): number {
  return RING_HEADER_BYTES + slots * (maxTickets * 8 + maxRecords);
}

export type IssueTask =
  /** A new run: an empty set sized for `tickets`, batches through `ring`. */
  | { kind: "start"; tickets: number; ring: IssueRing }
  /** Tickets issued before the run (ranks): put in the set, repeats among them dropped; answered with { earlier: true }. */
  | { kind: "earlier"; ranks: BigUint64Array }
  /** Issue the batch in ring slot `slot`: `records` records of `per` tickets. */
  | { kind: "batch"; slot: number; records: number; per: number };

/** What the worker posts back: the end of an "earlier" task, or why a task failed. */
export type IssueReply = { earlier: true } | { error: string };

let ring: IssueRing | undefined;

function issue(task: IssueTask): void {
  const k = housieKernel();
  if (task.kind === "start") {
    ring = task.ring;
    k.startRun();
    k.reserveIssued(task.tickets);
  } else if (task.kind === "earlier") {
    const chunk = housieLayout().batch; // within the kernel's candidate buffers (6 x BATCH)
    for (let at = 0; at < task.ranks.length; at += chunk) {
      const part = task.ranks.subarray(at, at + chunk);
      new BigUint64Array(k.memory.buffer, k.candidateRanksPtr(), part.length).set(part);
      k.issueCandidates(part.length, 1);
    }
    parentPort!.postMessage({ earlier: true } satisfies IssueReply);
  } else {
    if (!ring) throw new Error("issue-worker: a batch before the run started");
    const { header, ranks, refused } = ringViews(ring, task.slot);
    const tickets = task.records * task.per;
    new BigUint64Array(k.memory.buffer, k.candidateRanksPtr(), tickets).set(ranks.subarray(0, tickets));
    k.issueCandidates(task.records, task.per);
    refused.set(new Uint8Array(k.memory.buffer, k.refusedFlagsPtr(), task.records));
    Atomics.add(header, 0, 1);
    Atomics.notify(header, 0);
  }
}

parentPort?.on("message", (task: IssueTask) => {
  try {
    issue(task);
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies IssueReply);
    if (ring) {
      const { header } = ringViews(ring, 0);
      Atomics.store(header, 1, 1);
      Atomics.notify(header, 0);
    }
  }
});
