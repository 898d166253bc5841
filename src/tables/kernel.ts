// The shared "tables" kernel instance, loaded with the host side of its random source:
// the sampler's words come from housie's generator code (assembly/housie/rng.ts), whose
// system mode asks the host to refill its block from the OS CSPRNG.
import type { ASUtil } from "@assemblyscript/loader";
import { loadKernel } from "../wasm/load.js";

/** Words in assembly/housie/rng.ts's random block. */
const RANDOM_BLOCK_WORDS = 4096;

interface RandomExports {
  memory: { buffer: ArrayBuffer };
  randomBlockPtr(): number;
}

let kernel: (ASUtil & RandomExports) | undefined;

/** The tables kernel (every caller shares it), typed as `T`. */
export function tablesKernel<T extends Record<string, unknown>>(): ASUtil & T {
  if (!kernel) {
    const refill = (): void => {
      // A fresh view each time: memory.buffer is replaced when the memory grows.
      globalThis.crypto.getRandomValues(new Uint32Array(kernel!.memory.buffer, kernel!.randomBlockPtr(), RANDOM_BLOCK_WORDS));
    };
    kernel = loadKernel<RandomExports & Record<string, unknown>>("tables", { housie: { refill } });
  }
  return kernel as unknown as ASUtil & T;
}
