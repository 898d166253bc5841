// Worker thread holding a run's uniqueness set in its own housie kernel instance: the
// main thread draws candidates while this thread issues the batches drawn before (see
// issue-ring.ts for the ring and threaded-run.ts for the run). Tasks are messages,
// handled in the order posted; the set lives as long as the thread. Loaded from dist/
// (compiled JS).
import { parentPort } from "node:worker_threads";
import { housieKernel, housieLayout } from "../kernel.js";
import { ringViews, type IssueReply, type IssueRing, type IssueTask } from "./issue-ring.js";
import { carryError } from "../../workers/task.js";

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
    // The batch stays unissued; the calling thread's waits end at this message.
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error), carried: carryError(error) } satisfies IssueReply);
  }
});
