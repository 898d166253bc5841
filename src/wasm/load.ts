// Loads a kernel module from build/<name>.wasm with @assemblyscript/loader, once per
// process: every caller shares the same instance.
import { instantiateSync, type ASUtil, type Imports } from "@assemblyscript/loader";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Kernel modules built from assembly/<name>/index.ts. */
export type KernelName = "farms" | "tables" | "housie" | "tours";

const instances = new Map<KernelName, unknown>();

/** Absolute path of a kernel's release .wasm file (works from src/ and dist/). */
export function wasmPath(name: KernelName): string {
  return fileURLToPath(new URL(`../../build/${name}.wasm`, import.meta.url));
}

/**
 * The shared instance of a kernel, with the loader's memory helpers. `imports` are used
 * by the first call only (the one that instantiates), for kernels that call the host.
 */
export function loadKernel<T extends Record<string, unknown>>(name: KernelName, imports: Imports = {}): ASUtil & T {
  let exports = instances.get(name) as (ASUtil & T) | undefined;
  if (!exports) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(wasmPath(name));
    } catch {
      throw new Error(`tabula: ${wasmPath(name)} is missing; run \`npm run build\` to compile the WASM kernels`);
    }
    exports = instantiateSync<T>(bytes, imports).exports;
    instances.set(name, exports);
  }
  return exports;
}
