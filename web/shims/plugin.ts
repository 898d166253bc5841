// Until the library loads in browsers by itself (issue 10: `await ready()` per entry
// point), the web build swaps its few Node-only modules for browser ones: the kernel
// loader (fetches the .wasm assets once, then instantiates synchronously — allowed in a
// worker, where all kernels run), node:crypto's randomFillSync (getRandomValues) and the
// worker-thread pools (the page runs one thread per job in its Web Worker).
import type { Plugin } from "vite";
import { fileURLToPath } from "node:url";

const shim = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));

const replacements: [RegExp, string][] = [
  [/[\\/]src[\\/]wasm[\\/]load\.(js|ts)$/, shim("load")],
  [/^node:crypto$/, shim("crypto")],
  [/^node:url$/, shim("url")],
  [/^node:fs$/, shim("fs")],
  [/^piscina$/, shim("piscina")],
  [/^node:os$/, shim("os")],
];

export function browserShims(): Plugin {
  return {
    name: "tabula-browser-shims",
    enforce: "pre",
    async resolveId(source, importer, options) {
      for (const [pattern, target] of replacements) if (pattern.test(source)) return target;
      if (!importer || !source.startsWith(".")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      for (const [pattern, target] of replacements) if (pattern.test(resolved.id)) return target;
      return null;
    },
  };
}
