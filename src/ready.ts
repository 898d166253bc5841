// ready() for the package root: compiles every kernel (required before first use outside
// Node; in Node the synchronous API also loads kernels on first use).
import { optionsObject } from "./args.js";
import type { KernelName, KernelSource } from "./wasm/load.js";
import { farmsModule } from "./farms/published-wasm.js";
import { tablesModule } from "./tables/dp-wasm.js";
import { housieModule } from "./housie/kernel.js";
import { toursModule } from "./tours/kernel.js";

/**
 * Compiles all four kernels; `sources` override where any of their .wasm files are found.
 *
 * @param sources where to find a kernel's .wasm instead of next to the package (a URL, a path, bytes, a Response or a compiled module), by kernel name
 * @example
 * ```ts
 * import { countTours, ready } from "tabula-grids";
 *
 * await ready(); // in Node optional; in browsers, Deno and Bun before the first call
 * countTours({ size: 5 }); // 12400n
 * ```
 */
export async function ready(sources: Partial<Record<KernelName, KernelSource>> = {}): Promise<void> {
  sources = optionsObject<Record<KernelName, KernelSource>>(sources, "sources", ["farms", "tables", "housie", "tours"]);
  await Promise.all([
    farmsModule.ready(sources.farms),
    tablesModule.ready(sources.tables),
    housieModule.ready(sources.housie),
    toursModule.ready(sources.tours),
  ]);
}
