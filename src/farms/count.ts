// countFarm: completions of the 7×7 puzzle below two given rows, by a chosen engine.
import { optionsObject, rowArgument } from "../args.js";
import { UsageError } from "../errors.js";
import { countPublishedSetsTs } from "./published-ts.js";
import { countPublishedSetsWasm } from "./published-wasm.js";
import { FARM_ROW_EXPECTED, farmRowProblem, rowCode, type FarmRow } from "./rows.js";
import { parseFarmRow } from "./parse.js";
import { fastFarmEngines } from "../tables/farm-engines.js";

/** Ways to order the five free rows: the engines count sets, the puzzle counts tables. */
const FREE_ROW_ORDERS = 120n;

/** Counts completions below two given rows (validated) as an exact bigint. */
export type FarmCounter = (row0: FarmRow, row1: FarmRow) => bigint;

/**
 * The engines by name: `fast` / `fast-ts`, the general counter (src/tables) in WASM /
 * TypeScript; `wasm` / `ts`, the published algorithm in WASM / TypeScript.
 */
export const farmEngines = {
  ...fastFarmEngines,
  wasm: (row0: FarmRow, row1: FarmRow) => countPublishedSetsWasm(rowCode(row0), rowCode(row1)) * FREE_ROW_ORDERS,
  ts: (row0: FarmRow, row1: FarmRow) => BigInt(countPublishedSetsTs(rowCode(row0), rowCode(row1))) * FREE_ROW_ORDERS,
} satisfies Record<string, FarmCounter>;

/** The farm counters: "fast" (the general counter in WASM, the default), "fast-ts" (its TS baseline), "wasm" and "ts" (the published algorithm). */
export type FarmEngine = keyof typeof farmEngines;
/** Every farm engine's name. */
export const FARM_ENGINES = Object.keys(farmEngines) as FarmEngine[];
/** fast agrees with the published algorithm on every input (test/unit/tables-farms.test.ts). */
export const DEFAULT_FARM_ENGINE: FarmEngine = "fast";

/** Options of `countFarm`. */
export interface CountFarmOptions {
  /** Which counter (default "fast"); all four give the same answers. */
  engine?: FarmEngine;
}

function toRow(row: FarmRow | string, which: string): FarmRow {
  if (typeof row === "string") return parseFarmRow(row);
  const problem = farmRowProblem(row);
  if (problem) throw new UsageError(`${which}: ${problem} (expected ${FARM_ROW_EXPECTED})`);
  return row;
}

/**
 * Number of ways to fill rows 3..7 of the 7×7 table (two 0s, two 1s, three 2s in every
 * row and column, rows distinct, columns distinct) below the given rows. Rows are
 * arrays of symbols or strings like "2100221" / "2 1 0 0 2 2 1".
 *
 * @param row0 the first row: symbols 0-2, as an array or a string
 * @param row1 the second row, the same way
 * @param options `engine`: "fast" (the general counter in WASM, the default), "fast-ts" (its TS baseline), "wasm" or "ts" (the published algorithm)
 * @example
 * ```ts
 * import { countFarm } from "tabula-grids";
 *
 * countFarm("2100221", "0221102"); // 4909920n
 * countFarm([2, 0, 0, 2, 2, 1, 1], [2, 0, 1, 2, 2, 1, 0], { engine: "wasm" }); // 507600n, the published algorithm
 * ```
 */
export function countFarm(row0: FarmRow | string, row1: FarmRow | string, options: CountFarmOptions = {}): bigint {
  rowArgument(row0, "row0");
  rowArgument(row1, "row1");
  options = optionsObject(options, "options", ["engine"]);
  const engine = options.engine ?? DEFAULT_FARM_ENGINE;
  const counter = farmEngines[engine] as FarmCounter | undefined;
  if (!counter) throw new UsageError(`unknown engine "${engine}" (expected one of ${FARM_ENGINES.join(", ")})`);
  return counter(toRow(row0, "first row"), toRow(row1, "second row"));
}
