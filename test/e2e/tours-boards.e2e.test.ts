// The tours tab's board and draw controls in Chromium: rows × cols boards for the knight and
// typed leapers, and exactly uniform tours drawn in the worker — the same tours, seed for
// seed, as the library gives in Node — with one clear line where the sampler does not reach.
// Screenshots at desktop and phone widths (test-results/e2e/tours-boards-*.png).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { countHamiltonian, KNIGHT, parseTourFile, ready as toursReady, sampleTourUniform, validateTour } from "../../src/tours/index.js";
import { chromiumAvailable } from "../support/chromium.js";
import { downloadBytes, openApp, SHOTS, showTab, type App } from "./app.js";

const board = "#tour-board";

interface Ask {
  rows: number;
  cols?: number;
  moves: "0,3+2,2" | "1,2" | string;
  closed: boolean;
  uniform?: boolean;
  seed: number;
  start?: [number, number];
}

/** Fills the generate form as a user would and submits it. */
async function generate(page: Page, ask: Ask): Promise<void> {
  await page.fill("#tour-size", String(ask.rows));
  await page.fill("#tour-cols", ask.cols === undefined ? "" : String(ask.cols));
  if (ask.moves === "0,3+2,2" || ask.moves === "1,2") await page.check(`input[name="tour-moves"][value="${ask.moves}"]`);
  else await page.fill("#tour-leapers", ask.moves); // focusing the field picks "leapers"
  await page.check(`input[name="tour-kind"][value="${ask.closed ? "closed" : "open"}"]`);
  await page.check(`input[name="tour-draw"][value="${ask.uniform ? "uniform" : "built"}"]`);
  await page.fill("#tour-start-row", ask.start ? String(ask.start[0]) : "");
  await page.fill("#tour-start-col", ask.start ? String(ask.start[1]) : "");
  await page.fill("#tour-seed", String(ask.seed));
  await page.click("#tour-form button[type=submit]");
}

/** The tour on show as the JSON download gives it, parsed by the library. */
async function downloadedTour(page: Page): Promise<ReturnType<typeof parseTourFile>> {
  const { bytes } = await downloadBytes(page, '#tour-actions button[data-format="json"]');
  return parseTourFile(bytes.toString("utf8"));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.locator(board).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}tours-boards-${name}.png`, fullPage: false });
}

describe.skipIf(!chromiumAvailable())("tours tab: rows × cols boards and uniform tours", () => {
  let app: App;

  beforeAll(async () => {
    await toursReady();
    app = await openApp({ width: 1200, height: 1000 });
    await showTab(app.page, "tours");
  });

  afterAll(async () => {
    expect(app?.problems ?? []).toEqual([]);
    await app?.close();
  });

  it("builds a closed knight's tour of 8×10 and draws every square of it", async () => {
    const { page } = app;
    await generate(page, { rows: 8, cols: 10, moves: "1,2", closed: true, seed: 3 });
    await expect.poll(() => page.locator("#tour-summary").textContent(), { timeout: 30_000 }).toMatch(/^A closed knight's 8×10 tour \(80 squares\) in /);
    await page.locator(`${board}[data-size="8x10"] svg`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`${board} svg .numbers > text`).count()).toBe(80);
    expect(await page.locator(`${board} svg .moves > path`).count()).toBe(80); // 79 moves and the closing one
    const file = await downloadedTour(page);
    expect([file.rows, file.cols, file.closed]).toEqual([8, 10, true]);
    expect(validateTour(file.grid, { rows: 8, cols: 10, moves: KNIGHT })).toMatchObject({ ok: true, closed: true });
    await shot(page, "knight-8x10-closed");
  });

  it("builds a typed leaper's open tour of a rectangle", async () => {
    const { page } = app;
    await generate(page, { rows: 6, cols: 9, moves: "1,2+0,3", closed: false, seed: 2 });
    await expect.poll(() => page.locator("#tour-summary").textContent(), { timeout: 30_000 }).toMatch(/^An open 1,2\+0,3 leaper 6×9 tour \(54 squares\)/);
    await page.locator(`${board}[data-size="6x9"] svg`).waitFor({ timeout: 30_000 });
    const file = await downloadedTour(page);
    expect(
      validateTour(file.grid, {
        rows: 6,
        cols: 9,
        moves: [
          [0, 3],
          [1, 2],
        ],
      }).ok,
    ).toBe(true);
  });

  it("draws uniform tours: the same tour as the library for the seed, among all 48 closed 5×5 pen-and-paper tours and 9,862 closed 6×6 knight's", async () => {
    const { page } = app;
    await generate(page, { rows: 5, moves: "0,3+2,2", closed: true, uniform: true, seed: 11 });
    await expect
      .poll(() => page.locator("#tour-summary").textContent(), { timeout: 30_000 })
      .toMatch(/^A closed 5×5 tour \(25 squares\), drawn uniformly among 48 closed tours \(cycles\) in /);
    await page.locator(`${board}[data-size="5"] svg`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`${board} svg .numbers > text`).count()).toBe(25);
    const drawn = await downloadedTour(page);
    expect(Array.from(drawn.grid)).toEqual(Array.from(sampleTourUniform({ rows: 5, cols: 5, closed: true, seed: 11 })));
    await shot(page, "uniform-5x5-closed");

    await generate(page, { rows: 6, moves: "1,2", closed: true, uniform: true, seed: 4 });
    await expect
      .poll(() => page.locator("#tour-summary").textContent(), { timeout: 60_000 })
      .toMatch(/^A closed knight's 6×6 tour \(36 squares\), drawn uniformly among 9,862 closed tours/);
    const knight = await downloadedTour(page);
    expect(Array.from(knight.grid)).toEqual(Array.from(sampleTourUniform({ rows: 6, cols: 6, moves: KNIGHT, closed: true, seed: 4 })));
  });

  it("draws uniform open tours among the directed tours the counter counts", async () => {
    const { page } = app;
    const directed = countHamiltonian({ rows: 3, cols: 4, moves: KNIGHT }).count;
    await generate(page, { rows: 3, cols: 4, moves: "1,2", closed: false, uniform: true, seed: 9 });
    const summary = new RegExp(
      `^An open knight's 3×4 tour \\(12 squares\\), drawn uniformly among ${directed.toLocaleString("en")} open tours \\(directed\\) in `,
    );
    await expect.poll(() => page.locator("#tour-summary").textContent(), { timeout: 30_000 }).toMatch(summary);
    const drawn = await downloadedTour(page);
    expect([drawn.rows, drawn.cols, drawn.closed]).toEqual([3, 4, false]);
    expect(Array.from(drawn.grid)).toEqual(Array.from(sampleTourUniform({ rows: 3, cols: 4, moves: KNIGHT, seed: 9 })));
  });

  it("says in one line where uniform tours are out of reach, or where they take no start", async () => {
    const { page } = app;
    await generate(page, { rows: 8, moves: "1,2", closed: true, uniform: true, seed: 1 });
    await expect
      .poll(() => page.locator("#tour-draw-error").textContent())
      .toMatch(/^uniform tours are drawn here on boards up to 7×7, 5×8 and 4×12 .*not 8×8; choose "built" for bigger boards$/);
    expect(await page.getAttribute("#tour-draw", "aria-invalid")).toBe("true");
    await generate(page, { rows: 5, moves: "0,3+2,2", closed: true, uniform: true, seed: 1, start: [1, 1] });
    await expect
      .poll(() => page.locator("#tour-start-row-error").textContent())
      .toMatch(/^a uniform tour starts where the draw puts it: leave the start empty/);
    // No closed tour at all: the count is 0, said in the same place.
    await generate(page, { rows: 3, cols: 4, moves: "1,2", closed: true, uniform: true, seed: 1 });
    await expect
      .poll(() => page.locator("#tour-draw-error").textContent(), { timeout: 30_000 })
      .toMatch(/no closed tour exists on the 3×4 board with moves 1,2/);
  });

  it("shows a 30×30 board at Fit as the path only", async () => {
    const { page } = app;
    await generate(page, { rows: 30, moves: "0,3+2,2", closed: true, seed: 5 });
    await page.locator(`${board}[data-size="30"] svg`).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.$eval(`${board} svg`, (svg) => svg.classList.contains("numbers-small"))).toBe(true);
    await shot(page, "30-fit");
  });

  it("fits a phone's 360 px: the form, the 8×10 knight, the 5×5 uniform tour and the 30×30 path", async () => {
    const { page } = app;
    await page.setViewportSize({ width: 360, height: 740 });
    const fits = async () => Number(await page.evaluate("document.documentElement.scrollWidth")) <= 360; // no sideways scrolling
    await page.locator("#tour-form").scrollIntoViewIfNeeded();
    expect(await fits()).toBe(true);
    await page.screenshot({ path: `${SHOTS}tours-boards-phone-form.png`, fullPage: false });
    await generate(page, { rows: 8, cols: 10, moves: "1,2", closed: true, seed: 3 });
    await page.locator(`${board}[data-size="8x10"] svg`).waitFor({ timeout: 30_000 });
    expect(await fits()).toBe(true);
    await shot(page, "phone-knight-8x10");
    await generate(page, { rows: 5, moves: "0,3+2,2", closed: true, uniform: true, seed: 11 });
    await page.locator(`${board}[data-size="5"] svg`).waitFor({ timeout: 30_000 });
    expect(await fits()).toBe(true);
    await shot(page, "phone-uniform-5x5");
    await generate(page, { rows: 30, moves: "0,3+2,2", closed: true, seed: 5 });
    await page.locator(`${board}[data-size="30"] svg`).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.$eval(`${board} svg`, (svg) => svg.classList.contains("numbers-small"))).toBe(true);
    expect(await fits()).toBe(true);
    await shot(page, "phone-30-fit");
    await page.setViewportSize({ width: 1200, height: 1000 });
  });
});
