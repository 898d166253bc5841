// Long frontier runs (minutes): the 7×7 published knight value and 7×7 shards.
import { describe, expect, it } from "vitest";
import { countHamiltonian } from "../../src/tours/frontier.js";
import { KNIGHT } from "../../src/tours/leapers.js";

describe("frontier counter, 7×7", () => {
  it("A165134: 165575218320 directed knight's paths on 7×7", () => {
    expect(countHamiltonian({ rows: 7, cols: 7, moves: KNIGHT }).count).toBe(165575218320n);
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
