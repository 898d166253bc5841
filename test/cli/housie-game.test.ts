// `housie call` and `housie check --game/--prizes` as an operator runs them. The runs of a
// test go in order through ONE process (runCliBatch: the game file carries the state from
// one run to the next, as between an operator's commands); one of each batch is also
// spawned on its own, on the same files, and must give the same result.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchedCli, runCli, runCliBatch } from "../support/cli-run.js";
import { seededOrder } from "../../src/housie/game/caller.js";
import { checkGame } from "../../src/housie/game/claims.js";
import { readSeries } from "../../src/housie/series/read-series.js";
import { dammDigit, printedRef } from "../../src/housie/model/reference.js";
import { slowTest } from "../support/tier.js";

const dir = mkdtempSync(join(tmpdir(), "housie-game-"));
const housie = (...args: string[]) => runCli("housie", args, undefined, dir);

describe("housie call", () => {
  it("calls the seed's numbers, saves, resumes, undoes; the file is small JSON", () => {
    const game = join(dir, "night.json");
    const cases = [
      ["call", game, "--seed", "42", "--prizes", "tambola", "-n", "30"],
      ["call", game, "--undo"],
      ["call", game],
      ["call", game, "--show", "--json"],
      ["call", game, "--prizes", "uk"],
    ];
    const [first, undo, again, shown, clash] = runCliBatch("housie", cases, dir);
    expect(first!.stderr).toBe("");
    expect(first!.status).toBe(0);
    const order = seededOrder(42n);
    expect(first!.stdout).toMatch(new RegExp(`^call 30 of 90: ${order[29]}\\n`));
    expect(undo!.stdout).toMatch(new RegExp(`^took back ${order[29]}\\ncall 29 of 90: ${order[28]}`));
    expect(again!.stdout).toMatch(new RegExp(`^call 30 of 90: ${order[29]}\\n`)); // the seed calls it again
    expect(JSON.parse(shown!.stdout).calls).toEqual(order.slice(0, 30));
    expect(clash!.status).toBe(2);
    expect(clash!.stderr).toMatch(/^housie: .*night.json is a game with tambola prizes, not --prizes uk \(use --new to start again\)\n$/);
    // The file as the batch left it: saved, and shown alike by a spawned run.
    const saved = JSON.parse(readFileSync(game, "utf8")) as { calls: number[]; prizes: string; seed: string };
    expect(saved).toMatchObject({ calls: order.slice(0, 30), prizes: "tambola", seed: "42" });
    expect(housie(...cases[3]!)).toEqual(shown);
  });

  // The refusals of the next three tests in one process; the first is also spawned and must match.
  const bad = join(dir, "bad.json");
  writeFileSync(bad, '{"format":"tabula-grids housie game","version":1,"prizes":"uk","seed":null,"calls":[5,5]}');
  const REFUSALS = [
    ["call", bad],
    ["call", join(dir, "x.json"), "--prizes", "bingo"],
    ["call", ""],
    ["call", "-"],
  ];
  const refused = batchedCli("housie", REFUSALS, dir);

  it("the batched refusals are what a spawned run gives", () => {
    expect(housie(...REFUSALS[0]!)).toEqual(refused(REFUSALS[0]!));
  });

  it("a broken game file or a bad option is one line, exit 2, and the file is untouched", () => {
    const run = refused(["call", bad]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^housie: .*bad.json: its calls are not distinct numbers from 1 to 90 \(expected a game file/);
    expect(readFileSync(bad, "utf8")).toContain("[5,5]");
    expect(refused(["call", join(dir, "x.json"), "--prizes", "bingo"]).stderr).toMatch(/^housie: --prizes "bingo" \(expected uk or tambola\)\n$/);
    expect(existsSync(join(dir, "x.json"))).toBe(false);
  });

  it("an empty GAME is refused naming GAME, not --out, and without offering standard output", () => {
    const run = refused(["call", ""]);
    expect(run).toMatchObject({ status: 2, stdout: "", stderr: "housie: GAME: empty file name (expected a file path)\n" });
  });

  it('GAME "-" is refused (a game file is read back, so it cannot be standard output), and no file named - appears', () => {
    const run = refused(["call", "-"]);
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
    const [serial, ticket] = winner.split("-");
    const wrong = `${serial}-${ticket}-${(dammDigit(`${serial}${ticket}`) + 1) % 10}`;
    const cases = [
      ["call", game, "--seed", "11", "--prizes", "tambola", "-n", String(k)],
      ["check", series, "--game", game, "--ref", winner],
      ["call", game, "-n", "2"],
      ["check", series, "--game", game, "--ref", winner],
      ["check", series, "--game", game, "--ref", wrong],
      ["check", series, "--game", game, "--ref", printedRef(999n, 1)],
      ["check", series, "--calls", order.slice(0, 40).join(","), "--prizes", "uk", "--json"],
    ];
    const [called, now, more, late, typo, unknown, uk] = runCliBatch("housie", cases, dir);
    expect(called!.status).toBe(0);
    expect(now!.status).toBe(0);
    expect(now!.stdout).toContain(`claim ${winner} (file line`);
    expect(now!.stdout).toMatch(new RegExp(`\\n  WINS early five at call ${k}(, shared with [^\\n]*)?\\n`));
    expect(more!.status).toBe(0);
    expect(late!.stdout).toMatch(new RegExp(`\\n  WINS early five at call ${k}(, shared with [^\\n]*)? \\(a late claim\\)\\n`));
    expect(late!.status).toBe(0); // a winner, claimed late: the caller's house rules decide
    expect(housie(...cases[3]!)).toEqual(late); // the game file as the batch left it, read by a spawned run
    expect(typo!.status).toBe(2);
    expect(typo!.stderr).toMatch(/check digit .* does not match/);
    expect(unknown!.status).toBe(1);
    expect(unknown!.stdout).toContain("claim: no such ticket in the series");
    expect(JSON.parse(uk!.stdout).prizes.map((p: { prize: string }) => p.prize)).toEqual(["one line", "two lines", "full house"]);
  });
});

describe("digit grouping", () => {
  slowTest("housie count --pretty groups digits in threes; without it the digits are plain", () => {
    const pretty = housie("count", "--pretty");
    expect(pretty.status).toBe(0);
    expect(pretty.stdout).toMatch(/^distinct single tickets +3,669,688,706,217,187,500$/m);
    expect(housie("count").stdout).toMatch(/^distinct single tickets +3669688706217187500$/m);
  });
});
