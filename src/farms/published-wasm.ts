// The published algorithm's WASM kernel (assembly/farms/published.ts) behind a typed call.
import { loadKernel } from "../wasm/load.js";

interface FarmsKernel extends Record<string, unknown> {
  countPublishedSets(code0: number, code1: number): bigint;
}

/** Completions of rows 3..7 below two given row codes, divided by 5!. */
export function countPublishedSetsWasm(code0: number, code1: number): bigint {
  return loadKernel<FarmsKernel>("farms").countPublishedSets(code0, code1);
}
