// Housie for operators: claim checking (WASM kernel against the TS baseline, side by
// side, on books already in memory), reading our JSONL, the audit, and PDF pages.
import { add, complete, suite } from "benny";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { caseLines, medianMs, saveResults } from "./common.js";
import { HousieRun } from "../src/housie/generate/generate.js";
import { ticketsFromCells, type SeriesBatch } from "../src/housie/model/cells.js";
import { checkClaims } from "../src/housie/operators/check.js";
import { auditBooks } from "../src/housie/operators/audit.js";
import { readSeries } from "../src/housie/series/read-series.js";
import { PdfWriter } from "../src/housie/output/pdf.js";

const BOOKS = 1_000_000;
const BATCH = 4096;

function inMemory(n: number): SeriesBatch[] {
  const run = new HousieRun("books", { seed: 1n, unique: false });
  const batches: SeriesBatch[] = [];
  for (let done = 0; done < n; done += BATCH) {
    const count = Math.min(BATCH, n - done);
    batches.push({
      count,
      ticketsPerRecord: 6,
      cells: run.nextCells(count).cells,
      serials: BigUint64Array.from({ length: count }, (_, i) => BigInt(done + i + 1)),
      lines: new Float64Array(count),
    });
  }
  return batches;
}

export default async function operatorsBench(): Promise<void> {
  const rows: string[] = [];
  const books = inMemory(BOOKS);
  const calls = Array.from({ length: 90 }, (_, i) => ((i * 37) % 90) + 1); // a fixed game of all 90 numbers
  await suite(
    "housie-check",
    add(
      "wasm 1M books",
      () => {
        checkClaims(books, calls);
      },
      { minSamples: 3, maxTime: 5 },
    ),
    add(
      "ts 1M books",
      () => {
        checkClaims(books, calls, { engine: "ts" });
      },
      { minSamples: 3, maxTime: 5 },
    ),
    caseLines(),
    complete(),
    ...saveResults("housie-check"),
  );
  const wasm = medianMs(() => checkClaims(books, calls), 3);
  const ts = medianMs(() => checkClaims(books, calls, { engine: "ts" }), 3);
  rows.push(`| check a 90-call game, 1M books in memory (ms) | ${wasm.toFixed(0)} | ${ts.toFixed(0)} | ${(ts / wasm).toFixed(2)}× |`);

  const file = join(tmpdir(), `housie-operators-${process.pid}.jsonl`);
  const run = new HousieRun("books", { seed: 2n, unique: false });
  const chunks: Buffer[] = [];
  for (let done = 0; done < 100_000; done += BATCH) chunks.push(Buffer.from(run.nextJsonl(Math.min(BATCH, 100_000 - done))));
  writeFileSync(file, Buffer.concat(chunks));
  const bytes = chunks.reduce((a, c) => a + c.length, 0);
  const readWith = (engine: "wasm" | "ts") => () => {
    for (const batch of readSeries(file, { engine })) if (batch.count < 0) throw new Error();
  };
  // Interleaved, CPU time: on the shared machine wall times of one engine after the other drift.
  const cpu: Record<"wasm" | "ts", number[]> = { wasm: [], ts: [] };
  for (let rep = 0; rep < 5; rep++) {
    for (const engine of ["wasm", "ts"] as const) {
      const start = process.cpuUsage();
      readWith(engine)();
      const used = process.cpuUsage(start);
      cpu[engine].push((used.user + used.system) / 1000);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const readWasm = median(cpu.wasm);
  const readTs = median(cpu.ts);
  rows.push(
    `| read 100,000 books of JSONL, ${(bytes / 1e6).toFixed(0)} MB (ms of CPU, interleaved) | ${readWasm.toFixed(0)} | ${readTs.toFixed(0)} | ${(readTs / readWasm).toFixed(2)}× |`,
  );
  const audit = medianMs(() => auditBooks(books.slice(0, 25)), 3); // 102,400 books
  rows.push(`| audit 102,400 books in memory, 259 tests (ms) | | ${audit.toFixed(0)} | |`);
  rmSync(file, { force: true });

  for (const qr of [false, true]) {
    const writer = new PdfWriter(() => {}, { qr }); // bytes dropped: the drawing is timed
    const records = inMemory(500).flatMap((b) =>
      Array.from({ length: b.count }, (_, i) => ({ serial: b.serials[i]!, tickets: ticketsFromCells(b.cells, i * 162, 6) })),
    );
    const start = process.hrtime.bigint();
    for (const record of records) await writer.add(record);
    await writer.finish();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rows.push(`| pdf strip pages/s${qr ? " with --qr" : ""} (500 books) | | ${(500 / seconds).toFixed(0)} | |`);
  }
  console.log("\n| housie for operators | WASM | TS | ratio |\n|---|---|---|---|\n" + rows.join("\n"));
}
