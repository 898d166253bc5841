// The farms WASM kernel's typed binding (assembly/farms): the published algorithm's count.
import { Kernel } from "../wasm/load.js";

interface FarmsKernel {
  countPublishedSets(code0: number, code1: number): bigint;
}

/** The farms module (a literal URL, so bundlers ship the .wasm as an asset). */
export const farmsModule = new Kernel<FarmsKernel>("farms", new URL("../../build/farms.wasm", import.meta.url));

/** Completions of rows 3..7 below two given row codes, divided by 5!. */
export function countPublishedSetsWasm(code0: number, code1: number): bigint {
  return farmsModule.exports.countPublishedSets(code0, code1);
}
