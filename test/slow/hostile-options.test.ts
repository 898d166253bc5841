// Every option of every command, fed a long value with control bytes (an OSC sequence
// that would set the terminal title, BEL, DEL, a lone surrogate): one line, exit 2,
// bounded, and no raw control byte reaches the terminal. The options are read from each
// command's --help, so a new option is covered without touching this file. The cases of
// one CLI run in one process (batchedCli: the same built file and runMain, without a
// process start per case): first the --help of each of its commands, then every other case
// of this file; one case per command, per seed test, and each good seed are also spawned
// on their own and must match.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchedCli, runCli, type CliResult } from "../support/cli-run.js";

const HOSTILE = `\u001b]0;pwned\u0007${"A".repeat(3000)}\u007f\ud800\u009b31m`;
const dir = mkdtempSync(join(tmpdir(), "hostile-options-"));
const series = join(dir, "series.jsonl");
writeFileSync(series, runCli("housie", ["books", "-n", "1", "-s", "1", "-f", "jsonl"]).stdout);

/** Commands, with the arguments that make the rest of their command line valid. */
const COMMANDS: { cli: string; path: string[]; base: string[] }[] = [
  { cli: "count-farms", path: [], base: ["--size", "3", "--counts", "1,1,1"] },
  { cli: "housie", path: ["books"], base: ["-n", "1"] },
  { cli: "housie", path: ["tickets"], base: ["-n", "1"] },
  { cli: "housie", path: ["count"], base: [] },
  { cli: "housie", path: ["check"], base: [series, "--calls", "1,2,3", "--ref", "1-1"] },
  { cli: "housie", path: ["audit"], base: [series] },
  { cli: "pen-paper", path: [], base: [] },
  { cli: "pen-paper", path: ["count"], base: ["--size", "3"] },
];

const CLIS = ["count-farms", "housie", "pen-paper"] as const;
type Cli = (typeof CLIS)[number];
const helps = Object.fromEntries(
  CLIS.map((cli) => [
    cli,
    batchedCli(
      cli,
      COMMANDS.filter((c) => c.cli === cli).map(({ path }) => [...path, "--help"]),
    ),
  ]),
);

/** Options that take a value, read from `--help`. */
function valueOptions(cli: string, path: string[]): string[] {
  const help = helps[cli]!([...path, "--help"]).stdout;
  return [...help.matchAll(/^\s+(?:-\w, )?(--[\w-]+) [<[]/gm)].map((m) => m[1]!);
}

/** A command's cases: each option with the hostile value; last, an unknown option, quoted the same way. */
function optionCases({ cli, path, base }: (typeof COMMANDS)[number]): string[][] {
  const options = valueOptions(cli, path);
  expect(options.length).toBeGreaterThan(0);
  return [...options.map((option) => [...path, ...base, option, HOSTILE]), [...path, ...base, `--x${HOSTILE}`]];
}

const FILE_NAMES: [Cli, string[]][] = [
  ["housie", ["validate", HOSTILE]],
  ["housie", ["check", HOSTILE, "--calls", "1", "--ref", "1-1"]],
  ["housie", ["audit", HOSTILE]],
  ["pen-paper", ["validate", HOSTILE]],
  ["pen-paper", ["merge", HOSTILE]],
  ["count-farms", ["merge", HOSTILE]],
  ["count-farms", [HOSTILE]],
];
const SEED_ARGS: Record<Cli, string[]> = {
  "count-farms": ["--size", "3", "--counts", "1,1,1", "--sample", "1"],
  housie: ["tickets", "-n", "1"],
  "pen-paper": ["--size", "5"],
};
const badSeeds = (cli: Cli) => ["", " ", "0x10", "18446744073709551616"].map((seed) => [...SEED_ARGS[cli], "--seed", seed]);
const goodSeeds = (cli: Cli) => [" 7 ", "18446744073709551615"].map((seed) => [...SEED_ARGS[cli], "--seed", seed]);
const INAPPLICABLE = [["--qr"], ["--paper", "letter"], ["--layout", "sheet"]];
const inapplicable = (option: string[]) => ["books", "-n", "1", "-f", "jsonl", ...option];

/** Every case of this file but the --help runs, one process per CLI, run on the first lookup. */
const batches = new Map<Cli, (args: readonly string[]) => CliResult>();
function batched(cli: Cli, args: readonly string[]): CliResult {
  let batch = batches.get(cli);
  if (!batch) {
    const cases = [
      ...COMMANDS.filter((c) => c.cli === cli).flatMap(optionCases),
      ...FILE_NAMES.filter(([name]) => name === cli).map(([, args]) => args),
      ...badSeeds(cli),
      ...goodSeeds(cli),
      ...(cli === "housie" ? INAPPLICABLE.map(inapplicable) : []),
    ];
    batch = batchedCli(cli, cases);
    batches.set(cli, batch);
  }
  return batch(args);
}

function expectSafeLine(stderr: string, status: number | null): void {
  expect(status).toBe(2);
  expect(stderr.endsWith("\n")).toBe(true);
  const line = stderr.slice(0, -1);
  expect(line).not.toContain("\n");
  expect(line.length).toBeLessThanOrEqual(500);
  expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/);
  expect(line).not.toMatch(/internal error/);
}

describe("every option of every command, given a long value with control bytes", () => {
  for (const command of COMMANDS) {
    const { cli, path } = command;
    it(`${[cli, ...path].join(" ")}`, () => {
      const cases = optionCases(command);
      const results = cases.map((args) => batched(cli as Cli, args));
      results.forEach((r, i) => {
        try {
          expectSafeLine(r.stderr, r.status);
        } catch (error) {
          throw new Error(`${cli} ${cases[i]!.slice(0, -1).join(" ")}: ${JSON.stringify(r.stderr.slice(0, 300))} (exit ${r.status})`, { cause: error });
        }
      });
      // The batch runs what a user's process runs: the first option's case, spawned on its
      // own, gives the same output and exit status.
      expect(runCli(cli, cases[0]!)).toEqual(results[0]);
    });
  }

  it.each(FILE_NAMES)("%s, a hostile file name (case %#)", (cli, args) => {
    const r = batched(cli, args);
    expectSafeLine(r.stderr, r.status);
  });
});

describe("seeds: one syntax everywhere, blank refused", () => {
  it.each(CLIS)("%s", (cli) => {
    const bad = badSeeds(cli);
    const refused = bad.map((args) => batched(cli, args));
    expect(runCli(cli, bad[0]!)).toEqual(refused[0]); // the batch gives what a spawned run gives
    for (const r of refused) {
      expectSafeLine(r.stderr, r.status);
      expect(r.stderr).toMatch(/expected a whole number from 0 to 18446744073709551615/);
    }
    // Each good seed run twice, once in the batch and once spawned: the same output.
    for (const good of goodSeeds(cli)) {
      const first = batched(cli, good);
      expect(first.status).toBe(0);
      expect(runCli(cli, good).stdout).toBe(first.stdout);
    }
  });
});

describe("options that do nothing for the chosen format are refused", () => {
  it.each(INAPPLICABLE)("%s without --format pdf", (...option) => {
    const r = batched("housie", inapplicable(option));
    expectSafeLine(r.stderr, r.status);
    expect(r.stderr).toBe(`housie: ${option[0]} only applies to --format pdf or html\n`);
    expect(r.stdout).toBe("");
  });
});
