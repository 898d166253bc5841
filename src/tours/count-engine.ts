// Runs one count task on the WASM kernel or the TS baseline.
import { loadKernel } from "../wasm/load.js";
import type { CountTask } from "./count-plan.js";
import { createPathCounter, type PathCounter } from "./count-ts.js";
import type { Engine } from "./generate.js";

interface CountKernel extends Record<string, unknown> {
  countPaths(n: number, start: number, second: number, closed: boolean): bigint;
}

const tsCounters = new Map<number, PathCounter>();

export function runCountTask(task: CountTask, engine: Engine = "wasm"): bigint {
  if (engine === "ts") {
    let counter = tsCounters.get(task.n);
    if (!counter) tsCounters.set(task.n, (counter = createPathCounter(task.n)));
    return counter.count(task.start, task.second, task.closed);
  }
  return BigInt(loadKernel<CountKernel>("tours").countPaths(task.n, task.start, task.second, task.closed));
}
