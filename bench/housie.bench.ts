// Housie: pattern enumeration, exact counting, uniform books per second (no formatting)
// and end-to-end JSONL to a file, WASM kernel against the pure-TS baseline, side by side.
import { add, complete, suite } from "benny";
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { caseLines, medianMs, saveResults } from "./common.js";
import { housieKernel, housieModule } from "../src/housie/kernel.js";
import { enumeratePatternsTs } from "../src/housie/count/tables.js";
import { BookSamplerTs } from "../test/oracles/housie-baseline-sampler.js";
import { HousieRun } from "../src/housie/generate/generate.js";
import { countHousie } from "../src/housie/count/count.js";

const BATCH = 4096;

export default async function housieBench(): Promise<void> {
  const k = housieKernel();
  const rows: string[] = [];
  const line = (name: string, wasm: number, ts: number, unit: string) => {
    rows.push(
      `| ${name} | ${wasm.toFixed(unit === "ms" ? 1 : 0)} | ${ts.toFixed(unit === "ms" ? 1 : 0)} | ${(unit === "ms" ? ts / wasm : wasm / ts).toFixed(2)}× |`,
    );
  };

  // 1. Pattern enumeration (735,210 patterns, 1,554 vectors). An instance enumerates once
  // and keeps the table, so each timing takes a fresh instance (its cost included).
  const enumerateFresh = () => housieModule.instantiate().enumeratePatterns();
  await suite(
    "housie-enumerate",
    add("wasm", enumerateFresh, { minSamples: 5, maxTime: 3 }),
    add(
      "ts",
      () => {
        enumeratePatternsTs();
      },
      { minSamples: 5, maxTime: 3 },
    ),
    caseLines(),
    complete(),
    ...saveResults("housie-enumerate"),
  );
  line(
    "enumerate 735,210 patterns (ms; WASM includes a fresh instance, about 8 ms)",
    medianMs(enumerateFresh, 5),
    medianMs(() => enumeratePatternsTs(), 5),
    "ms",
  );

  // 2. Exact count (tables already built; the pair convolution dominates).
  countHousie();
  line(
    "count books exactly (ms, incl. TS table build)",
    medianMs(() => countHousie(), 3),
    medianMs(() => countHousie({ engine: "ts" }), 3),
    "ms",
  );

  // 3. Uniform books per second, no formatting.
  const run = new HousieRun("books", { seed: 1n, unique: false });
  const ts = new BookSamplerTs(1n);
  const out = new Uint8Array(162);
  await suite(
    "housie-books",
    add(
      `wasm ${BATCH} books`,
      () => {
        run.nextCells(BATCH);
      },
      { minSamples: 5, maxTime: 3 },
    ),
    add(
      `ts ${BATCH} books`,
      () => {
        for (let i = 0; i < BATCH; i++) ts.nextBook(out);
      },
      { minSamples: 5, maxTime: 3 },
    ),
    caseLines(),
    complete(),
    ...saveResults("housie-books"),
  );
  const wasmMs = medianMs(() => k.generateBooks(BATCH, false), 9);
  const tsMs = medianMs(() => {
    for (let i = 0; i < BATCH; i++) ts.nextBook(out);
  }, 5);
  line("uniform books/s (seeded, no uniqueness set, no formatting)", (BATCH / wasmMs) * 1000, (BATCH / tsMs) * 1000, "rate");
  const unique = new HousieRun("books", { seed: 2n });
  const uniqueMs = medianMs(() => unique.nextCells(BATCH), 9);
  const system = new HousieRun("books", {});
  const systemMs = medianMs(() => system.nextCells(BATCH), 9);
  rows.push(
    `| uniform books/s with uniqueness set (WASM, seeded / OS CSPRNG) | ${((BATCH / uniqueMs) * 1000).toFixed(0)} / ${((BATCH / systemMs) * 1000).toFixed(0)} | | |`,
  );

  // 4. End to end: JSONL books written to a file (formatting in WASM, uniqueness on).
  const file = join(tmpdir(), `housie-bench-${process.pid}.jsonl`);
  const total = 100_000;
  const jsonlMs = medianMs(() => {
    const fd = openSync(file, "w");
    const r = new HousieRun("books", { seed: 3n });
    r.reserve(total); // as the CLI does with --count
    for (let left = total; left > 0; left -= BATCH) writeSync(fd, r.nextJsonl(Math.min(BATCH, left)));
    closeSync(fd);
  }, 3);
  rmSync(file, { force: true });
  rows.push(`| JSONL books/s to a file (${total.toLocaleString("en")} books, WASM) | ${((total / jsonlMs) * 1000).toFixed(0)} | | |`);

  const table = ["| measure | wasm | ts | wasm vs ts |", "| --- | --- | --- | --- |", ...rows].join("\n");
  console.log(table);
  writeFileSync("bench/results/housie.md", table + "\n");
}
