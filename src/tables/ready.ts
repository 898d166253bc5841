// ready() for tabula-grids/tables: compiles the tables kernel (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { tablesModule } from "./dp-wasm.js";

/** Compiles the tables kernel; `source` overrides where its .wasm is found. */
export function ready(source?: KernelSource): Promise<void> {
  return tablesModule.ready(source);
}
