// Runs one count task on the WASM kernel or the TS baseline.
import { KernelError } from "../errors.js";
import { toursModule } from "./kernel.js";
import type { CountTask } from "./count-plan.js";
import { createPathCounter, type PathCounter } from "./count-ts.js";
import type { Engine } from "./generate.js";

const tsCounters = new Map<number, PathCounter>();

let lastSession = 0;
// Sessions must differ between the threads that share no memo; a random tag where there is no pid.
const threadTag = (globalThis as { process?: { pid?: number } }).process?.pid ?? globalThis.crypto.getRandomValues(new Uint16Array(1))[0]!;

/** A new memo session: tasks of one count share memo entries, separate counts do not. */
export function newCountSession(): number {
  lastSession = (lastSession + 1) & 0x7fff;
  return ((threadTag & 0xffff) << 15) | lastSession;
}

export function runCountTask(task: CountTask, engine: Engine = "wasm", session = newCountSession()): bigint {
  if (engine === "ts") {
    let counter = tsCounters.get(task.n);
    if (!counter) tsCounters.set(task.n, (counter = createPathCounter(task.n)));
    return counter.count(task.start, task.second, task.closed, session, task.third ?? -1);
  }
  const limit = toursModule.constant("MAX_COUNT_SQUARES");
  if (task.n * task.n > limit) throw new KernelError("tours", "limit-exceeded", `a ${task.n}×${task.n} board has more than ${limit} squares`);
  const kernel = toursModule.exports;
  if ((task.third ?? -1) >= 0) return BigInt(kernel.countPathsVia(task.n, task.start, task.second, task.third!, task.closed, session));
  return BigInt(kernel.countPaths(task.n, task.start, task.second, task.closed, session));
}
