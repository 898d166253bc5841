// Pool worker (src/workers/pool.ts): counts one task; a refusal (KernelError,
// UsageError) crosses back typed. Loaded from dist/ (compiled JS) by count.ts.
import type { CountTask } from "./count-plan.js";
import { runCountTask } from "./count-engine.js";
import type { Engine } from "./generate.js";
import { poolTask } from "../workers/task.js";

export interface CountWorkerTask {
  task: CountTask;
  engine: Engine;
  session: number;
}

export default poolTask(({ task, engine, session }: CountWorkerTask): bigint => runCountTask(task, engine, session));
