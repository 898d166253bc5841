// The kernels' test builds (build/test/<name>.wasm: the release exports plus test hooks).
// A test file that needs the hooks calls one of these before anything loads that kernel;
// the rest of the library then runs on the same instance, so hooks and API share state.
import { housieKernel, housieModule, type HousieKernel } from "../../src/housie/kernel.js";
import { tablesModule } from "../../src/tables/dp-wasm.js";
import type { WasmExports } from "../../src/wasm/web-assembly.js";

export interface HousieTestHooks {
  restTestHook(q: number): number;
  restChunkHook(q: number, k: number): number;
  chosenVector(t: number): number;
  nextWord(): number;
  filledRank(t: number): bigint;
  below62(n: bigint): bigint;
  drawClassCount(): number;
  drawEntryCount(): number;
  classWeightSumLow(): bigint;
  classWeightSumHigh(): bigint;
  wasIssued(rank: bigint): number;
  pairClassTotalAt(p: number): number;
  pairClassCodeAt(p: number): number;
  tripleTotalAt(i: number): bigint;
}

export interface TablesTestHooks {
  multiplyWide(aLo: bigint, aHi: bigint, bLo: bigint, bHi: bigint): void;
  divideSmall(lo: bigint, hi: bigint, d: bigint): void;
  multiplySmallForTest(lo: bigint, hi: bigint, w: bigint): void;
  clearOverflow(): void;
  lastProductLo(): bigint;
  lastProductHi(): bigint;
  lastOverflowed(): number;
}

const testBuild = (name: string) => new URL(`../../build/test/${name}.wasm`, import.meta.url);

let housieTest: (HousieKernel & HousieTestHooks & WasmExports) | undefined;

/** The housie kernel from its test build (the library shares it from then on). */
export function housieTestKernel(): HousieKernel & HousieTestHooks & WasmExports {
  if (!housieTest) {
    housieModule.useModuleAt(testBuild("housie"));
    housieTest = housieKernel() as HousieKernel & HousieTestHooks & WasmExports;
  }
  return housieTest;
}

/** The tables kernel from its test build (the library shares it from then on). */
export function tablesTestKernel(): TablesTestHooks {
  if (!tablesModule.isReady) tablesModule.useModuleAt(testBuild("tables"));
  return tablesModule.exports as unknown as TablesTestHooks;
}
