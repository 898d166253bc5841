// Runs one count task on the WASM kernel or the TS baseline.
import { loadKernel } from "../wasm/load.js";
import type { CountTask } from "./count-plan.js";
import { createPathCounter, type PathCounter } from "./count-ts.js";
import type { Engine } from "./generate.js";

interface CountKernel extends Record<string, unknown> {
  countPaths(n: number, start: number, second: number, closed: boolean, session: number): bigint;
  countPathsVia(n: number, start: number, second: number, third: number, closed: boolean, session: number): bigint;
}

const tsCounters = new Map<number, PathCounter>();

let lastSession = 0;

/** A new memo session: tasks of one count share memo entries, separate counts do not. */
export function newCountSession(): number {
  lastSession = (lastSession + 1) & 0x7fff;
  return ((process.pid & 0xffff) << 15) | lastSession;
}

export function runCountTask(task: CountTask, engine: Engine = "wasm", session = newCountSession()): bigint {
  if (engine === "ts") {
    let counter = tsCounters.get(task.n);
    if (!counter) tsCounters.set(task.n, (counter = createPathCounter(task.n)));
    return counter.count(task.start, task.second, task.closed, session, task.third ?? -1);
  }
  const kernel = loadKernel<CountKernel>("tours");
  if ((task.third ?? -1) >= 0) return BigInt(kernel.countPathsVia(task.n, task.start, task.second, task.third!, task.closed, session));
  return BigInt(kernel.countPaths(task.n, task.start, task.second, task.closed, session));
}
