// The frontier counter with its layers on the host (hostLayers, src/tours/frontier-host.ts):
// the same counts, states per step and dead states dropped as the run in the kernel's
// memory, under budgets small enough that every large step takes many passes and every
// layer streams through the kernel's input buffer in many pieces.
import { afterEach, describe, expect, it } from "vitest";
import { KernelError, UsageError } from "../../src/errors.js";
import { countHamiltonian, type HamiltonianCountOptions } from "../../src/tours/frontier.js";
import { countWithHostLayers, setHostLayerBytesForTests } from "../../src/tours/frontier-host.js";
import { frontierPlan } from "../../src/tours/frontier-plan.js";
import { toursModule } from "../../src/tours/kernel.js";
import { KNIGHT } from "../../src/tours/leapers.js";
import { loadPlan } from "../support/frontier-setup.js";

import { slowTest } from "../support/tier.js";
afterEach(() => setHostLayerBytesForTests(undefined));

/** Both runs of a problem: in the kernel's memory, and with host layers under `bytes`. */
function both(options: HamiltonianCountOptions, bytes: number) {
  const inKernel = countHamiltonian(options);
  setHostLayerBytesForTests(bytes);
  const onHost = countHamiltonian({ ...options, hostLayers: true });
  setHostLayerBytesForTests(undefined);
  return { inKernel, onHost };
}

describe("frontier counter with host layers", () => {
  const problems: [string, HamiltonianCountOptions, bigint][] = [
    ["5×5 pen-and-paper paths", { rows: 5, cols: 5 }, 12400n],
    ["5×5 pen-and-paper cycles", { rows: 5, cols: 5, closed: true }, 48n],
    ["5×5 pen-and-paper from row 1 col 2", { rows: 5, cols: 5, from: [0, 1] }, 548n],
    ["6×6 pen-and-paper paths", { rows: 6, cols: 6 }, 8250272n],
    ["6×6 pen-and-paper cycles", { rows: 6, cols: 6, closed: true }, 13138n],
    ["6×6 knight paths (A165134)", { rows: 6, cols: 6, moves: KNIGHT }, 6637920n],
    ["6×6 knight closed tours (A001230)", { rows: 6, cols: 6, moves: KNIGHT, closed: true }, 9862n],
  ];
  for (const [name, options, expected] of problems) {
    // The two 6×6 path counts (the most states) in the slow suite; 6×6 cycles stay in npm test.
    (options.rows === 6 && !options.closed ? slowTest : it)(`${name}: ${expected}, with the same states at every step and the same dead states dropped`, () => {
      const { inKernel, onHost } = both(options, 64 * 1024);
      expect(onHost.count).toBe(expected);
      expect(inKernel.count).toBe(expected);
      expect(onHost.peakStates).toBe(inKernel.peakStates);
      expect(onHost.stepStates).toEqual(inKernel.stepStates);
      expect(onHost.droppedStates).toBe(inKernel.droppedStates);
      expect(onHost.entryBytes).toBe(inKernel.entryBytes);
      expect(onHost.splitStep).toBe(-1);
    });
  }

  slowTest("under a budget of 32 KiB the big steps take many passes (a table of 1,536 entries), and the passes are reported", () => {
    const passes: number[] = [];
    setHostLayerBytesForTests(32 * 1024);
    const r = countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT, hostLayers: true, onProgress: (_s, _n, _states, p) => void passes.push(p) });
    expect(r.count).toBe(6637920n);
    expect(passes).toHaveLength(36);
    expect(Math.max(...passes)).toBe(r.peakParts);
    expect(r.peakParts).toBeGreaterThanOrEqual(17195 / 1536); // the peak layer cannot fit fewer tables
    // The host holds the two layers of the worst step: at least the peak layer's bytes.
    expect(r.peakBytes).toBeGreaterThan(17195 * 16);
    // peakLayerBytes says the layers' part of it: the peak layer and at least a state beside it.
    expect(r.peakLayerBytes).toBeGreaterThan(17195 * 16);
    expect(r.peakLayerBytes).toBeLessThan(r.peakBytes);
    expect(countHamiltonian({ rows: 6, cols: 6, moves: KNIGHT }).peakLayerBytes).toBe(0); // in the kernel: none
  });

  slowTest("shards: the parts of 6×6 knight's paths split at the same step and sum to the count", () => {
    let sum = 0n;
    for (let shard = 0; shard < 3; shard++) {
      const { inKernel, onHost } = both({ rows: 6, cols: 6, moves: KNIGHT, shard: { shard, shards: 3 } }, 32 * 1024);
      expect(onHost.count).toBe(inKernel.count);
      expect(onHost.splitStep).toBe(inKernel.splitStep);
      expect(onHost.splitStep).toBeGreaterThan(0);
      sum += onHost.count;
    }
    expect(sum).toBe(6637920n);
  });

  slowTest("128-bit counts (the rerun when a count passes 2^64) give the same count on the host path, 8 more bytes a state", () => {
    const kernel = toursModule.exports;
    const plan = frontierPlan(6, 6, KNIGHT);
    for (const wide of [false, true]) {
      loadPlan(kernel, plan, 64, wide);
      setHostLayerBytesForTests(48 * 1024);
      const r = countWithHostLayers(plan, { mode: "paths", ends: [] }, 64 * 2 ** 20, wide, undefined);
      expect(r.count).toBe(6637920n / 2n);
      expect(r.entryBytes).toBe(wide ? 24 : 16);
      expect(r.peakParts).toBeGreaterThan(1);
    }
    kernel.frontierSetWideCounts(false);
  });

  slowTest('"auto": a board past the cap in the kernel\'s memory is counted again with host layers', () => {
    expect(() => countHamiltonian({ rows: 7, cols: 6, moves: KNIGHT, memoryCapMiB: 1 })).toThrow(/state tables need more than 1 MiB/);
    const auto = countHamiltonian({ rows: 7, cols: 6, moves: KNIGHT, memoryCapMiB: 1, hostLayers: "auto" });
    const whole = countHamiltonian({ rows: 7, cols: 6, moves: KNIGHT });
    expect(auto.count).toBe(779938932n);
    expect(auto.stepStates).toEqual(whole.stepStates);
    // A board that fits stays in the kernel's memory: the same figures as without the option.
    expect(countHamiltonian({ rows: 5, cols: 5, hostLayers: "auto" })).toEqual(countHamiltonian({ rows: 5, cols: 5 }));
  });

  it("bad hostLayers values are usage errors; a budget with no room for a table is limit-exceeded", () => {
    expect(() => countHamiltonian({ rows: 5, cols: 5, hostLayers: "yes" as never })).toThrow(UsageError);
    expect(() => countHamiltonian({ rows: 5, cols: 5, hostLayers: "yes" as never })).toThrow(
      'hostLayers: expected true, false or "auto", got "yes" (a string)',
    );
    setHostLayerBytesForTests(1024);
    let error: unknown;
    try {
      countHamiltonian({ rows: 5, cols: 5, hostLayers: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KernelError);
    expect((error as KernelError).code).toBe("limit-exceeded");
    setHostLayerBytesForTests(undefined);
    expect(countHamiltonian({ rows: 5, cols: 5 }).count).toBe(12400n); // the kernel counts again after it
  });
});
