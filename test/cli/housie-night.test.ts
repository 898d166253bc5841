// A game night as a hall runs it: numbers typed from a ball machine (--drawn, --enter),
// game files that cannot hang or swamp the caller (FIFOs, devices, huge files refused;
// a byte-order mark read), and callers of one game at once that lose no call (the lock).
import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { hasProc } from "../../src/io/process-alive.js";
import { ROOT, runCli } from "../support/cli-run.js";

import { slowTest } from "../support/tier.js";
const dir = mkdtempSync(join(tmpdir(), "housie-night-"));
const housie = (args: string[], input?: string) => runCli("housie", args, input, dir);
const BIN = join(ROOT, "dist/bin/housie.js");
const callsOf = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { calls: number[] }).calls;

/** Runs housie asynchronously (several at once); resolves with its exit status and stderr. */
function housieAsync(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += String(d);
    });
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

describe("housie call: a ball machine's numbers", () => {
  it("--drawn calls the balls given and saves each; a repeat or 91 is one line, exit 2, the game kept", () => {
    const game = join(dir, "machine.json");
    expect(housie(["call", game, "--drawn", "17"]).stdout).toMatch(/^called 17\ncall 1 of 90: 17\n/);
    expect(housie(["call", game, "--drawn", "4, 88"]).stdout).toMatch(/^called 4\ncalled 88\ncall 3 of 90: 88\n/);
    const repeat = housie(["call", game, "--drawn", "17"]);
    expect(repeat.status).toBe(2);
    expect(repeat.stderr).toBe("housie: 17 is called already (call 1); not called again\n");
    const out = housie(["call", game, "--drawn", "91"]);
    expect(out.status).toBe(2);
    expect(out.stderr).toBe('housie: "91" is not a ball (expected a number from 1 to 90)\n');
    expect(callsOf(game)).toEqual([17, 4, 88]);
    expect(housie(["call", game, "--undo"]).stdout).toMatch(/^took back 88\ncall 2 of 90: 4\n/);
    expect(callsOf(game)).toEqual([17, 4]);
  });

  it("--drawn on a seeded game is refused: the seed says the numbers", () => {
    const game = join(dir, "seeded.json");
    expect(housie(["call", game, "--seed", "7"]).status).toBe(0);
    const run = housie(["call", game, "--drawn", "5"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^housie: this game calls the numbers of its seed 7, not drawn ones/);
    expect(callsOf(game)).toHaveLength(1);
  });

  it("--enter takes balls a line at a time, refuses repeats and typos one line each, undoes, saves every call", () => {
    const game = join(dir, "entered.json");
    const run = housie(["call", game, "--enter"], "12\n12\nforty\n 40 \nu\n41\n0\nq\n77\n");
    expect(run.stdout).toBe("call 1 of 90: 12\ncall 2 of 90: 40\ntook back 40\ncall 2 of 90: 41\n");
    expect(run.stderr).toBe(
      [
        "housie: 12 is called already (call 1); not called again",
        'housie: "forty" is not a ball (expected a number from 1 to 90)',
        'housie: "0" is not a ball (expected a number from 1 to 90)',
        "",
      ].join("\n"),
    );
    expect(run.status).toBe(2); // some entries were refused
    expect(callsOf(game)).toEqual([12, 41]); // "q" stopped before 77
    expect(existsSync(`${game}.lock`)).toBe(false);
  });
});

describe("housie call: game files it can trust", () => {
  it("a device (/dev/zero) as the game or calls file is refused at once, one line", () => {
    const call = housie(["call", "/dev/zero"]);
    expect(call.status).toBe(2);
    expect(call.stderr).toBe("housie: /dev/zero: is a device (expected a game file written by housie call, a regular file)\n");
    const check = housie(["check", "-", "--game", "/dev/zero"], "");
    expect(check.status).toBe(2);
    expect(check.stderr).toBe("housie: /dev/zero: is a device (expected a game file written by housie call, a regular file)\n");
    const calls = housie(["check", "-", "--calls-file", "/dev/zero"], "");
    expect(calls.stderr).toBe("housie: /dev/zero: is a device (expected a calls file (numbers 1 to 90 in the order called), a regular file)\n");
  });

  it("a FIFO as the game file is refused, not waited on (no writer ever opens it)", () => {
    const fifo = join(dir, "pipe.json");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    // A hang would be killed by the timeout (status null), not exit 2.
    const run = spawnSync(process.execPath, [BIN, "call", fifo], { cwd: dir, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`housie: ${fifo}: is a FIFO (named pipe) (expected a game file written by housie call, a regular file)\n`);
    expect(existsSync(`${fifo}.lock`)).toBe(false);
  });

  it("a game file over 1 MiB is refused without being read", () => {
    const big = join(dir, "big.json");
    writeFileSync(big, " ".repeat((1 << 20) + 1));
    const run = housie(["call", big, "--show"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`housie: ${big}: is larger than 1048576 bytes (expected a game file written by housie call (a few KB at most))\n`);
  });

  it("a game file with a leading UTF-8 byte-order mark reads as without it", () => {
    const bom = join(dir, "bom.json");
    writeFileSync(bom, '\uFEFF{"format":"tabula-grids housie game","version":1,"prizes":"uk","seed":null,"calls":[5,6]}\n');
    const run = housie(["call", bom, "--drawn", "7"]);
    expect(run.stderr).toBe("");
    expect(callsOf(bom)).toEqual([5, 6, 7]);
  });

  slowTest(
    "four callers of one game at once lose no call",
    async () => {
      const game = join(dir, "busy.json");
      const rounds = 3;
      const caller = async () => {
        const results = [];
        for (let i = 0; i < rounds; i++) results.push(await housieAsync(["call", game]));
        return results;
      };
      const all = (await Promise.all([caller(), caller(), caller(), caller()])).flat();
      expect(all.map((r) => r.stderr).join("")).toBe("");
      expect(all.every((r) => r.status === 0)).toBe(true);
      const calls = callsOf(game);
      expect(calls).toHaveLength(4 * rounds);
      expect(new Set(calls).size).toBe(4 * rounds);
      expect(readdirSync(dir).filter((f) => f.startsWith("busy.json") && f !== "busy.json")).toEqual([]); // no lock or temporary file left
    },
    120_000,
  );

  slowTest(
    "a stale lock (its process gone) is taken over; a live one makes the caller wait, then give up in one line",
    async () => {
      const game = join(dir, "stale.json");
      const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
      writeFileSync(`${game}.lock`, `${gone.stdout} ${hostname()} x\n`);
      const run = housie(["call", game, "--drawn", "9"]);
      expect(run.stderr).toBe("");
      expect(callsOf(game)).toEqual([9]);
      expect(existsSync(`${game}.lock`)).toBe(false);
      // A lock written an hour ago naming a pid that now runs a later process (this one,
      // started since): the pid was given again, the lock is stale (Linux: /proc says when).
      if (hasProc()) {
        writeFileSync(`${game}.lock`, `${process.pid} ${hostname()} z ${Date.now() - 3_600_000}\n`);
        expect(housie(["call", game, "--drawn", "11"]).stderr).toBe("");
        expect(callsOf(game)).toEqual([9, 11]);
      }
      // This test's own process is alive: its lock is not stale.
      writeFileSync(`${game}.lock`, `${process.pid} ${hostname()} y\n`);
      const held = await housieAsync(["call", game, "--drawn", "10"]);
      expect(held.status).toBe(2);
      expect(held.stderr).toBe(
        `housie: ${game}: is in use by process ${process.pid} (its lock ${game}.lock is held) (expected one caller at a time: try again when it is done, or remove the lock if no caller runs)\n`,
      );
      expect(callsOf(game)).toEqual(hasProc() ? [9, 11] : [9]);
    },
    120_000,
  );
});

describe("housie check: claims a caller can read", () => {
  slowTest(
    "a winner, a late claim of a prize already won and a false claim are each one plain line; exit 0 a winner, 1 not",
    async () => {
      const { seededOrder } = await import("../../src/housie/game/caller.js");
      const { checkGame } = await import("../../src/housie/game/claims.js");
      const { readSeries } = await import("../../src/housie/series/read-series.js");
      const series = join(dir, "claims.jsonl");
      expect(housie(["books", "-n", "40", "--seed", "6", "-f", "jsonl", "-o", series]).status).toBe(0);
      const game = join(dir, "claims.json");
      expect(housie(["call", game, "--seed", "11", "--prizes", "tambola", "-n", "30"]).status).toBe(0);
      const calls = seededOrder(11n).slice(0, 30);
      const report = checkGame(() => readSeries(series), calls, "tambola");
      const early = report.prizes[0]!;
      // A ticket that completed early five after the first winners, and one that has not completed full house.
      const refs = Array.from({ length: 40 }, (_, b) => Array.from({ length: 6 }, (_, t) => `${b + 1}-${t + 1}`)).flat();
      const claims = refs.map((ref) => checkGame(() => readSeries(series), calls, "tambola", ref).claim!);
      const later = claims.find((c) => c.prizes[0]!.call !== null && c.prizes[0]!.call > early.call!)!;
      const winner = claims.find((c) => c.prizes[0]!.wins)!;
      const loser = claims.find((c) => c.prizes[5]!.call === null)!;

      const won = housie(["check", series, "--game", game, "--ref", winner.ref, "--prize", "early five"]);
      expect(won.status).toBe(0);
      expect(won.stdout).toMatch(new RegExp(`\\n  WINS early five at call ${early.call}[,( ]`));
      expect(won.stdout.match(/^  (WINS|NOT A WINNER)/gm)).toHaveLength(1); // only the prize claimed is judged
      const late = housie(["check", series, "--game", game, "--ref", later.ref, "--prize", "early five"]);
      expect(late.status).toBe(1);
      const firsts = early.winners.slice(0, 5).join(" ") + (early.winnerCount > 5 ? ` and ${early.winnerCount - 5} more` : "");
      expect(late.stdout).toContain(
        `\n  NOT A WINNER: early five went to ${firsts} at call ${early.call} (this ticket completed it later, at call ${later.prizes[0]!.call})\n`,
      );
      const house = housie(["check", series, "--game", game, "--ref", loser.ref, "--prize", "Full House"]);
      expect(house.status).toBe(1);
      const missing = loser.grid
        .flat()
        .filter((x): x is number => x !== null && !calls.includes(x))
        .sort((a, b) => a - b);
      expect(house.stdout).toContain(`\n  NOT A WINNER: full house needs ${missing.join(", ")} more\n`);
      // The ticket is drawn with the called numbers in brackets, under a header naming the file line as such.
      expect(house.stdout).toContain(`claim ${loser.ref} (file line ${loser.line}), after 30 calls:\n+----+`);
      const bracketed = [...house.stdout.matchAll(/\[ ?(\d+)\]/g)].map((m) => Number(m[1]));
      expect(bracketed.sort((a, b) => a - b)).toEqual(
        loser.grid
          .flat()
          .filter((x): x is number => x !== null && calls.includes(x))
          .sort((a, b) => a - b),
      );
      const bad = housie(["check", series, "--game", game, "--ref", loser.ref, "--prize", "bingo"]);
      expect(bad).toMatchObject({
        status: 2,
        stdout: "",
        stderr:
          'housie: --prize "bingo" is not a prize of the tambola set (expected one of: early five, four corners, top line, middle line, bottom line, full house)\n',
      });
    },
    120_000,
  );
});

describe("housie books --games: games that differ", () => {
  slowTest(
    "each game its own tickets, unique across the night; records, references and QR codes name their game; a claim in the wrong game is refused naming both",
    async () => {
      const { PrintPlanner } = await import("../../src/housie/output/print-plan.js");
      const { readSeries } = await import("../../src/housie/series/read-series.js");
      const { dammDigit } = await import("../../src/housie/model/reference.js");
      const night = join(dir, "night.jsonl");
      const made = housie(["books", "-n", "20", "--seed", "5", "--games", "Red,Blue,Green", "-f", "jsonl", "-o", night]);
      expect(made.status).toBe(0);
      expect(made.stderr).toBe(
        "housie: warning: --games pairs Red with Green: red and green look alike to a colour-blind checker; every ticket names its game (G1, G3), call the games by name and number\n",
      );
      expect(housie(["books", "-n", "2", "--games", "Red,Blue", "-f", "jsonl"]).stderr).toBe(""); // no red-green pair: no warning
      const records = readFileSync(night, "utf8")
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l) as { serial: number; tickets: unknown[]; game: number; gameName: string });
      expect(records).toHaveLength(60);
      expect(records.map((r) => [r.serial, r.game, r.gameName])).toEqual(records.map((_, i) => [i + 1, (i % 3) + 1, ["Red", "Blue", "Green"][i % 3]]));
      // Unique across the whole night (validate checks every ticket against every other), and the games' books differ.
      expect(housie(["validate", night]).status).toBe(0);
      const tickets = records.flatMap((r) => r.tickets.map((t) => JSON.stringify(t)));
      expect(new Set(tickets).size).toBe(360);
      // The series reader gives each record's game and the names.
      const batches = [...readSeries(night)];
      expect(batches[0]!.gameNames?.slice(1)).toEqual(["Red", "Blue", "Green"]);
      expect(Array.from(batches[0]!.games!.subarray(0, 6))).toEqual([1, 2, 3, 1, 2, 3]);
      // Printed: each record once, in its game's colour, its references and QR codes naming the game.
      const planner = new PrintPlanner({ games: "Red,Blue,Green", series: "N1", qr: true });
      const pages = [records[0]!, records[1]!]
        .flatMap((r) => planner.add({ serial: BigInt(r.serial), tickets: r.tickets as never, game: { number: r.game, name: r.gameName } }))
        .concat(planner.finish());
      const placed = pages.flatMap((p) => p.groups.flatMap((g) => g.tickets));
      expect(placed).toHaveLength(12);
      expect(placed[0]).toMatchObject({ ref: `G1-1-1-${dammDigit("11")}`, qr: `TG1/N1/G1-1-1-${dammDigit("11")}`, game: "Red", gameNumber: 1 });
      expect(placed[6]).toMatchObject({ ref: `G2-2-1-${dammDigit("21")}`, qr: `TG1/N1/G2-2-1-${dammDigit("21")}`, game: "Blue", gameNumber: 2 });
      // The text output shows the game large, above its tickets.
      const text = housie(["books", "-n", "1", "--seed", "5", "--games", "Red,Blue"]).stdout;
      expect(text).toMatch(/^=== GAME 1 · RED ===\nBook 1, ticket 1 \(ref G1-1-1\)\n/);
      expect(text).toContain("\n=== GAME 2 · BLUE ===\nBook 2, ticket 1 (ref G2-2-1)\n");

      // A caller of the Red game; a Blue ticket's claim is refused in one line naming both games.
      const red = join(dir, "red.json");
      expect(housie(["call", red, "--seed", "3", "--game-name", "Red", "-n", "40"]).status).toBe(0);
      const blue = `G2-2-1-${dammDigit("21")}`;
      const wrong = housie(["check", night, "--game", red, "--ref", blue]);
      expect(wrong).toMatchObject({
        status: 2,
        stdout: "",
        stderr: `housie: a claim in the wrong game: ${blue} is a ticket of game 2 (Blue), this is game 1 (Red)\n`,
      });
      // The same ticket without its game prefix, or with a misread one, is refused alike.
      expect(housie(["check", night, "--game", red, "--ref", "2-1"]).stderr).toBe(
        `housie: a claim in the wrong game: ${blue} is a ticket of game 2 (Blue), this is game 1 (Red)\n`,
      );
      expect(housie(["check", night, "--game", red, "--ref", "G1-2-1"]).stderr).toBe(
        'housie: reference "G1-2-1" names game 1, but ticket 2-1 is of game 2 (Blue) (misread? read the whole reference again)\n',
      );
      // In the Red game only Red tickets win: every winner listed is G1-….
      const report = housie(["check", night, "--game", red]);
      expect(report.stdout).toMatch(/^.*night.jsonl: 20 records, 120 tickets, game 1 \(Red\) only, 40 calls, uk prizes\n/);
      const winners = [...report.stdout.matchAll(/ (G\d+)-\d+-\d-\d/g)].map((m) => m[1]);
      expect(winners.length).toBeGreaterThan(0);
      expect(new Set(winners)).toEqual(new Set(["G1"]));
      // Without saying the game, a night's series is refused rather than mixing the games' tickets.
      expect(housie(["check", night, "--calls", "1,2,3", "--json"]).stderr).toBe(
        "housie: the series is a night of games (1 Red, 2 Blue, 3 Green): say which game this is (housie call GAME --game-name NAME, or check --game-name NAME)\n",
      );
      expect(housie(["check", night, "--calls", "1,2,3", "--game-name", "pink"]).stderr).toBe(
        'housie: the series has no game "pink" (its games: 1 Red, 2 Blue, 3 Green)\n',
      );
    },
    120_000,
  );
});
