// Long frontier runs (minutes): 7×7 shards merge to the unsharded counts.
import { describe, expect, it } from "vitest";
import { countHamiltonian } from "../../src/tours/frontier.js";
import { KNIGHT } from "../../src/tours/leapers.js";

describe("frontier counter, 7×7", () => {
  // A165134's 7×7 term (165575218320 directed knight's paths) is not here: the run passes
  // 23.5 M states by step 32 of 49 and stops at the 3000 MiB cap (docs/tours.md).

  it("7×7 knight's closed tours: none (odd board), shards agree", () => {
    let sum = 0n;
    for (let i = 0; i < 2; i++) sum += countHamiltonian({ rows: 7, cols: 7, moves: KNIGHT, closed: true, shard: { shard: i, shards: 2 } }).count;
    expect(sum).toBe(0n);
  });

  it("7×7 pen-and-paper closed tours: shards merge to the unsharded 5808784", () => {
    let sum = 0n;
    for (let i = 0; i < 4; i++) sum += countHamiltonian({ rows: 7, cols: 7, closed: true, shard: { shard: i, shards: 4 } }).count;
    expect(sum).toBe(5808784n);
  });

  it("7×7 pen-and-paper directed paths: shards merge to the unsharded count", () => {
    let sum = 0n;
    for (let i = 0; i < 3; i++) sum += countHamiltonian({ rows: 7, cols: 7, shard: { shard: i, shards: 3 } }).count;
    expect(sum).toBe(8642871600n);
  });
});
