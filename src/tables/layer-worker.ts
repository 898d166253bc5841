// Pool worker (src/workers/pool.ts): one share of a symmetric meet-in-the-middle count
// split over threads (symLayer with its own kernel instance), made from the layer before
// it when the calling thread sends that; the calling thread loads every share into one
// layer and pairs it (symMitmSum). Loaded from dist/ by parallel.ts; checkpoint.ts also
// makes the layer after the middle this way (a count's second way).
import { symLayer, type SymLayerPart } from "./sym-wasm.js";
import type { SymProblem } from "./sym-ts.js";
import { poolTask } from "../workers/task.js";
import { withCountMemoryCap } from "./kernel.js";

export interface LayerTask {
  problem: SymProblem;
  share: number;
  shares: number;
  /** The layer the share is of (undefined: the middle, ⌈n/2⌉). */
  row?: number;
  /** An earlier layer, whole, to start from (undefined: built here from the start). */
  from?: SymLayerPart;
  /** The kernel's memory cap in MiB (undefined: the default). */
  memoryCapMiB?: number;
}

export default poolTask((task: LayerTask): SymLayerPart | undefined =>
  withCountMemoryCap(task.memoryCapMiB, () => symLayer(task.problem, task.row ?? Math.ceil(task.problem.size / 2), task.share, task.shares, task.from)),
);
