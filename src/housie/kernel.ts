// The housie WASM kernel's binding, typed by the declarations the build generates from the
// module (src/wasm/generated/housie.ts): its exports, the sizes and layouts it exports
// (read at load time, never copied), and the host side of its random source
// (globalThis.crypto fills the kernel's block whenever it asks).
import { Kernel } from "../wasm/load.js";
import { fillRandomWords } from "../core/random.js";
import { housieConstants, type HousieExports } from "../wasm/generated/housie.js";
import type { KernelExports } from "../wasm/load.js";

/** The housie kernel's exports, as the build generates them from the module. */
export type HousieKernel = HousieExports;

/** Sizes and layouts the kernel exports (assembly/housie/index.ts). */
export interface HousieLayout {
  /** Books per generateBooks call (tickets per generateTickets call: 6×). */
  batch: number;
  /** Words in the random block the host refills. */
  randomBlockWords: number;
}

/** The housie module (a literal URL, so bundlers ship the .wasm as an asset). */
export const housieModule = new Kernel<HousieKernel>(
  "housie",
  new URL("../../build/housie.wasm", import.meta.url),
  (exports) => ({
    random: {
      refill(): void {
        // A fresh view each time: memory.buffer is replaced when the memory grows.
        const k = exports();
        fillRandomWords(new Uint32Array(k.memory.buffer, k.randomBlockPtr(), housieLayout().randomBlockWords));
      },
    },
  }),
  housieConstants,
);

let layout: HousieLayout | undefined;

/** The shared kernel instance (compiled from assembly/housie), for calls that keep no state between them. */
export function housieKernel(): HousieKernel {
  return housieModule.exports;
}

/** The kernel's sizes and layouts, read from its exports once. */
export function housieLayout(): HousieLayout {
  layout ??= {
    batch: housieModule.constant("BATCH"),
    randomBlockWords: housieModule.constant("RANDOM_BLOCK_WORDS"),
  };
  return layout;
}

/** A view of `length` bytes at `ptr` in the current memory of instance `k` (default: the shared one). */
export function kernelBytes(ptr: number, length: number, k: KernelExports = housieKernel()): Uint8Array {
  return new Uint8Array(k.memory.buffer, ptr, length);
}
