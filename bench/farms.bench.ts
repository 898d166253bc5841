// count-farms, published algorithm: WASM kernel vs TypeScript baseline on the ten
// Challenge24 samples (one benny case per engine and input), and the same kernel in
// native C (bench/native/published.c) timed in the same run when cc is available.
import { add, complete, configure, suite } from "benny";
import { readFileSync, writeFileSync } from "node:fs";
import { farmEngines, parseFarmInput, rowText } from "../src/index.js";
import { bennyMedians, caseLines, type MedianGrid, medianTable, saveResults } from "./common.js";
import { buildNative, runNative } from "./native/run-native.js";

const ENGINES = ["wasm", "ts"] as const;

export default async function farmsBench(): Promise<void> {
  const cases = parseFarmInput(readFileSync("examples/challenge24-2008.txt", "utf8"));
  let grid: MedianGrid = new Map();
  await suite(
    "farms-published",
    configure({ cases: { minSamples: 10, maxTime: 1 } }),
    ...ENGINES.flatMap((engine) => cases.map((c, k) => add(`${engine} #${k + 1}`, () => farmEngines[engine](c.rows[0], c.rows[1])))),
    caseLines(),
    complete((summary) => {
      grid = bennyMedians(summary);
    }),
    ...saveResults("farms-published"),
  );

  const native = buildNative("published");
  if (native) {
    cases.forEach((c, k) => {
      const { result, medianMs } = runNative(native, [rowText(c.rows[0]), rowText(c.rows[1]), "41"]);
      if (BigInt(result) !== farmEngines.wasm(c.rows[0], c.rows[1])) throw new Error(`native disagrees on #${k + 1}`);
      grid.get(`#${k + 1}`)!.set("native", medianMs);
    });
  }
  const table = native
    ? medianTable(
        grid,
        ["wasm", "ts", "native"],
        [
          ["ts", "wasm"],
          ["wasm", "native"],
        ],
      )
    : medianTable(grid, ["wasm", "ts"], [["ts", "wasm"]]);
  console.log(`\n${table}`);
  writeFileSync("bench/results/farms-published.md", `${table}\n`);
}
