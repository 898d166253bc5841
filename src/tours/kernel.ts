// The tours WASM kernel's binding (assembly/tours): generation and path counts, typed by
// the declarations the build generates from the module (src/wasm/generated/tours.ts).
import { Kernel } from "../wasm/load.js";
import { toursConstants, type ToursExports } from "../wasm/generated/tours.js";

/** Hears of each finished step of a frontier count: the step, its states and the passes it took. */
export type FrontierProgress = (step: number, states: number, passes: number) => void;
let frontierProgress: FrontierProgress | undefined;

/** Sets (or with undefined clears) the listener of frontier counts' steps. */
export function onFrontierProgress(listener: FrontierProgress | undefined): void {
  frontierProgress = listener;
}

/** The tours module (a literal URL, so bundlers ship the .wasm as an asset). */
export const toursModule = new Kernel<ToursExports>(
  "tours",
  new URL("../../build/tours.wasm", import.meta.url),
  () => ({
    frontier: { progress: (step: number, states: number, passes: number) => frontierProgress?.(step, states, passes) },
  }),
  toursConstants,
);
