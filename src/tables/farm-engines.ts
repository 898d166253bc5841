// The fast engine on the 7×7 farming puzzle, in the shape of the published engines
// (row0, row1) => completions, for count-farms' --engine fast / fast-ts.
import { countTables } from "./count.js";

const FARM = { size: 7, counts: [2, 2, 3] } as const;

/** The general counter as a farm engine, in WASM ("fast") and in TypeScript ("fast-ts"). */
export const fastFarmEngines = {
  fast: (row0: readonly number[], row1: readonly number[]) => countTables({ ...FARM, given: [row0, row1], engine: "wasm" }),
  "fast-ts": (row0: readonly number[], row1: readonly number[]) => countTables({ ...FARM, given: [row0, row1], engine: "ts" }),
};

/** The name of a general-counter farm engine. */
export type FastFarmEngine = keyof typeof fastFarmEngines;
