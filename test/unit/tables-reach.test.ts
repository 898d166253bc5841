// The up-front estimate of a count's largest layer: counts known to finish are within
// reach, counts known not to (Latin squares of order 10, 10×10 with (2,2,2,2,2))
// are not, and the bound is a true upper bound on the states a layer really holds.
import { describe, expect, it } from "vitest";
import { normalizeProblem } from "../../src/tables/problem.js";
import { estimateReach, outOfReachMessage } from "../../src/tables/reach.js";
import { countSymmetricTs } from "../../src/tables/sym-ts.js";

const problem = (size: number, counts: number[], distinct = true) => normalizeProblem({ size, counts, distinctRows: distinct, distinctColumns: distinct });
const latin = (n: number) => problem(n, new Array<number>(n).fill(1));

describe("estimateReach", () => {
  it("keeps the counts that finish within reach", () => {
    for (const p of [
      problem(7, [2, 2, 3]),
      problem(9, [3, 3, 3]),
      problem(10, [4, 3, 3]),
      problem(16, [8, 8]),
      problem(11, [3, 4, 4]),
      latin(7),
      latin(8),
      latin(9),
    ]) {
      expect(estimateReach(p).withinReach, `${p.size} ${p.counts.join(",")}`).toBe(true);
    }
  });

  it("refuses the counts that do not", () => {
    for (const p of [latin(10), problem(10, [2, 2, 2, 2, 2]), problem(10, [2, 2, 2, 2, 2], false), problem(16, [5, 5, 6]), problem(13, [4, 4, 5])]) {
      expect(estimateReach(p).withinReach, `${p.size} ${p.counts.join(",")}`).toBe(false);
    }
    expect(estimateReach(latin(9), "columns").withinReach).toBe(false);
  });

  it("bounds the classes the symmetric method really keeps per layer", () => {
    for (const p of [latin(6), problem(6, [2, 2, 2], false), problem(7, [1, 2, 2, 2], false)]) {
      const estimate = estimateReach(p, "symmetric");
      let most = 0;
      countSymmetricTs(p, (_placed, _rows, states) => (most = Math.max(most, states)));
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(estimate.states);
    }
  });

  it("counts a vector with a 1 without the rules it keeps for free: one DP job, or the symmetric method", () => {
    expect(estimateReach(problem(10, [4, 3, 1, 1, 1]))).toMatchObject({ method: "columns", jobs: 1, withinReach: true });
    expect(estimateReach(problem(10, [5, 1, 1, 1, 1, 1]))).toMatchObject({ method: "symmetric", jobs: 1, withinReach: true });
    expect(estimateReach(problem(10, [5, 5]))).toMatchObject({ method: "columns", jobs: 42 });
  });

  it("estimates the symmetric method over the jobs with its own reach, where auto chooses it", () => {
    expect(estimateReach(problem(10, [2, 2, 2, 2, 2]))).toMatchObject({ method: "symmetric-jobs", jobs: 42, withinReach: false });
    const few = problem(10, [4, 2, 2, 2]);
    expect(estimateReach(few).method).toBe("columns");
    expect(estimateReach(few, "symmetric")).toMatchObject({ method: "symmetric-jobs", withinReach: true });
    const text = outOfReachMessage(problem(10, [2, 2, 2, 2, 2]), estimateReach(problem(10, [2, 2, 2, 2, 2])));
    expect(text).toMatch(
      /^counting 10×10 tables with counts 2,2,2,2,2 is out of reach: after 5 rows the symmetric method may hold up to about .* classes of states, in each of the column method's 42 jobs \(it finishes with up to about 2e\+9 classes × jobs\); pass --force to try anyway$/,
    );
  });

  it("says what is refused, the estimate, and how to try anyway, in one line", () => {
    const text = outOfReachMessage(latin(10), estimateReach(latin(10)));
    expect(text).toMatch(
      /^counting 10×10 tables with counts 1,1,1,1,1,1,1,1,1,1 is out of reach: after 5 rows the symmetric method may hold up to about 9\.4e\+10 classes of states .*about 11 hours of CPU\); pass --force to try anyway$/,
    );
    expect(text).not.toContain("\n");
  });
});
