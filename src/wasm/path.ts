// Where the release kernels sit on disk (Node only: the portable API locates them by URL).
import { oneOf } from "../args.js";
import { fileURLToPath } from "node:url";
import type { KernelName } from "./load.js";

/**
 * Absolute path of a kernel's release .wasm file (works from src/ and dist/).
 *
 * @param name the kernel: "farms", "tables", "housie" or "tours"
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { wasmPath } from "tabula-grids";
 *
 * WebAssembly.validate(readFileSync(wasmPath("tours"))); // true
 * ```
 */
export function wasmPath(name: KernelName): string {
  oneOf(name, "name", ["farms", "tables", "housie", "tours"] as const);
  return fileURLToPath(new URL(`../../build/${name}.wasm`, import.meta.url));
}
