// ready() for tabula-grids/tours: compiles the tours kernel (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { toursModule } from "./kernel.js";

/** Compiles the tours kernel; `source` overrides where its .wasm is found. */
export function ready(source?: KernelSource): Promise<void> {
  return toursModule.ready(source);
}
