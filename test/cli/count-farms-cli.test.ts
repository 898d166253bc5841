import { describe, expect, test } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchedCli, ROOT, runCli } from "../support/cli-run.js";
import { SAMPLES } from "../support/farms-samples.js";
import { slowTest } from "../support/tier.js";

const EXAMPLE = "examples/challenge24-2008.txt";
const dir = mkdtempSync(join(tmpdir(), "count-farms-"));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const BAD: [string, string, RegExp][] = [
  ["bad symbol", "1\n2100231\n0221102\n", /bad symbol:2: symbol "3" in column 6 is not 0, 1 or 2/],
  ["short row", "1\n2100221\n022110\n", /short row:3: row has 6 symbols \(expected 7 symbols/],
  ["wrong counts", "1\n2100221\n0221222\n", /wrong counts:3: row has 1 0s, 1 1s and 5 2s/],
  ["non-numeric", "two\n2100221\n0221102\n", /non-numeric:1: "two" is not a number of cases/],
  ["negative", "-3\n", /negative:1: negative number of cases -3/],
  ["empty", "", /empty:1: input is empty/],
];
const FEW_ROWS = file("few rows", "2\n2100221\n0221102\n2002211\n");
for (const [name, text] of BAD) file(name, text);
// Runs that end in the CLI's own code without standard input (bad files, help, version)
// share one process (batchedCli); two of them are also spawned and must match.
const batched = batchedCli("count-farms", [
  ...BAD.map(([name]) => [join(dir, name)]),
  [FEW_ROWS],
  [join(dir, "missing.txt")],
  ["--engine", "gpu", EXAMPLE],
  ["--help"],
  ["--version"],
  ["help"],
  ["help", "merge"],
]);

describe("count-farms", () => {
  test.each([[[join(dir, BAD[0]![0])]], [[FEW_ROWS]]])("the batched run %j is what a spawned run gives", (args) => {
    expect(runCli("count-farms", args)).toEqual(batched(args));
  });

  test("counts the bundled example, one line per case in order", () => {
    const { status, stdout, stderr } = runCli("count-farms", [EXAMPLE]);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toBe(SAMPLES.map(([, , n]) => `${n}\n`).join(""));
  });

  slowTest("reads standard input with - and with no argument; every engine agrees", () => {
    const input = "1\n2 0 0 2 2 1 1\n2 0 1 2 2 1 0\n";
    expect(runCli("count-farms", ["-"], input).stdout).toBe("507600\n");
    expect(runCli("count-farms", [], input).stdout).toBe("507600\n");
    for (const engine of ["fast", "fast-ts", "wasm", "ts"]) {
      expect(runCli("count-farms", ["--engine", engine], input).stdout).toBe("507600\n");
    }
  });

  test("--json prints one object per case with the count as a decimal string", () => {
    const { stdout } = runCli("count-farms", ["--json", EXAMPLE]);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatchObject({ case: 1, rows: ["2100221", "0221102"], count: "4909920", engine: "fast" });
    expect(typeof lines[0]!.microseconds).toBe("number");
  });

  test("--time reports per-case and total times on stderr only", () => {
    const { stdout, stderr, status } = runCli("count-farms", ["--time", EXAMPLE]);
    expect(status).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(10);
    expect(stderr).toMatch(/^case 1: \d+\.\d{3} ms$/m);
    expect(stderr).toMatch(/^total: \d+\.\d{3} ms for 10 case\(s\)$/m);
  });

  test("--help and --version exit 0", () => {
    expect(batched(["--help"]).stdout).toMatch(/Usage: count-farms/);
    expect(batched(["--version"]).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(batched(["--version"]).status).toBe(0);
  });

  test("input that ends early: the cases before are printed (streaming), then one line and exit 2", () => {
    const { status, stdout, stderr } = batched([FEW_ROWS]);
    expect(status).toBe(2);
    expect(stdout).toBe("4909920\n");
    expect(stderr).toMatch(/^count-farms: .*few rows:4: input ends after 3 rows \(expected 4 rows for N = 2\)\n$/);
  });

  test("equal given rows count 0", () => {
    expect(runCli("count-farms", [], "1\n2100221\n2100221\n").stdout).toBe("0\n");
  });

  test.each(BAD)("bad input (%s): one-line error with file and line, exit 2, nothing on stdout", (name, text, message) => {
    expect(readFileSync(join(dir, name), "utf8")).toBe(text);
    const { status, stdout, stderr } = batched([join(dir, name)]);
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^count-farms: /);
  });

  test("a missing file and an unknown engine are errors with exit 2", () => {
    const missing = batched([join(dir, "missing.txt")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/missing\.txt: no such file/);
    const engine = batched(["--engine", "gpu", EXAMPLE]);
    expect(engine.status).toBe(2);
    expect(engine.stdout).toBe("");
    expect(engine.stderr).toMatch(/^count-farms: option '--engine <name>' argument "gpu" is invalid/);
  });

  test("help is a command too: count-farms help and count-farms help merge print usage, exit 0", () => {
    const help = batched(["help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: count-farms \[options\] \[file\]/);
    expect(help.stderr).toBe("");
    const merge = batched(["help", "merge"]);
    expect(merge.status).toBe(0);
    expect(merge.stdout).toMatch(/^Usage: count-farms merge/);
  });

  test("--pretty (npm start) labels each count with its case number and given rows, digits grouped", () => {
    const { status, stdout } = runCli("count-farms", ["--pretty", EXAMPLE]);
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("case 1: given 2100221 / 0221102: 4,909,920 completions");
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/count-farms\.js --pretty /);
  });
});
