// The tables WASM kernel's module, with the host side of its random source: the
// sampler's words come from the shared generator (assembly/common/random.ts), whose
// system mode asks the host to refill its block from globalThis.crypto. Every binding of
// this kernel (the DP count, the sampler) shares this one instance.
import { Kernel } from "../wasm/load.js";
import { fillRandomWords } from "../core/random.js";
import { tablesConstants, type TablesExports } from "../wasm/generated/tables.js";

let randomBlockWords: number | undefined;

/** The tables module (a literal URL, so bundlers ship the .wasm as an asset). */
export const tablesModule = new Kernel<TablesExports>("tables", new URL("../../build/tables.wasm", import.meta.url), (exports) => ({
  random: {
    refill(): void {
      // A fresh view each time: memory.buffer is replaced when the memory grows.
      const k = exports();
      randomBlockWords ??= tablesModule.constant("RANDOM_BLOCK_WORDS");
      fillRandomWords(new Uint32Array(k.memory.buffer, k.randomBlockPtr(), randomBlockWords));
    },
  },
}), tablesConstants);

/** The tables kernel's shared instance (every binding of this kernel uses it). */
export function tablesKernel(): TablesExports {
  return tablesModule.exports;
}
