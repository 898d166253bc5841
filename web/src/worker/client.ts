// The page's side of the worker: one job at a time per client, progress callbacks, and
// cancel = terminate the worker (a kernel loop cannot be interrupted) and start a fresh one.
import type { Job, JobError, JobType, JobOf, Reply, Results } from "./protocol.js";

export class JobFailed extends Error {
  constructor(readonly detail: JobError) {
    super(detail.message);
    this.name = detail.name;
  }
}

export class JobCancelled extends Error {
  override name = "JobCancelled";
  constructor() {
    super("cancelled");
  }
}

/** A job's progress: done of total, and optionally what it is at in words. */
export type ProgressListener = (done: number, total: number, text?: string) => void;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; onProgress?: ProgressListener };

export class WorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  /** The worker, started on first use (each compiles only the kernels its jobs need). */
  private start(): Worker {
    if (this.worker) return this.worker;
    this.worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "tabula-grids" });
    this.worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const job = this.pending.get(reply.id);
      if (!job) return;
      if (reply.kind === "progress") job.onProgress?.(reply.done, reply.total, reply.text);
      else {
        this.pending.delete(reply.id);
        if (reply.kind === "result") job.resolve(reply.value);
        else job.reject(new JobFailed(reply.error));
      }
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      const error = new JobFailed({ name: "Error", message: event.message || "the worker failed" });
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    return this.worker;
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  run<T extends JobType>(job: JobOf<T> & Job, onProgress?: ProgressListener): Promise<Results[T]> {
    const id = this.nextId++;
    return new Promise<Results[T]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onProgress });
      this.start().postMessage({ id, job });
    });
  }

  /** Stops whatever runs: the worker is terminated, its jobs fail with JobCancelled. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const job of this.pending.values()) job.reject(new JobCancelled());
    this.pending.clear();
    this.start(); // a fresh worker, warming up for the next job
  }
}
