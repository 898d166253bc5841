// The checkpoint store as users meet it (dist/, spawned): a count killed with SIGKILL at
// random moments and run again gives the count of one run, for tours and tables, and the
// user's files in the folder survive; two runs at once on one folder: the second refuses
// naming the first one's pid, and the first one's lock, once it is killed, is taken over;
// a tours count past 2^64 goes on in 128-bit counts and resumes in them.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ROOT, runCli } from "../support/cli-run.js";
import { killAndResume } from "../support/checkpoint-kill.js";

import { slowTest } from "../support/tier.js";
let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-checkpoint-cli-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Empties the folder but for the user's files, which must survive every run. */
function freshWithUserFiles(folder: string): () => void {
  return () => {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(join(folder, "start"), { recursive: true });
    writeFileSync(join(folder, "start", "mine.txt"), "kept");
    mkdirSync(join(folder, "step-2"));
    writeFileSync(join(folder, "notes.txt"), "the user's");
  };
}

function expectUserFiles(folder: string): void {
  expect(readFileSync(join(folder, "start", "mine.txt"), "utf8")).toBe("kept");
  expect(readFileSync(join(folder, "notes.txt"), "utf8")).toBe("the user's");
  expect(existsSync(join(folder, "step-2"))).toBe(true);
}

/** Waits until `path` exists (a run took its lock), or gives up after `ms`. */
async function until(path: string, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !existsSync(path) && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
}

describe("checkpoint folders of the CLIs", () => {
  slowTest("pen-paper count: 6×6 closed tours killed at random moments and resumed, the count of one run", async () => {
    const folder = join(dir, "tours");
    const outcomes = await killAndResume("pen-paper", ["count", "--size", "6", "--closed", "--checkpoint", folder], 2, 2500, freshWithUserFiles(folder));
    for (const { kills, result } of outcomes) {
      expect(result, `killed after ${kills.join(", ")} ms; it said ${result.stderr.slice(-300)}`).toMatchObject({ status: 0, stdout: "13138\n" });
      expectUserFiles(folder);
      expect(readdirSync(folder).filter((name) => name.endsWith(".partial"))).toEqual([]);
    }
  });

  slowTest("count-farms: Latin squares of order 7, two ways, killed at random moments and resumed", async () => {
    const folder = join(dir, "tables");
    const outcomes = await killAndResume(
      "count-farms",
      ["--size", "7", "--counts", "1,1,1,1,1,1,1", "--checkpoint", folder, "--two-ways"],
      2,
      1800,
      freshWithUserFiles(folder),
    );
    for (const { kills, result } of outcomes) {
      expect(result, `killed after ${kills.join(", ")} ms; it said ${result.stderr.slice(-300)}`).toMatchObject({ status: 0, stdout: "61479419904000\n" });
      expectUserFiles(folder);
    }
  });

  slowTest("two runs at once on one folder: the second refuses naming the first's pid; killed, its lock is taken over", async () => {
    const args = ["count", "--size", "7", "--closed", "--checkpoint", dir];
    const first = spawn(process.execPath, [`${ROOT}/dist/cli/pen-paper.js`, ...args], { cwd: ROOT, stdio: "ignore" });
    const ended = new Promise((resolve) => first.on("close", resolve));
    try {
      await until(join(dir, "lock"), 20_000);
      const second = runCli("pen-paper", args);
      const { pid } = JSON.parse(readFileSync(join(dir, "lock"), "utf8")) as { pid: number };
      expect(second.stdout).toBe("");
      expect(second.stderr).toBe(
        `pen-paper: ${dir} is in use by another count (pid ${pid}, its lock ${join(dir, "lock")}); wait for it to end, or remove the lock if that run is gone\n`,
      );
      expect(second.status).toBe(2);
    } finally {
      first.kill("SIGKILL");
      await ended;
    }
    expect(existsSync(join(dir, "lock"))).toBe(true); // a kill -9 leaves it
    expect(runCli("pen-paper", args)).toMatchObject({ status: 0, stdout: "5808784\n" });
    expect(existsSync(join(dir, "lock"))).toBe(false);
  });

  slowTest("a tours count past 2^64 goes on in 128-bit counts, and a resume (also after a kill) stays in them", async () => {
    const args = ["count", "--rows", "3", "--cols", "22", "--moves", "0,1+1,1", "--checkpoint", dir];
    // Killed once well into the 128-bit rerun: the state says 128 bits.
    const child = spawn(process.execPath, [`${ROOT}/dist/cli/pen-paper.js`, ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    await new Promise<void>((resolve) => {
      child.stderr.on("data", (data: Buffer) => {
        stderr += data.toString();
        if (/counting again from the start in 128-bit counts\n(.*\n){10}/.test(stderr)) child.kill("SIGKILL");
      });
      child.on("close", () => resolve());
    });
    expect(stderr).toMatch(/^(step .*\n)+a count passed 2\^64: its 64-bit layers in .* removed, counting again from the start in 128-bit counts\n/);
    const resumed = runCli("pen-paper", args);
    expect(resumed).toMatchObject({ status: 0, stdout: "174317197359723514052\n" });
    expect(resumed.stderr).toMatch(/^resuming from .*: step \d+ done, \d+ s of CPU before this run\n/);
    expect(resumed.stderr).not.toContain("2^64");
    const again = runCli("pen-paper", args);
    expect(again).toMatchObject({ status: 0, stdout: "174317197359723514052\n" });
    expect(again.stderr).toMatch(/^resuming from .*: step 66 done/);
  });

  slowTest("under ulimit -v a count whose memory cannot grow says so, not that it needs more than its cap", () => {
    const run = spawnSync(
      "sh",
      ["-c", `ulimit -v 1000000 && exec "$0" "$@"`, process.execPath, `${ROOT}/dist/cli/pen-paper.js`, "count", "--size", "6", "--closed", "--checkpoint", dir],
      { cwd: ROOT, encoding: "utf8" },
    );
    // Where 1 GB of address space is enough for the count, it must be right; else the honest line.
    if (run.status === 0) expect(run.stdout).toBe("13138\n");
    else {
      expect(run.stderr).not.toMatch(/need more than/);
      expect(run.stderr.trim().split("\n").at(-1)).toMatch(
        /^pen-paper: the tours kernel ran out of memory: the system gave no more memory for the state tables at step \d+ of 36 \(\d+ MiB asked, \d+ MiB held, under the cap of \d+ MiB\): an address-space limit \(ulimit -v\) or the machine's memory is below what the count needs$/,
      );
      expect(run.status).toBe(2);
    }
  });
});
