// In-page times next to Node's for the same work, one run each (`npm run build &&
// npm run build:web && npx tsx bench/web-page.ts`). The page's times are the worker's own
// (performance.now() around the library call, kernels already compiled by ready());
// Node's are the same library calls in this process, measured the same way.
import os from "node:os";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { countFarm, parseFarmInput } from "../src/farms/index.js";
import { countTables } from "../src/tables/index.js";
import { HousieRun, countHousie } from "../src/housie/index.js";
import { countTours, generateTour } from "../src/tours/index.js";
import { openApp, showTab } from "../test/e2e/app.js";

const ROOT = new URL("..", import.meta.url);
const contest = readFileSync(new URL("examples/challenge24-2008.txt", ROOT), "utf8");

function timed(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/**
 * Runs a page action and waits for `selector` to carry a fresh data-ms. Node runs each
 * item first, so the page's worker is idle while Node is timed.
 */
async function pageTime(page: Page, selector: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate(`document.querySelector(${JSON.stringify(selector)})?.removeAttribute("data-ms")`);
  await act();
  const element = page.locator(`${selector}[data-ms]`);
  await element.waitFor({ state: "attached", timeout: 600_000 });
  return Number(await element.getAttribute("data-ms"));
}

const rows: [string, number, number][] = [];
const app = await openApp();
const { page } = app;
try {
  await page.locator("#farm-count:not(:empty)").waitFor({ timeout: 60_000 }); // farms kernels ready

  const add = async (name: string, node: () => unknown, inPage: () => Promise<number>) => {
    const nodeMs = timed(node);
    rows.push([name, await inPage(), nodeMs]);
  };

  await add(
    "farms: the ten contest cases (count-farms, engine fast)",
    () => parseFarmInput(contest).forEach(({ rows: [a, b] }) => countFarm(a, b)),
    () =>
      pageTime(page, "#farm-file-results", async () => {
        await page.fill("#farm-file-text", contest);
        await page.click("#farm-file-count");
      }),
  );

  for (const [size, counts] of [
    [6, [3, 3]],
    [8, [2, 2, 2, 2]],
    [9, [3, 3, 3]],
  ] as const) {
    await add(
      `tables: ${size}×${size} (${counts.join(",")}), nothing given, one thread`,
      () => countTables({ size, counts: [...counts] }),
      () =>
        pageTime(page, "#tables-count", async () => {
          await page.fill("#tables-size", String(size));
          await page.fill("#tables-counts", counts.join(","));
          await page.click("#tables-form button[type=submit]");
        }),
    );
  }

  await showTab(page, "housie");
  for (const count of [1000, 100_000]) {
    await add(
      `housie: ${count.toLocaleString("en")} seeded books as JSONL${count === 1000 ? " (the first run builds the sampler's tables)" : ""}`,
      () => {
        const run = new HousieRun("books", { seed: 2026n });
        run.reserve(count);
        for (let left = count; left > 0;) {
          const batch = Math.min(left, run.batchLimit);
          run.nextJsonl(batch).slice();
          left -= batch;
        }
      },
      () =>
        pageTime(page, "#housie-summary", async () => {
          await page.fill("#housie-count", String(count));
          await page.fill("#housie-seed", "2026");
          await page.click("#housie-form button[type=submit]");
        }),
    );
  }
  await add(
    "housie: exact counts (patterns, tickets, books)",
    () => countHousie(),
    () => pageTime(page, "#housie-counts", () => page.click("#housie-counts-go")),
  );

  await showTab(page, "tours");
  for (const size of [1000, 3000]) {
    await add(
      `tours: generate an open ${size}×${size} tour`,
      () => generateTour({ size }),
      () =>
        pageTime(page, "#tour-summary", async () => {
          await page.fill("#tour-size", String(size));
          await page.click("#tour-form button[type=submit]");
        }),
    );
    // The drawing runs after the tour; let it finish before Node's next timing.
    await page.locator(`#tour-board[data-size="${size}"]`).waitFor({ timeout: 120_000 });
  }
  for (const [size, closed] of [
    [5, false],
    [6, true],
    [6, false],
  ] as const) {
    await add(
      `tours: count ${size}×${size} ${closed ? "closed cycles" : "all directed tours"}, one thread`,
      () => countTours({ size, closed }),
      () =>
        pageTime(page, "#tour-count", async () => {
          await page.selectOption("#tour-count-size", String(size));
          await page.check(`input[name="tour-count-kind"][value="${closed ? "closed" : "all"}"]`);
          await page.click("#tour-count-form button[type=submit]");
        }),
    );
  }
} finally {
  await app.close();
}

const version = (await import("playwright-core")).chromium.name();
console.log(`machine: ${os.cpus()[0]?.model}, ${os.cpus().length} cores, node ${process.version}, ${version} /usr/bin/chromium`);
console.log("| work | in the page (Chromium, Web Worker) ms | Node ms | page / Node |");
console.log("| --- | ---: | ---: | ---: |");
const f = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
for (const [name, inPage, node] of rows) console.log(`| ${name} | ${f(inPage)} | ${f(node)} | ${(inPage / node).toFixed(2)}× |`);
