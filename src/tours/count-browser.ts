// countToursParallel where there are no worker threads (browsers): the same exact count,
// task by task in this thread, with the same progress callbacks.
import { UsageError } from "../errors.js";
import { countToursInThread, type ParallelCountOptions } from "./count-core.js";

export async function countToursParallel(options: ParallelCountOptions): Promise<bigint> {
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1) throw new UsageError(`threads must be a whole number from 1, got ${threads}`);
  return countToursInThread(options);
}
