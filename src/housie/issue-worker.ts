// Piscina worker holding a run's uniqueness set in its own housie kernel instance: the
// main thread draws candidates while this thread issues the batch before (see
// threaded-run.ts). One thread, tasks in order; the set lives as long as the pool.
// Loaded from dist/ (compiled JS).
import { housieKernel } from "./kernel.js";

export type IssueTask =
  /** A new run: an empty set sized for `tickets`. */
  | { start: true; tickets: number }
  /** Issue `records` records of `per` tickets, their ranks in order. */
  | { start?: false; ranks: BigUint64Array; records: number; per: number };

/** Per record, 1 if refused (it repeats a ticket issued before), else 0. */
export type IssueVerdict = Uint8Array;

export default function issue(task: IssueTask): IssueVerdict {
  const k = housieKernel();
  if (task.start) {
    k.startRun();
    k.reserveIssued(task.tickets);
    return new Uint8Array(0);
  }
  const { ranks, records, per } = task;
  new BigUint64Array(k.memory.buffer, k.candidateRanksPtr(), records * per).set(ranks.subarray(0, records * per));
  k.issueCandidates(records, per);
  return new Uint8Array(k.memory.buffer, k.refusedFlagsPtr(), records).slice();
}
