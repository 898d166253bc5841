// The tables WASM kernel's module, with the host side of its random source: the
// sampler's words come from the shared generator (assembly/common/random.ts), whose
// system mode asks the host to refill its block from globalThis.crypto. Every binding of
// this kernel shares the one instance with the default memory cap; a count that asks for
// another cap gets an instance of its own (countingKernel).
import { Kernel } from "../wasm/load.js";
import { KernelError } from "../errors.js";
import { fillRandomWords } from "../core/random.js";
import { tablesConstants, type TablesExports } from "../wasm/generated/tables.js";

let randomBlockWords: number | undefined;

/** The tables module (a literal URL, so bundlers ship the .wasm as an asset). */
export const tablesModule = new Kernel<TablesExports>(
  "tables",
  new URL("../../build/tables.wasm", import.meta.url),
  (exports) => ({
    random: {
      refill(): void {
        // A fresh view each time: memory.buffer is replaced when the memory grows.
        const k = exports();
        randomBlockWords ??= tablesModule.constant("RANDOM_BLOCK_WORDS");
        fillRandomWords(new Uint32Array(k.memory.buffer, k.randomBlockPtr(), randomBlockWords));
      },
    },
  }),
  tablesConstants,
);

/** The tables kernel's shared instance, with the default memory cap (the sampler uses it). */
export function tablesKernel(): TablesExports {
  return tablesModule.exports;
}

/** MiB in a wasm page. */
const PAGES_PER_MIB = 16;
/** A count's memory cap unless it asks for another (memoryCapMiB, count-farms --memory): 1024 MiB. */
export const DEFAULT_TABLES_MEMORY_MIB = tablesConstants.MEMORY_DEFAULT_CAP_PAGES / PAGES_PER_MIB;
/** The largest cap a count may ask for: the 4096 MiB a wasm32 memory holds. */
export const MAX_TABLES_MEMORY_MIB = tablesConstants.MEMORY_CAP_PAGES / PAGES_PER_MIB;
/** The smallest: the memory an instance starts with. */
export const MIN_TABLES_MEMORY_MIB = tablesConstants.MEMORY_INITIAL_PAGES / PAGES_PER_MIB;

// The cap of the counts running in this thread now, and the instance of their own when
// it is not the default (one at a time; dropped if it traps).
let countCapMiB = DEFAULT_TABLES_MEMORY_MIB;
let capped: { mib: number; exports: TablesExports } | undefined;

/** The instance counts run on: the shared one at the default cap, else one of its own at the cap asked for. */
export function countingKernel(): TablesExports {
  if (countCapMiB === DEFAULT_TABLES_MEMORY_MIB) return tablesModule.exports;
  if (capped?.mib !== countCapMiB) {
    const exports = tablesModule.instantiate(() => {
      if (capped?.exports === exports) capped = undefined;
    }, countCapMiB * PAGES_PER_MIB);
    capped = { mib: countCapMiB, exports };
  }
  return capped.exports;
}

/** The memory cap in MiB that the counts of this thread run under now. */
export function countMemoryCapMiB(): number {
  return countCapMiB;
}

/**
 * Runs a count with its kernel memory capped at `mib` (undefined: the default), then puts
 * the cap back; an async count keeps the cap until its promise settles. Counts that
 * overlap in one thread with different caps share the latest one.
 */
export function withCountMemoryCap<T>(mib: number | undefined, run: () => T): T {
  const before = countCapMiB;
  countCapMiB = mib ?? DEFAULT_TABLES_MEMORY_MIB;
  let result: T;
  try {
    result = run();
  } catch (error) {
    countCapMiB = before;
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => (countCapMiB = before)) as T;
  countCapMiB = before;
  return result;
}

/**
 * A count stopped by its memory cap, as the one-line KernelError its caller shows (`what`:
 * the state tables, the classes of states; `asked`: what the kernel asked for and held,
 * when it says).
 */
export function capReachedError(what: string, asked?: string): KernelError {
  return new KernelError(
    "tables",
    "out-of-memory",
    `this count needs more memory for its ${what} than the kernel's cap of ${countCapMiB} MiB${asked ? ` (${asked})` : ""}; it is out of reach at that cap (count-farms --memory or memoryCapMiB raise it, up to ${MAX_TABLES_MEMORY_MIB} MiB; smaller sizes or fewer symbols need less)`,
  );
}

/** What the symmetric kernel's layers say when they reach the cap (assembly/tables/arena.ts): "cap: <asked and held>". */
const ARENA_CAP = /^the tables kernel ran out of memory: cap: (.*)$/;

/**
 * A symmetric count's error as its caller shows it: the kernel's layers at the memory cap
 * (what they asked for and held) or the allocator out of memory, as capReachedError; the
 * system refusing memory under the cap, and anything else, as it is.
 */
export function symCountError(error: unknown): unknown {
  if (!(error instanceof KernelError) || error.code !== "out-of-memory") return error;
  const arena = ARENA_CAP.exec(error.message);
  if (arena) return capReachedError("classes of states", arena[1]);
  if (error.message.includes("the system gave no more memory")) return error;
  return capReachedError("classes of states");
}
