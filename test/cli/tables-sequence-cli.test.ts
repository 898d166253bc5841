import { describe, expect, test } from "vitest";
import { runCli } from "../support/cli-run.js";

describe("count-farms sequence", () => {
  test("prints b-file lines n a(n) (A001501 to n = 6)", () => {
    const { status, stdout, stderr } = runCli("count-farms", ["sequence", "binary-3", "--to", "6"]);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toBe("0 1\n1 0\n2 0\n3 1\n4 24\n5 2040\n6 297200\n");
  });

  test("triangles are read by rows from index 0", () => {
    const { stdout } = runCli("count-farms", ["sequence", "binary-distinct", "--to", "3"]);
    expect(
      stdout
        .trim()
        .split("\n")
        .map((line) => line.split(" ")[0]),
    ).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  });

  test.each([
    [["sequence", "nope"], /^count-farms: unknown sequence "nope" \(expected one of /],
    [["sequence", "latin", "--to", "10"], /^count-farms: sequence latin stops at --to 9: /],
    [["sequence"], /missing required argument 'name'/],
  ])("%j is refused up front: one line, exit 2", (args, message) => {
    const { status, stdout, stderr } = runCli("count-farms", args);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(status).toBe(2);
  });
});
