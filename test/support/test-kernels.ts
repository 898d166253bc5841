// The kernels' test builds (build/test/<name>.wasm: the release exports plus test hooks).
// A test file that needs the hooks calls one of these before anything loads that kernel;
// the rest of the library then runs on the same instance, so hooks and API share state.
import { housieKernel, housieModule, type HousieKernel } from "../../src/housie/kernel.js";
import { tablesModule } from "../../src/tables/dp-wasm.js";
import { toursModule } from "../../src/tours/kernel.js";
// Typed by the declarations the build generates from each test build's exports.
import type { HousieTestExports } from "./generated/housie.js";
import type { TablesTestExports } from "./generated/tables.js";
import type { ToursTestExports } from "./generated/tours.js";

export type HousieTestHooks = HousieTestExports;

export type TablesTestHooks = TablesTestExports;

export type ToursTestHooks = ToursTestExports;

const testBuild = (name: string) => new URL(`../../build/test/${name}.wasm`, import.meta.url);

let housieTest: HousieTestExports | undefined;

/** The housie kernel from its test build (the library shares it from then on). */
export function housieTestKernel(): HousieTestExports {
  if (!housieTest) {
    housieModule.useModuleAt(testBuild("housie"));
    housieTest = housieKernel() as HousieTestExports; // the shared instance, of the test build now
  }
  return housieTest;
}

/** The tables kernel from its test build (the library shares it from then on). */
export function tablesTestKernel(): TablesTestHooks {
  if (!tablesModule.isReady) tablesModule.useModuleAt(testBuild("tables"));
  return tablesModule.exports as TablesTestExports; // the test build's instance
}

/** The tours kernel from its test build (the library shares it from then on). */
export function toursTestKernel(): ToursTestHooks {
  if (!toursModule.isReady) toursModule.useModuleAt(testBuild("tours"));
  return toursModule.exports as ToursTestExports; // the test build's instance
}
