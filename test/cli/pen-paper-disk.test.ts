// pen-paper count --checkpoint DIR --disk MiB as users meet it (dist/, spawned): the count
// of the in-memory run; killed with SIGKILL at random moments and run again, the same
// count; a --disk too small for the count, --disk without a folder and --buckets without
// --disk refused in one line, exit 2.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { batchedCli, runCli } from "../support/cli-run.js";
import { killAndResume } from "../support/checkpoint-kill.js";
import { slowTest } from "../support/tier.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-pen-paper-disk-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("pen-paper count --disk", () => {
  slowTest("6×6 closed tours in 4 bucket files a step: the count, a line a step on standard error", () => {
    const run = runCli("pen-paper", ["count", "--size", "6", "--closed", "--checkpoint", join(dir, "c"), "--disk", "100", "--buckets", "4"]);
    expect(run).toMatchObject({ status: 0, stdout: "13138\n" });
    expect(run.stderr).toMatch(/^step 36 of 36: 1 state, \d+ pass(es)?, disk .*\(checkpoint written\)$/m);
  });

  slowTest("killed at random moments and run again on the same folder: the count of one run", async () => {
    const folder = join(dir, "k");
    const outcomes = await killAndResume("pen-paper", ["count", "--size", "6", "--checkpoint", folder, "--disk", "100", "--buckets", "8"], 2, 2500, () =>
      rmSync(folder, { recursive: true, force: true }),
    );
    for (const { kills, result } of outcomes) {
      expect(result, `killed after ${kills.join(", ")} ms; it said ${result.stderr.slice(-300)}`).toMatchObject({ status: 0, stdout: "8250272\n" });
    }
  });

  it("a --disk too small: one line saying what the files held and needed, exit 2; a larger --disk goes on", () => {
    // 5×8 knight paths: layers of up to 3 MiB, past the smallest cap, in half the time of 6×7's.
    const args = ["count", "--rows", "5", "--cols", "8", "--moves", "1,2", "--checkpoint", join(dir, "c")];
    const small = runCli("pen-paper", [...args, "--disk", "1"]);
    expect(small.status).toBe(2);
    expect(small.stdout).toBe("");
    expect(small.stderr.trim().split("\n").at(-1)).toMatch(
      /^pen-paper: the count needs more disk than --disk 1 MiB: at step \d+ of 40 its files in .* held [\d.]+ [KM]iB and [\d.]+ [KM]iB more were to be written; its checkpoint is kept: run again with a larger --disk to go on$/,
    );
    const larger = runCli("pen-paper", [...args, "--disk", "64"]);
    expect(larger).toMatchObject({ status: 0, stdout: "36122108\n" });
    expect(larger.stderr).toMatch(/^resuming from .*: step \d+ done/m);
  });

  it("--disk without --checkpoint, --buckets without --disk or not a power of two: one line, exit 2", () => {
    const refusals = [
      [["--disk", "10"], /^pen-paper: --disk needs --checkpoint DIR: the folder for the bucket files and the count's checkpoint$/],
      [["--buckets", "4"], /^pen-paper: --buckets is for a count with --disk$/],
      [["--checkpoint", join(dir, "b"), "--disk", "10", "--buckets", "3"], /^pen-paper: buckets must be a power of two from 1 to 256, got 3$/],
      [
        ["--disk", "10", "--checkpoint", join(dir, "s"), "--engine", "search"],
        /^pen-paper: --checkpoint keeps the frontier engine's layers: not with --engine search$/,
      ],
    ] as const;
    // Refusals in pen-paper's own code: one process (batchedCli), the first also spawned and compared.
    const cases = refusals.map(([args]) => ["count", "--size", "5", ...args]);
    const batched = batchedCli("pen-paper", cases);
    expect(runCli("pen-paper", cases[0]!)).toEqual(batched(cases[0]!));
    for (const [i, [, message]] of refusals.entries()) {
      const run = batched(cases[i]!);
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr.trim()).toMatch(message);
    }
  });
});
