// count-farms --sample / --list: formats, seeded repeats (byte-identical, both engines),
// the listing limit, and one-line usage errors.
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli-run.js";

const FARM = ["--size", "7", "--counts", "2,2,3", "--given", "2100221;0221102"];

describe("count-farms --sample", () => {
  it("prints K tables of N digit rows, a blank line between, the same for a seed on both engines", () => {
    const a = runCli("count-farms", [...FARM, "--sample", "3", "--seed", "9"]);
    expect(a.status).toBe(0);
    const tables = a.stdout.trimEnd().split("\n\n");
    expect(tables).toHaveLength(3);
    for (const t of tables) {
      const rows = t.split("\n");
      expect(rows).toHaveLength(7);
      expect(rows.slice(0, 2)).toEqual(["2100221", "0221102"]);
      rows.forEach((row) => expect(row).toMatch(/^[012]{7}$/));
    }
    expect(runCli("count-farms", [...FARM, "--sample", "3", "--seed", "9"]).stdout).toBe(a.stdout);
    expect(runCli("count-farms", [...FARM, "--sample", "3", "--seed", "9", "--engine", "fast-ts"]).stdout).toBe(a.stdout);
    expect(runCli("count-farms", [...FARM, "--sample", "3", "--seed", "10"]).stdout).not.toBe(a.stdout);
  });

  it("--json prints one object a line with the rows; the OS CSPRNG by default", () => {
    const r = runCli("count-farms", ["--size", "4", "--counts", "2,2", "--sample", "5", "--json"]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as { rows: string[] });
    expect(lines).toHaveLength(5);
    lines.forEach((obj) => expect(obj.rows).toHaveLength(4));
  });

  it("usage errors are one line with exit status 2", () => {
    const seedOnly = runCli("count-farms", [...FARM, "--seed", "3"]);
    expect(seedOnly).toMatchObject({ status: 2, stdout: "", stderr: "count-farms: --seed only applies to --sample\n" });
    const badSeed = runCli("count-farms", [...FARM, "--sample", "1", "--seed", "x"]);
    expect(badSeed).toMatchObject({ status: 2, stdout: "" });
    expect(badSeed.stderr).toBe('count-farms: option \'--seed <s>\' argument "x" is invalid. expected a whole number from 0 to 18446744073709551615 (2^64-1), decimal digits, got "x"\n');
    const both = runCli("count-farms", [...FARM, "--sample", "1", "--list"]);
    expect(both.stderr).toBe("count-farms: --sample and --list cannot be combined: pick one\n");
    const none = runCli("count-farms", ["--size", "3", "--counts", "3", "--sample", "1"]);
    expect(none).toMatchObject({ status: 2, stdout: "" });
    expect(none.stderr).toMatch(/nothing to sample/);
  });
});

describe("count-farms --list", () => {
  it("lists every table once, as many as the count", () => {
    const r = runCli("count-farms", ["--size", "5", "--counts", "2,3", "--given", "01101", "--list"]);
    expect(r.status).toBe(0);
    const tables = r.stdout.trimEnd().split("\n\n");
    const count = runCli("count-farms", ["--size", "5", "--counts", "2,3", "--given", "01101"]).stdout.trim();
    expect(String(new Set(tables).size)).toBe(count);
    expect(tables.length).toBe(Number(count));
    const json = runCli("count-farms", ["--size", "5", "--counts", "2,3", "--given", "01101", "--list", "--json"]);
    expect(json.stdout.trimEnd().split("\n")).toHaveLength(Number(count));
  });

  it("refuses more than 10^7 tables with the count and the limit", () => {
    const r = runCli("count-farms", ["--size", "7", "--counts", "2,2,3", "--list"]);
    expect(r).toMatchObject({ status: 2, stdout: "" });
    expect(r.stderr).toBe("count-farms: there are 85329417600 tables, more than the --list limit of 10000000; add --force to list them anyway\n");
  });
});
