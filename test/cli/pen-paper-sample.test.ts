// pen-paper sample: one uniform tour of an m×n board for any leapers, checked square by
// square here; seeded; text, JSON and SVG; bad requests get one line and exit 2. With
// --checkpoint DIR the layers on disk: the tour of the memory draw, a second run drawing at
// once, kill -9 and resume, a flipped bit and a --disk too small refused in one line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { batchedCli, runCli } from "../support/cli-run.js";
import { killAndResume } from "../support/checkpoint-kill.js";
import { slowTest } from "../support/tier.js";

const penPaper = (args: string[]) => runCli("pen-paper", args);

const dir = mkdtempSync(join(tmpdir(), "tabula-sample-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const RECTANGLE = ["sample", "--rows", "3", "--cols", "4", "--moves", "1,2", "--seed", "3"];
const SQUARE_SVG = ["sample", "--size", "5", "--closed", "--seed", "3", "--format", "svg"];
const OUT_FILE = join(dir, "tour.json");
const WRITTEN = ["sample", "--closed", "--size", "6", "--seed", "4", "--format", "json", "--out", OUT_FILE];
const REFUSED = [
  [["sample", "--closed", "--size", "5", "--moves", "1,2"], /no closed tour exists on the 5×5 board with moves 1,2/],
  [["sample", "--closed"], /sample needs the board: --size N, or --rows M and --cols N/],
  [["sample", "--size", "5", "--rows", "5"], /give --size N, or --rows M and --cols N, not both/],
] as const;
/** The runs of the tests below (samples below 8×8 and refusals, in the command's own code) in one process, in this order. */
const batched = batchedCli("pen-paper", [
  RECTANGLE,
  [...RECTANGLE, "--format", "json"],
  SQUARE_SVG,
  WRITTEN,
  ["validate", OUT_FILE],
  ...REFUSED.map(([args]) => [...args]),
]);

/** The step numbers of a text or JSON tour, row by row (the JSON's grid rows, or the text's lines between the rules). */
function gridOf(stdout: string): number[][] {
  if (stdout.startsWith("{")) return (JSON.parse(stdout) as { grid: number[][] }).grid;
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.slice(1, -1).trim().split(/\s+/).map(Number));
}

/** Every number once, every step a leap of (a, b) in some order, closed: the last a leap to the first. */
function isTour(grid: number[][], leapers: [number, number][], closed: boolean): boolean {
  const where: [number, number][] = [];
  grid.forEach((row, r) => row.forEach((n, c) => (where[n - 1] = [r, c])));
  const size = grid.length * grid[0]!.length;
  if (where.length !== size || where.some((w) => w === undefined)) return false;
  const leap = ([r, c]: [number, number], [s, d]: [number, number]) =>
    leapers.some(([a, b]) => (Math.abs(r - s) === a && Math.abs(c - d) === b) || (Math.abs(r - s) === b && Math.abs(c - d) === a));
  for (let i = 1; i < size; i++) if (!leap(where[i - 1]!, where[i]!)) return false;
  return !closed || leap(where[size - 1]!, where[0]!);
}

describe("pen-paper sample", () => {
  slowTest("draws a closed knight's tour of 6×6 and a closed pen-and-paper tour of 7×7, the same for the same seed", () => {
    const knight = penPaper(["sample", "--closed", "--moves", "1,2", "--rows", "6", "--cols", "6", "--seed", "7"]);
    expect(knight.status).toBe(0);
    expect(isTour(gridOf(knight.stdout), [[1, 2]], true)).toBe(true);
    expect(penPaper(["sample", "--closed", "--moves", "2,1", "--size", "6", "--seed", "7"]).stdout).toBe(knight.stdout);
    const seven = penPaper(["sample", "--closed", "--size", "7", "--seed", "1", "--stats"]);
    expect(
      isTour(
        gridOf(seven.stdout),
        [
          [0, 3],
          [2, 2],
        ],
        true,
      ),
    ).toBe(true);
    expect(seven.stderr).toMatch(/^one of 5,808,784 closed tours \(cycles\); layers kept \d+ live states, \d+ at most in one layer\n$/);
  });

  slowTest("pen-paper --uniform is the same draw, and a knight's sample names its moves so validate reads it back", () => {
    const dir = mkdtempSync(join(tmpdir(), "tabula-uniform-"));
    try {
      const file = join(dir, "knight.json");
      const viaFlag = penPaper(["--uniform", "--closed", "--moves", "1,2", "--size", "6", "--seed", "11", "--format", "json", "--out", file]);
      expect(viaFlag.status).toBe(0);
      const sample = penPaper(["sample", "--closed", "--moves", "1,2", "--size", "6", "--seed", "11", "--format", "json"]);
      expect(JSON.parse(sample.stdout)).toMatchObject({ moves: "1,2", closed: true });
      expect(isTour(gridOf(sample.stdout), [[1, 2]], true)).toBe(true);
      const check = penPaper(["validate", file]);
      expect(check.stdout).toMatch(/valid closed tour of a 6×6 board \(moves 1,2\)/);
      expect(check.status).toBe(0);
      expect(penPaper(["--uniform", "--size", "5", "--start", "1,1"]).stderr).toMatch(/^pen-paper: --uniform draws the start square too/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("open tours on rectangles, as text and as JSON with rows, cols and moves; square boards also as SVG", () => {
    const text = batched(RECTANGLE);
    expect(isTour(gridOf(text.stdout), [[1, 2]], false)).toBe(true);
    const json = batched([...RECTANGLE, "--format", "json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ rows: 3, cols: 4, moves: "1,2", closed: false, seed: 3, grid: gridOf(text.stdout) });
    expect(batched(SQUARE_SVG).stdout).toMatch(/^<svg[\s\S]*<\/svg>\n?$/);
    expect(penPaper(RECTANGLE)).toEqual(text); // the batch gives what a spawned run gives
  });

  it("a pen-and-paper sample written with --out passes pen-paper validate", () => {
    expect(batched(WRITTEN).status).toBe(0);
    expect(batched(["validate", OUT_FILE])).toMatchObject({ status: 0, stdout: `${OUT_FILE}: valid closed tour of a 6×6 board\n` });
  });

  it("refuses in one line with exit 2: no tour, no board, both boards", () => {
    for (const [args, message] of REFUSED) {
      const r = batched([...args]);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("pen-paper sample --checkpoint: layers on disk", () => {
  let dir = "";
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "tabula-sample-disk-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const knight = ["sample", "--closed", "--moves", "1,2", "--size", "6"];

  // Four 6×6 knight samplers, two CPU seconds: the slow suite runs it (disk draws equal memory
  // draws tour for tour in test/unit/tours-uniform-disk.test.ts, in npm test).
  slowTest("the memory draw's tour for the seed, a line a step, then a second run draws at once; --stats names the files", () => {
    const folder = join(dir, "c");
    const first = penPaper([...knight, "--seed", "7", "--checkpoint", folder]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(penPaper([...knight, "--seed", "7"]).stdout);
    expect(first.stderr).toMatch(/^count: step 36 of 36, 1 state, disk [\d.]+ KiB, CPU \d+ s in all runs \(checkpoint written\)$/m);
    expect(first.stderr).toMatch(/^ways onward: layer 0 of 36, 1 live state, disk [\d.]+ KiB, CPU \d+ s in all runs \(checkpoint written\)$/m);
    const again = penPaper([...knight, "--seed", "8", "--checkpoint", folder, "--stats"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe(penPaper([...knight, "--seed", "8"]).stdout);
    expect(again.stderr).toMatch(
      /^one of 9,862 closed tours \(cycles\); layers kept 5945 live states, 921 at most in one layer; files [\d.]+ KiB, CPU [\d.]+ s to make them \(every run\)\n$/,
    );
  });

  slowTest("killed at random moments and run again on the same folder: the memory draw's tour", async () => {
    const folder = join(dir, "k");
    const args = ["sample", "--size", "6", "--seed", "3", "--checkpoint", folder];
    const expected = penPaper(["sample", "--size", "6", "--seed", "3"]).stdout;
    const outcomes = await killAndResume("pen-paper", args, 4, 2500, () => rmSync(folder, { recursive: true, force: true }));
    for (const { kills, result } of outcomes)
      expect(result, `killed after ${kills.join(", ")} ms; it said ${result.stderr.slice(-300)}`).toMatchObject({ status: 0, stdout: expected });
  });

  slowTest("a flipped bit in a file, a --disk too small, --disk or --memory without a folder: one line, exit 2", () => {
    const folder = join(dir, "c");
    expect(penPaper([...knight, "--seed", "1", "--checkpoint", folder]).status).toBe(0);
    const name = readdirSync(folder).find((f) => /^ways-18\.bucket-\d+\.bin$/.test(f))!;
    const bytes = readFileSync(join(folder, name));
    bytes[bytes.length >> 1]! ^= 2;
    writeFileSync(join(folder, name), bytes);
    const small = join(dir, "s");
    for (const [args, message] of [
      [[...knight, "--checkpoint", folder], new RegExp(`^pen-paper: .*${name.replace(/\./g, "\\.")}.*do not match the sha256`)],
      [
        ["sample", "--size", "7", "--checkpoint", small, "--disk", "1"],
        /^pen-paper: the count needs more disk than --disk 1 MiB: .*its checkpoint is kept: run again with a larger --disk to go on$/,
      ],
      [[...knight, "--disk", "10"], /^pen-paper: --disk is for a draw from layers on disk: give --checkpoint DIR too$/],
      [[...knight, "--memory", "100"], /^pen-paper: --memory is for a draw from layers on disk: give --checkpoint DIR too$/],
    ] as const) {
      const run = penPaper([...args]);
      expect(run.status, run.stderr).toBe(2);
      expect(run.stdout).toBe("");
      const lines = run.stderr
        .trim()
        .split("\n")
        .filter((line) => !/^(count|ways onward): /.test(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    }
  });
});
