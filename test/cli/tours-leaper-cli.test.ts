import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batchedCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "pen-paper-leaper-"));
const file = (name: string) => join(dir, name);

/** Independent check of a knight's tour: every square once, every step a knight's leap, closed = last leaps to first. */
function knightTour(grid: number[][], closed: boolean): boolean {
  const rows = grid.length,
    cols = grid[0]!.length,
    total = rows * cols;
  const at: [number, number][] = [];
  grid.forEach((row, r) => row.forEach((v, c) => (at[v] = [r, c])));
  if (at.length !== total + 1 || at.slice(1).some((x) => x === undefined)) return false;
  const leap = ([r1, c1]: [number, number], [r2, c2]: [number, number]) => Math.abs(r1 - r2) * Math.abs(c1 - c2) === 2;
  for (let k = 1; k < total; k++) if (!leap(at[k]!, at[k + 1]!)) return false;
  return !closed || leap(at[total]!, at[1]!);
}

const RUNS = {
  knightJson: ["--moves", "1,2", "--rows", "8", "--cols", "10", "--closed", "--seed", "7", "--format", "json", "--out", file("k8x10.json")],
  knightText: ["--moves", "1,2", "--rows", "3", "--cols", "7", "--seed", "2", "--out", file("k3x7.txt")],
  sameSeed: ["--moves", "1,2", "--rows", "8", "--cols", "10", "--closed", "--seed", "7", "--format", "json"],
  validateJson: ["validate", file("k8x10.json")],
  validateText: ["validate", file("k3x7.txt")],
  validateClash: ["validate", "--moves", "0,3+2,2", file("k8x10.json")],
  validateBroken: ["validate", file("broken.json")],
  validateGiven: ["validate", "--moves", "1,2", file("plain.txt")],
  schwenk: ["--moves", "1,2", "--rows", "3", "--cols", "8", "--closed"],
  conrad: ["--moves", "1,2", "--size", "4"],
  colour: ["--moves", "2,2", "--size", "6"],
  both: ["--moves", "1,2", "--size", "8", "--rows", "8", "--cols", "8"],
  half: ["--moves", "1,2", "--rows", "8"],
  svg: ["--moves", "1,2", "--rows", "8", "--cols", "10", "--format", "svg"],
  start: ["--moves", "1,2", "--rows", "5", "--cols", "5", "--start", "1,2"],
};
// The files the validate runs read are written first (the batch runs in order).
writeFileSync(
  file("broken.json"),
  JSON.stringify({
    rows: 3,
    cols: 4,
    moves: "1,2",
    closed: false,
    grid: [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11, 12],
    ],
  }),
);
writeFileSync(file("plain.txt"), "1 4 7\n6 9 2\n3 8 5\n"); // 3×3 with no knight's tour: not a tour
const run = batchedCli("pen-paper", Object.values(RUNS));

describe("pen-paper for any leaper", () => {
  it("writes a knight's tour of 8×10 with its moves, reproducibly, and validates it from the file's moves", () => {
    expect(run(RUNS.knightJson).status).toBe(0);
    const text = readFileSync(file("k8x10.json"), "utf8");
    const doc = JSON.parse(text) as { rows: number; cols: number; moves: string; closed: boolean; grid: number[][] };
    expect(doc).toMatchObject({ rows: 8, cols: 10, moves: "1,2", closed: true });
    expect(knightTour(doc.grid, true)).toBe(true);
    expect(run(RUNS.sameSeed).stdout).toBe(text);
    expect(run(RUNS.validateJson).stdout).toMatch(/valid closed tour of a 8×10 board \(moves 1,2\)/);
    expect(run(RUNS.validateClash)).toMatchObject({ status: 2 });
    expect(run(RUNS.validateClash).stderr).toMatch(/names the moves 1,2, but --moves says 0,3\+2,2/);
  });

  it("writes text with a moves line that validate reads back, and reports broken tours", () => {
    expect(run(RUNS.knightText).status).toBe(0);
    const text = readFileSync(file("k3x7.txt"), "utf8");
    expect(text.split("\n")[0]).toBe("moves 1,2");
    const grid = text
      .split("\n")
      .filter((l) => l.startsWith("|"))
      .map((l) => l.replace(/\|/g, " ").trim().split(/\s+/).map(Number));
    expect(knightTour(grid, false)).toBe(true);
    expect(run(RUNS.validateText).stdout).toMatch(/valid open tour of a 3×7 board \(moves 1,2\)/);
    expect(run(RUNS.validateBroken)).toMatchObject({ status: 1 });
    expect(run(RUNS.validateBroken).stdout).toMatch(/not a tour: 1 to 2 is not a legal move/);
    expect(run(RUNS.validateGiven)).toMatchObject({ status: 1 });
  });

  it("draws a knight's tour of a rectangle as SVG, 8 rows of 10 squares", () => {
    const r = run(RUNS.svg);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^<svg /);
    expect(r.stdout).toMatch(/knight's tour/);
    expect((r.stdout.match(/<text[^>]*>\d+<\/text>/g) ?? []).length).toBe(80);
  });

  it("says in one line why no tour exists, and refuses bad boards", () => {
    const refusals: [string[], RegExp][] = [
      [RUNS.schwenk, /^pen-paper: no closed knight's tour on 3×8: by Schwenk's theorem/],
      [RUNS.conrad, /^pen-paper: no knight's tour on 4×4: 4×4 has none \(Conrad et al\. 1994/],
      [RUNS.colour, /keeps a square's colour/],
      [RUNS.both, /not both/],
      [RUNS.half, /give both --rows M and --cols N/],
      [RUNS.start, /no tour of 5×5 starts at row 1, column 2/],
    ];
    for (const [args, message] of refusals) {
      const r = run(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stderr, args.join(" ")).toMatch(message);
    }
  });
});
