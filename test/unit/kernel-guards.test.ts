// Every host-called setter checks its arguments in the kernel: a value past a fixed
// array is a KernelError "limit-exceeded", never a write over the kernel's static data.
// Each kernel's memory is capped (the MEMORY_CAP_PAGES it exports).
import { describe, expect, it } from "vitest";
import { KernelError } from "../../src/errors.js";
import { housieKernel } from "../../src/housie/kernel.js";
import { tablesKernel } from "../../src/tables/kernel.js";
import { toursModule } from "../../src/tours/kernel.js";
import { housieModule } from "../../src/housie/kernel.js";
import { tablesModule } from "../../src/tables/kernel.js";

function limitExceeded(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(KernelError);
    expect((error as KernelError).code).toBe("limit-exceeded");
    return (error as KernelError).message;
  }
  throw new Error("expected a limit-exceeded KernelError");
}

describe("kernel setters check their arguments", () => {
  it("tables: the sampler's and the DP's setters", () => {
    const k = tablesKernel();
    expect(limitExceeded(() => k.graphSetup(4, 17, 10, 10))).toMatch(/graphSetup: symbols/);
    expect(limitExceeded(() => k.graphSetup(11, 2, 10, 10))).toMatch(/graphSetup: size/);
    k.graphSetup(4, 2, 10, 10);
    expect(limitExceeded(() => k.graphSetCount(2, 1, 1))).toMatch(/graphSetCount: symbol/);
    expect(limitExceeded(() => k.graphSetRootCode(4, 0))).toMatch(/graphSetRootCode: column/);
    expect(limitExceeded(() => k.sampleSetup(4, 20, 4, 0, true, true))).toMatch(/sampleSetup: symbols/);
    k.sampleSetup(4, 2, 3, 1, true, true);
    expect(limitExceeded(() => k.sampleSetRadix(2, 1))).toMatch(/sampleSetRadix/);
    expect(limitExceeded(() => k.sampleSetRootNeed(4, 0))).toMatch(/sampleSetRootNeed/);
    expect(limitExceeded(() => k.sampleSetGiven(1, 0, 0))).toMatch(/sampleSetGiven: row/);
    expect(limitExceeded(() => k.sampleSetGiven(0, 0, 2))).toMatch(/sampleSetGiven: symbol/);
    expect(limitExceeded(() => k.setSymbolCount(16, 1))).toMatch(/setSymbolCount/);
    expect(limitExceeded(() => k.setColumnCount(tablesModule.constant("MAX_COLUMNS") + 1))).toMatch(/setColumnCount/);
    expect(limitExceeded(() => k.countJob(tablesModule.constant("MAX_ROWS") + 1, 0, 0))).toMatch(/countJob/);
  });

  it("tables: the symmetric method's setters, against SYM_MAX_SIZE and SYM_MAX_SYMBOLS", () => {
    const k = tablesKernel();
    const size = tablesModule.constant("SYM_MAX_SIZE");
    const symbols = tablesModule.constant("SYM_MAX_SYMBOLS");
    expect(limitExceeded(() => k.symSetup(size + 1, 2))).toMatch(/symSetup: size/);
    expect(limitExceeded(() => k.symSetup(4, symbols + 1))).toMatch(/symSetup: symbols/);
    k.symSetup(4, 2);
    expect(limitExceeded(() => k.symSetCount(2, 1))).toMatch(/symSetCount: symbol/);
    expect(limitExceeded(() => k.symSetCount(0, size + 1))).toMatch(/symSetCount: count/);
    expect(limitExceeded(() => k.symSetNeed(4, 0, 1))).toMatch(/symSetNeed: column/);
    expect(limitExceeded(() => k.symSetNeed(0, 2, 1))).toMatch(/symSetNeed: symbol/);
    expect(limitExceeded(() => k.symSetNeed(0, 0, size + 1))).toMatch(/symSetNeed: need/);
  });

  it("housie: calls, batch sizes and the uniqueness set", () => {
    const k = housieKernel();
    expect(limitExceeded(() => k.setCall(91, 1))).toMatch(/setCall: number/);
    expect(limitExceeded(() => k.setCall(5, 255))).toMatch(/setCall: call/);
    const batch = housieModule.constant("BATCH");
    expect(limitExceeded(() => k.generateBooks(batch + 1, false))).toMatch(/count past the batch/);
    expect(limitExceeded(() => k.checkTickets(6 * batch + 1))).toMatch(/checkTickets/);
    expect(limitExceeded(() => housieKernel().formatJsonl(batch + 1, 6, 1n))).toMatch(/formatJsonl/);
    expect(limitExceeded(() => k.reserveIssued(2 ** 26))).toMatch(/reserveIssued/);
  });

  it("tours: the board and squares of a count or a tour", () => {
    const k = toursModule.exports;
    expect(limitExceeded(() => k.countPaths(17, 0, -1, false, 1))).toMatch(/countPaths: board/);
    expect(limitExceeded(() => k.countPaths(5, 25, -1, false, 1))).toMatch(/countPaths: start/);
    expect(limitExceeded(() => k.generate(5, false, 25, 1))).toMatch(/generate: start/);
  });

  it("tours: the frontier counter's graph setters", () => {
    const k = toursModule.exports;
    expect(limitExceeded(() => k.frontierBegin(toursModule.constant("FRONTIER_MAX_SQUARES") + 1))).toMatch(/takes 1 to/);
    k.frontierBegin(4);
    expect(limitExceeded(() => k.frontierEdge(4, 0))).toMatch(/frontierEdge: step/);
    expect(limitExceeded(() => k.frontierEdge(2, 2))).toMatch(/frontierEdge: the earlier step/);
    expect(limitExceeded(() => k.frontierEdge(2, -1))).toMatch(/frontierEdge: the earlier step/);
    k.frontierBegin(4);
    expect(limitExceeded(() => k.frontierForce(4))).toMatch(/frontierForce/);
    expect(limitExceeded(() => k.frontierSetMemoryCap(0))).toMatch(/frontierSetMemoryCap/);
    expect(limitExceeded(() => k.frontierSetMemoryCap(4097))).toMatch(/frontierSetMemoryCap/);
  });
});

describe("kernel memory caps", () => {
  it.each([
    ["housie", () => housieModule.exports.memory, () => housieModule.constant("MEMORY_CAP_PAGES")],
    ["tables", () => tablesModule.exports.memory, () => tablesModule.constant("MEMORY_CAP_PAGES")],
    ["tours", () => toursModule.exports.memory, () => toursModule.constant("MEMORY_CAP_PAGES")],
  ] as const)("%s cannot grow past its MEMORY_CAP_PAGES", (_name, memoryOf, capOf) => {
    const memory = memoryOf() as unknown as { buffer: ArrayBuffer; grow(pages: number): number };
    const cap = capOf();
    expect(cap).toBeGreaterThan(0);
    expect(() => memory.grow(cap - memory.buffer.byteLength / 65536 + 1)).toThrow(RangeError);
  });
});

describe("kernel bindings are typed from the build's declarations", () => {
  it("a misspelt export or constant is a type error (checked by npm run typecheck)", () => {
    // @ts-expect-error: no export countPath (the kernel has countPaths)
    const misspelt = (): unknown => toursModule.exports.countPath;
    // @ts-expect-error: no constant MAX_COUNT_SQUARE
    const constant = (): number => toursModule.constant("MAX_COUNT_SQUARE");
    expect(misspelt()).toBeUndefined();
    expect(constant).toThrow(/no constant MAX_COUNT_SQUARE/);
  });
});
