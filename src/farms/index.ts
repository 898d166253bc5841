/**
 * The 7×7 farming puzzle (Challenge24 2008, problem F): parse contest files, count the
 * completions of two given rows. Guide: `docs/farms.md`.
 *
 * @example
 * ```ts
 * import { countFarm, parseFarmInput } from "tabula-grids/farms";
 *
 * countFarm("2100221", "0221102"); // 4909920n
 * for (const { rows } of parseFarmInput("1\n2100221\n0221102\n")) console.log(countFarm(rows[0], rows[1]));
 * ```
 * @module tabula-grids/farms
 */
// The 7×7 farming puzzle (Challenge24 2008, problem F).
export { parseFarmInput, parseFarmRow, type FarmCase } from "./parse.js";
export { countFarm, farmEngines, FARM_ENGINES, DEFAULT_FARM_ENGINE, type FarmEngine, type CountFarmOptions, type FarmCounter } from "./count.js";
export { allFarmRows, rowText, FARM_WIDTH, FARM_SYMBOL_COUNTS, type FarmRow } from "./rows.js";
export { ready } from "./ready.js";
