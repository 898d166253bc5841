// count-farms with the fast engine and in general mode (built CLI from dist/).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { batchedCli, runCli } from "../support/cli-run.js";
import { decodeLayerFile, encodeLayerFile, tablesKernelDigest } from "../../src/tables/layer-file.js";
import { CheckpointStore } from "../../src/io/checkpoint-store.js";
import { tablesStoreIdentity } from "../../src/tables/checkpoint.js";

import { slowTest } from "../support/tier.js";
const EXAMPLE = "examples/challenge24-2008.txt";
const ANSWERS = "4909920\n507600\n725880\n1004640\n1347240\n1730880\n1906440\n2704800\n3436800\n3511800\n";
/** General-mode counts below 8×8 (single-threaded): arguments, the count. */
const COUNTS: [string[], string][] = [
  [["--size", "6", "--counts", "3,3"], "194400\n"],
  [["--size", "7", "--counts", "2,2,3", "--given", "2100221;0221102"], "4909920\n"],
  [["--size", "7", "--counts", "2,2,3", "--given", "2 1 0 0 2 2 1 ; 0 2 2 1 1 0 2"], "4909920\n"],
  [["--size", "6", "--counts", "3,3", "--allow-equal-rows", "--allow-equal-columns"], "297200\n"],
  [["--size", "4", "--counts", "2,2", "--allow-equal-columns"], "72\n"],
  [["--size", "5", "--counts", "1,1,1,1,1", "--engine", "fast-ts"], "161280\n"],
  [["--size", "6", "--counts", "3,3", "--engine", "fast-ts", "--method", "symmetric"], "194400\n"],
  [["--size", "7", "--counts", "2,2,3", "--given", "2100221;0221102", "--engine", "fast-ts", "--method", "symmetric"], "4909920\n"],
  [["--size", "6", "--counts", "3,3", "--method", "symmetric"], "194400\n"],
  [["--size", "7", "--counts", "2,2,3", "--given", "2100221;0221102", "--method", "symmetric"], "4909920\n"],
  [["--size", "6", "--counts", "3,3", "--memory", "16"], "194400\n"],
];

const USAGE: [string[], RegExp][] = [
  [["--size", "7", "--counts", "2,2,3", "--checkpoint", "x"], /--checkpoint is for counts by the symmetric method over the whole table/],
  [
    ["--size", "7", "--counts", "1,1,1,1,1,1,1", "--given", "0123456", "--checkpoint", "x"],
    /--checkpoint is for counts by the symmetric method over the whole table/,
  ],
  [["--size", "7", "--counts", "1,1,1,1,1,1,1", "--method", "columns", "--checkpoint", "x"], /not with --method columns/],
  [["--size", "7", "--counts", "1,1,1,1,1,1,1", "--engine", "fast-ts", "--checkpoint", "x"], /not with --engine fast-ts/],
  [["--size", "7", "--counts", "1,1,1,1,1,1,1", "--sample", "2", "--checkpoint", "x"], /not with --sample, --list or --shard/],
  [["--size", "7", "--counts", "1,1,1,1,1,1,1", "--checkpoint", ""], /--checkpoint: empty folder name/],
  [["--size", "7", "--counts", "1,1,1,1,1,1,1", "--two-ways"], /--two-ways counts a second way from the layers --checkpoint DIR keeps: give --checkpoint too/],
  [["--size", "7", "--counts", "2,2,2"], /counts 2,2,2 sum to 6, not to the size 7/],
  [["--size", "7", "--counts", "2,2,3", "--given", "2222222"], /given row 1 \(2222222\) has symbol counts 0,0,7, not 2,2,3/],
  [["--size", "7", "--counts", "2,2,3", "--given", "0011222;001122"], /given row 2 has 6 symbols \(expected 7\)/],
  [["--size", "17", "--counts", "9,8"], /size 17 is not supported: the limit is 1 to 16 because/],
  [["--size", "6"], /needs both --size N and --counts/],
  [["--size", "6", "--counts", "3,x"], /--counts expects whole numbers/],
  [["--size", "6", "--counts", "3,3", EXAMPLE], /cannot be combined/],
  [["--size", "6", "--counts", "3,3", "--engine", "wasm"], /published 7×7 algorithm, for contest files only/],
];

// Every run of this file but the 8×8 ones (threads) in one process, run on the first lookup.
let batch: ((args: readonly string[]) => ReturnType<typeof runCli>) | undefined;
const batched = (args: readonly string[]) => {
  batch ??= batchedCli("count-farms", [
    ...["fast", "fast-ts", "wasm"].map((engine) => ["--engine", engine, EXAMPLE]),
    ["--engine", "fast", "--json", EXAMPLE],
    ...COUNTS.map(([args]) => args),
    ...USAGE.map(([args]) => args),
  ]);
  return batch(args);
};

describe("count-farms engines", () => {
  slowTest("--engine fast and fast-ts give the published answers on the contest file", () => {
    // One spawned, the others in one process with the general-mode runs below (batchedCli).
    expect(runCli("count-farms", ["--engine", "fast", EXAMPLE])).toEqual(batched(["--engine", "fast", EXAMPLE]));
    for (const engine of ["fast", "fast-ts", "wasm"]) {
      const { status, stdout, stderr } = batched(["--engine", engine, EXAMPLE]);
      expect(stderr, engine).toBe("");
      expect(status, engine).toBe(0);
      expect(stdout, engine).toBe(ANSWERS);
    }
  });

  test("--json names the fast engine", () => {
    const { stdout } = batched(["--engine", "fast", "--json", EXAMPLE]);
    expect(JSON.parse(stdout.split("\n")[0]!)).toMatchObject({ case: 1, count: "4909920", engine: "fast" });
  });
});

describe("count-farms general mode", () => {
  const general = (...args: string[]) => runCli("count-farms", args);

  test("prints one count: the chessboard puzzle, the 7×7 samples, rules relaxed", () => {
    for (const [args, count] of COUNTS) expect(batched(args).stdout).toBe(count);
  });

  slowTest("--threads gives the single-threaded answer, --json carries the problem", () => {
    const one = general("--size", "8", "--counts", "2,2,2,2", "--threads", "1");
    const two = general("--size", "8", "--counts", "2,2,2,2", "--threads", "2", "--json");
    expect(one.stdout).toBe("1048812374356185600\n");
    expect(JSON.parse(two.stdout)).toMatchObject({ size: 8, counts: [2, 2, 2, 2], count: "1048812374356185600", threads: 2 });
    // The symmetric method counts in one thread, whatever --threads says.
    const latin = general("--size", "7", "--counts", "1,1,1,1,1,1,1", "--threads", "2", "--json");
    expect(JSON.parse(latin.stdout)).toMatchObject({ count: "61479419904000", threads: 1 });
    // With the rules it counts the column method's jobs, on the threads asked for.
    const jobs = general("--size", "8", "--counts", "2,2,2,2", "--method", "symmetric", "--threads", "2", "--json");
    expect(JSON.parse(jobs.stdout)).toMatchObject({ count: "1048812374356185600", threads: 2 });
  });

  slowTest("--checkpoint DIR: a line for each file made, then read back; a missing share made on two threads; --two-ways", () => {
    const dir = mkdtempSync(join(tmpdir(), "tabula-count-farms-checkpoint-"));
    try {
      const latin = ["--size", "7", "--counts", "1,1,1,1,1,1,1", "--checkpoint", dir];
      const first = general(...latin);
      expect(first.stdout).toBe("61479419904000\n");
      expect(first.stderr.trim().split("\n")).toHaveLength(12); // layers 1–3, the layer file, 8 shares
      rmSync(join(dir, "share-3-of-8.bin"));
      rmSync(join(dir, "share-6-of-8.bin"));
      const again = general(...latin, "--threads", "2", "--json");
      expect(JSON.parse(again.stdout)).toMatchObject({ count: "61479419904000", threads: 2 });
      expect(again.stderr).toContain("count-farms: read 6 of 8 shares\n");
      // The two shares, in whichever order the threads finish them: the first with the time left.
      expect(again.stderr).toMatch(
        /count-farms: made share-[36]-of-8\.bin: \d+ classes \(7 of 8 shares; about \d+ s left at this rate\), [\d.]+ KiB of files\ncount-farms: made share-[36]-of-8\.bin: \d+ classes \(8 of 8 shares\), [\d.]+ KiB of files\n/,
      );
      expect(again.stderr).toContain("share-3-of-8.bin");
      expect(again.stderr).toContain("share-6-of-8.bin");
      // The second way from the same folder: the middle layer carried on row by row, its layers files too.
      const twoWays = general(...latin, "--two-ways", "--json");
      expect(JSON.parse(twoWays.stdout)).toMatchObject({ count: "61479419904000", twoWays: true });
      expect(twoWays.stderr).toContain("count-farms: paired: 61479419904000; the second way, row by row from layer 4:\n");
      expect(twoWays.stderr).toMatch(
        /count-farms: made layer-5-share-0-of-8\.bin: \d+ classes \(1 of 8 shares; about \d+ s left at this rate\), [\d.]+ KiB of files\n/,
      );
      expect(twoWays.stderr).toMatch(
        /count-farms: made layer-6\.bin: 1 class, [\d.]+ KiB of files\ncount-farms: row by row: 61479419904000, the same count\n$/,
      );
      const other = general("--size", "7", "--counts", "2,2,3", "--allow-equal-rows", "--allow-equal-columns", "--checkpoint", dir);
      expect(other).toMatchObject({ status: 2, stdout: "" });
      expect(other.stderr).toMatch(
        /^count-farms: .* holds the checkpoint of another count \(count-farms: counts 1,1,1,1,1,1,1, kind tables, method symmetric, size 7\); give an empty folder or that count's\n$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("--two-ways whose ways disagree: exit 3, one line with both numbers, nothing on stdout", () => {
    const dir = mkdtempSync(join(tmpdir(), "tabula-count-farms-two-ways-"));
    try {
      const args = ["--size", "6", "--counts", "2,2,1,1", "--checkpoint", dir, "--two-ways"];
      expect(general(...args)).toMatchObject({ status: 0, stdout: "100245600\n" });
      // The last layer with one class's ways one more: a valid file (its digest made anew, written through the store) with a wrong count.
      const path = join(dir, "layer-5.bin");
      const { part } = decodeLayerFile(readFileSync(path), path);
      part.ways[0]! += 1n;
      const store = CheckpointStore.open(dir, tablesStoreIdentity({ size: 6, counts: [2, 2, 1, 1], given: [] }));
      store.write("layer-5.bin", [encodeLayerFile(part, tablesKernelDigest())]);
      store.commit(store.state());
      store.close();
      const { status, stdout, stderr } = general(...args);
      expect({ status, stdout }).toEqual({ status: 3, stdout: "" });
      const last = stderr.trim().split("\n").at(-1)!;
      expect(last).toMatch(
        /^count-farms: internal error \(Error: the two ways to one count disagree: paired 100245600, row by row 100245601 \(.*\)\); this is a bug: please report it/,
      );
      expect(stderr).not.toMatch(/\n\s+at /); // no stack without --debug
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const usage = batched;
  test("the batched usage errors are what a spawned run gives", () => expect(general(...USAGE[0]![0])).toEqual(usage(USAGE[0]![0])));
  test.each(USAGE)("%j is a usage error (exit 2, one line, no output)", (args, message) => {
    const { status, stdout, stderr } = usage(args);
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });
});
