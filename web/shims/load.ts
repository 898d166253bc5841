// Browser stand-in for src/wasm/load.ts (see plugin.ts): `preloadKernels()` fetches and
// compiles the kernels' .wasm assets once; `loadKernel` then instantiates synchronously
// with the same loader as Node, so the library's synchronous API works unchanged.
import { instantiateSync, type ASUtil, type Imports } from "@assemblyscript/loader";
import farmsUrl from "../../build/farms.wasm?url";
import tablesUrl from "../../build/tables.wasm?url";
import housieUrl from "../../build/housie.wasm?url";
import toursUrl from "../../build/tours.wasm?url";

export type KernelName = "farms" | "tables" | "housie" | "tours";

const urls: Record<KernelName, string> = { farms: farmsUrl, tables: tablesUrl, housie: housieUrl, tours: toursUrl };
const modules = new Map<KernelName, WebAssembly.Module>();
const instances = new Map<KernelName, unknown>();

export async function preloadKernels(names: readonly KernelName[] = ["farms", "tables", "housie", "tours"]): Promise<void> {
  await Promise.all(names.map(async (name) => {
    if (!modules.has(name)) modules.set(name, await WebAssembly.compileStreaming(fetch(urls[name])));
  }));
}

export function wasmPath(name: KernelName): string {
  return urls[name];
}

export function loadKernel<T extends Record<string, unknown>>(name: KernelName, imports: Imports = {}): ASUtil & T {
  let exports = instances.get(name) as (ASUtil & T) | undefined;
  if (!exports) {
    const module = modules.get(name);
    if (!module) throw new Error(`tabula: the ${name} kernel is not loaded yet`);
    exports = instantiateSync<T>(module as unknown as ArrayBuffer, imports).exports;
    instances.set(name, exports);
  }
  return exports;
}
