// ready() for tabula-grids/tables: compiles the tables kernel (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { tablesModule } from "./dp-wasm.js";

/**
 * Compiles the tables kernel; `source` overrides where its .wasm is found.
 *
 * @param source where to find the tables kernel's .wasm instead of next to the package
 * @example
 * ```ts
 * import { countTables, ready } from "tabula-grids/tables";
 *
 * await ready();
 * countTables({ size: 4, counts: [2, 2] }); // 72n
 * ```
 */
export function ready(source?: KernelSource): Promise<void> {
  return tablesModule.ready(source);
}
