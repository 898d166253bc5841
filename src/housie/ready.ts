// ready() for tabula-grids/housie: compiles the housie kernel (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { housieModule } from "./kernel.js";

/** Compiles the housie kernel; `source` overrides where its .wasm is found. */
export function ready(source?: KernelSource): Promise<void> {
  return housieModule.ready(source);
}
