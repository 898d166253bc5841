import { describe, expect, test } from "vitest";
import { runCli } from "../support/cli-run.js";

// 17 symbols (15 of them unused) pass the problem checks but not the kernel's fixed
// arrays: a KernelError "limit-exceeded" at once, in whichever thread counts.
const TOO_MANY_SYMBOLS = ["--size", "2", "--counts", "1,1" + ",0".repeat(15)];

describe("count-farms general mode: a kernel limit is the user's, in any thread", () => {
  test.each([["1"], ["2"]])("--threads %s: one line, exit 2", (threads) => {
    const { status, stdout, stderr } = runCli("count-farms", [...TOO_MANY_SYMBOLS, "--threads", threads]);
    expect(stdout).toBe("");
    expect(stderr).toBe("count-farms: the tables kernel exceeded a fixed limit: a job of 17 symbols (at most 16); use the ts engine\n");
    expect(status).toBe(2);
  });
});
