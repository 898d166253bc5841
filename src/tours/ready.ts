// ready() for tabula-grids/tours: compiles the tours kernel (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { toursModule } from "./kernel.js";

/**
 * Compiles the tours kernel; `source` overrides where its .wasm is found.
 *
 * @param source where to find the tours kernel's .wasm instead of next to the package
 * @example
 * ```ts
 * import { countTours, ready } from "tabula-grids/tours";
 *
 * await ready();
 * countTours({ size: 5 }); // 12400n
 * ```
 */
export function ready(source?: KernelSource): Promise<void> {
  return toursModule.ready(source);
}
