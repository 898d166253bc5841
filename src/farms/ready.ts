// ready() for tabula-grids/farms: compiles the farms kernel and the tables kernel its "fast"
// engine runs on (required before first use outside Node).
import type { KernelSource } from "../wasm/load.js";
import { tablesModule } from "../tables/dp-wasm.js";
import { farmsModule } from "./published-wasm.js";

/** Compiles the kernels tabula-grids/farms uses; `sources` override where their .wasm files are found. */
export async function ready(sources: { farms?: KernelSource; tables?: KernelSource } = {}): Promise<void> {
  await Promise.all([farmsModule.ready(sources.farms), tablesModule.ready(sources.tables)]);
}
