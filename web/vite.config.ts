// Vite config of the web app (web/ → dist-web/). The app imports the library as
// `tabula-grids/<problem>`; each is resolved as the package's own exports resolve it for a
// browser (the "default" condition), pointed at the TypeScript sources so a dev server
// needs no prior tsc. The kernels' .wasm files come along as assets through the
// library's `new URL("…/x.wasm", import.meta.url)`.
import { defineConfig } from "vite";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

type ExportTarget = string | { default?: string };
const exportsField = JSON.parse(readFileSync(here("../package.json"), "utf8")).exports as Record<string, ExportTarget>;
const entryPoints = Object.entries(exportsField).flatMap(([subpath, target]) => {
  const file = typeof target === "string" ? target : target.default;
  if (!file?.startsWith("./dist/") || !file.endsWith(".js")) return [];
  const name = subpath === "." ? "tabula-grids" : `tabula-grids/${subpath.slice(2)}`;
  return [{ find: new RegExp(`^${name}$`), replacement: here(`../src/${file.slice("./dist/".length, -".js".length)}.ts`) }];
});

export default defineConfig({
  root: here("."),
  base: "./",
  publicDir: false,
  resolve: { alias: entryPoints },
  worker: {
    format: "es",
    // piscina (the Node thread pool behind the library's parallel counts) is never called in
    // a browser; once the worker is split (the PDF chunk loads lazily) rolldown would keep
    // its CommonJS body, which extends Node's EventEmitterAsyncResource and throws.
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]piscina[\\/]/, sideEffects: false }] } },
  },
  build: {
    outDir: here("../dist-web"),
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
  },
  server: { host: "127.0.0.1", fs: { allow: [here("..")] } },
  preview: { host: "127.0.0.1" },
});
