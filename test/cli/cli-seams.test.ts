// Issue 46.6 and 47's message and resource classes through the built commands: help lists
// every command, a mistyped command gets a suggestion, the same short options mean the same
// things, a long or huge value is shown once and as typed, an exhausted open-file limit is
// one line and exit 2, and the completion scripts are valid bash.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, batchedCli, runCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "cli-seams-"));
const LONG = "x".repeat(300);
const OUT = join(dir, "tour.json");
const HUGE_SHARD = ["--size", "6", "--counts", "3,3", "--shard", "5/123456789012345678901"];
// The runs without standard input end in the commands' own code: one process a command
// (batchedCli), in this order; the mistyped command is also spawned and compared.
const BATCHES = {
  "count-farms": batchedCli(
    "count-farms",
    [["--help"], ["help", "sequence"], ["merg"], ["completion", "bash"], ["--size", "6", "--counts", "3,3", "--shard", LONG], HUGE_SHARD],
    dir,
  ),
  housie: batchedCli("housie", [
    ["completion", "bash"],
    ["completion", "zsh"],
    ["completion", "fish"],
    ["audit", "examples/housie-books.jsonl", "--alpha", LONG],
  ]),
  "pen-paper": batchedCli("pen-paper", [["cout"], ["--size", "5", "--seed", "1", "-f", "json", "-o", OUT], ["completion", "bash"]]),
};
const cli = (name: keyof typeof BATCHES, args: string[]) => BATCHES[name](args);

describe("commands and help", () => {
  it("count-farms --help lists merge, sequence and completion; help sequence is the sequence help", () => {
    const help = cli("count-farms", ["--help"]).stdout;
    for (const command of ["merge", "sequence", "completion"]) expect(help).toMatch(new RegExp(`^  ${command} `, "m"));
    expect(cli("count-farms", ["help", "sequence"]).stdout).toMatch(/^Usage: count-farms sequence/);
  });

  it("a mistyped command gets the nearest one, exit 2", () => {
    expect(runCli("pen-paper", ["cout"])).toEqual(cli("pen-paper", ["cout"])); // the batch gives what a spawned run gives
    expect(cli("pen-paper", ["cout"])).toMatchObject({
      status: 2,
      stderr: 'pen-paper: unknown command "cout" (did you mean "count"? commands: count, sample, merge, validate, completion, help)\n',
    });
    expect(cli("count-farms", ["merg"])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('unknown command "merg" (did you mean "merge"?'),
    });
  });

  it("pen-paper takes -o and -f as housie does", () => {
    expect(cli("pen-paper", ["--size", "5", "--seed", "1", "-f", "json", "-o", OUT]).status).toBe(0);
    expect(JSON.parse(readFileSync(OUT, "utf8"))).toMatchObject({ size: 5 });
  });

  it("bash and zsh completion scripts parse, and name the commands", () => {
    for (const name of ["count-farms", "housie", "pen-paper"] as const) {
      const script = cli(name, ["completion", "bash"]).stdout;
      expect(script).toContain(`complete -o filenames -F _${name.replace("-", "_")}_complete ${name}`);
      expect(spawnSync("bash", ["-n"], { input: script }).status).toBe(0);
    }
    expect(cli("pen-paper", ["completion", "bash"]).stdout).toContain('count) words="--size --rows');
    expect(cli("housie", ["completion", "zsh"]).stdout).toContain("bashcompinit");
    expect(cli("housie", ["completion", "fish"])).toMatchObject({ status: 2, stderr: 'housie: completion "fish" (expected bash or zsh)\n' });
  });
});

describe("messages", () => {
  it("a 300-character --alpha or --shard is one line well under 200 bytes", () => {
    for (const run of [
      cli("housie", ["audit", "examples/housie-books.jsonl", "--alpha", LONG]),
      cli("count-farms", ["--size", "6", "--counts", "3,3", "--shard", LONG]),
    ]) {
      expect(run.status).toBe(2);
      expect(run.stderr.split("\n")).toHaveLength(2);
      expect(Buffer.byteLength(run.stderr)).toBeLessThan(200);
    }
  });

  it("a huge --shard number is shown as typed, not rounded", () => {
    expect(cli("count-farms", HUGE_SHARD).stderr).toBe("count-farms: the number of parts must be from 1 to 1000000, got 123456789012345678901\n");
  });
});

describe("an exhausted open-file limit", () => {
  it("is one line naming it, exit 2, not an internal error", () => {
    const run = spawnSync("bash", ["-c", `ulimit -n 40; exec "${process.execPath}" "${ROOT}/dist/bin/count-farms.js" --size 8 --counts 4,4 --threads 4`], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("count-farms: too many open files: raise the open-file limit (ulimit -n) or use fewer --threads\n");
    expect(run.status).toBe(2);
  });
});

describe("housie check --game -", () => {
  it("reads the game from standard input, or refuses clearly when the series is there too", () => {
    const game = join(dir, "night.json");
    expect(runCli("housie", ["call", game, "--seed", "3"]).status).toBe(0);
    const run = runCli("housie", ["check", "examples/housie-books.jsonl", "--game", "-"], readFileSync(game, "utf8"));
    expect(run).toMatchObject({ status: expect.any(Number), stdout: expect.stringContaining("1 calls, uk prizes") });
    expect(run.stderr).toBe("");
    expect(runCli("housie", ["check", "examples/housie-books.jsonl", "--game", "-"], "").stderr).toMatch(/^housie: <stdin>: not a saved game/);
    expect(runCli("housie", ["check", "-", "--game", "-"], "")).toMatchObject({
      status: 2,
      stderr: "housie: --game - and the series both read standard input: give one of them as a file\n",
    });
  });
});
