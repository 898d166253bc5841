// Worker threads (piscina, compiled worker from dist/) give the single-threaded answer.
import { describe, expect, it } from "vitest";
import { countTables, countTablesParallel } from "../../src/tables/node.js";
import { slowTest } from "../support/tier.js";

describe("countTablesParallel", () => {
  it("equals the single-threaded count for n = 8 with 2 threads", async () => {
    const problem = { size: 8, counts: [2, 2, 2, 2] };
    expect(await countTablesParallel({ ...problem, threads: 2 })).toBe(countTables(problem));
  });

  slowTest("splits jobs by first part when there are fewer jobs than threads, with the same answer", async () => {
    const problem = { size: 7, counts: [2, 2, 3], given: ["0220121", "1012220"] };
    expect(await countTablesParallel({ ...problem, threads: 4 })).toBe(3511800n);
    const rowsOnly = { size: 7, counts: [2, 2, 3], given: ["0011222"], distinctColumns: false };
    expect(await countTablesParallel({ ...rowsOnly, threads: 3, engine: "ts" })).toBe(countTables(rowsOnly));
  });

  it("counts in this thread when threads ≤ 1", async () => {
    expect(await countTablesParallel({ size: 6, counts: [3, 3], threads: 1 })).toBe(194400n);
  });
});
