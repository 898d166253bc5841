// The tours tab in Chromium: the board zooms, pans and plays the tour step by step; the
// count panel counts any board and leapers, from a clicked square, with grouped digits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { countHamiltonian, KNIGHT, ready as toursReady } from "../../src/tours/index.js";
import { groupDigits } from "../../src/io/digits.js";
import { chromiumAvailable } from "../support/chromium.js";
import { openApp, SHOTS, showTab, type App } from "./app.js";

const grouped = (n: bigint | string) => groupDigits(n, "\u2009");
const board = "#tour-board";
const tool = (act: string) => `${board} .board-tools button[data-act="${act}"]`;

/** The player's step (data-step on the SVG) and the numbers on show. */
async function shown(page: Page): Promise<{ step: number; numbers: number; moves: number }> {
  return page.$eval(`${board} svg`, (svg) => {
    const visible = (selector: string) => [...svg.querySelectorAll(selector)].filter((e) => e.getAttribute("visibility") !== "hidden").length;
    return { step: Number(svg.getAttribute("data-step")), numbers: visible(".numbers > text"), moves: visible(".moves > path") };
  });
}

async function transform(page: Page): Promise<string> {
  return page.$eval(`${board} .board-stage`, (stage) => (stage as unknown as { style: { transform: string } }).style.transform);
}

describe.skipIf(!chromiumAvailable())("tours tab in Chromium", () => {
  let app: App;

  beforeAll(async () => {
    await toursReady();
    app = await openApp({ width: 1200, height: 1000 });
  });

  afterAll(async () => {
    expect(app?.problems ?? []).toEqual([]);
    await app?.close();
  });

  it("generates the knight's and typed leapers' tours, and says why where none exists", async () => {
    const { page } = app;
    await showTab(page, "tours");
    await page.fill("#tour-size", "8");
    await page.check('input[name="tour-moves"][value="1,2"]');
    await page.check('input[name="tour-kind"][value="closed"]');
    await page.fill("#tour-seed", "1");
    await page.click("#tour-form button[type=submit]");
    await expect.poll(() => page.locator("#tour-summary").textContent(), { timeout: 30_000 }).toMatch(/^A closed knight's 8×8 tour/);
    await expect.poll(() => page.locator(`${board} svg .numbers > text`).count(), { timeout: 30_000 }).toBe(64);
    await page.locator(board).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}tours-knight-8-closed.png`, fullPage: false });
    await page.fill("#tour-leapers", "1,1");
    await page.click("#tour-form button[type=submit]");
    await expect.poll(() => page.locator("#tour-size-error").textContent(), { timeout: 30_000 }).toMatch(/keeps a square's colour/);
    await page.fill("#tour-leapers", "1,x");
    await page.click("#tour-form button[type=submit]");
    await expect.poll(() => page.locator("#tour-leapers-error").textContent(), { timeout: 30_000 }).toMatch(/--moves expects leapers/);
    await page.check('input[name="tour-moves"][value="0,3+2,2"]');
    await page.check('input[name="tour-kind"][value="open"]');
  });

  it("draws a 12×12 closed tour as arcs with numbers on top, zooms and pans it", async () => {
    const { page } = app;
    await showTab(page, "tours");
    await page.fill("#tour-size", "12");
    await page.check('input[name="tour-kind"][value="closed"]');
    await page.fill("#tour-seed", "5");
    await page.click("#tour-form button[type=submit]");
    await expect.poll(() => page.locator(`${board} svg .numbers > text`).count(), { timeout: 30_000 }).toBe(144);
    expect(await page.locator(`${board} svg .moves > path`).count()).toBe(144); // 143 moves and the closing one
    expect(await page.locator(`${board} svg .rings > *`).count()).toBe(2); // the start and end frames
    expect(await shown(page)).toEqual({ step: 144, numbers: 144, moves: 144 });
    await page.locator(board).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}tours-12-closed.png`, fullPage: false });

    // Zoom with the buttons, Ctrl + wheel and the keyboard; pan by dragging; Fit resets.
    const viewport = page.locator(`${board} .board-viewport`);
    expect(await viewport.getAttribute("data-zoom")).toBe("1.00");
    await page.click(tool("zoom-in"));
    expect(await viewport.getAttribute("data-zoom")).toBe("1.50");
    await page.click(tool("zoom-in"));
    expect(await viewport.getAttribute("data-zoom")).toBe("2.25");
    const before = await transform(page);
    expect(before).toMatch(/scale\(2\.25\)/);
    const box = (await viewport.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 80, { steps: 5 });
    await page.mouse.up();
    const dragged = await transform(page);
    expect(dragged).not.toBe(before);
    const translate = (t: string) => /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(t)!.slice(1).map(Number);
    expect(translate(dragged)[0]! - translate(before)[0]!).toBeCloseTo(120, 0);
    expect(translate(dragged)[1]! - translate(before)[1]!).toBeCloseTo(80, 0);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -300);
    await page.keyboard.up("Control");
    await expect.poll(async () => Number(await viewport.getAttribute("data-zoom"))).toBeGreaterThan(2.25);
    await page.screenshot({ path: `${SHOTS}tours-12-zoomed.png`, fullPage: false });
    await viewport.focus();
    await page.keyboard.press("0");
    expect(await viewport.getAttribute("data-zoom")).toBe("1.00");
    await page.keyboard.press("+");
    expect(await viewport.getAttribute("data-zoom")).toBe("1.50");
    await page.click(tool("zoom-reset"));
    expect(await viewport.getAttribute("data-zoom")).toBe("1.00");
    expect(await transform(page)).toBe("");
  });

  it("plays the tour, pauses, steps back and forth, changes speed, and hides the numbers", async () => {
    const { page } = app;
    await page.selectOption(`${board} select.speed`, "5");
    await page.click("#tour-animate");
    expect(await page.locator(`${board} svg.animating`).count()).toBe(1);
    await expect.poll(async () => (await shown(page)).step, { timeout: 10_000 }).toBeGreaterThan(2);
    await page.click(tool("play")); // pause
    expect(await page.getAttribute(tool("play"), "aria-pressed")).toBe("false");
    const paused = await shown(page);
    // Step k shows the numbers 1..k and the k - 1 moves between them.
    expect(paused.numbers).toBe(paused.step);
    expect(paused.moves).toBe(paused.step - 1);
    await page.waitForTimeout(600);
    expect((await shown(page)).step).toBe(paused.step);
    await page.click(tool("forward"));
    expect(await shown(page)).toEqual({ step: paused.step + 1, numbers: paused.step + 1, moves: paused.step });
    await page.click(tool("back"));
    await page.click(tool("back"));
    expect((await shown(page)).step).toBe(paused.step - 1);
    // The current step's number stands out.
    expect(await page.locator(`${board} svg .numbers > text.current`).allTextContents()).toEqual([String(paused.step - 1)]);
    await page.locator(`${board} .board-viewport`).focus();
    await page.keyboard.press(".");
    expect((await shown(page)).step).toBe(paused.step);
    // Scrub: the range input as a slider drag sets it.
    await page.$eval(`${board} input.step-range`, (range) => {
      (range as unknown as { value: string }).value = "100";
      range.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect((await shown(page)).step).toBe(100);
    expect(await page.textContent(`${board} .step-text`)).toBe("step 100 of 144");
    await page.locator(board).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}tours-12-step100.png`, fullPage: false });
    // Faster: the rest of the tour plays out, the closing move and the end ring come back.
    await page.selectOption(`${board} select.speed`, "250");
    await page.click(tool("play"));
    await expect.poll(async () => (await shown(page)).step, { timeout: 10_000 }).toBe(144);
    expect(await shown(page)).toEqual({ step: 144, numbers: 144, moves: 144 });
    await expect.poll(() => page.locator(`${board} svg.animating`).count()).toBe(0);
    expect(await page.getAttribute(tool("play"), "aria-label")).toBe("Play");
    await page.click(tool("first"));
    expect((await shown(page)).step).toBe(1);
    await page.click(tool("last"));
    expect((await shown(page)).step).toBe(144);
    // Path only: the numbers go, the moves stay.
    await page.uncheck(`${board} .board-tools input[type=checkbox]`);
    expect(await page.locator(`${board} svg .numbers`).isVisible()).toBe(false);
    expect(await page.locator(`${board} svg .moves`).isVisible()).toBe(true);
    await page.check(`${board} .board-tools input[type=checkbox]`);
  });

  it("shows a 30×30 board path-only at Fit (its numbers would be under 10 px) and brings the numbers back when zoomed in", async () => {
    const { page } = app;
    await showTab(page, "tours");
    await page.fill("#tour-size", "30");
    await page.check('input[name="tour-kind"][value="open"]');
    await page.fill("#tour-seed", "5");
    await page.click("#tour-form button[type=submit]");
    await page.locator(`${board}[data-size="30"] svg`).waitFor();
    const state = () =>
      page.$eval(board, (figure) => {
        const text = figure.querySelector(".numbers > text")!;
        const dot = figure.querySelector(".dots > circle")!;
        return {
          small: figure.querySelector("svg")!.classList.contains("numbers-small"),
          shown: text.getBoundingClientRect().height,
          dots: dot.getBoundingClientRect().width > 0,
          note: figure.querySelector(".numbers-note")!.textContent,
        };
      });
    await expect.poll(async () => (await state()).small).toBe(true);
    const fitted = await state();
    expect(fitted.shown).toBe(0); // hidden, not drawn at a few pixels
    expect(fitted.dots).toBe(true); // a dot marks each square instead
    expect(await page.locator(`${board} svg .dots > circle`).count()).toBe(900);
    expect(fitted.note).toMatch(/^path only: numbers would be \d+(\.\d)? px here; zoom in to read them$/);
    await page.click(tool("zoom-in"));
    await page.click(tool("zoom-in"));
    await expect.poll(async () => (await state()).small).toBe(false);
    const zoomed = await state();
    expect(zoomed.note).toBe("");
    expect(zoomed.shown).toBeGreaterThan(0);
    expect(zoomed.dots).toBe(false);
    await page.click(tool("zoom-reset"));
    await expect.poll(async () => (await state()).small).toBe(true);
  });

  it("draws big boards on a canvas that zooms, without a player", async () => {
    const { page } = app;
    await page.fill("#tour-size", "60");
    await page.fill("#tour-seed", "2");
    await page.click("#tour-form button[type=submit]");
    await page.locator(`${board}[data-size="60"] canvas`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`${board} button[data-act="play"]`).count()).toBe(0);
    expect(await page.isDisabled("#tour-animate")).toBe(true);
    await page.click(tool("zoom-in"));
    expect(await page.getAttribute(`${board} .board-viewport`, "data-zoom")).toBe("1.50");
    await page.click(tool("zoom-reset"));
    await page.locator(board).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}tours-60.png`, fullPage: false });
  });

  it("counts tours on any board for any leapers, from a clicked square, digits grouped", async () => {
    const { page } = app;
    const count = async (expected: bigint) => {
      await page.click("#tour-count-form button[type=submit]");
      await expect.poll(() => page.getAttribute("#tour-count", "data-value"), { timeout: 60_000 }).toBe(expected.toString());
      expect(await page.textContent("#tour-count")).toBe(grouped(expected));
    };
    await page.selectOption("#tour-count-rows", "6");
    await page.selectOption("#tour-count-cols", "6");
    await count(8_250_272n); // pen-and-paper 6×6, every start, both directions
    expect(await page.textContent("#tour-count")).toBe("8\u2009250\u2009272");
    expect(await page.textContent("#tour-count-time")).toMatch(/directed tours .* on 6×6, moves 0,3\+2,2 · frontier of \d+ squares/);
    await page.check('input[name="tour-count-kind"][value="closed"]');
    await count(13_138n);
    // From a clicked square (row 1, column 2) on 5×5: 548 tours; clicking it again clears it.
    await page.check('input[name="tour-count-kind"][value="all"]');
    await page.selectOption("#tour-count-rows", "5");
    await page.selectOption("#tour-count-cols", "5");
    expect(await page.locator("#tour-count-squares button").count()).toBe(25);
    await page.click('#tour-count-squares button[data-square="0,1"]');
    expect(await page.getAttribute('#tour-count-squares button[data-square="0,1"]', "aria-pressed")).toBe("true");
    expect(await page.textContent("#tour-count-from-text")).toContain("row 1, column 2");
    await count(548n);
    expect(await page.textContent("#tour-count-time")).toContain("from row 1, column 2");
    await page.locator("#tour-count-form").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}tours-count.png`, fullPage: false });
    await page.click('#tour-count-squares button[data-square="0,1"]');
    expect(await page.getAttribute('#tour-count-squares button[data-square="0,1"]', "aria-pressed")).toBe("false");
    await count(12_400n);
    // The knight: 6×6 closed tours (OEIS A001230: 9,862), and a rectangle against the library.
    await page.check('input[name="tour-count-moves"][value="1,2"]');
    await page.check('input[name="tour-count-kind"][value="closed"]');
    await page.selectOption("#tour-count-rows", "6");
    await page.selectOption("#tour-count-cols", "6");
    await count(9_862n);
    await page.check('input[name="tour-count-kind"][value="all"]');
    await page.selectOption("#tour-count-rows", "3");
    await page.selectOption("#tour-count-cols", "10");
    await count(countHamiltonian({ rows: 3, cols: 10, moves: KNIGHT }).count);
    // Own leapers: 1,2 is the knight again (5×5: 1,728, A165134); a bad set is a field error.
    await page.fill("#tour-count-leapers", "2,1");
    await page.check('input[name="tour-count-moves"][value="custom"]');
    // Sides out of reach of the other are not offered: 5 rows by 10 columns would take a minute.
    expect(await page.isDisabled('#tour-count-rows option[value="5"]')).toBe(true);
    expect(await page.isDisabled('#tour-count-rows option[value="4"]')).toBe(false);
    await page.selectOption("#tour-count-cols", "5");
    await page.selectOption("#tour-count-rows", "5");
    await count(1728n);
    await page.fill("#tour-count-leapers", "1;2");
    await page.click("#tour-count-form button[type=submit]");
    await expect.poll(() => page.textContent("#tour-count-leapers-error"), { timeout: 30_000 }).toContain("leapers a,b joined by +");
    expect(await page.getAttribute("#tour-count-leapers", "aria-invalid")).toBe("true");
    expect(await page.textContent("#tour-count")).toBe("");
  });

  it("shows the frontier's step and states while a long count runs, and Cancel stops it", async () => {
    const { page } = app;
    await showTab(page, "tours");
    // All pen-and-paper tours of 7×7: tens of seconds, 49 steps (one a square).
    await page.fill("#tour-count-leapers", "1,2"); // the field as a newcomer finds it
    await page.check('input[name="tour-count-moves"][value="0,3+2,2"]');
    await page.check('input[name="tour-count-kind"][value="all"]');
    await page.selectOption("#tour-count-rows", "7");
    await page.selectOption("#tour-count-cols", "7");
    await page.click("#tour-count-form button[type=submit]");
    const status = "#tour-count-job .job-status";
    const step = async () => Number(/step (\d+) of 49, /.exec((await page.textContent(status).catch(() => "")) ?? "")?.[1] ?? 0);
    // The kernel reports each step; the panel says "step k of 49, S states · elapsed".
    await expect.poll(step, { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
    expect(await page.textContent(status)).toMatch(/^Counting tours… step \d+ of 49, \d{1,3}(,\d{3})* states · \d+(\.\d+)? m?s$/);
    const first = await step();
    expect(await page.getAttribute("#tour-count-job progress", "max")).toBe("49");
    await page.locator("#tour-count-form").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}tours-count-progress.png`, fullPage: false });
    await expect.poll(step, { timeout: 60_000 }).toBeGreaterThan(first); // it moves on
    await page.click("#tour-count-job button.cancel");
    await expect.poll(() => page.textContent(status)).toMatch(/^Counting tours: cancelled after /);
    expect(await page.textContent("#tour-count")).toBe("");
  });
});
