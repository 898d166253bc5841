// pen-paper count --by-start (dist/, spawned): all directed paths counted a second way, as
// the sum over the classes of start squares of class size × the paths from one square;
// with --checkpoint DIR a count per class in DIR/from-R-C, run again it goes on from them;
// a class another run holds is left to it and read off its folder once that run is done.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT, runCli } from "../support/cli-run.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-pen-paper-by-start-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("pen-paper count --by-start", () => {
  it("6×6 pen-and-paper: the all-starts count, from six classes of squares, a line each", () => {
    const run = runCli("pen-paper", ["count", "--size", "6", "--by-start"]);
    expect(run).toMatchObject({ status: 0, stdout: "8250272\n" });
    const lines = run.stderr.trim().split("\n");
    expect(lines.map((line) => /^from (\d,\d): \d+ directed paths \(×(\d): the squares alike under the board's symmetries\)$/.exec(line)?.slice(1))).toEqual([
      ["1,1", "4"],
      ["1,2", "8"],
      ["1,3", "8"],
      ["2,2", "4"],
      ["2,3", "8"],
      ["3,3", "4"],
    ]);
    // Each class's line is the --from count of its square.
    expect(lines[3]).toContain(`: ${runCli("pen-paper", ["count", "--size", "6", "--from", "2,2"]).stdout.trim()} directed paths`);
  });

  it("5×7 knight (a rectangle: classes of 1, 2 and 4 squares): the all-starts count, its classes in the JSON line", () => {
    const all = runCli("pen-paper", ["count", "--rows", "5", "--cols", "7", "--moves", "1,2"]);
    const run = runCli("pen-paper", ["count", "--rows", "5", "--cols", "7", "--moves", "1,2", "--by-start", "--json"]);
    expect(run.status).toBe(0);
    const line = JSON.parse(run.stdout) as { count: string; byStart: { from: number[]; squares: number; count: string }[] };
    expect(line.count).toBe(all.stdout.trim());
    expect(line.count).toBe("1245736");
    expect(line.byStart).toHaveLength(12);
    expect(line.byStart.reduce((sum, c) => sum + c.squares, 0)).toBe(35);
    expect(line.byStart.reduce((sum, c) => sum + BigInt(c.squares) * BigInt(c.count), 0n)).toBe(1245736n);
  });

  it("with --checkpoint: a folder a class, and run again, every class resumed from its folder", () => {
    const folder = join(dir, "c");
    const args = ["count", "--size", "4", "--moves", "0,1+1,1", "--by-start", "--checkpoint", folder, "--disk", "50", "--stats"];
    const first = runCli("pen-paper", args);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(`${runCli("pen-paper", ["count", "--size", "4", "--moves", "0,1+1,1"]).stdout.trim()}\n`);
    expect(readdirSync(folder).sort()).toEqual(["from-1-1", "from-1-2", "from-2-2"]);
    const again = runCli("pen-paper", args);
    expect(again).toMatchObject({ status: 0, stdout: first.stdout });
    expect(again.stderr.match(/^resuming from .*from-\d-\d: step 16 done/gm)).toHaveLength(3);
    // The whole count's CPU, every run of every class: the second run's adds its reading off.
    const cpuOf = (stderr: string) => Number(/^all 3 classes: CPU (\d+\.\d\d) s in all runs$/m.exec(stderr)?.[1]);
    expect(cpuOf(first.stderr)).toBeGreaterThan(0);
    expect(cpuOf(again.stderr)).toBeGreaterThanOrEqual(cpuOf(first.stderr));
    expect(again.stderr.match(/^class \d of 3: the paths from \d,\d$/gm)).toEqual([
      "class 1 of 3: the paths from 1,1",
      "class 2 of 3: the paths from 1,2",
      "class 3 of 3: the paths from 2,2",
    ]);
  });

  it("a class whose folder another run holds is left to it: the other classes first, then that one once the run is gone", async () => {
    const folder = join(dir, "shared");
    // Another run holds class 2's folder: its lock names a live process, as that run's would.
    const other = spawn("sleep", ["60"]);
    mkdirSync(join(folder, "from-1-2"), { recursive: true });
    writeFileSync(join(folder, "from-1-2", "lock"), `${JSON.stringify({ pid: other.pid, host: hostname(), token: "other" })}\n`);
    const run = spawn(process.execPath, [join(ROOT, "dist/cli/pen-paper.js"), "count", "--size", "5", "--by-start", "--checkpoint", folder]);
    let stdout = "",
      stderr = "";
    run.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const lastClassDone = new Promise<void>((resolve) =>
      run.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("from 3,3: ")) resolve();
      }),
    );
    const waitingSaid = new Promise<void>((resolve) => run.stderr.on("data", () => stderr.includes("waiting for") && resolve()));
    const exited = new Promise<number | null>((resolve) => run.on("close", resolve));
    try {
      await lastClassDone;
      // Every class but the held one is counted while that run lives; the held one is not.
      expect(stderr).toContain(
        `class 2 of 6: the paths from 1,2 are being counted by another run (pid ${other.pid}): on with the other classes, back to it when that run is done\n`,
      );
      expect(stderr.match(/^from \d,\d: /gm)).toEqual(["from 1,1: ", "from 1,3: ", "from 2,2: ", "from 2,3: ", "from 3,3: "]);
      await waitingSaid;
      expect(stderr).toMatch(/from 3,3: .*\nwaiting for the other runs to finish class 2\n/);
      expect(stdout).toBe("");
    } finally {
      other.kill("SIGKILL");
    }
    expect(await exited).toBe(0);
    expect(stdout).toBe(runCli("pen-paper", ["count", "--size", "5"]).stdout);
    expect(stderr).toMatch(
      /from 3,3: .*\nwaiting for the other runs to finish class 2\nclass 2 of 6: the paths from 1,2\n(step .*\n)+from 1,2: 548 directed paths/,
    );
    expect(readdirSync(folder).sort()).toEqual(["from-1-1", "from-1-2", "from-1-3", "from-2-2", "from-2-3", "from-3-3"]);
  });

  it.each([
    [["--closed"], /^pen-paper: --by-start sums the directed paths from each start square: not with --closed$/],
    [["--from", "1,1"], /^pen-paper: --by-start counts the paths from every start square itself: not with --from or --to$/],
    [["--shard", "0/2"], /^pen-paper: --by-start counts a whole board: not with --shard$/],
    [["--engine", "search"], /^pen-paper: --by-start sums the frontier engine's counts: not with --engine search$/],
    [["--checkpoint", ""], /^pen-paper: --checkpoint: empty folder name \(expected a folder for the count's layers\)$/],
    [["--engine", "frontier-ts", "--checkpoint", "c"], /^pen-paper: --checkpoint keeps the kernel's layers: not with --engine frontier-ts$/],
  ])("with %j: one line, exit 2, no folder made", (extra, message) => {
    // (Run in the test's folder: a class's folder made there, as `--checkpoint ""` once did, would show.)
    const run = runCli("pen-paper", ["count", "--size", "5", "--by-start", ...extra], undefined, dir);
    expect(run).toMatchObject({ status: 2, stdout: "" });
    expect(run.stderr.trim()).toMatch(message);
    expect(readdirSync(dir)).toEqual([]);
  });
});
