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

// The symmetric kernel's layers live in a raw arena under the --memory cap: past it the
// count stops with one line naming the cap and what was asked and held (exit 2), never
// an allocator's "Invalid length" reported as a bug (exit 3).
describe("count-farms: the symmetric layers past --memory", () => {
  test("one line with the cap, the memory asked and held; exit 2", () => {
    const { status, stdout, stderr } = runCli("count-farms", [
      "--size",
      "8",
      "--counts",
      "2,2,2,2",
      "--allow-equal-rows",
      "--allow-equal-columns",
      "--method",
      "symmetric",
      "--memory",
      "1",
    ]);
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      /^count-farms: the tables kernel ran out of memory: this count needs more memory for its classes of states than the kernel's cap of 1 MiB \(\d+ MiB asked for the layers of classes, 1 MiB held\); it is out of reach at that cap \(count-farms --memory or memoryCapMiB raise it, up to 4096 MiB; [^\n]*\)\n$/,
    );
    expect(status).toBe(2);
  });
});
