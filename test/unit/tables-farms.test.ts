// The fast table counter on the 7×7 farming puzzle: equal to the published algorithm on
// every second row below 0011222, the ten published samples, and the whole 7×7 count.
import { describe, expect, it } from "vitest";
import { countTables } from "../../src/tables/index.js";
import { allFarmRows, countFarm } from "../../src/farms/index.js";
import { SAMPLES } from "../support/farms-samples.js";

import { slowTest } from "../support/tier.js";
const FIRST = [0, 0, 1, 1, 2, 2, 2];
const farm = (given: (readonly number[] | string)[], engine: "wasm" | "ts") => countTables({ size: 7, counts: [2, 2, 3], given, engine });

describe("tables engine on the 7×7 puzzle", () => {
  const others = allFarmRows().filter((row) => row.join("") !== FIRST.join(""));

  it("has 209 second rows after 0011222", () => {
    expect(others).toHaveLength(209);
  });

  slowTest("equals the published algorithm (WASM) on all 209 second rows, in both engines", () => {
    let nonzero = 0;
    for (const second of others) {
      const published = countFarm(FIRST, second, { engine: "wasm" });
      expect(farm([FIRST, second], "wasm"), second.join("")).toBe(published);
      expect(farm([FIRST, second], "ts"), second.join("")).toBe(published);
      if (published > 0n) nonzero++;
    }
    expect(nonzero).toBeGreaterThan(150);
  });

  it("gives the ten published sample answers", () => {
    for (const [a, b, expected] of SAMPLES) {
      expect(farm([a, b], "wasm")).toBe(expected);
      expect(farm([a, b], "ts")).toBe(expected);
    }
  });

  it("counts equal given rows as 0 unless rows may repeat", () => {
    expect(farm([FIRST, FIRST], "wasm")).toBe(0n);
    const repeat = { size: 7, counts: [2, 2, 3], given: [FIRST, FIRST], distinctRows: false };
    expect(countTables({ ...repeat, engine: "wasm" })).toBe(countTables({ ...repeat, engine: "ts" }));
    expect(countTables({ ...repeat, engine: "wasm" })).toBeGreaterThan(0n);
  });

  it("whole 7×7 count = 210 × the count below any one first row (every row is a column permutation of 0011222)", () => {
    const whole = farm([], "wasm");
    expect(farm([], "ts")).toBe(whole);
    expect(whole).toBe(210n * farm([FIRST], "wasm"));
    expect(whole).toBe(210n * farm(["2210120"], "ts"));
    // And = Σ over second rows below 0011222 times 210.
    const below = others.reduce((sum, second) => sum + farm([FIRST, second], "wasm"), 0n);
    expect(whole).toBe(210n * below);
  });
});
