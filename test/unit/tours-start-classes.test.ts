// The classes of start squares under the board's symmetries (src/tours/symmetry.ts).
import { describe, expect, it } from "vitest";
import { startClasses } from "../../src/tours/symmetry.js";

describe("start classes", () => {
  it("8×8: ten classes, the four on the diagonal of 4 squares, the six others of 8", () => {
    const classes = startClasses(8, 8);
    expect(classes.map((c) => `${c.square[0] + 1},${c.square[1] + 1}:${c.squares}`)).toEqual([
      "1,1:4",
      "1,2:8",
      "1,3:8",
      "1,4:8",
      "2,2:4",
      "2,3:8",
      "2,4:8",
      "3,3:4",
      "3,4:8",
      "4,4:4",
    ]);
  });

  it.each([
    [1, 1, 1],
    [5, 5, 6],
    [7, 7, 10],
    [5, 7, 12],
    [4, 6, 6],
    [3, 22, 22],
  ])("%i×%i: %i classes covering every square once", (rows, cols, count) => {
    const classes = startClasses(rows, cols);
    expect(classes).toHaveLength(count);
    expect(classes.reduce((sum, c) => sum + c.squares, 0)).toBe(rows * cols);
  });
});
