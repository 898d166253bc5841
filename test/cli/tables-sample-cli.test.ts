// count-farms --sample / --list: formats, seeded repeats (byte-identical, both engines),
// the listing limit, and one-line usage errors.
import { describe, expect, it } from "vitest";
import { batchedCli, runCli } from "../support/cli-run.js";

const FARM = ["--size", "7", "--counts", "2,2,3", "--given", "2100221;0221102"];
const SEEDED = [...FARM, "--sample", "3", "--seed", "9"];
const LIST = ["--size", "5", "--counts", "2,3", "--given", "01101"];
// Every run of this file is single-threaded (sizes below 8) and reads no standard input:
// they share one process (batchedCli); the seeded sample is also spawned and must match.
const batched = batchedCli("count-farms", [
  SEEDED,
  [...SEEDED, "--engine", "fast-ts"],
  [...FARM, "--sample", "3", "--seed", "10"],
  ["--size", "4", "--counts", "2,2", "--sample", "5", "--json"],
  [...FARM, "--seed", "3"],
  [...FARM, "--sample", "1", "--seed", "x"],
  [...FARM, "--sample", "1", "--list"],
  ["--size", "3", "--counts", "3", "--sample", "1"],
  [...LIST, "--list"],
  LIST,
  [...LIST, "--list", "--json"],
  ["--size", "7", "--counts", "2,2,3", "--list"],
]);

describe("count-farms --sample", () => {
  it("prints K tables of N digit rows, a blank line between, the same for a seed on both engines", () => {
    const a = batched(SEEDED);
    expect(a.status).toBe(0);
    const tables = a.stdout.trimEnd().split("\n\n");
    expect(tables).toHaveLength(3);
    for (const t of tables) {
      const rows = t.split("\n");
      expect(rows).toHaveLength(7);
      expect(rows.slice(0, 2)).toEqual(["2100221", "0221102"]);
      rows.forEach((row) => expect(row).toMatch(/^[012]{7}$/));
    }
    expect(runCli("count-farms", SEEDED)).toEqual(a); // a second run, spawned: the same tables, and the batch gives what a process gives
    expect(batched([...SEEDED, "--engine", "fast-ts"]).stdout).toBe(a.stdout);
    expect(batched([...FARM, "--sample", "3", "--seed", "10"]).stdout).not.toBe(a.stdout);
  });

  it("--json prints one object a line with the rows; the OS CSPRNG by default", () => {
    const r = batched(["--size", "4", "--counts", "2,2", "--sample", "5", "--json"]);
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { rows: string[] });
    expect(lines).toHaveLength(5);
    lines.forEach((obj) => expect(obj.rows).toHaveLength(4));
  });

  it("usage errors are one line with exit status 2", () => {
    const seedOnly = batched([...FARM, "--seed", "3"]);
    expect(seedOnly).toMatchObject({ status: 2, stdout: "", stderr: "count-farms: --seed only applies to --sample\n" });
    const badSeed = batched([...FARM, "--sample", "1", "--seed", "x"]);
    expect(badSeed).toMatchObject({ status: 2, stdout: "" });
    expect(badSeed.stderr).toBe(
      "count-farms: option '--seed <s>' argument \"x\" is invalid. expected a whole number from 0 to 18446744073709551615 (2^64-1), decimal digits\n",
    );
    const both = batched([...FARM, "--sample", "1", "--list"]);
    expect(both.stderr).toBe("count-farms: --sample and --list cannot be combined: pick one\n");
    const none = batched(["--size", "3", "--counts", "3", "--sample", "1"]);
    expect(none).toMatchObject({ status: 2, stdout: "" });
    expect(none.stderr).toMatch(/nothing to sample/);
  });
});

describe("count-farms --list", () => {
  it("lists every table once, as many as the count", () => {
    const r = batched([...LIST, "--list"]);
    expect(r.status).toBe(0);
    const tables = r.stdout.trimEnd().split("\n\n");
    const count = batched(LIST).stdout.trim();
    expect(String(new Set(tables).size)).toBe(count);
    expect(tables.length).toBe(Number(count));
    const json = batched([...LIST, "--list", "--json"]);
    expect(json.stdout.trimEnd().split("\n")).toHaveLength(Number(count));
  });

  it("refuses more than 10^7 tables with the count and the limit", () => {
    const r = batched(["--size", "7", "--counts", "2,2,3", "--list"]);
    expect(r).toMatchObject({ status: 2, stdout: "" });
    expect(r.stderr).toBe("count-farms: there are 85329417600 tables, more than the --list limit of 10000000; add --force to list them anyway\n");
  });
});
