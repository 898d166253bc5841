// Every golden case's output, byte for byte, against test/golden/ (see test/golden/cases.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GOLDEN_CASES, goldenPath, runGoldenCase } from "../golden/cases.js";

// Concurrent: each case waits on its own child process.
describe.concurrent("golden outputs", () => {
  it.each(GOLDEN_CASES.map((golden) => [golden.file, golden] as const))("%s", async (_file, golden) => {
    const expected = readFileSync(goldenPath(golden), "utf8");
    expect(await runGoldenCase(golden)).toBe(expected);
  });
});
