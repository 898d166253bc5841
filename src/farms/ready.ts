// ready() for tabula-grids/farms: compiles the farms kernel and the tables kernel its "fast"
// engine runs on (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { tablesModule } from "../tables/dp-wasm.js";
import { farmsModule } from "./published-wasm.js";

/**
 * Compiles the kernels tabula-grids/farms uses; `sources` override where their .wasm files are found.
 *
 * @param sources where to find the farms and tables kernels' .wasm files instead of next to the package
 * @example
 * ```ts
 * import { countFarm, ready } from "tabula-grids/farms";
 *
 * await ready();
 * countFarm("2100221", "0221102"); // 4909920n
 * ```
 */
export async function ready(sources: { farms?: KernelSource; tables?: KernelSource } = {}): Promise<void> {
  await Promise.all([farmsModule.ready(sources.farms), tablesModule.ready(sources.tables)]);
}
