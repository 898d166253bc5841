// pen-paper count on the frontier engine: m×n boards, leapers, --to, sharding, errors.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { batchedCli, runCli } from "../support/cli-run.js";

import { slowTest } from "../support/tier.js";
const penPaper = (args: string[], input?: string) => runCli("pen-paper", args, input);
// The counts of the first tests (one thread, below 8×8) in one process (batchedCli); the
// pen-and-paper closed count is also spawned and must match.
const CLOSED_PEN_PAPER = ["count", "--size", "5", "--moves", "0,3+2,2", "--closed"];
const count = batchedCli("pen-paper", [
  ["count", "--size", "6", "--moves", "1,2"],
  ["count", "--rows", "3", "--cols", "12", "--moves", "2,1", "--closed"],
  CLOSED_PEN_PAPER,
  ["count", "--size", "5", "--from", "1,2", "--to", "5,5"],
  ["count", "--size", "5", "--from", "3,4", "--engine", "search"],
  ["count", "--size", "5", "--from", "3,4"],
  ["count", "--size", "5", "--closed", "--engine", "frontier-ts"],
  ["count", "--size", "6", "--closed", "--stats"],
]);

describe("pen-paper count (frontier engine)", () => {
  it("counts knight's tours on rectangles and the pen-and-paper set by default", () => {
    expect(count(["count", "--size", "6", "--moves", "1,2"]).stdout).toBe("6637920\n");
    expect(count(["count", "--rows", "3", "--cols", "12", "--moves", "2,1", "--closed"]).stdout).toBe("176\n");
    expect(count(CLOSED_PEN_PAPER).stdout).toBe("48\n");
    expect(penPaper(CLOSED_PEN_PAPER)).toEqual(count(CLOSED_PEN_PAPER)); // the batch gives what a spawned run gives
    expect(count(["count", "--size", "5", "--from", "1,2", "--to", "5,5"]).stdout).toMatch(/^\d+\n$/);
  });

  it("agrees with --engine search and --engine frontier-ts on 5×5", () => {
    expect(count(["count", "--size", "5", "--from", "3,4", "--engine", "search"]).stdout).toBe(count(["count", "--size", "5", "--from", "3,4"]).stdout);
    expect(count(["count", "--size", "5", "--closed", "--engine", "frontier-ts"]).stdout).toBe("48\n");
  });

  it("--stats prints the frontier width, peak states, bytes a state and memory on standard error", () => {
    const r = count(["count", "--size", "6", "--closed", "--stats"]);
    expect(r.stdout).toBe("13138\n");
    expect(r.stderr).toMatch(
      /^frontier width 8, peak states \d+, \d+ dead successor states dropped, 16 bytes a state, peak table memory [\d.]+ MiB, CPU [\d.]+ s\n$/,
    );
  });

  slowTest("--shard parts merge to the whole count", () => {
    const parts = [0, 1, 2].map((i) => penPaper(["count", "--size", "6", "--shard", `${i}/3`]).stdout).join("");
    expect(JSON.parse(parts.split("\n")[0]!).problem).toEqual({
      kind: "tours",
      method: "frontier",
      rows: 6,
      cols: 6,
      moves: "0,3+2,2",
      closed: false,
      from: null,
      to: null,
    });
    expect(penPaper(["merge", "-"], parts)).toMatchObject({ status: 0, stdout: "8250272\n" });
    const closed = [0, 1].map((i) => penPaper(["count", "--size", "6", "--closed", "--shard", `${i}/2`]).stdout).join("");
    expect(penPaper(["merge", "-"], closed).stdout).toBe("13138\n");
  });

  slowTest("--checkpoint DIR: a line a step, and run again the count is read off its last layer", () => {
    const dir = mkdtempSync(join(tmpdir(), "tabula-checkpoint-"));
    try {
      const args = ["count", "--size", "6", "--moves", "1,2", "--closed", "--checkpoint", dir];
      const first = penPaper(args);
      expect(first.stdout).toBe("9862\n");
      const lines = first.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(36);
      expect(lines[35]).toMatch(/^step 36 of 36: 1 state, 1 pass, disk [\d.]+ KiB, CPU \d+ s in all runs \(checkpoint written\)$/);
      expect(lines[0]).toMatch(
        /^step 1 of 36: 1 state, 1 pass, disk [\d.]+ KiB, CPU \d+ s in all runs, about \d+ s left at this run's mean step time \(checkpoint written\)$/,
      );
      // While the layers grow, the mean so far says too little: the line says so.
      expect(lines[2]).toMatch(
        /^step 3 of 36: \d+ states, 1 pass, .*, time left unknown while the layers grow \(\d+ s at this run's mean step time\) \(checkpoint written\)$/,
      );
      const again = penPaper([...args, "--stats"]);
      expect(again.stdout).toBe("9862\n");
      expect(again.stderr).toMatch(/^resuming from .*: step 36 done, \d+ s of CPU before this run\nfrontier width 9, /);
      // The layers were files: the memory figure is the arena's, the files' said apart.
      const [, arena, files] = /peak table memory ([\d.]+) MiB, layers in files up to ([\d.]+) KiB, CPU/.exec(again.stderr) ?? [];
      expect(Number(arena)).toBeGreaterThan(0);
      // The peak's two layers, 921 states and the next, as records: at least 3 bytes a state
      // (a tag, a key byte, a count byte), fewer than their entries' 16.
      expect(Number(files)).toBeGreaterThan((921 * 3) / 1024);
      expect(Number(files)).toBeLessThan((2 * 921 * 16) / 1024);
      const other = penPaper(["count", "--size", "6", "--closed", "--checkpoint", dir]);
      expect(other).toMatchObject({ status: 2, stdout: "" });
      expect(other.stderr).toMatch(
        /^pen-paper: .* holds the checkpoint of another count \(pen-paper count: closed true, cols 6, from null, kind tours, method frontier, moves 1,2, rows 6, shard null, to null\); give an empty folder or that count's\n$/,
      );
      writeFileSync(join(dir, "file"), "");
      const notFolder = penPaper(["count", "--size", "5", "--checkpoint", join(dir, "file")]);
      expect(notFolder).toMatchObject({ status: 2, stdout: "" });
      expect(notFolder.stderr).toMatch(/^pen-paper: .*file: is a file, not a folder \(the count's checkpoint lives there\)\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The usage errors run in one process (batchedCli); the first is also spawned and must match.
  const USAGE: [string[], RegExp][] = [
    [["count", "--rows", "5"], /count needs the board: --size N, or --rows M and --cols N/],
    [["count", "--size", "5", "--rows", "5", "--cols", "4"], /give --size N, or --rows M and --cols N, not both/],
    [["count", "--size", "5", "--moves", "1-2"], /argument "1-2" is invalid\. --moves expects leapers a,b joined by \+, like 0,3\+2,2 or 1,2\n$/],
    [["count", "--size", "5", "--moves", "0,0"], /not both 0/],
    [["count", "--rows", "4", "--cols", "5", "--to", "5,1"], /--to 5,1 is outside the 4×5 board/],
    [["count", "--size", "5", "--closed", "--to", "1,1"], /--to is for open tours/],
    [["count", "--rows", "5", "--cols", "6", "--engine", "search"], /counts square boards only/],
    [["count", "--size", "5", "--moves", "1,2", "--engine", "search"], /knows only the pen-and-paper moves/],
    [["count", "--size", "5", "--engine", "frontier-ts", "--checkpoint", "x"], /--checkpoint keeps the kernel's layers: not with --engine frontier-ts/],
    [["count", "--size", "5", "--checkpoint", ""], /--checkpoint: empty folder name/],
    [["count", "--size", "5", "--engine", "search", "--checkpoint", "x"], /--checkpoint keeps the frontier engine's layers: not with --engine search/],
  ];
  const usage = batchedCli(
    "pen-paper",
    USAGE.map(([args]) => args),
  );
  it("the batched usage errors are what a spawned run gives", () => expect(penPaper(USAGE[0]![0])).toEqual(usage(USAGE[0]![0])));
  it.each(USAGE)("exits 2 with one line for %j", (args, message) => {
    const r = usage(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
});
