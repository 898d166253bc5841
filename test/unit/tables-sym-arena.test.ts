// The raw arena the symmetric tables kernel keeps its layers in (assembly/tables/arena.ts):
// a region may pass the 1 GiB where the allocator's arrays stopped ("Invalid length", a
// bug report whatever --memory said), a region that grows keeps the bytes of those above
// it (moved up), and past the instance's cap it stops with what was asked and held.
import { describe, expect } from "vitest";
import { slowTest } from "../support/tier.js";
import { tablesTestKernel } from "../support/test-kernels.js";
import { tablesModule } from "../../src/tables/dp-wasm.js";
import type { TablesTestExports } from "../support/generated/tables.js";

const MIB = 2 ** 20;

describe("the symmetric kernel's raw arena", () => {
  // 1.2 GB of memory and seconds of CPU: the slow suite runs it.
  slowTest("holds a region past 1 GiB under a 1536 MiB cap, keeps its bytes when the region below grows, and stops past the cap saying so", () => {
    tablesTestKernel(); // the test build, with the arena's hooks
    const kernel = tablesModule.instantiate(() => {}, 1536 * 16) as TablesTestExports;
    kernel.arenaSetCap(1536);
    kernel.arenaReset(2);
    const big = 1100 * MIB;
    kernel.regionAtLeast(1, BigInt(big));
    const at = kernel.regionAt(1) >>> 0;
    let memory = new Uint8Array(kernel.memory.buffer as ArrayBuffer);
    memory[at] = 17;
    memory[at + big - 1] = 42;
    kernel.regionAtLeast(0, 100n); // 64 KiB at least: region 1 moves up by that
    const moved = kernel.regionAt(1) >>> 0;
    expect(moved - at).toBe(65536);
    memory = new Uint8Array(kernel.memory.buffer as ArrayBuffer);
    expect([memory[moved], memory[moved + big - 1]]).toEqual([17, 42]);
    expect(() => kernel.regionAtLeast(1, BigInt(1600 * MIB))).toThrow(/ran out of memory: cap: 16\d\d MiB asked for the layers of classes, 1\d\d\d MiB held$/);
  });
});
