// `npm run lint`: eslint over the project, skipped when nothing it reads changed since a
// run that passed. eslint's own --cache is not used: it re-lints only the files that
// changed, but the type-aware rules (no-floating-promises: a function made async in one
// file) can fire in a file that did not change, and a cache would hide that. Here any
// change relints everything. The digest (every .ts/.js/.mjs/.cjs/.json file outside the
// ignored folders, package-lock.json included) is kept in node_modules/.cache/tabula/
// (gitignored, wiped by `npm ci`). Extra arguments (e.g. --fix) always run eslint.
// Once the tree has been formatted and the file .prettier-enforced committed, lint also
// runs `npm run format:check` (scripts/format.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { clearStamp, digestOf, stampMatches, writeStamp } from "./input-digest.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const cache = join(root, "node_modules", ".cache", "tabula");
const stamp = join(cache, "lint.digest");
const args = process.argv.slice(2);
/** Folders eslint never reads here: dependencies, outputs, generated sites and reports. */
const SKIP = new Set(["node_modules", ".git", "dist", "build", "dist-web", "site", "test-results"]);

function inputFiles(dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return SKIP.has(d.name) ? [] : inputFiles(path);
    return /\.([cm]?[jt]s|json)$/.test(d.name) ? [relative(root, path)] : [];
  });
}

const digest = args.length === 0 ? digestOf(root, inputFiles().sort()) : undefined;
if (digest && stampMatches(stamp, digest)) {
  console.log("eslint: nothing changed since the last clean run (delete node_modules/.cache/tabula/lint.digest to run it anyway)");
  process.exit(0);
}
clearStamp(stamp);
if (existsSync(join(root, ".prettier-enforced"))) {
  const format = spawnSync(process.execPath, [join(root, "scripts", "format.mjs"), "--check"], { cwd: root, stdio: "inherit" });
  if (format.status !== 0) process.exit(format.status ?? 1);
}
const eslint = join(root, "node_modules", "eslint", "bin", "eslint.js");
const run = spawnSync(process.execPath, [eslint, ".", ...args], { cwd: root, stdio: "inherit" });
if (run.status === 0 && digest) writeStamp(stamp, digest);
process.exit(run.status ?? 1);
