// The symmetric method over the column method's jobs (src/tables/sym-jobs-ts.ts and its
// kernel, sym-jobs-wasm.ts): weighted columns and repeated rows counted over classes of
// states, held to the column DP leaf by leaf, and through countTables, its threads and
// its shards to published answers.
import { describe, expect, it } from "vitest";
import { countTables, countTablesParallel } from "../../src/tables/node.js";
import { countJobSymTs } from "../../src/tables/sym-jobs-ts.js";
import { countJobSymWasm } from "../../src/tables/sym-jobs-wasm.js";
import { countJobTs } from "../../src/tables/dp-ts.js";
import { countJobWasm } from "../../src/tables/dp-wasm.js";
import { planTableCount, splitByFirstPart } from "../../src/tables/plan.js";
import { normalizeProblem } from "../../src/tables/problem.js";
import { sumPlan } from "../../src/tables/sum-plan.js";
import { countMethod } from "../../src/tables/count.js";

import { slowTest, SLOW } from "../support/tier.js";
/** Count vectors of n in nonincreasing order. */
function countVectors(n: number): number[][] {
  const out: number[][] = [];
  const walk = (left: number, most: number, prefix: number[]): void => {
    if (left === 0) out.push([...prefix]);
    for (let c = Math.min(most, left); c >= 1; c--) walk(left - c, c, [...prefix, c]);
  };
  walk(n, n, []);
  return out;
}

const RULES = [
  [true, true],
  [true, false],
  [false, true],
  [false, false],
] as const;

describe("the symmetric method over the column method's jobs", () => {
  it.each([
    ["ts", 6, countJobSymTs],
    ["wasm", SLOW ? 7 : 6, countJobSymWasm], // n = 7 (most of the cost) in the slow suite
  ] as const)(
    "(%s engine) equals the column DP leaf by leaf on every job of every count vector to n = %i, under each pair of rules",
    (_engine, largest, countJobSym) => {
      let jobs = 0;
      for (let n = 1; n <= largest; n++) {
        for (const counts of countVectors(n)) {
          for (const [distinctRows, distinctColumns] of RULES) {
            const plan = planTableCount(normalizeProblem({ size: n, counts, distinctRows, distinctColumns }));
            for (const job of plan.jobs) {
              const expected = (n <= 6 ? countJobTs : countJobWasm)(plan.counts, job).map((value, i) => (job.multipliers[i] === 0n ? 0n : value));
              const actual = countJobSym(plan.counts, job).map((value, i) => (job.multipliers[i] === 0n ? 0n : value));
              expect(actual, `${n}×${n} (${counts.join(",")}) rows ${distinctRows} columns ${distinctColumns}`).toEqual(expected);
              jobs++;
            }
          }
        }
      }
      expect(jobs).toBeGreaterThan(300);
    },
  );

  it.each([
    ["ts", countJobSymTs],
    ["wasm", countJobSymWasm],
  ] as const)("(%s engine) keeps to firstPart and minParts: jobs split by their first part sum to the same count", (_engine, countJobSym) => {
    const plan = planTableCount(normalizeProblem({ size: 6, counts: [2, 2, 1, 1] }));
    const split = { counts: plan.counts, jobs: splitByFirstPart(plan.jobs) };
    expect(split.jobs.length).toBeGreaterThan(plan.jobs.length);
    expect(sumPlan(split, countJobSym)).toBe(sumPlan(plan, countJobTs));
  });

  it("(wasm engine) gives the column kernel's count of 8×8 (3,1,1,1,1,1), whose five symbols of count 1 it merges", () => {
    const plan = planTableCount(normalizeProblem({ size: 8, counts: [3, 1, 1, 1, 1, 1] }));
    expect(sumPlan(plan, countJobSymWasm)).toBe(921456860096102400n); // as the column kernel counts it
  });

  it("takes given rows: the contest's 7×7 case 4909920 and the 6×6 board with one given row", () => {
    expect(countTables({ size: 7, counts: [2, 2, 3], given: ["2100221", "0221102"], engine: "ts", method: "symmetric" })).toBe(4909920n);
    const oneRow = { size: 6, counts: [3, 3], given: ["000111"] };
    expect(countTables({ ...oneRow, engine: "ts", method: "symmetric" })).toBe(countTables(oneRow));
  });

  it("answers countTables with the rules in the ts engine: 6×6 (3,3) 194400 and 7×7 (2,2,1,1,1) as the column kernel counts it", () => {
    expect(countTables({ size: 6, counts: [3, 3], engine: "ts", method: "symmetric" })).toBe(194400n);
    const seven = { size: 7, counts: [2, 2, 1, 1, 1] };
    expect(countTables({ ...seven, engine: "ts", method: "symmetric" })).toBe(countTables(seven));
  });

  it("answers countTables with the rules in the kernel, given rows included, and goes there as symmetric-jobs", () => {
    expect(countTables({ size: 6, counts: [3, 3], method: "symmetric" })).toBe(194400n);
    expect(countTables({ size: 7, counts: [2, 2, 3], given: ["2100221", "0221102"], method: "symmetric" })).toBe(4909920n);
    expect(countMethod(normalizeProblem({ size: 6, counts: [3, 3] }), "symmetric")).toBe("symmetric-jobs");
  });

  it("counts a vector with a 1 without the rules, which it keeps for free: the full plan's count, to n = 6", () => {
    let vectors = 0;
    for (let n = 2; n <= 6; n++) {
      for (const counts of countVectors(n).filter((c) => c.includes(1))) {
        const full = sumPlan(planTableCount(normalizeProblem({ size: n, counts })), countJobWasm);
        expect(countTables({ size: n, counts }), `${n}×${n} (${counts.join(",")})`).toBe(full);
        expect(countTables({ size: n, counts, distinctRows: false, distinctColumns: false })).toBe(full);
        vectors++;
      }
    }
    expect(vectors).toBe(18); // the vectors of 2 to 6 with a 1
    expect(countMethod(normalizeProblem({ size: 8, counts: [3, 1, 1, 1, 1, 1] }), "symmetric")).toBe("symmetric");
  });

  it("runs on worker threads and in shards that add up to the whole count", async () => {
    const problem = { size: 8, counts: [3, 3, 2], method: "symmetric" as const };
    const whole = countTables({ size: 8, counts: [3, 3, 2] });
    expect(await countTablesParallel({ ...problem, threads: 2 })).toBe(whole);
    const parts = [0, 1, 2].map((i) => countTables(problem, { shard: `${i}/3` }));
    expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(whole);
  });
});
