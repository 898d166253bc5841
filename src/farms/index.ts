// The 7×7 farming puzzle (Challenge24 2008, problem F).
export { parseFarmInput, parseFarmRow, type FarmCase } from "./parse.js";
export { countFarm, farmEngines, FARM_ENGINES, DEFAULT_FARM_ENGINE, type FarmEngine, type CountFarmOptions, type FarmCounter } from "./count.js";
export { allFarmRows, rowText, FARM_WIDTH, FARM_SYMBOL_COUNTS, type FarmRow } from "./rows.js";
export { ready } from "./ready.js";
