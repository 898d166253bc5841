// Runs the project's own tsc on a tsconfig incrementally: tsc keeps what it learnt in a
// build-info file under node_modules/.cache/tabula/ (gitignored, and wiped by `npm ci`), and
// the next run re-checks and re-emits only what changed since. Used by `npm run build:ts`
// (tsconfig.json, writes dist/) and `npm run typecheck` (tsconfig.check.json, no output).
// Usage: tsc-incremental.mjs <tsconfig> [--force]
//
// Even a run with nothing to do costs tsc seconds (it parses every file), so the digest of
// the inputs (every .ts file the config includes, the tsconfig files, package-lock.json
// and this script) is kept beside the build info after a run that passed; the same digest
// again skips tsc. tsc trusts its build info: it does not look whether the files it
// emitted are still there. So when the project emits, every src/**/*.ts without its
// dist/**/*.js (dist/ removed, or a file added beside a stale build info) drops both the
// build info and the digest, and the run is a full one. --force always does.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { clearStamp, digestOf, stampMatches, writeStamp } from "./input-digest.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const project = process.argv[2];
if (!project || !existsSync(join(root, project))) {
  console.error(`usage: tsc-incremental.mjs <tsconfig> [--force] (got ${JSON.stringify(project)})`);
  process.exit(2);
}
const cache = join(root, "node_modules", ".cache", "tabula");
// Named by the checkout too: a git worktree that links its node_modules to another's shares
// this folder, and one build info for two checkouts would skip emits the other needs.
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 8);
const buildInfo = join(cache, `${basename(project, ".json")}-${checkout}.tsbuildinfo`);
const stamp = join(cache, `${basename(project, ".json")}-${checkout}.digest`);
mkdirSync(cache, { recursive: true });

/** The config file and those it extends, parsed (these tsconfig files are plain JSON). */
function configChain(file) {
  const config = JSON.parse(readFileSync(join(root, file), "utf8"));
  return [{ file, config }, ...(config.extends ? configChain(config.extends) : [])];
}
const chain = configChain(project);

/** Whether the project writes output (tsconfig.json does, to dist/; tsconfig.check.json says noEmit). */
function emits() {
  return !chain.some(({ config }) => config.compilerOptions?.noEmit === true);
}

/** The digest of everything the run reads from the project: sources, configs, the lock file. */
function inputDigest() {
  const include = chain.find(({ config }) => config.include)?.config.include ?? [];
  const files = include.flatMap((entry) => {
    const path = join(root, entry);
    if (!existsSync(path)) return [];
    if (!statSync(path).isDirectory()) return [entry];
    return readdirSync(path, { recursive: true })
      .map(String)
      .filter((f) => /\.[cm]?tsx?$/.test(f))
      .map((f) => join(entry, f));
  });
  return digestOf(root, [...chain.map(({ file }) => file), "package-lock.json", "scripts/tsc-incremental.mjs", "scripts/input-digest.mjs", ...files.sort()]);
}

/** Sources under src/ whose compiled file is not in dist/. */
function missingOutputs() {
  return readdirSync(join(root, "src"), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .filter((file) => !existsSync(join(root, "dist", file.replace(/\.ts$/, ".js"))));
}

if (process.argv.includes("--force") || (emits() && missingOutputs().length > 0)) {
  rmSync(buildInfo, { force: true });
  clearStamp(stamp);
}
const digest = inputDigest();
if (stampMatches(stamp, digest)) {
  console.log(`tsc: ${project} up to date (--force runs it again)`);
  process.exit(0);
}
clearStamp(stamp);
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
const run = spawnSync(process.execPath, [tsc, "-p", project, "--incremental", "--tsBuildInfoFile", buildInfo], { cwd: root, stdio: "inherit" });
if (run.status === 0) writeStamp(stamp, digest);
process.exit(run.status ?? 1);
