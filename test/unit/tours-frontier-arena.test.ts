// The frontier arena under the largest cap: --memory 4096 is all the wasm32 memory has
// above the kernel's own data (static data, heap, edge lists), not 4096 MiB past them,
// which the memory could never hold; smaller caps are the arena's, exactly.
import { describe, expect, it } from "vitest";
import { countHamiltonian } from "../../src/tours/frontier.js";
import { toursModule } from "../../src/tours/kernel.js";

describe("the frontier arena's cap", () => {
  it("4096 MiB: the arena may take the rest of the 4 GiB memory above its start; 64 MiB: exactly 64 MiB", () => {
    expect(countHamiltonian({ rows: 5, cols: 5, memoryCapMiB: 4096 }).count).toBe(12400n);
    const kernel = toursModule.exports;
    const memoryBytes = (kernel.memory.buffer as ArrayBuffer).byteLength;
    const room = Number(kernel.frontierArenaCap());
    // The arena ends the memory after a count, so it starts at most at the memory's end.
    expect(room).toBeGreaterThanOrEqual(2 ** 32 - memoryBytes);
    expect(room).toBeLessThan(2 ** 32);
    kernel.frontierSetMemoryCap(64);
    expect(Number(kernel.frontierArenaCap())).toBe(64 * 2 ** 20);
  });
});
