// Every golden case's output, byte for byte, against test/golden/ (see test/golden/cases.ts).
// The cases of each command run in one process (batchedCli: the same built file, the same
// output); the first case of each command is also spawned as a user runs it, and compared.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GOLDEN_CASES, goldenPath, pdfText, runGoldenCase, type GoldenCase } from "../golden/cases.js";
import { batchedCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "tabula-golden-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pdfOf = (golden: GoldenCase) => join(dir, `${golden.file}.pdf`);
const argsOf = (golden: GoldenCase) => golden.args.map((arg) => arg.replace("{out}", pdfOf(golden)));
const COMMANDS = [...new Set(GOLDEN_CASES.map((golden) => golden.cli))];
const batches = new Map(COMMANDS.map((cli) => [cli, batchedCli(cli, GOLDEN_CASES.filter((golden) => golden.cli === cli).map(argsOf))]));
const spawned = new Set(COMMANDS.map((cli) => GOLDEN_CASES.find((golden) => golden.cli === cli)!));

describe("golden outputs", () => {
  it.each(GOLDEN_CASES.map((golden) => [golden.file, golden] as const))("%s", async (_file, golden) => {
    const expected = readFileSync(goldenPath(golden), "utf8");
    const run = batches.get(golden.cli)!(argsOf(golden));
    expect(run.status, run.stderr).toBe(0);
    expect(golden.kind === "pdf" ? await pdfText(readFileSync(pdfOf(golden))) : run.stdout).toBe(expected);
    if (spawned.has(golden)) expect(await runGoldenCase(golden)).toBe(expected);
  });
});
