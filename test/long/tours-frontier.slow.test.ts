// Long frontier runs (minutes): published knight rectangles, the 7×7 counts, 7×7 shards merge to the unsharded counts.
import { describe, expect, it } from "vitest";
import { countHamiltonian } from "../../src/tours/frontier.js";
import { KNIGHT } from "../../src/tours/leapers.js";

describe("frontier counter, knight's closed tours on rectangles (OEIS)", () => {
  // A175881, closed knight's tours on 6×n (https://oeis.org/A175881): 6×8, 6×9, 6×10.
  it("A175881: 55488142, 3374967940 and 239187240144 closed tours of 6×8, 6×9 and 6×10", () => {
    expect([8, 9, 10].map((cols) => countHamiltonian({ rows: 6, cols, moves: KNIGHT, closed: true }).count)).toEqual([55488142n, 3374967940n, 239187240144n]);
  });

  // A193054, closed knight's tours on 7×2n: 0, 0, 1067638, 34524432316, … (its terms as a
  // public repository of OEIS data holds them; the OEIS page itself was not retrievable).
  it("A193054: 34524432316 closed tours of 7×8 (width 16, 5.5 M states, about a CPU minute)", () => {
    const r = countHamiltonian({ rows: 7, cols: 8, moves: KNIGHT, closed: true, memoryCapMiB: 2000 });
    expect(r.count).toBe(34524432316n);
    expect(r.width).toBe(16);
  });
});

describe("frontier counter, 7×7", () => {
  it("A165134 on 7×7 again with host layers under a 128 MiB cap (the in-kernel run needs 723 MiB)", () => {
    // The layers on the host, the kernel's arena an input buffer of 2 M states and a table
    // of 6 M: the steps near the peak (10.6 M states) take 3 passes over the last layer.
    expect(() => countHamiltonian({ rows: 7, cols: 7, moves: KNIGHT, memoryCapMiB: 128 })).toThrow(/state tables need more than 128 MiB/);
    const r = countHamiltonian({ rows: 7, cols: 7, moves: KNIGHT, memoryCapMiB: 128, hostLayers: true });
    expect(r.count).toBe(165575218320n);
    expect(r.peakStates).toBe(10605104);
    expect(r.peakParts).toBeGreaterThan(1);
  });

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
