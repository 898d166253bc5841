// The web app in a real Chromium: the same answers, bytes and rule reports as the CLIs.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTours, parseTourFile, validateTour } from "../../src/tours/index.js";
import { countTables, ready as tablesReady } from "../../src/tables/index.js";
import { planTableCount } from "../../src/tables/plan.js";
import { normalizeProblem } from "../../src/tables/problem.js";
import { chromiumAvailable } from "../support/chromium.js";
import { readPdf } from "../support/pdf-text.js";
import { printedRef } from "../../src/housie/model/reference.js";
import { pageGeometry } from "../../src/housie/output/layout.js";
import { groupDigits } from "../../src/io/digits.js";
import { downloadBytes, dropFile, openApp, ROOT, SHOTS, showTab, type App } from "./app.js";

/** A count as the app shows it: digits grouped in threes by thin spaces. */
const thin = (digits: string | bigint) => groupDigits(digits, "\u2009");

function cli(name: string, args: string[]): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, [`${ROOT}dist/cli/${name}.js`, ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 30 });
  return { status: result.status, stdout: result.stdout };
}

function pdfPages(file: string): number {
  const info = spawnSync("pdfinfo", [file], { encoding: "utf8" }).stdout;
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

function pdfText(file: string, page: number): string {
  return spawnSync("pdftotext", ["-layout", "-f", String(page), "-l", String(page), file, "-"], { encoding: "utf8" }).stdout;
}

describe.skipIf(!chromiumAvailable())("web app in Chromium", () => {
  let app: App;

  beforeAll(async () => {
    await tablesReady();
    app = await openApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it("counts the 7×7 farm from the two rows in the editor, and cycles a cell on click and by key", async () => {
    const { page } = app;
    await expect.poll(() => page.textContent("#farm-count"), { timeout: 30_000 }).toBe(thin("4909920"));
    await page.fill("#farm-row1", "2002211");
    await page.fill("#farm-row2", "2012210");
    await expect.poll(() => page.textContent("#farm-count"), { timeout: 30_000 }).toBe(thin("507600"));
    // A click cycles the symbol; a typed digit sets it; a bad row is reported at the field.
    const first = page.locator("#farm-grid .cell.given").first();
    await first.click();
    await expect.poll(() => page.inputValue("#farm-row1")).toBe("0002211");
    await expect.poll(() => page.textContent("#farm-row1-error")).toContain("expected");
    await first.focus();
    await page.keyboard.press("2");
    await expect.poll(() => page.inputValue("#farm-row1")).toBe("2002211");
    await expect.poll(() => page.textContent("#farm-count"), { timeout: 30_000 }).toBe(thin("507600"));
    await expect.poll(() => page.textContent("#farm-row1-error")).toBe("");
    await page.screenshot({ path: `${SHOTS}farms.png`, fullPage: true });
  });

  it("answers the ten contest cases exactly as count-farms does", async () => {
    const { page } = app;
    await showTab(page, "farms");
    const expected = cli("count-farms", ["examples/challenge24-2008.txt"]).stdout.trim().split("\n");
    expect(expected).toHaveLength(10);
    await dropFile(page, "#farm-drop", "challenge24-2008.txt", readFileSync(`${ROOT}examples/challenge24-2008.txt`, "utf8"));
    const counts = page.locator("#farm-file-results tbody tr td:nth-child(4)");
    await expect.poll(() => counts.count(), { timeout: 60_000 }).toBe(10);
    expect(await counts.allTextContents()).toEqual(expected.map((count) => thin(count))); // grouped as people read them
  });

  it("shows a bad contest file's line and what was expected, as count-farms does", async () => {
    const { page } = app;
    await showTab(page, "farms");
    await page.fill("#farm-file-text", "1\n2 1 0 0 2 2 1\n0 2 2 1 1 0 9\n");
    await page.click("#farm-file-count");
    await expect.poll(() => page.textContent("#farm-file-error"), { timeout: 30_000 }).toContain("line 3:");
    const text = await page.textContent("#farm-file-error");
    expect(text).toContain('symbol "9" in column 7 is not 0, 1 or 2');
    expect(text).toContain("0 2 2 1 1 0 9"); // the offending line, quoted
    expect(await page.locator("#farm-file-results").isHidden()).toBe(true);
  });

  it("counts the 6×6 chessboard: 194400", async () => {
    const { page } = app;
    await showTab(page, "farms");
    await page.fill("#tables-size", "6");
    await page.fill("#tables-counts", "3,3");
    await page.click("#tables-form button[type=submit]");
    await expect.poll(() => page.textContent("#tables-count"), { timeout: 60_000 }).toBe(thin("194400"));
    // Wrong input is shown at its field, with what was expected.
    await page.fill("#tables-size", "7");
    await page.fill("#tables-counts", "2,2,2");
    await page.click("#tables-form button[type=submit]");
    await expect.poll(() => page.textContent("#tables-counts-error"), { timeout: 30_000 }).toBe("counts 2,2,2 sum to 6, not to the size 7");
    expect(await page.getAttribute("#tables-counts", "aria-invalid")).toBe("true");
    expect(await page.textContent("#tables-count")).toBe("");
    await page.fill("#tables-counts", "2,2,3");
    await page.fill("#tables-given", "2100221\n0221112");
    await page.click("#tables-form button[type=submit]");
    await expect.poll(() => page.textContent("#tables-given-error"), { timeout: 30_000 }).toContain("given row 2");
    await page.fill("#tables-given", "");
  });

  it("reports progress job by job for a 9×9 (3,3,3) table count, ending at the exact count", async () => {
    const { page } = app;
    await showTab(page, "farms");
    await page.fill("#tables-size", "9");
    await page.fill("#tables-counts", "3,3,3");
    await page.fill("#tables-given", "");
    await page.click("#tables-form button[type=submit]");
    await expect.poll(() => page.textContent("#tables-count"), { timeout: 120_000 }).toBe(thin(countTables({ size: 9, counts: [3, 3, 3] })));
    // The worker posted (done, all) over the plan's jobs; the last message is all of them.
    const jobs = planTableCount(normalizeProblem({ size: 9, counts: [3, 3, 3] })).jobs.length;
    const progress = /^(\d+)\/(\d+) in (\d+) updates$/.exec((await page.getAttribute("#tables-job", "data-progress")) ?? "");
    expect(progress, "no progress message arrived").not.toBeNull();
    expect(Number(progress![1])).toBe(jobs);
    expect(Number(progress![2])).toBe(jobs);
    expect(Number(progress![3])).toBeGreaterThanOrEqual(2);
  });

  it("gives a general count past 2^64 exactly, as count-farms --size 9 does", async () => {
    const { page } = app;
    await showTab(page, "farms");
    await page.fill("#tables-size", "9");
    await page.fill("#tables-counts", "3,3,3");
    await page.click("#tables-form button[type=submit]");
    const expected = cli("count-farms", ["--size", "9", "--counts", "3,3,3"]).stdout.trim();
    expect(expected).toBe("1028714346091914854400");
    await expect.poll(() => page.getAttribute("#tables-count", "data-value"), { timeout: 120_000 }).toBe(expected);
    expect(await page.textContent("#tables-count")).toBe(thin(expected));
  });

  it("keeps the page responsive while a long count runs, and cancels it", async () => {
    const { page } = app;
    await showTab(page, "farms");
    await page.fill("#tables-size", "10");
    await page.fill("#tables-counts", "2,2,2,2,2"); // minutes of work
    await page.click("#tables-form button[type=submit]");
    const cancel = page.locator("#tables-job button.cancel");
    await cancel.waitFor({ timeout: 30_000 });
    // The page answers while the worker counts: the editor reacts, tabs switch, and a
    // tour is generated and drawn by another worker.
    await page.fill("#farm-row1", "2002211");
    await page.locator("#farm-grid .cell.given").nth(6).click();
    await expect.poll(() => page.inputValue("#farm-row1")).toBe("2002212");
    await showTab(page, "tours");
    await page.fill("#tour-size", "12");
    await page.click("#tour-form button[type=submit]");
    await page.locator("#tour-board svg").waitFor({ timeout: 30_000 });
    await showTab(page, "farms");
    expect(await cancel.isVisible()).toBe(true); // still counting
    await page.locator("#tables-form").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}running.png`, fullPage: false });
    await cancel.click();
    await expect.poll(() => page.textContent("#tables-job"), { timeout: 10_000 }).toContain("cancelled");
    // A fresh worker takes the next job.
    await page.fill("#tables-size", "6");
    await page.fill("#tables-counts", "3,3");
    await page.click("#tables-form button[type=submit]");
    await expect.poll(() => page.textContent("#tables-count"), { timeout: 60_000 }).toBe(thin("194400"));
    await page.fill("#farm-row1", "2100221");
  });

  it("generates seeded books byte-identical to `housie books --seed S -f jsonl`", async () => {
    const { page } = app;
    await showTab(page, "housie");
    const count = 5000; // more than one kernel batch of 4096
    await page.check('input[name="kind"][value="books"]');
    await page.fill("#housie-count", String(count));
    await page.fill("#housie-seed", "2026");
    await page.fill("#housie-serial", "7");
    await page.click("#housie-form button[type=submit]");
    await page.locator("#housie-downloads").waitFor({ timeout: 120_000 });
    const { name, bytes } = await downloadBytes(page, '#housie-downloads [data-format="jsonl"]');
    expect(name).toMatch(/\.jsonl$/);
    const expected = spawnSync(
      process.execPath,
      [`${ROOT}dist/cli/housie.js`, "books", "--count", String(count), "--seed", "2026", "--first-serial", "7", "-f", "jsonl"],
      { cwd: ROOT, maxBuffer: 1 << 30 },
    ).stdout;
    expect(bytes.length).toBe(expected.length);
    expect(bytes.equals(expected)).toBe(true);
    // The books on screen are the first ones of the file.
    const first = JSON.parse(expected.toString("utf8").split("\n")[0]!) as { serial: number; tickets: (number | null)[][][] };
    expect(await page.locator("#housie-books .hp-band").first().textContent()).toContain(`Book ${first.serial}`);
    const numbers = await page.locator("#housie-books .hp-ticket").first().locator("g text").allTextContents(); // row by row, as drawn
    expect(numbers).toEqual(
      first.tickets[0]!.flat()
        .filter((c) => c !== null)
        .map(String),
    );
  });

  it("downloads the same books as CSV and HTML as the CLI writes them", async () => {
    const { page } = app;
    await showTab(page, "housie");
    await page.fill("#housie-count", "12");
    await page.fill("#housie-seed", "99");
    await page.fill("#housie-serial", "1");
    await page.click("#housie-form button[type=submit]");
    await expect.poll(() => page.locator("#housie-books .hp-ticket").count(), { timeout: 60_000 }).toBe(72);
    for (const format of ["csv", "html"]) {
      const { bytes } = await downloadBytes(page, `#housie-downloads [data-format="${format}"]`);
      const expected = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "books", "--count", "12", "--seed", "99", "-f", format], { cwd: ROOT }).stdout;
      expect(bytes.equals(expected), format).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}housie.png`, fullPage: false });
  });

  it("prints every book asked for, as the note says, two strips a page, no ticket split", async () => {
    const { page } = app;
    await showTab(page, "housie");
    await page.fill("#housie-count", "100");
    await page.fill("#housie-seed", "5");
    await page.click("#housie-form button[type=submit]");
    await expect.poll(() => page.textContent("#housie-print-note"), { timeout: 60_000 }).toBe("Print: all 100 books on 50 A4 pages.");
    await page.evaluate("window.print = () => undefined"); // no dialog: page.pdf() prints instead
    await page.click("#housie-print");
    await expect.poll(() => page.locator("#housie-books .hp-page").count(), { timeout: 60_000 }).toBe(50);
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: `${SHOTS}housie-print.png`, fullPage: false });
    await page.emulateMedia({ media: null }); // page.pdf() prints with print CSS unless told otherwise
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(`${SHOTS}housie-print.pdf`, pdf);
    const pages = await readPdf(pdf);
    expect(pages).toHaveLength(50);
    const g = pageGeometry({});
    const grids = g.tickets.flat().map((b) => ({ x: b.x, y: b.y + g.ticket.refBand, w: b.w, h: b.h - g.ticket.refBand }));
    pages.forEach((p, i) => {
      const refs = p.words
        .filter((w) => /^\d+-\d-\d$/.test(w.text))
        .map((w) => w.text)
        .sort();
      expect(refs).toEqual([2 * i + 1, 2 * i + 2].flatMap((b) => [1, 2, 3, 4, 5, 6].map((t) => printedRef(BigInt(b), t))).sort());
      const inGrid = (w: { x: number; y: number }) => grids.some((b) => w.x >= b.x && w.x <= b.x + b.w && w.y >= b.y - 4 && w.y <= b.y + b.h);
      const numbers = p.words
        .filter((w) => /^\d{1,2}$/.test(w.text) && inGrid(w))
        .map((w) => Number(w.text))
        .sort((a, b) => a - b);
      expect(numbers).toEqual([...Array.from({ length: 90 }, (_, k) => k + 1), ...Array.from({ length: 90 }, (_, k) => k + 1)].sort((a, b) => a - b)); // both books whole on this page
    });
  });

  it("prints a night of games as `housie books --games` makes it: each game its own books, its own references", async () => {
    const { page } = app;
    await showTab(page, "housie");
    await page.fill("#housie-count", "6");
    await page.fill("#housie-seed", "8");
    await page.fill("#housie-serial", "1");
    await page.click("#housie-form button[type=submit]");
    await page.locator("#housie-print-row:not([hidden])").waitFor({ timeout: 60_000 });
    await page.fill("#housie-games", "Red,Blue");
    await page.dispatchEvent("#housie-games", "change");
    await expect
      .poll(() => page.textContent("#housie-print-note"))
      .toBe("Print: all 6 books dealt to 2 games in turn (3 Red, 3 Blue), each game its own on 3 A4 pages.");
    const refs = (await page.evaluate(`[...document.querySelectorAll("#housie-books .hp-ticket")].map((t) => t.dataset.ref)`)) as string[];
    // The CLI's night: 3 books for each of 2 games, the same seed; every reference names its game.
    const night = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "books", "--count", "3", "--seed", "8", "--games", "Red,Blue", "-f", "jsonl"], {
      cwd: ROOT,
      encoding: "utf8",
    }).stdout;
    const records = night
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { serial: number; game: number });
    expect(refs).toEqual(records.flatMap((r) => [1, 2, 3, 4, 5, 6].map((t) => printedRef(BigInt(r.serial), t, r.game))));
    expect(new Set(refs).size).toBe(36); // no ticket printed in two games
    await page.locator("#housie-books").screenshot({ path: `${SHOTS}housie-night-print.png` });
    // The tests after this one print a single game.
    await page.fill("#housie-games", "");
    await page.dispatchEvent("#housie-games", "change");
  });

  it("downloads seeded books as PDF with the same pages and text as `housie books -f pdf`", async () => {
    const { page } = app;
    await showTab(page, "housie");
    await page.fill("#housie-count", "3");
    await page.fill("#housie-seed", "5");
    await page.fill("#housie-serial", "1");
    await page.click("#housie-form button[type=submit]");
    await expect.poll(() => page.locator("#housie-books .hp-ticket").count(), { timeout: 60_000 }).toBe(18);
    await page.screenshot({ path: `${SHOTS}housie-pdf-button.png`, fullPage: false });
    for (const qr of [false, true]) {
      await page.setChecked("#housie-qr", qr);
      const { name, bytes } = await downloadBytes(page, '#housie-downloads [data-format="pdf"]');
      expect(name).toBe(`housie-books-seed5-1${qr ? "-qr" : ""}.pdf`);
      const fromPage = `${SHOTS}housie-books${qr ? "-qr" : ""}.pdf`;
      const fromCli = `${SHOTS}housie-books-cli${qr ? "-qr" : ""}.pdf`;
      writeFileSync(fromPage, bytes);
      const cliPdf = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "books", "-n", "3", "--seed", "5", "-f", "pdf", ...(qr ? ["--qr"] : [])], {
        cwd: ROOT,
      }).stdout;
      writeFileSync(fromCli, cliPdf);
      // Bytes differ (the creation date, the ID made from it, and the browser build deflates
      // with fflate, Node's with zlib): compare what a reader sees, page by page.
      expect(pdfPages(fromPage)).toBe(2); // two strips a page
      expect(pdfPages(fromCli)).toBe(2);
      for (let p = 1; p <= 2; p++) {
        const text = pdfText(fromPage, p);
        expect(text).toContain(printedRef(BigInt(2 * p - 1), 6)); // the page's first book's last reference
        expect(text).toBe(pdfText(fromCli, p));
      }
    }
    spawnSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", `${SHOTS}housie-books-qr.pdf`, `${SHOTS}housie-pdf-page`]);
  });

  it("validates a broken file dropped in with the rules and lines of `housie validate`", async () => {
    const { page } = app;
    await showTab(page, "housie");
    const file = `${ROOT}examples/housie-broken.jsonl`;
    const report = cli("housie", ["validate", file]);
    expect(report.status).toBe(1);
    // `file:line: what is wrong (expected …) [rule]`
    const expected = report.stdout
      .trim()
      .split("\n")
      .filter((l) => / \[[a-z-]+\]$/.test(l))
      .map((l) => {
        const m = /:(\d+): (.*) \(expected .*\) \[([a-z-]+)\]$/.exec(l)!;
        return [m[1], m[3], m[2]];
      });
    expect(expected.length).toBe(3);
    await dropFile(page, "#housie-drop", "housie-broken.jsonl", readFileSync(file, "utf8"));
    const rows = page.locator("#housie-report table tbody tr");
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(expected.length);
    const shown: string[][] = [];
    for (let i = 0; i < expected.length; i++) shown.push((await rows.nth(i).locator("td").allTextContents()).slice(0, 3));
    expect(shown).toEqual(expected);
    expect(await page.textContent("#housie-report")).toContain("invalid");
    await page.locator("#housie-report").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}housie-validate.png`, fullPage: false });
    // And a valid file is reported valid.
    await dropFile(page, "#housie-drop", "housie-books.jsonl", readFileSync(`${ROOT}examples/housie-books.jsonl`, "utf8"));
    await expect.poll(() => page.textContent("#housie-report"), { timeout: 30_000 }).toContain("3 records, 18 tickets: valid");
  });

  it("shows the exact housie counts as `housie count --json` gives them", async () => {
    const { page } = app;
    await showTab(page, "housie");
    await page.click("#housie-counts-go");
    const values = page.locator("#housie-counts dd output");
    await expect.poll(() => values.count(), { timeout: 60_000 }).toBe(5);
    const expected = JSON.parse(cli("housie", ["count", "--json"]).stdout) as Record<string, string>;
    const shown = await values.allTextContents();
    for (const value of Object.values(expected)) expect(shown.map((s) => s.replace(/\u2009/g, ""))).toContain(String(value)); // shown grouped by thin spaces
  });

  it("generates a 1000×1000 tour in the page that passes validateTour", async () => {
    const { page } = app;
    await showTab(page, "tours");
    await page.fill("#tour-size", "1000");
    await page.check('input[name="tour-kind"][value="closed"]');
    await page.fill("#tour-seed", "7");
    await page.click("#tour-form button[type=submit]");
    await page.locator("#tour-board canvas").waitFor({ timeout: 120_000 });
    const { bytes } = await downloadBytes(page, '#tour-actions [data-format="json"]');
    const tour = parseTourFile(bytes.toString("utf8"));
    expect(tour.size).toBe(1000);
    expect(tour.closed).toBe(true);
    const check = validateTour(tour.grid, tour.size);
    expect(check.problem).toBeUndefined();
    expect(check).toMatchObject({ ok: true, closed: true });
    await page.screenshot({ path: `${SHOTS}tours-1000.png`, fullPage: false });
  });

  it("draws a small tour with its numbers, animates it, and validates a pasted grid", async () => {
    const { page } = app;
    await showTab(page, "tours");
    await page.fill("#tour-size", "10");
    await page.check('input[name="tour-kind"][value="open"]');
    await page.fill("#tour-start-row", "1");
    await page.fill("#tour-start-col", "1");
    await page.click("#tour-form button[type=submit]");
    await expect.poll(() => page.locator("#tour-board svg text").count(), { timeout: 30_000 }).toBe(100);
    await page.click("#tour-animate");
    expect(await page.locator("#tour-board svg.animating").count()).toBe(1);
    await page.fill("#tour-validate-text", readFileSync(`${ROOT}examples/tours-10x10.txt`, "utf8"));
    await page.click("#tour-validate");
    await expect.poll(() => page.textContent("#tour-report"), { timeout: 30_000 }).toContain("valid");
    expect(await page.textContent("#tour-report")).toContain("10×10");
    // A broken grid: two numbers swapped.
    await page.fill("#tour-validate-text", "1 2\n3 4\n");
    await page.click("#tour-validate");
    await expect.poll(() => page.textContent("#tour-report"), { timeout: 30_000 }).toContain("not a tour");
    await page.fill("#tour-validate-text", "1 2 3\n4 x 6\n");
    await page.click("#tour-validate");
    await expect.poll(() => page.textContent("#tour-report"), { timeout: 30_000 }).toContain("line 2:");
    await page.locator("#tour-size").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}tours.png`, fullPage: true });
  });

  it("counts tours on 5×5 and 6×6 by the frontier counter as the search (countTours) does; a long count runs visibly and cancels", async () => {
    const { page } = app;
    await showTab(page, "tours");
    await page.check('input[name="tour-count-moves"][value="0,3+2,2"]');
    const cases: [string, string, bigint][] = [
      ["5", "all", countTours({ size: 5 })],
      ["6", "closed", countTours({ size: 6, closed: true })],
      ["6", "all", countTours({ size: 6 })],
    ];
    for (const [size, kind, expected] of cases) {
      await page.selectOption("#tour-count-rows", size);
      await page.selectOption("#tour-count-cols", size);
      await page.check(`input[name="tour-count-kind"][value="${kind}"]`);
      await page.click("#tour-count-form button[type=submit]");
      await expect.poll(() => page.getAttribute("#tour-count", "data-value"), { timeout: 120_000 }).toBe(expected.toString());
      expect(await page.textContent("#tour-count")).toBe(thin(expected));
    }
    // 7×7, all directed tours: seconds of work; the job shows its time running (and, once the
    // first step is reported, the frontier's step: tours.e2e.test.ts), and Cancel stops it.
    await page.selectOption("#tour-count-rows", "7");
    await page.selectOption("#tour-count-cols", "7");
    await page.click("#tour-count-form button[type=submit]");
    const cancel = page.locator("#tour-count-job button.cancel");
    await cancel.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.textContent("#tour-count-job"), { timeout: 10_000 })
      .toMatch(/Counting tours… (step \d+ of 49, [\d,]+ states · )?[\d.]+ (ms|s)/);
    await cancel.click();
    await expect.poll(() => page.textContent("#tour-count-job"), { timeout: 10_000 }).toContain("cancelled");
    expect(await page.textContent("#tour-count")).toBe("");
  });

  it("is usable by keyboard: arrow keys move between tabs", async () => {
    const { page } = app;
    await page.focus("#tab-tours");
    await page.keyboard.press("ArrowRight");
    expect(await page.getAttribute("#tab-farms", "aria-selected")).toBe("true");
    expect(await page.evaluate("document.activeElement.id")).toBe("tab-farms");
    await page.keyboard.press("ArrowLeft");
    expect(await page.getAttribute("#tab-tours", "aria-selected")).toBe("true");
  });

  it("printed no console errors and made no network requests beyond its own site", () => {
    expect(app.problems).toEqual([]);
  });

  it("is served with a strict Content-Security-Policy (no inline script, no other origin), which every tab above used without a violation", async () => {
    const response = await fetch(app.site.url);
    const policy = response.headers.get("content-security-policy") ?? "";
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scripts.split(" ").sort()).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).not.toMatch(/https?:|\*/);
    expect(await app.page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content")).toBe(policy);
    // A crafted title reaches the page as text: it never runs.
    await app.page.evaluate(`(() => {
      const probe = document.createElement("div");
      probe.innerHTML = '<img src="data:," onerror="window.__ran = 1">';
      document.body.append(probe);
    })()`);
    await new Promise((done) => setTimeout(done, 200));
    expect(await app.page.evaluate("window.__ran")).toBeUndefined();
    expect(app.problems.filter((p) => !/CSP violation|Content Security Policy/.test(p))).toEqual([]);
    expect(app.problems.some((p) => /CSP violation: script-src/.test(p))).toBe(true); // the probe was blocked, and seen
    app.problems.length = 0; // the probe's blocked handler is the violation this test caused on purpose
  });
});

describe.skipIf(!chromiumAvailable())("web app on a phone-sized screen", () => {
  it("fits a 390-pixel-wide screen without sideways scrolling", async () => {
    const app = await openApp({ width: 390, height: 844 });
    try {
      const { page } = app;
      await expect.poll(() => page.textContent("#farm-count"), { timeout: 30_000 }).toBe(thin("4909920"));
      expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}phone-farms.png`, fullPage: true });
      await showTab(page, "housie");
      await page.fill("#housie-seed", "1");
      await page.click("#housie-form button[type=submit]");
      await expect.poll(() => page.locator("#housie-books .hp-ticket").count(), { timeout: 60_000 }).toBe(36);
      expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}phone-housie.png`, fullPage: false });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
