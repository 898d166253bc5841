// Vite config of the web app (web/ → dist-web/). The app imports the library as
// `tabula/<problem>`; the aliases below point those at the library's sources so the
// same TypeScript runs in the page's worker, and bundle the .wasm kernels as assets.
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { browserShims } from "./shims/plugin.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("."),
  base: "./",
  publicDir: false,
  resolve: {
    alias: [
      { find: /^tabula\/(farms|tables|housie|tours)$/, replacement: here("./shims/entries/$1.ts") },
    ],
  },
  // src/tours/count-engine.ts salts its memo sessions with process.pid (Node only).
  define: { "process.pid": "1" },
  plugins: [browserShims()],
  worker: { format: "es", plugins: () => [browserShims()] },
  build: {
    outDir: here("../dist-web"),
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
  },
  server: { host: "127.0.0.1", fs: { allow: [here("..")] } },
  preview: { host: "127.0.0.1" },
});
