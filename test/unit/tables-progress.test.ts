// Table counts with progress: job by job, (done, all) after each job, the same exact sum.
import { beforeAll, describe, expect, it } from "vitest";
import { countTables, ready } from "../../src/tables/index.js";
import { countTablesParallel as countInThisThread } from "../../src/tables/parallel-browser.js";
import { countTablesParallel } from "../../src/tables/parallel.js";
import { planTableCount } from "../../src/tables/plan.js";
import { normalizeProblem } from "../../src/tables/problem.js";

beforeAll(() => ready());

describe("table counts with onProgress", () => {
  for (const [name, count] of [
    ["browser (one thread)", countInThisThread],
    ["Node, threads: 1", countTablesParallel],
  ] as const) {
    it(`${name}: reports 1..all over the plan's jobs and sums exactly`, async () => {
      for (const problem of [
        { size: 9, counts: [3, 3, 3] },
        { size: 6, counts: [3, 3] },
        { size: 7, counts: [2, 2, 3], distinctRows: false },
      ]) {
        const seen: [number, number][] = [];
        const total = await count({ ...problem, onProgress: (done, all) => void seen.push([done, all]) });
        expect(total).toBe(countTables(problem));
        const jobs = planTableCount(normalizeProblem(problem)).jobs.length;
        expect(jobs).toBeGreaterThan(1);
        expect(seen).toEqual(Array.from({ length: jobs }, (_, i) => [i + 1, jobs]));
      }
    });
  }
});
