// KernelError across the boundary: a kernel's coded abort, a bare trap, a trap with the
// memory exhausted, and the wrappers' own limit checks each arrive with their code.
import { describe, expect, it } from "vitest";
import { compileString } from "assemblyscript/asc";
import { InputError, KernelError, UsageError } from "../../src/errors.js";
import { Kernel } from "../../src/wasm/load.js";
import { countJobWasm } from "../../src/tables/dp-wasm.js";
import { runCountTask } from "../../src/tours/count-engine.js";

const SOURCE = `
export function coded(): void { abort("limit-exceeded: a count outgrew 128 bits"); }
export function uncoded(): void { abort("bad state"); }
export function bare(): void { unreachable(); }
export function exhaust(): void {
  while (memory.grow(1024) >= 0) {} // untouched pages: address space, not RAM
  unreachable();
}
export function fine(x: i32): i32 { return x + 1; }
export const MEMORY_CAP_PAGES: i32 = 20_000;
`;

interface Probe {
  memory: { buffer: ArrayBuffer };
  coded(): void;
  uncoded(): void;
  bare(): void;
  exhaust(): void;
  fine(x: number): number;
}

// Compiled once (asc costs most of a second of CPU); each probe is a fresh instance of it.
let compiled: Promise<Uint8Array> | undefined;
async function probeBinary(): Promise<Uint8Array> {
  compiled ??= (async () => {
    // A small cap on memory (1.25 GiB) so "out of memory" comes quickly.
    const { binary, stderr } = await compileString(SOURCE, { runtime: "stub", maximumMemory: 20_000, optimizeLevel: 0 });
    if (!binary) throw new Error(stderr.toString());
    return binary;
  })();
  return compiled;
}

async function probe(built: Record<string, number> = {}): Promise<Probe> {
  const binary = await probeBinary();
  const kernel = new Kernel<Probe>("tours", new URL("file:///nowhere/probe.wasm"), undefined, built);
  await kernel.ready(binary);
  return kernel.exports;
}

function thrown(work: () => unknown): KernelError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(KernelError);
    return error as KernelError;
  }
  throw new Error("expected a KernelError");
}

describe("kernel errors", () => {
  it("maps a coded abort to its code and message, an uncoded one or a bare trap to a broken invariant", async () => {
    const k = await probe();
    expect(k.fine(41)).toBe(42);
    const coded = thrown(() => k.coded());
    expect(coded.code).toBe("limit-exceeded");
    expect(coded.message).toBe("the tours kernel exceeded a fixed limit: a count outgrew 128 bits");
    expect(thrown(() => k.uncoded())).toMatchObject({ code: "invariant-broken", message: expect.stringMatching(/bad state at .*:\d+:\d+/) });
    expect(thrown(() => k.bare())).toMatchObject({ code: "invariant-broken", message: expect.stringMatching(/unreachable/) });
  });

  it("calls a trap after the memory stopped growing out of memory", async () => {
    const k = await probe();
    expect(thrown(() => k.exhaust())).toMatchObject({ code: "out-of-memory", kernel: "tours" });
  });

  it("checks jobs against the limits the tables and tours kernels export, instead of writing past them", () => {
    const tooManySymbols = thrown(() => countJobWasm(new Array(17).fill(1), { columns: [], rows: 1, minParts: 0, firstPart: 0 }));
    expect(tooManySymbols).toMatchObject({ code: "limit-exceeded", message: expect.stringContaining("17 symbols (at most 16)") });
    const bigBoard = thrown(() => runCountTask({ n: 17, start: 0, second: 3, closed: false, weight: 1 }));
    expect(bigBoard).toMatchObject({ code: "limit-exceeded", message: expect.stringContaining("more than 256 squares") });
  });

  it("refuses a module whose constants differ from the ones the build read (code compiled against them uses them unloaded)", async () => {
    await expect(probe({ MEMORY_CAP_PAGES: 20_000 })).resolves.toBeDefined();
    await expect(probe({ MEMORY_CAP_PAGES: 16_384 })).rejects.toMatchObject({
      code: "invariant-broken",
      message: expect.stringContaining("MEMORY_CAP_PAGES = 20000, expected 16384"),
    });
  });

  it("loading needs ready() where there is no file system to read from", () => {
    const kernel = new Kernel("farms", new URL("https://example.invalid/farms.wasm"));
    expect(() => kernel.exports).toThrow(/await ready\(\)/);
  });

  it("a source naming no file is the caller's error: a malformed escape a UsageError, a missing file an InputError", async () => {
    // "z%" once came out as URIError (found by the hostile-arguments property test).
    const fresh = () => new Kernel("farms", new URL("file:///nowhere/farms.wasm"));
    await expect(fresh().ready("z%")).rejects.toThrow(new UsageError('source: expected a URL or a path naming a .wasm file, got "z%" (a string)'));
    await expect(fresh().ready("/nowhere/at/all.wasm")).rejects.toBeInstanceOf(InputError);
  });
});
