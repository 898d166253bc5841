// Bundles the housie CLI (dist/cli/housie.js and the dist/ modules it imports) into
// dist/bin/ with esbuild, for start-up: Node resolves, reads and compiles each ES module
// on its own, and `housie tickets -n 1` loaded about 25 of them (~15 ms of its ~120).
// npm packages stay external (pdfkit reads its font files next to itself); what the CLI
// imports on demand (check, audit, PDF) becomes chunks loaded on demand. dist/bin/ is as
// deep as dist/cli/, so the `new URL("../../build/…", import.meta.url)` paths still hold.
// Runs after tsc (npm run build:ts); package.json's "bin" points at the bundle.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const BINS = ["housie"];

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
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
