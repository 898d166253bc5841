// pen-paper sample: one uniform tour of an m×n board for any leapers, checked square by
// square here; seeded; text, JSON and SVG; bad requests get one line and exit 2.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { batchedCli, runCli } from "../support/cli-run.js";
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
