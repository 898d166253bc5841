// The tours WASM kernel's binding (assembly/tours): generation and path counts, typed by
// the declarations the build generates from the module (src/wasm/generated/tours.ts).
import { Kernel } from "../wasm/load.js";
import { toursConstants, type ToursExports } from "../wasm/generated/tours.js";

/** The tours module (a literal URL, so bundlers ship the .wasm as an asset). */
export const toursModule = new Kernel<ToursExports>("tours", new URL("../../build/tours.wasm", import.meta.url), undefined, toursConstants);
