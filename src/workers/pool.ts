// Worker threads for the library (Node): one pool that runs a list of tasks on a fixed
// number of threads (piscina) with progress, typed errors carried back (./task.ts) and one
// teardown. The tables and tours counters use it; the housie run's long-lived ring worker
// (src/housie/generate/issue-ring.ts) finds its file through ./file.ts and carries errors the same way.
import { Piscina } from "piscina";
import { builtWorkerFile } from "./file.js";
import { carriedError, type TaskReply } from "./task.js";

/** Options of runPool. */
export interface PoolOptions<R = unknown> {
  /** Worker threads (each loads the worker file and its own kernel instances). */
  threads: number;
  /** Called after each finished task with (done, all). */
  onProgress?: (done: number, all: number) => void;
  /** Called with each task's value as it arrives (before onProgress): a long run can keep it (a checkpoint). */
  onValue?: (index: number, value: R) => void;
}

/**
 * Runs every task on a pool of `threads` threads of `worker` (a file whose default export
 * is a poolTask), in the order given, and returns their values in that order. The first
 * failure (a task's typed error, a worker's crash, or a throwing onProgress) cancels the
 * tasks not finished; the promise settles only after the pool is torn down, rejecting with
 * that first failure.
 */
export async function runPool<T, R>(worker: string, tasks: readonly T[], options: PoolOptions<R>): Promise<R[]> {
  const pool = new Piscina({
    filename: builtWorkerFile(worker),
    minThreads: options.threads,
    maxThreads: options.threads,
    // piscina loads the file with require() first; on Node 20.19+ that is require(esm), and a
    // pool torn down while a worker is still in it (a first task's quick refusal) aborts the
    // whole process about once in 80 (v8 "IsGraphAsync must be used on an instantiated
    // module"). Without require(esm) in the worker, require() refuses the ES module at once
    // and piscina falls back to import(), which a teardown stops cleanly.
    execArgv: [...process.execArgv, ...(process.features.require_module === undefined ? [] : ["--no-experimental-require-module"])],
  });
  const values = new Array<R>(tasks.length);
  let failed = false;
  let stop!: (error: unknown) => void;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => {}); // observed below; the first failure wins
  let done = 0;
  let tornDown = false;
  // A worker's trouble outside its task is a failure; after the teardown, a worker's answer
  // still on its way (piscina reports it as unexpected) is not.
  pool.on("error", (error: unknown) => {
    if (tornDown || failed) return;
    failed = true;
    stop(error);
  });
  const runs = tasks.map(async (task, i) => {
    try {
      const reply = (await pool.run(task)) as TaskReply<R>;
      if (failed) return;
      if ("error" in reply) throw carriedError(reply.error);
      values[i] = reply.value;
      options.onValue?.(i, reply.value);
      options.onProgress?.(++done, tasks.length);
    } catch (error) {
      // Tasks the teardown cancels land here too, after the first failure.
      if (!failed) stop(error);
      failed = true;
    }
  });
  try {
    await Promise.race([Promise.all(runs), stopped]);
  } finally {
    tornDown = true;
    await pool.destroy(); // cancels the tasks not finished
  }
  return values;
}
