// A game night in a real Chromium: the Game tab on a 360 px phone (nothing wider than the
// screen), the caller's projector view (huge current number, the board, "call N of 90",
// auto-call with pause, the traditional calls spoken), printing 1,000 books laid out in
// chunks with progress, and the printed pages' text inside its boxes (nothing clipped).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../support/chromium.js";
import { dropFile, openApp, ROOT, SHOTS, showTab, type App } from "./app.js";
import { seededOrder } from "../../src/housie/game/caller.js";
import { checkGame } from "../../src/housie/game/claims.js";
import { readSeries } from "../../src/housie/series/read-series.js";
import { spokenCall } from "../../web/src/panels/calls.js";
import { readPdf } from "../support/pdf-text.js";
import { downloadBytes } from "./app.js";

describe.skipIf(!chromiumAvailable())("a game night in Chromium", () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("the Game tab fits a 360 px phone: no horizontal scroll with calls, the board and a claimed ticket shown", async () => {
    app = await openApp({ width: 360, height: 740 });
    const { page } = app;
    await showTab(page, "game");
    await page.selectOption("#game-prizes", "tambola");
    await page.fill("#game-seed", "2026");
    await page.click("#game-new button[type=submit]");
    for (let i = 0; i < 30; i++) await page.click("#game-call");
    const seriesFile = `${ROOT}test-results/e2e/night-series.jsonl`;
    expect(
      spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "books", "-n", "50", "--seed", "3", "-f", "jsonl", "-o", seriesFile], { cwd: ROOT }).status,
    ).toBe(0);
    const order = seededOrder(2026n);
    const report = checkGame(() => readSeries(seriesFile), order.slice(0, 30), "tambola");
    await dropFile(page, "#game-drop", "series.jsonl", readFileSync(seriesFile, "utf8"));
    await page.fill("#game-ref", report.prizes[0]!.winners[0] ?? "1-1-7");
    await page.click("#game-claim");
    await expect.poll(() => page.locator("#game-claim-result table td").count()).toBe(27);
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    const wider = await page.evaluate(
      `[...document.querySelectorAll("#panel-game *")].filter((e) => e.getBoundingClientRect().right > 360.5 && !e.closest("[hidden]")).map((e) => e.tagName + "#" + e.id)`,
    );
    expect(wider).toEqual([]);
    await page.screenshot({ path: `${SHOTS}game-phone-360.png`, fullPage: true });
    expect(app.problems).toEqual([]);
  });

  it('the projector view: the current number huge, the board, "call 28 of 90", auto-call with pause, the calls spoken', async () => {
    app = await openApp({ width: 1280, height: 720 });
    const { page } = app;
    await showTab(page, "game");
    await page.fill("#game-seed", "7");
    await page.click("#game-new button[type=submit]");
    await page.evaluate(
      "window.__said = []; window.speechSynthesis.speak = (u) => window.__said.push(u.text); window.speechSynthesis.cancel = () => undefined",
    );
    await page.click("#game-projector");
    await page.locator("#projector").waitFor({ state: "visible" });
    await page.check("#projector-speak");
    const order = seededOrder(7n);
    for (let i = 0; i < 28; i++) await page.click("#projector-call");
    expect(await page.textContent("#projector-count")).toBe("call 28 of 90");
    expect(await page.textContent("#projector-current")).toBe(String(order[27]));
    expect(await page.locator("#projector-board .n.called").count()).toBe(28);
    expect(await page.textContent("#projector-board .n.last")).toBe(String(order[27]));
    expect(await page.evaluate("window.__said")).toEqual(order.slice(0, 28).map((n) => spokenCall(n)));
    expect(spokenCall(11)).toBe("Legs eleven. Number 11.");
    // The number fills the screen: at least a third of its height.
    const box = await page.locator("#projector-current").boundingBox();
    expect(box!.height).toBeGreaterThan(720 / 3);
    await page.screenshot({ path: `${SHOTS}projector.png` });
    await page.click("#projector-undo");
    expect(await page.textContent("#projector-count")).toBe("call 27 of 90");
    expect(await page.textContent("#game-current")).toBe(String(order[26])); // one game: the tab's caller moved too
    // Auto-call every 2 s, then pause: calls go on by themselves and stop when paused.
    await page.fill("#projector-seconds", "2");
    await page.click("#projector-auto");
    expect(await page.getAttribute("#projector-auto", "aria-pressed")).toBe("true");
    await expect.poll(() => page.textContent("#projector-count"), { timeout: 30_000 }).toBe("call 28 of 90");
    await page.click("#projector-auto");
    expect(await page.textContent("#projector-auto")).toBe("Auto-call");
    const paused = await page.textContent("#projector-count");
    await page.waitForTimeout(4500);
    expect(await page.textContent("#projector-count")).toBe(paused);
    await page.keyboard.press("Escape");
    await page.locator("#projector").waitFor({ state: "hidden" });
    expect(app.problems).toEqual([]);
  });

  it("printing 1,000 books lays the pages out in chunks with progress (the page keeps drawing), then prints 500 pages", async () => {
    app = await openApp();
    const { page } = app;
    await showTab(page, "housie");
    await page.fill("#housie-count", "1000");
    await page.fill("#housie-seed", "5");
    await page.click("#housie-form button[type=submit]");
    await expect.poll(() => page.textContent("#housie-print-note"), { timeout: 60_000 }).toBe("Print: all 1,000 books on 500 A4 pages.");
    await page.evaluate(`window.print = () => { window.__printed = true; }; window.__progress = [];
      new MutationObserver(() => { const p = document.getElementById("housie-print-progress").dataset.progress; if (p && window.__progress.at(-1) !== p) window.__progress.push(p); })
        .observe(document.getElementById("housie-print-progress"), { attributes: true });
      window.__frames = 0; { const f = () => { window.__frames++; if (!window.__printed) requestAnimationFrame(f); }; requestAnimationFrame(f); }`);
    await page.click("#housie-print");
    // Polled from the test (a string given to waitForFunction is evaluated in the page, which its CSP refuses).
    await expect.poll(() => page.evaluate("window.__printed === true"), { timeout: 120_000 }).toBe(true);
    const progress = (await page.evaluate("window.__progress")) as string[];
    expect(progress.length).toBeGreaterThan(10); // many steps, each drawn
    expect(progress.at(-1)).toBe("1000/1000");
    expect(await page.evaluate("window.__frames")).toBeGreaterThan(10); // frames were drawn while laying out
    expect(await page.locator("#housie-books .hp-page").count()).toBe(500);
    expect(await page.isHidden("#housie-print-progress")).toBe(true);
    expect(app.problems).toEqual([]);
  });

  it("printed pages: every band's text inside its band, every number inside its ticket, the bottom row inside the border", async () => {
    app = await openApp();
    const { page } = app;
    const html = spawnSync(
      process.execPath,
      [
        `${ROOT}dist/cli/housie.js`,
        "books",
        "-n",
        "6",
        "--seed",
        "9",
        "-f",
        "html",
        "--qr",
        "--games",
        "Red,Green",
        "--title",
        "Friday Night Housie",
        "--venue",
        "Town Hall, Market Street",
        "--date",
        "Friday 4 December 2026",
        "--price",
        "£5 a book",
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(html.status).toBe(0);
    await page.setContent(html.stdout);
    const outside = await page.evaluate(`(() => {
      const bad = [];
      const inside = (r, b) => r.x >= b.x - 0.5 && r.y >= b.y - 0.5 && r.x + r.width <= b.x + b.width + 0.5 && r.y + r.height <= b.y + b.height + 0.5;
      for (const band of document.querySelectorAll(".hp-band")) {
        const bar = band.querySelector("rect").getBBox();
        for (const t of band.querySelectorAll("text")) if (!inside(t.getBBox(), bar)) bad.push("band: " + t.textContent);
      }
      for (const ticket of document.querySelectorAll(".hp-ticket")) {
        const border = ticket.querySelector("rect[stroke-width='1.6']").getBBox();
        for (const t of ticket.querySelectorAll("text")) if (!inside(t.getBBox(), border)) bad.push("ticket " + ticket.dataset.ref + ": " + t.textContent);
      }
      return bad;
    })()`);
    expect(outside).toEqual([]);
    expect(await page.locator(".hp-ticket").count()).toBe(72);
    await page.screenshot({ path: `${SHOTS}printed-html.png` });
  });

  it("a Hindi title, an Arabic venue and ₹ in the web app: the preview draws them with the site's Noto fonts, the PDF download embeds them", async () => {
    app = await openApp();
    const { page } = app;
    await showTab(page, "housie");
    await page.fill("#housie-count", "2");
    await page.fill("#housie-seed", "9");
    await page.fill("#housie-title", "दिवाली तम्बोला");
    await page.fill("#housie-venue", "قاعة المدينة");
    await page.fill("#housie-price", "₹100");
    await page.click("#housie-form button[type=submit]");
    await page.locator("#housie-print-row:not([hidden])").waitFor({ timeout: 60_000 });
    await page.evaluate("document.fonts.ready");
    expect(await page.evaluate(`document.fonts.check("bold 9pt 'Noto Sans Devanagari'", "दिवाली")`)).toBe(true);
    await page
      .locator("#housie-books .hp-band")
      .first()
      .screenshot({ path: `${SHOTS}housie-band-unicode.png` });
    const { bytes } = await downloadBytes(page, "#housie-downloads button[data-format=pdf]");
    const text = (await readPdf(bytes))[0]!.words.map((w) => w.text).join("");
    expect(text).toContain("₹100");
    expect(text).toContain("तम्बोला");
    expect(text.match(/[\u0600-\u06ff]/gu)?.length ?? 0).toBeGreaterThanOrEqual(8);
    expect(text).not.toContain("?");
    expect(app.problems).toEqual([]);
  });
});
