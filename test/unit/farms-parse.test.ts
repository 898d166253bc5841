import { describe, expect, test } from "vitest";
import { InputError, parseFarmInput } from "../../src/index.js";

function errorOf(text: string): InputError {
  try {
    parseFarmInput(text);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("expected an InputError");
}

describe("parseFarmInput", () => {
  test("reads spaced and packed rows, CRLF, trailing spaces and blank lines at the end", () => {
    const cases = parseFarmInput("2\r\n2 1 0 0 2 2 1  \r\n0221102\n2002211\n2 0 1 2 2 1 0\n\n  \n");
    expect(cases.map((c) => c.rows.map((r) => r.join("")))).toEqual([
      ["2100221", "0221102"],
      ["2002211", "2012210"],
    ]);
    expect(cases[1]!.lines).toEqual([4, 5]);
  });

  test("N = 0 is an empty list", () => {
    expect(parseFarmInput("0\n")).toEqual([]);
  });

  test.each([
    ["", 1, /input is empty/],
    ["\n  \n", 1, /input is empty/],
    ["x\n", 1, /"x" is not a number of cases/],
    ["1.5\n", 1, /not a number of cases/],
    ["-1\n", 1, /negative number of cases -1/],
    ["1\n2100221\n", 2, /input ends after 1 row \(expected 2 rows for N = 1\)/],
    ["2\n2100221\n0221102\n", 3, /input ends after 2 rows \(expected 4 rows for N = 2\)/],
    ["1\n2100221\n0221102\n2100221\n", 4, /unexpected line after the last case/],
    ["1\n2100231\n0221102\n", 2, /symbol "3" in column 6 is not 0, 1 or 2/],
    ["1\n2100221\n022110\n", 3, /row has 6 symbols/],
    ["1\n2100221\n0 2 2 1 1 0 2 2\n", 3, /row has 8 symbols/],
    ["1\n2100222\n0221102\n", 2, /row has 2 0s, 1 1s and 4 2s \(expected 7 symbols: two 0s, two 1s and three 2s\)/],
    ["1\n21 00 221\n0221102\n", 2, /malformed row/],
    ["1\n\n0221102\n2100221\n", 2, /blank line where a row was expected/],
  ])("rejects %j at line %i", (text, line, message) => {
    const error = errorOf(text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^${line}: `));
  });

  test("errors name the file once it is known", () => {
    expect(errorOf("x").inFile("in.txt").message).toBe('in.txt:1: "x" is not a number of cases (expected a whole number N ≥ 0)');
  });
});
