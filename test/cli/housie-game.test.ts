// `housie call` and `housie check --game/--prizes` as an operator runs them.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../support/cli-run.js";
import { seededOrder } from "../../src/housie/game/caller.js";
import { checkGame } from "../../src/housie/game/claims.js";
import { readSeries } from "../../src/housie/series/read-series.js";
import { dammDigit, printedRef } from "../../src/housie/model/reference.js";

const dir = mkdtempSync(join(tmpdir(), "housie-game-"));
const housie = (...args: string[]) => runCli("housie", args, undefined, dir);

describe("housie call", () => {
  it("calls the seed's numbers, saves, resumes, undoes; the file is small JSON", () => {
    const game = join(dir, "night.json");
    const first = housie("call", game, "--seed", "42", "--prizes", "tambola", "-n", "30");
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    const order = seededOrder(42n);
    expect(first.stdout).toMatch(new RegExp(`^call 30 of 90: ${order[29]}\\n`));
    const saved = JSON.parse(readFileSync(game, "utf8")) as { calls: number[]; prizes: string; seed: string };
    expect(saved).toMatchObject({ calls: order.slice(0, 30), prizes: "tambola", seed: "42" });
    const undo = housie("call", game, "--undo");
    expect(undo.stdout).toMatch(new RegExp(`^took back ${order[29]}\\ncall 29 of 90: ${order[28]}`));
    expect(housie("call", game).stdout).toMatch(new RegExp(`^call 30 of 90: ${order[29]}\\n`)); // the seed calls it again
    const shown = housie("call", game, "--show", "--json");
    expect(JSON.parse(shown.stdout).calls).toEqual(order.slice(0, 30));
    const clash = housie("call", game, "--prizes", "uk");
    expect(clash.status).toBe(2);
    expect(clash.stderr).toMatch(/^housie: .*night.json is a game with tambola prizes, not --prizes uk \(use --new to start again\)\n$/);
  });

  it("a broken game file or a bad option is one line, exit 2, and the file is untouched", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{"format":"tabula-grids housie game","version":1,"prizes":"uk","seed":null,"calls":[5,5]}');
    const run = housie("call", bad);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^housie: .*bad.json: its calls are not distinct numbers from 1 to 90 \(expected a game file/);
    expect(readFileSync(bad, "utf8")).toContain("[5,5]");
    expect(housie("call", join(dir, "x.json"), "--prizes", "bingo").stderr).toMatch(/^housie: --prizes "bingo" \(expected uk or tambola\)\n$/);
    expect(existsSync(join(dir, "x.json"))).toBe(false);
  });

  it("an empty GAME is refused naming GAME, not --out, and without offering standard output", () => {
    const run = housie("call", "");
    expect(run).toMatchObject({ status: 2, stdout: "", stderr: "housie: GAME: empty file name (expected a file path)\n" });
  });

  it("GAME \"-\" is refused (a game file is read back, so it cannot be standard output), and no file named - appears", () => {
    const run = housie("call", "-");
    expect(run).toMatchObject({ status: 2, stdout: "", stderr: 'housie: GAME: "-" is not a file here (expected a file path; write ./- for a file named -)\n' });
    expect(existsSync(join(dir, "-"))).toBe(false);
  });
});

describe("housie check --game", () => {
  it("claims: valid now, late, not yet, a wrong check digit, an unknown ticket", () => {
    const series = join(dir, "series.jsonl");
    expect(housie("books", "-n", "40", "--seed", "6", "-f", "jsonl", "-o", series).status).toBe(0);
    const game = join(dir, "g.json");
    const order = seededOrder(11n);
    // Find a ticket completing early five at some call k: call k numbers (valid now), then k+2 (late).
    const report = checkGame(() => readSeries(series), order, "tambola");
    const k = report.prizes[0]!.call!;
    const winner = report.prizes[0]!.winners[0]!;
    expect(housie("call", game, "--seed", "11", "--prizes", "tambola", "-n", String(k)).status).toBe(0);
    const now = housie("check", series, "--game", game, "--ref", winner);
    expect(now.status).toBe(0);
    expect(now.stdout).toContain(`claim ${winner} (line`);
    expect(now.stdout).toContain(`  early five: valid now (call ${k})`);
    expect(housie("call", game, "-n", "2").status).toBe(0);
    const late = housie("check", series, "--game", game, "--ref", winner);
    expect(late.stdout).toContain(`  early five: late claim, valid since call ${k}`);
    const [serial, ticket] = winner.split("-");
    const wrong = `${serial}-${ticket}-${(dammDigit(`${serial}${ticket}`) + 1) % 10}`;
    const typo = housie("check", series, "--game", game, "--ref", wrong);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/check digit .* does not match/);
    const unknown = housie("check", series, "--game", game, "--ref", printedRef(999n, 1));
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain("claim: no such ticket in the series");
    const uk = housie("check", series, "--calls", order.slice(0, 40).join(","), "--prizes", "uk", "--json");
    expect(JSON.parse(uk.stdout).prizes.map((p: { prize: string }) => p.prize)).toEqual(["one line", "two lines", "full house"]);
  });
});

describe("digit grouping", () => {
  it("housie count --pretty groups digits in threes; without it the digits are plain", () => {
    const pretty = housie("count", "--pretty");
    expect(pretty.status).toBe(0);
    expect(pretty.stdout).toMatch(/^distinct single tickets +3,669,688,706,217,187,500$/m);
    expect(housie("count").stdout).toMatch(/^distinct single tickets +3669688706217187500$/m);
  });
});
