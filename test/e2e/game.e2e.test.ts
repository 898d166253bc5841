// The Game tab in a real Chromium: call 30 numbers with the space bar, claim a winning and
// a non-winning ticket against the series loaded in the page, reload and resume; a broken
// series file is refused with the CLI's line, a file mixing books and tickets is read.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../support/chromium.js";
import { dropFile, openApp, ROOT, SHOTS, showTab, type App } from "./app.js";
import { seededOrder } from "../../src/housie/game/caller.js";
import { checkGame } from "../../src/housie/game/claims.js";
import { readSeries } from "../../src/housie/series/read-series.js";
import { printedRef } from "../../src/housie/model/reference.js";

describe.skipIf(!chromiumAvailable())("Game tab in Chromium", () => {
  let app: App;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("calls 30 with the space bar, checks claims, undoes, and resumes after a reload", async () => {
    const { page } = app;
    await showTab(page, "game");
    await page.selectOption("#game-prizes", "tambola");
    await page.fill("#game-seed", "2026");
    await page.click("#game-new button[type=submit]");
    await page.locator("body").click({ position: { x: 5, y: 5 } }); // focus off the fields: keys go to the caller
    for (let i = 0; i < 30; i++) await page.keyboard.press("Space");
    const order = seededOrder(2026n);
    await expect.poll(() => page.textContent("#game-current")).toBe(String(order[29]));
    expect(await page.textContent("#game-count")).toMatch(/^30 of 90 called · early five/);
    expect(await page.locator("#game-board .n.called").count()).toBe(30);
    await page.screenshot({ path: `${SHOTS}game.png`, fullPage: false });

    const seriesFile = `${ROOT}test-results/e2e/game-series.jsonl`;
    const made = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "books", "-n", "200", "--seed", "3", "-f", "jsonl", "-o", seriesFile], {
      cwd: ROOT,
    });
    expect(made.status).toBe(0);
    const report = checkGame(() => readSeries(seriesFile), order.slice(0, 30), "tambola");
    const winner = report.prizes[0]!.winners[0]!; // early five by call 30 (200 books: certain)
    await dropFile(page, "#game-drop", "series.jsonl", readFileSync(seriesFile, "utf8"));
    await expect.poll(() => page.textContent("#game-series-info")).toContain("200 books, 1,200 tickets loaded");
    await page.fill("#game-ref", winner);
    await page.click("#game-claim");
    const verdicts = page.locator("#game-claim-result ul.verdicts li");
    await expect.poll(() => verdicts.count()).toBe(6);
    const firstCall = report.prizes[0]!.call!;
    expect(await verdicts.first().textContent()).toMatch(new RegExp(`^WINS early five at call ${firstCall}(,|$| \\(a late claim\\))`));
    expect(await page.textContent("#game-claim-result p")).toBe(`✔ ${winner} WINS after 30 calls`);
    expect(await page.locator("#game-claim-result td.marked").count()).toBeGreaterThanOrEqual(5);
    await page.locator("#game-claim-result").screenshot({ path: `${SHOTS}game-verdict.png` });
    // A ticket with nothing yet: NOT A WINNER, with what it needs.
    const loser = checkGame(() => readSeries(seriesFile), order.slice(0, 30), "tambola", "1-1").claim!;
    const nothing = loser.prizes.every((v) => v.call === null) ? loser.ref : undefined;
    if (nothing) {
      await page.fill("#game-ref", nothing);
      await page.click("#game-claim");
      await expect.poll(() => verdicts.first().textContent()).toMatch(/^NOT A WINNER: early five needs \d more numbers?; it went to /);
    }
    // A mistyped check digit is caught at the field.
    const [s, t, c] = winner.split("-");
    await page.fill("#game-ref", `${s}-${t}-${(Number(c) + 1) % 10}`);
    await page.click("#game-claim");
    await expect.poll(() => page.textContent("#game-ref-error")).toContain("check digit");
    // The refused reference leaves no verdict of the ticket checked before (never a stale ✔).
    expect(await page.locator("#game-claim-result").innerHTML()).toBe("");
    await page.screenshot({ path: `${SHOTS}game-claim.png`, fullPage: true });

    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("u");
    await expect.poll(() => page.textContent("#game-current")).toBe(String(order[28]));
    await page.reload();
    await page.locator("body[data-ready='1']").waitFor();
    await showTab(page, "game");
    expect(await page.textContent("#game-current")).toBe(String(order[28]));
    expect(await page.locator("#game-board .n.called").count()).toBe(29);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Space");
    await expect.poll(() => page.textContent("#game-current")).toBe(String(order[29])); // the seed calls it again
    expect(app.problems).toEqual([]);
  });

  it("refuses a broken series file with the line `housie check` prints for it, and reads books and tickets mixed", async () => {
    const { page } = app;
    await showTab(page, "game");
    const dir = `${ROOT}test-results/e2e/`;
    const made = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "books", "-n", "3", "--seed", "5", "-f", "jsonl"], { cwd: ROOT, encoding: "utf8" });
    const single = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "tickets", "-n", "2", "--seed", "6", "--first-serial", "50", "-f", "jsonl"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect([made.status, single.status]).toEqual([0, 0]);
    const books = made.stdout.trimEnd().split("\n");
    const record = JSON.parse(books[1]!) as { serial: number; tickets: (number | null)[][][] };
    const row = record.tickets[2]![1]!;
    row[row.findIndex((x) => x !== null)] = 95; // no column holds 95
    writeFileSync(`${dir}broken-series.jsonl`, `${books[0]}\n${JSON.stringify(record)}\n${books[2]}\n`);
    const cli = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "check", "broken-series.jsonl", "--prizes", "tambola", "--calls", "1,2,3"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(cli.status).toBe(2);
    const said = cli.stderr.trim().replace(/^housie: /, "");
    expect(said).toMatch(/^broken-series\.jsonl:2: .*95.* \(expected .+\) \[[a-z-]+\]$/);
    await dropFile(page, "#game-drop", "broken-series.jsonl", readFileSync(`${dir}broken-series.jsonl`, "utf8"));
    await expect.poll(() => page.textContent("#game-series-info")).toBe(said);
    expect(await page.getAttribute("#game-series-info", "class")).toBe("error");
    await page.locator("#game-series-info").screenshot({ path: `${SHOTS}game-broken-series.png` });

    await dropFile(page, "#game-drop", "mixed.jsonl", `${books[0]}\n${single.stdout}${books[2]}\n`);
    await expect.poll(() => page.textContent("#game-series-info")).toBe("2 books and 2 single tickets, 14 tickets loaded (read here, not uploaded).");
    await page.fill("#game-ref", printedRef(50n, 1)); // a single ticket of the mixed file
    await page.click("#game-claim");
    await expect.poll(() => page.locator("#game-claim-result ul.verdicts li").count()).toBeGreaterThan(0);
    expect(await page.textContent("#game-claim-result p")).toMatch(
      new RegExp(`^(✔ ${printedRef(50n, 1)} WINS|✘ ${printedRef(50n, 1)} is NOT A WINNER) after \\d+ calls$`),
    );
    expect(app.problems).toEqual([]);
  });

  it("takes a ball machine's balls typed in, refuses a repeat and 91 with one line, undoes; refuses a claim in the wrong game", async () => {
    const { page } = app;
    await showTab(page, "game");
    await page.fill("#game-seed", "");
    await page.click("#game-new button[type=submit]");
    for (const ball of ["17", "4"]) {
      await page.fill("#game-drawn", ball);
      await page.press("#game-drawn", "Enter");
      await expect.poll(() => page.textContent("#game-current")).toBe(ball);
    }
    await page.fill("#game-drawn", "17");
    await page.press("#game-drawn", "Enter");
    await expect.poll(() => page.textContent("#game-drawn-error")).toBe("17 is called already (call 1); not called again");
    await page.fill("#game-drawn", "91");
    await page.press("#game-drawn", "Enter");
    await expect.poll(() => page.textContent("#game-drawn-error")).toBe('"91" is not a ball (expected a number from 1 to 90)');
    expect(await page.textContent("#game-count")).toMatch(/^2 of 90 called/);
    await page.click("#game-undo");
    await expect.poll(() => page.textContent("#game-current")).toBe("17");
    await page.fill("#game-drawn", "90");
    await page.press("#game-drawn", "Enter");
    await expect.poll(() => page.textContent("#game-drawn-error")).toBe("");
    expect(await page.locator("#game-board .n.called").count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}game-drawn.png`, fullPage: false });

    // A night of two games: a Blue ticket claimed in the Red game is refused naming both, no verdict shown.
    const night = spawnSync(process.execPath, [`${ROOT}dist/cli/housie.js`, "books", "-n", "3", "--seed", "8", "--games", "Red,Blue", "-f", "jsonl"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(night.status).toBe(0);
    await dropFile(page, "#game-drop", "night.jsonl", night.stdout);
    await expect.poll(() => page.textContent("#game-series-info")).toContain("6 books");
    await page.fill("#game-night-game", "Red");
    await page.fill("#game-ref", printedRef(1n, 1, 1));
    await page.click("#game-claim");
    await expect.poll(() => page.locator("#game-claim-result ul.verdicts li").count()).toBe(3);
    await page.fill("#game-ref", printedRef(2n, 1, 2));
    await page.click("#game-claim");
    await expect
      .poll(() => page.textContent("#game-ref-error"))
      .toBe(`a claim in the wrong game: ${printedRef(2n, 1, 2)} is a ticket of game 2 (Blue), this is game 1 (Red)`);
    expect(await page.locator("#game-claim-result").innerHTML()).toBe("");
    expect(app.problems).toEqual([]);
  });
});
