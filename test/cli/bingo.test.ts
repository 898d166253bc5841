// The bingo command: cards of each format in every text format, counts, validate, winners
// and check (verdicts and exit statuses), one-line refusals; housie is untouched (golden.test.ts).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { batchedCli, runCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "bingo-cli-"));
/** A spawned run: for the first run of each batch below, and runs that read what a test wrote. */
const spawned = (args: string[], input?: string) => runCli("bingo", args, input);

// The runs below end in bingo's own code without standard input: they share one process
// (batchedCli), run in this order on the first lookup, so a run that writes a file comes
// before those that read it. The first test checks the batch against spawned runs.
const CALLS_75 = "45,12,3,67,22,9,31,50,75,1,16,61,36,48,28,14,70,59,40,7";
const GAME_75 = join(dir, "game75.jsonl");
const ALL_75 = Array.from({ length: 75 }, (_, i) => i + 1).join(",");
const BATCHED: string[][] = [
  ["cards", "--ball", "75", "-n", "1", "--seed", "1"],
  ...["75", "80", "30"].flatMap((ball) => [
    ["cards", "-b", ball, "-n", "300", "--seed", "9", "-f", "jsonl", "-o", join(dir, `s${ball}.jsonl`)],
    ["validate", join(dir, `s${ball}.jsonl`)],
    ["cards", "-b", ball, "-n", "1", "--seed", "9", "-f", "csv"],
    ["cards", "-b", ball, "-n", "1", "--seed", "9", "-f", "html"],
  ]),
  ["cards", "-b", "90", "-n", "1"],
  ["cards", "-b", "76", "-n", "1"],
  ["cards", "-b", "75", "-n", "1", "--seed", "x"],
  ["cards", "-b", "75", "-n", "8388609", "-o", join(dir, "never.jsonl")],
  ["cards", "-b", "80", "-n", "1", "--seed", "1", "-f", "jsonl", "--first-serial", "18446744073709551615"],
  ["cards", "-b", "80", "-n", "2", "--first-serial", "18446744073709551615"],
  ["cards", "-b", "30", "-n", "2000", "--seed", "1", "-f", "jsonl", "-o", join(dir, "a30.jsonl")],
  ["cards", "-b", "30", "-n", "2000", "--seed", "1", "-f", "jsonl", "--first-serial", "2001", "--unique-against", join(dir, "a30.jsonl")],
  ["count", "--json"],
  ["validate", "/dev/zero"],
  ["validate", dir],
  ["validate", join(dir, "none")],
  ["cards", "-b", "75", "-n", "2", "--seed", "1", "-f", "jsonl"],
  ["cards", "-b", "75", "-n", "500", "--seed", "4", "-f", "jsonl", "-o", GAME_75],
  ["winners", GAME_75, "-p", "line", "--calls", CALLS_75, "--json"],
  ["winners", GAME_75, "-p", "line", "--calls", CALLS_75, "--json", "--engine", "ts"],
  ["winners", GAME_75, "-p", "line", "--calls", CALLS_75],
  ["check", GAME_75, "-p", "blackout", "--calls", ALL_75, "--ref", "1-3"],
  ["check", GAME_75, "-p", "corners", "--calls", "1", "--ref", "1-3"],
  ["check", GAME_75, "-p", "line", "--calls", "1", "--ref", "999"],
  ["winners", GAME_75, "-p", "x..x/....", "--calls", "1"],
  ["winners", GAME_75, "-p", "line", "--calls", "1,76"],
  ["check", GAME_75, "-p", "line", "--calls", "1", "--ref", "1-4"],
  ["cards", "-b", "80", "-n", "3000", "--seed", "2", "-f", "jsonl", "-o", join(dir, "audit80.jsonl")],
  ["audit", join(dir, "audit80.jsonl")],
  ["audit", join(dir, "audit80.jsonl"), "--alpha", "2"],
];
const bingo = batchedCli("bingo", BATCHED);

describe("bingo cards", () => {
  it("the batched runs are what spawned runs give: a card, a refusal, a count", () => {
    for (const args of [BATCHED[0]!, ["cards", "-b", "76", "-n", "1"], ["count", "--json"]]) expect(spawned(args)).toEqual(bingo(args));
  });
  it("75-ball text: B I N G O headings, FREE centre, a checked reference", () => {
    const r = bingo(["cards", "--ball", "75", "-n", "1", "--seed", "1"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Card 1 \(ref 1-3\), 75-ball\n/);
    expect(r.stdout).toContain("|    B |    I |    N |    G |    O |");
    expect(r.stdout.split("\n")[8]).toMatch(/^\|.*\| FREE \|.*\|$/);
  });
  it.each(["75", "80", "30"])("%s-ball: jsonl validates; csv, html and text carry the same numbers", (ball) => {
    const file = join(dir, `s${ball}.jsonl`);
    expect(bingo(["cards", "-b", ball, "-n", "300", "--seed", "9", "-f", "jsonl", "-o", file]).status).toBe(0);
    const v = bingo(["validate", file]);
    expect([v.status, v.stdout, v.stderr]).toEqual([0, "", `${file}: 300 ${ball}-ball cards: valid\n`]);
    const first = JSON.parse(readFileSync(file, "utf8").split("\n")[0]!) as { card: (number | null)[][] };
    const csv = bingo(["cards", "-b", ball, "-n", "1", "--seed", "9", "-f", "csv"]).stdout.split("\n");
    expect(csv[1]).toBe(`1,1-3,1,${first.card[0]!.map((x) => x ?? "").join(",")}`);
    const html = bingo(["cards", "-b", ball, "-n", "1", "--seed", "9", "-f", "html"]).stdout;
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toMatch(new RegExp(`font-weight="bold">${first.card[0]![0]}</text>`));
  });
  it("refuses 90-ball (housie's), a bad ball and a bad seed, each in one line, exit 2", () => {
    for (const [args, message] of [
      [["cards", "-b", "90", "-n", "1"], /^bingo: 90-ball tickets and books are made by the housie command/],
      [["cards", "-b", "76", "-n", "1"], /^bingo: option '-b, --ball <N>' argument "76" is invalid/],
      [["cards", "-b", "75", "-n", "1", "--seed", "x"], /^bingo: .*expected a whole number from 0 to 18446744073709551615/],
      [
        ["cards", "-b", "75", "-n", "8388609", "-o", join(dir, "never.jsonl")],
        /^bingo: --count 8388609 75-ball cards exceeds the 8388608 one run keeps distinct/,
      ],
    ] as const) {
      const r = bingo([...args]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
  it("20-digit serials: the last serial, and one past it refused", () => {
    const r = bingo(["cards", "-b", "80", "-n", "1", "--seed", "1", "-f", "jsonl", "--first-serial", "18446744073709551615"]);
    expect(r.stdout).toMatch(/^\{"serial":18446744073709551615,"ball":80,/);
    const file = join(dir, "last.jsonl");
    writeFileSync(file, r.stdout);
    expect(spawned(["validate", file]).status).toBe(0);
    const over = bingo(["cards", "-b", "80", "-n", "2", "--first-serial", "18446744073709551615"]);
    expect(over.status).toBe(2);
    expect(over.stderr).toMatch(/pass the largest serial/);
  });
  it("--unique-against: a later run repeats no card of an earlier one", () => {
    const a = join(dir, "a30.jsonl");
    expect(bingo(["cards", "-b", "30", "-n", "2000", "--seed", "1", "-f", "jsonl", "-o", a]).status).toBe(0);
    const b = bingo(["cards", "-b", "30", "-n", "2000", "--seed", "1", "-f", "jsonl", "--first-serial", "2001", "--unique-against", a]).stdout;
    const key = (line: string) => JSON.stringify((JSON.parse(line) as { card: unknown }).card);
    const earlier = new Set(readFileSync(a, "utf8").trim().split("\n").map(key));
    expect(
      b
        .trim()
        .split("\n")
        .filter((l) => earlier.has(key(l))),
    ).toEqual([]);
  });
});

describe("bingo count", () => {
  it("prints both conventions exactly", () => {
    const r = bingo(["count", "--json"]);
    expect(JSON.parse(r.stdout)).toEqual({
      75: { ordered: "552446474061128648601600000", sets: "111007923832370565" },
      80: { ordered: "182818479414274560000", sets: "551029849700625" },
      30: { ordered: "373248000", sets: "1728000" },
    });
  });
});

describe("bingo validate", () => {
  it("refuses a device, a directory and a missing file in one line, exit 2", () => {
    for (const [file, message] of [
      ["/dev/zero", "bingo: /dev/zero: is a device (expected a file of cards, or '-' for standard input)\n"],
      [dir, `bingo: ${dir}: is a directory\n`],
      [join(dir, "none"), `bingo: ${join(dir, "none")}: no such file\n`],
    ] as const) {
      const r = bingo(["validate", file]);
      expect([r.status, r.stderr]).toEqual([2, message]);
    }
  });
  it("names every broken line, file:line: problem (expected …) [rule], exit 1", () => {
    const file = join(dir, "bad.jsonl");
    const good = bingo(["cards", "-b", "75", "-n", "2", "--seed", "1", "-f", "jsonl"]).stdout.split("\n");
    writeFileSync(file, `\uFEFF${good[0]}\n${good[1]}\n${good[0]}\n{"serial":7,"ball":75,"card":[[1]]}\n\n${good[1]!.replace('"ball":75', '"ball":80')}\n`);
    const r = spawned(["validate", file]);
    expect(r.status).toBe(1);
    expect(r.stdout.split("\n")).toEqual([
      `${file}:3: serial 1 again (expected each serial once) [repeated-serial]`,
      `${file}:4: card [[1]] is not 5 rows of 5 (expected 5 arrays of 5 numbers (null on free squares)) [grid]`,
      `${file}:6: a 80-ball card in a 75-ball series (expected ball 75 on every line) [ball]`,
      "",
    ]);
  });
});

describe("bingo winners and check", () => {
  const file = GAME_75;
  const calls = CALLS_75;
  const setup = () => expect(bingo(["cards", "-b", "75", "-n", "500", "--seed", "4", "-f", "jsonl", "-o", file]).status).toBe(0);
  it("winners: new and total winners per call, the same by kernel and TS baseline", () => {
    setup();
    const wasm = bingo(["winners", file, "-p", "line", "--calls", calls, "--json"]);
    const ts = bingo(["winners", file, "-p", "line", "--calls", calls, "--json", "--engine", "ts"]);
    expect(wasm.status).toBe(0);
    expect(wasm.stdout).toBe(ts.stdout);
    const report = JSON.parse(wasm.stdout) as { cards: number; winningCalls: { total: number }[]; notWon: number };
    expect(report.cards).toBe(500);
    expect((report.winningCalls.at(-1)?.total ?? 0) + report.notWon).toBe(500);
    const text = bingo(["winners", file, "-p", "line", "--calls", calls]).stdout;
    expect(text).toMatch(/^.*: 500 75-ball cards, 20 calls, pattern line\ncall  number  new winners/);
  });
  it("check: WINS (exit 0) or NOT A WINNER with the missing numbers (exit 1), the card drawn", () => {
    setup();
    const all = ALL_75;
    const win = bingo(["check", file, "-p", "blackout", "--calls", all, "--ref", "1-3"]);
    expect(win.status).toBe(0);
    expect(win.stdout).toMatch(/^WINS blackout at call \d+ \(number \d+\): card 1-3 \(line 1\)/);
    const lose = bingo(["check", file, "-p", "corners", "--calls", "1", "--ref", "1-3"]);
    expect(lose.status).toBe(1);
    expect(lose.stdout).toMatch(
      /^NOT A WINNER: card 1-3 covers no corners pattern after 1 calls; still missing \d+, \d+, \d+, \d+\ncard 1-3, called numbers in \[brackets\]:\n\+------\+/,
    );
    const none = bingo(["check", file, "-p", "line", "--calls", "1", "--ref", "999"]);
    expect([none.status, none.stdout]).toEqual([1, `NOT A WINNER: no card 999 in ${file}\n`]);
  });
  it("refuses a bad mask, a call past 75 and a wrong check digit in one line, exit 2", () => {
    setup();
    for (const [args, message] of [
      [["winners", file, "-p", "x..x/....", "--calls", "1"], /pattern "x\.\.x\/\.\.\.\." is not a 75-ball mask \(expected 5 rows of 5/],
      [["winners", file, "-p", "line", "--calls", "1,76"], /--calls: call 2 is 76 \(expected a number from 1 to 75\)/],
      [["check", file, "-p", "line", "--calls", "1", "--ref", "1-4"], /the check digit 4 does not match/],
    ] as const) {
      const r = bingo([...args]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("bingo audit", () => {
  it("passes our cards (exit 0) and refuses a bad --alpha in one line (exit 2)", () => {
    const file = join(dir, "audit80.jsonl");
    expect(bingo(["cards", "-b", "80", "-n", "3000", "--seed", "2", "-f", "jsonl", "-o", file]).status).toBe(0);
    const r = bingo(["audit", file]);
    expect([r.status, r.stdout.trim().split("\n").at(-1)]).toEqual([0, "verdict: pass"]);
    const bad = bingo(["audit", file, "--alpha", "2"]);
    expect([bad.status, bad.stderr]).toEqual([2, 'bingo: --alpha "2" (expected a number between 0 and 1, e.g. 0.01)\n']);
  });
});
