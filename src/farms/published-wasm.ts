// The farms WASM kernel's binding (assembly/farms): the published algorithm's count, typed
// by the declarations the build generates from the module (src/wasm/generated/farms.ts).
import { Kernel } from "../wasm/load.js";
import type { FarmsExports } from "../wasm/generated/farms.js";

/** The farms module (a literal URL, so bundlers ship the .wasm as an asset). */
export const farmsModule = new Kernel<FarmsExports>("farms", new URL("../../build/farms.wasm", import.meta.url));

/** Completions of rows 3..7 below two given row codes, divided by 5!. */
export function countPublishedSetsWasm(code0: number, code1: number): bigint {
  return farmsModule.exports.countPublishedSets(code0, code1);
}
