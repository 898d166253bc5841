// Piscina worker: counts one task (loaded from dist/, see count.ts).
import type { CountTask } from "./count-plan.js";
import { runCountTask } from "./count-engine.js";
import type { Engine } from "./generate.js";

export default function countTask({ task, engine, session }: { task: CountTask; engine: Engine; session: number }): bigint {
  return runCountTask(task, engine, session);
}
