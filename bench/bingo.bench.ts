// Bingo cards beside 90-ball: uniform cards per second per format in the kernel (with and
// without the uniqueness set) against the pure-TS baseline, 90-ball tickets and books from
// the housie kernel in the same run, and cards formatted as JSONL in this process.
import { writeFileSync } from "node:fs";
import { medianMs } from "./common.js";
import { housieKernel } from "../src/housie/kernel.js";
import { CardRun } from "../src/bingo/generate.js";
import { CARD_BATCH, shapeKernel } from "../src/bingo/kernel.js";
import { cellsToJsonl } from "../src/bingo/format.js";
import { SHAPE_30, SHAPE_75, SHAPE_80 } from "../src/bingo/shape.js";

const BATCH = 4096;
const rate = (n: number, ms: number) => ((n / ms) * 1000).toFixed(0);

export default async function bingoBench(): Promise<void> {
  const rows: string[] = [];
  const housie = housieKernel();
  housie.setSeedState(1, 2, 3, 4);
  rows.push(
    `| 90-ball tickets (housie kernel, 1 ticket a record) | ${rate(
      BATCH,
      medianMs(() => housie.generateTickets(BATCH, false), 9),
    )} | | |`,
  );
  rows.push(
    `| 90-ball books (housie kernel, 6 tickets a record) | ${rate(
      BATCH,
      medianMs(() => housie.generateBooks(BATCH, false), 9),
    )} | | |`,
  );
  for (const shape of [SHAPE_75, SHAPE_80, SHAPE_30]) {
    const k = shapeKernel(shape);
    k.setSeedState(1, 2, 3, 4);
    const plain = medianMs(() => k.generateCards(CARD_BATCH, false), 9);
    // A fresh run per timing keeps the set as full as a real run of that size.
    const unique = medianMs(() => {
      const u = shapeKernel(shape);
      u.setSeedState(5, 6, 7, 8);
      for (let i = 0; i < 64; i++) u.generateCards(CARD_BATCH, true);
    }, 3);
    const ts = new CardRun(shape, { seed: 1, engine: "ts", unique: false });
    const tsMs = medianMs(() => ts.nextCells(CARD_BATCH), 5);
    rows.push(
      `| ${shape.title} cards (no set / with the set, 262,144 a run) | ${rate(CARD_BATCH, plain)} / ${rate(64 * CARD_BATCH, unique)} | ${rate(CARD_BATCH, tsMs)} | ${(tsMs / plain).toFixed(1)}× |`,
    );
    const run = new CardRun(shape, { seed: 2 });
    const jsonlMs = medianMs(() => {
      const { firstSerial, cells } = run.nextCells(CARD_BATCH);
      return cellsToJsonl(shape, firstSerial, cells, CARD_BATCH).length;
    }, 5);
    rows.push(`| ${shape.title} cards as JSONL text in this process (unique) | ${rate(CARD_BATCH, jsonlMs)} | | |`);
  }
  const table = ["| cards or records a second | wasm | ts | wasm vs ts |", "| --- | --- | --- | --- |", ...rows].join("\n");
  console.log(table);
  writeFileSync("bench/results/bingo.md", table + "\n");
}
