// memoryCapMiB (count-farms --memory): a count runs on a kernel instance whose memory is
// capped where asked; past the cap it stops with a KernelError, and the shared instance
// (default cap, used by samplers) is not touched.
import { describe, expect, it } from "vitest";
import { countTables, countTablesParallel } from "../../src/tables/node.js";
import { KernelError, UsageError } from "../../src/errors.js";
import {
  countingKernel,
  countMemoryCapMiB,
  DEFAULT_TABLES_MEMORY_MIB,
  MAX_TABLES_MEMORY_MIB,
  tablesKernel,
  tablesModule,
  withCountMemoryCap,
} from "../../src/tables/kernel.js";
import { prepareSampler, tableDrawer } from "../../src/tables/sample.js";
import { slowTest } from "../support/tier.js";

// 8×8 with (2,2,2,2), rows and columns distinct: its state tables need 4 MiB, more than 2.
const problem = { size: 8, counts: [2, 2, 2, 2] };
const answer = 1048812374356185600n;

describe("the tables kernel's memory cap", () => {
  it("defaults to 1024 MiB, and at most 4096 MiB may be asked for", () => {
    expect(DEFAULT_TABLES_MEMORY_MIB).toBe(1024);
    expect(MAX_TABLES_MEMORY_MIB).toBe(4096);
    expect(countMemoryCapMiB()).toBe(1024);
    const memory = tablesKernel().memory as unknown as { buffer: ArrayBuffer; grow(pages: number): number };
    expect(() => memory.grow(DEFAULT_TABLES_MEMORY_MIB * 16 - memory.buffer.byteLength / 65536 + 1)).toThrow(RangeError);
  });

  it("gives a capped count an instance of its own that cannot grow past the cap", () => {
    withCountMemoryCap(8, () => {
      const kernel = countingKernel();
      expect(kernel).not.toBe(tablesModule.exports);
      expect(countingKernel()).toBe(kernel); // one instance per cap, kept
      const memory = kernel.memory as unknown as { buffer: ArrayBuffer; grow(pages: number): number };
      expect(() => memory.grow(8 * 16 - memory.buffer.byteLength / 65536 + 1)).toThrow(RangeError);
    });
    expect(countMemoryCapMiB()).toBe(1024);
    expect(countingKernel()).toBe(tablesModule.exports);
  });

  it("stops a count past its cap with an out-of-memory KernelError naming the cap, and the same count fits a larger one", () => {
    let error: unknown;
    try {
      countTables({ ...problem, memoryCapMiB: 2 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KernelError);
    expect(error).toMatchObject({ code: "out-of-memory", message: expect.stringContaining("the kernel's cap of 2 MiB") });
    expect(countMemoryCapMiB()).toBe(1024); // put back after the error
    expect(countTables({ ...problem, memoryCapMiB: 8 })).toBe(answer);
    expect(countTables({ ...problem, memoryCapMiB: 4096 })).toBe(answer);
  });

  it("caps the symmetric method (whole tables and jobs) and the shards as well", () => {
    expect(() => countTables({ size: 8, counts: [2, 2, 2, 2], distinctRows: false, distinctColumns: false, memoryCapMiB: 1 })).toThrow(/cap of 1 MiB/);
    expect(() => countTables({ size: 10, counts: [4, 3, 3], method: "symmetric", memoryCapMiB: 1 })).toThrow(/cap of 1 MiB/); // jobs, with the rules
    expect(() => countTables({ ...problem, memoryCapMiB: 1 }, { shard: "0/2" })).toThrow(/cap of 1 MiB/);
    expect(countTables({ ...problem, memoryCapMiB: 8 }, { shard: "0/2" }) + countTables(problem, { shard: "1/2" })).toBe(answer);
  });

  it("stops the symmetric layers (a raw arena) at the cap saying what they asked for and held", () => {
    const free = { size: 8, counts: [2, 2, 2, 2], distinctRows: false, distinctColumns: false, method: "symmetric" as const };
    expect(() => countTables({ ...free, memoryCapMiB: 1 })).toThrow(/the kernel's cap of 1 MiB \(\d+ MiB asked for the layers of classes, 1 MiB held\)/);
    // At a cap of 2 MiB the layers take what is left after the static data, and the count fits.
    expect(countTables({ ...free, memoryCapMiB: 2 })).toBe(countTables(free));
  });

  slowTest("reaches the worker threads and the one-thread progress path", async () => {
    await expect(countTablesParallel({ ...problem, threads: 2, memoryCapMiB: 2 })).rejects.toMatchObject({
      code: "out-of-memory",
      message: expect.stringContaining("cap of 2 MiB"),
    });
    await expect(countTablesParallel({ ...problem, threads: 1, memoryCapMiB: 2, onProgress: () => {} })).rejects.toThrow(/cap of 2 MiB/);
    expect(countMemoryCapMiB()).toBe(1024);
    expect(await countTablesParallel({ ...problem, threads: 2, memoryCapMiB: 8 })).toBe(answer);
  });

  it("leaves a sampler prepared before a capped count working", () => {
    const prepared = prepareSampler({ size: 6, counts: [3, 3] });
    const first = tableDrawer(prepared, 5n)(2);
    expect(() => countTables({ ...problem, memoryCapMiB: 2 })).toThrow(KernelError);
    expect(tableDrawer(prepared, 5n)(2)).toEqual(first);
  });

  it.each([0, 4097, 1.5, "64", null, Number.NaN])("refuses memoryCapMiB %j with a UsageError", (memoryCapMiB) => {
    expect(() => countTables({ ...problem, memoryCapMiB: memoryCapMiB as number })).toThrow(UsageError);
    expect(() => countTables({ ...problem, memoryCapMiB: memoryCapMiB as number })).toThrow(/memoryCapMiB/);
  });
});
