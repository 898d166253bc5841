import { describe, expect, test } from "vitest";
import { allFarmRows, countFarm, farmEngines, FARM_ENGINES, rowText } from "../../src/index.js";
import { countFarmsBruteForce } from "../support/farms-brute-force.js";
import { SAMPLES } from "../support/farms-samples.js";
import { SLOW } from "../support/tier.js";

const digits = (s: string) => [...s].map(Number);
const FIRST = digits("0011222");
const SECOND_ROWS = allFarmRows().filter((r) => rowText(r) !== "0011222");

describe("published algorithm", () => {
  test.each(SAMPLES)("sample %s / %s has %d completions (every engine, and the default)", (a, b, expected) => {
    for (const engine of FARM_ENGINES) expect(countFarm(a, b, { engine }), engine).toBe(expected);
    expect(countFarm(a, b)).toBe(expected);
  });

  test("the engines are the fast counter and the published algorithm, each in WASM and TS", () => {
    expect([...FARM_ENGINES].sort()).toEqual(["fast", "fast-ts", "ts", "wasm"]);
  });

  test("there are 210 rows and 209 second rows after 0011222", () => {
    expect(allFarmRows()).toHaveLength(210);
    expect(SECOND_ROWS).toHaveLength(209);
  });

  test("WASM equals TS on all 209 second rows after 0011222", () => {
    for (const row of SECOND_ROWS.filter((_, i) => SLOW || i % 4 === 0)) {
      // every 4th in npm test, all in the slow suite
      expect(farmEngines.wasm(FIRST, row), rowText(row)).toBe(farmEngines.ts(FIRST, row));
    }
  });

  test("equal given rows are valid input with answer 0", () => {
    expect(countFarm("2100221", "2100221")).toBe(0n);
    expect(countFarm("2100221", "2100221", { engine: "ts" })).toBe(0n);
  });

  test("an independent brute-force backtracking counter agrees on four inputs", () => {
    // Two inputs in npm test, all four in the slow suite.
    for (const [a, b, expected] of [SAMPLES[1]!, SAMPLES[2]!, SAMPLES[0]!, SAMPLES[9]!].slice(0, SLOW ? 4 : 2)) {
      expect(countFarmsBruteForce(digits(a), digits(b))).toBe(expected);
    }
  });

  test("rejects invalid rows through the API", () => {
    expect(() => countFarm("2100222", "0221102")).toThrow(/1 1s/);
    expect(() => countFarm([2, 1, 0, 0, 2, 2], [0, 2, 2, 1, 1, 0, 2])).toThrow(/6 symbols/);
    expect(() => countFarm("2100221", "0221102", { engine: "nope" as "wasm" })).toThrow(/unknown engine/);
  });
});

/** Canonical form of an input under column permutations and swapping symbols 0 and 1. */
function canonical(a: readonly number[], b: readonly number[]): string {
  const form = (x: readonly number[], y: readonly number[]) =>
    x
      .map((s, c) => `${s}${y[c]}`)
      .sort()
      .join(",");
  const swap = (r: readonly number[]) => r.map((s) => (s === 2 ? 2 : 1 - s));
  const plain = form(a, b);
  const swapped = form(swap(a), swap(b));
  return plain < swapped ? plain : swapped;
}

describe("symmetries of the puzzle", () => {
  const counts = new Map<string, bigint>();
  const classOf = new Map<string, string>();
  for (const row of SECOND_ROWS) {
    const key = canonical(FIRST, row);
    classOf.set(rowText(row), key);
    const count = farmEngines.wasm(FIRST, row);
    const seen = counts.get(key);
    if (seen === undefined) counts.set(key, count);
    else if (seen !== count) counts.set(key, -1n); // marks a class with unequal counts
  }

  test("every input in a class (column permutation, 0↔1 swap) has the same count", () => {
    expect([...counts.values()].filter((c) => c < 0n)).toEqual([]);
  });

  test("there are 14 essentially different inputs, the 14 published canonical ones", () => {
    expect(counts.size).toBe(14);
    const published = [
      "0012122",
      "0022112",
      "0101222",
      "0102122",
      "0112022",
      "0122012",
      "0202112",
      "0212012",
      "0222011",
      "1100222",
      "1102022",
      "1122002",
      "1202012",
      "1222001",
    ].map((second) => canonical(FIRST, digits(second)));
    expect(new Set(published)).toEqual(new Set(counts.keys()));
  });

  test("13 distinct answers: the two classes sharing one are swaps of the given rows", () => {
    const answers = new Set(counts.values());
    expect(answers.size).toBe(13);
    const byAnswer = new Map<bigint, string[]>();
    for (const [key, count] of counts) byAnswer.set(count, [...(byAnswer.get(count) ?? []), key]);
    const shared = [...byAnswer.values()].find((keys) => keys.length === 2)!;
    // Some input of one class, with its rows swapped, lies in the other class.
    const swappedInto = SECOND_ROWS.some((row) => classOf.get(rowText(row)) === shared[0] && canonical(row, FIRST) === shared[1]);
    expect(swappedInto).toBe(true);
  });

  test("swapping the two given rows preserves the count", () => {
    for (const row of SECOND_ROWS.slice(0, 60)) {
      expect(farmEngines.wasm(row, FIRST)).toBe(farmEngines.wasm(FIRST, row));
    }
  });
});
