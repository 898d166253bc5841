// The published A165134 terms through 7×7, run by CI (npm run test:slow): 5×5 and 6×6 are
// in npm test (test/unit/tours-frontier.test.ts); 7×7 takes about two CPU minutes.
import { describe, expect, it } from "vitest";
import { countHamiltonian } from "../../src/tours/frontier.js";
import { KNIGHT } from "../../src/tours/leapers.js";

describe("frontier counter, A165134 (directed Hamiltonian paths of the n×n knight graph)", () => {
  it("A165134: 165575218320 directed Hamiltonian paths of the 7×7 knight graph", () => {
    // With the dead-state pruning (starved squares, colour balance) the peak is 10.6 M
    // states after step 38 of 49, 723 MiB of arena, about 2 CPU minutes (docs/tours.md);
    // without it the states passed 35 M by step 33 and the count did not finish.
    const r = countHamiltonian({ rows: 7, cols: 7, moves: KNIGHT, memoryCapMiB: 3000 });
    expect(r.count).toBe(165575218320n);
    expect(r.entryBytes).toBe(16);
    expect(r.peakStates).toBeLessThan(12_000_000);
  });
});
