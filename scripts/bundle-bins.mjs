// Bundles the three CLIs (dist/cli/<name>.js, the dist/ modules they import and commander)
// into dist/bin/ with esbuild, for start-up: Node resolves, reads and compiles each module
// on its own (a CommonJS package such as commander also through its CJS loader and export
// scanner), and `housie tickets -n 1` loaded about 30 of them (~20 ms of its ~130);
// `count-farms --help` and `pen-paper --help` take about a fifth less CPU time bundled.
// Other npm packages stay external (pdfkit reads its font files next to itself); what a
// CLI imports on demand (check, audit, PDF) becomes chunks loaded on demand, and code the
// CLIs share becomes shared chunks. dist/bin/ is as deep as dist/cli/, so the
// `new URL("../../build/…", import.meta.url)` paths of the kernels and the worker threads'
// entry files (src/workers/file.ts: `../../dist/<file>`, left unbundled in dist/) still
// hold. Runs after tsc (npm run build:ts); package.json's "bin" points at the bundles.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const BINS = ["bingo", "count-farms", "housie", "pen-paper"];
/** Packages bundled in (pure JavaScript, loaded by every command). */
const BUNDLED = new Set(["commander"]);

const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => (BUNDLED.has(path) ? undefined : { path, external: true }));
  },
};

rmSync(`${root}dist/bin`, { recursive: true, force: true }); // no stale chunks
await build({
  absWorkingDir: root,
  entryPoints: BINS.map((name) => `dist/cli/${name}.js`),
  outdir: "dist/bin",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  plugins: [externalPackages],
  // commander is CommonJS: its require() of Node built-ins needs a require in ESM.
  banner: { js: 'import { createRequire as __binRequire } from "node:module"; const require = __binRequire(import.meta.url);' },
  sourcemap: true,
  logLevel: "warning",
});
