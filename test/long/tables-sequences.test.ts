// Long runs for the sequences of docs/sequences.md (npm run test:long): the largest
// terms counted in parts (--shard) sum to the unsharded count, and the TS engine agrees
// with the WASM kernel on terms past brute force's reach.
import { describe, expect, it } from "vitest";
import { countTables } from "../../src/tables/index.js";
import { farmCounts } from "../../src/tables/sequences.js";

const sharded = (problem: Parameters<typeof countTables>[0], parts: number): bigint => {
  let total = 0n;
  for (let i = 0; i < parts; i++) total += countTables(problem, { shard: `${i}/${parts}` });
  return total;
};

describe("sequence terms, sharded = unsharded", () => {
  it.each([
    ["binary-distinct T(12,6)", { size: 12, counts: [6, 6] }, 60969456965150791825211136000n],
    ["binary-distinct-rows T(12,6)", { size: 12, counts: [6, 6], distinctColumns: false }, undefined],
    ["binary-distinct T(14,7)", { size: 14, counts: [7, 7] }, 106730264505655476544659520974109599744000n],
    // A row-15 term (docs/sequences.md), about 7 s of CPU whole on a quiet machine.
    ["binary-distinct T(15,6)", { size: 15, counts: [9, 6] }, 18813656291485510698683219405745837639457536000n],
    ["farm n = 10", { size: 10, counts: farmCounts(10) }, undefined],
    // About 130 s of CPU whole and as much again in parts (docs/sequences.md).
    ["binary-distinct-rows T(16,8)", { size: 16, counts: [8, 8], distinctColumns: false }, 34697087636681036944536387641104231424252251557273600000n],
  ] as const)("%s", (_label, problem, expected) => {
    const whole = countTables(problem);
    if (expected !== undefined) expect(whole).toBe(expected);
    expect(sharded(problem, 3)).toBe(whole);
  });
});

// T(16,8) with both rules (docs/sequences.md): 784 s of CPU whole; the value below came
// from that run, and this test counts it again in two parts (about 570 s of CPU).
it("binary-distinct T(16,8): two --shard parts sum to the whole run's count", () => {
  expect(sharded({ size: 16, counts: [8, 8] }, 2)).toBe(34582756614909962252326017781909326066238183105167360000n);
});

describe("sequence terms, TS engine = WASM kernel", () => {
  it.each([
    ["binary-distinct T(11,5)", { size: 11, counts: [6, 5] }],
    ["binary-distinct-rows T(11,5)", { size: 11, counts: [6, 5], distinctColumns: false }],
    ["farm n = 9", { size: 9, counts: farmCounts(9) }],
  ] as const)("%s", (_label, problem) => {
    expect(countTables({ ...problem, engine: "ts" })).toBe(countTables({ ...problem, engine: "wasm" }));
  });
});
