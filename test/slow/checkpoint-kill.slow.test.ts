// Many trials of test/cli/checkpoint-store-cli.test.ts's kill -9 test (spawns dist/: build
// first): a checkpointed count killed with SIGKILL at random moments, once or twice a
// trial, then run to the end on the same folder, gives the count of one run every time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { killAndResume } from "../support/checkpoint-kill.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-checkpoint-kill-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const TRIALS = 25;
const fresh = (): void => rmSync(join(dir, "c"), { recursive: true, force: true });

describe(`checkpointed counts killed at random moments, ${TRIALS} trials each`, () => {
  test("pen-paper count: 6×6 closed pen-and-paper tours", async () => {
    const outcomes = await killAndResume("pen-paper", ["count", "--size", "6", "--closed", "--checkpoint", join(dir, "c")], TRIALS, 3000, fresh);
    for (const { kills, result } of outcomes)
      expect(result, `killed after ${kills.join(", ")} ms; it said ${result.stderr.slice(-300)}`).toMatchObject({ status: 0, stdout: "13138\n" });
  });

  test("count-farms: Latin squares of order 7, two ways, on two threads", async () => {
    const outcomes = await killAndResume(
      "count-farms",
      ["--size", "7", "--counts", "1,1,1,1,1,1,1", "--threads", "2", "--checkpoint", join(dir, "c"), "--two-ways"],
      TRIALS,
      2500,
      fresh,
    );
    for (const { kills, result } of outcomes)
      expect(result, `killed after ${kills.join(", ")} ms; it said ${result.stderr.slice(-300)}`).toMatchObject({ status: 0, stdout: "61479419904000\n" });
  });
});
