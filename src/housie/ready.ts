// ready() for tabula-grids/housie: compiles the housie kernel (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { housieModule } from "./kernel.js";

/**
 * Compiles the housie kernel; `source` overrides where its .wasm is found.
 *
 * @param source where to find the housie kernel's .wasm instead of next to the package
 * @example
 * ```ts
 * import { generateTickets, ready } from "tabula-grids/housie";
 *
 * await ready();
 * generateTickets(1, { seed: 1n }).length; // 1
 * ```
 */
export function ready(source?: KernelSource): Promise<void> {
  return housieModule.ready(source);
}
