// Compiles every kernel module assembly/<name>/index.ts to build/<name>.wasm with the
// local asc and the "release" target of asconfig.json (-O3 --noAssert). One module per
// problem keeps each instance's memory and start-up small. A kernel with test hooks also has
// assembly/<name>/test.ts (the release exports plus the hooks), built to build/test/<name>.wasm
// for the tests only. Usage: build-wasm.mjs [--debug] [--force] [name...]
//
// Incremental: a build whose inputs are unchanged since it was last made is skipped. Its
// inputs are the kernel's folder, assembly/common (and any other assembly folder it
// imports), assembly/tsconfig.json, asconfig.json, this script and kernel-types.mjs, the
// installed assemblyscript's version and the target; their digest is kept in a stamp
// beside the outputs (build/<name>.stamp, build/test/<name>.stamp), written only after a
// build that succeeded. A missing output or generated type file, another digest, or
// --force rebuilds; a fresh clone (no build/) builds everything.
import { writeKernelTypes } from "./kernel-types.mjs";
import { clearStamp, digestOf, stampMatches, writeStamp } from "./input-digest.mjs";
import { readdirSync, readFileSync, existsSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";

const target = process.argv.includes("--debug") ? "debug" : "release";
const force = process.argv.includes("--force");
const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const modules = readdirSync(join(root, "assembly"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, "assembly", d.name, "index.ts")))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

// Every kernel's memory is capped at the MEMORY_CAP_PAGES (64 KiB pages) its index.ts
// exports: a problem that cannot fit stops with a clear error instead of memory growing
// until the machine gives out. The host reads the same constant to word that error. A
// kernel that also exports MEMORY_DEFAULT_CAP_PAGES imports its memory, so that the host
// can give each instance a cap of its own (at most MEMORY_CAP_PAGES), starting from the
// MEMORY_INITIAL_PAGES it exports.
function pagesConstant(source, name) {
  const match = new RegExp(`export const ${name}: i32 = ([\\d_]+);`).exec(source);
  return match ? match[1].replaceAll("_", "") : undefined;
}

/** Kernel `name`'s memory in pages: { maximum, initial }, initial only when it imports its memory. */
function memoryPages(name) {
  const source = readFileSync(join(root, "assembly", name, "index.ts"), "utf8");
  const cap = pagesConstant(source, "MEMORY_CAP_PAGES");
  if (!cap) throw new Error(`assembly/${name}/index.ts exports no MEMORY_CAP_PAGES`);
  if (pagesConstant(source, "MEMORY_DEFAULT_CAP_PAGES") === undefined) return { maximum: Number(cap) };
  const initial = pagesConstant(source, "MEMORY_INITIAL_PAGES");
  if (!initial) throw new Error(`assembly/${name}/index.ts imports its memory but exports no MEMORY_INITIAL_PAGES`);
  return { maximum: Number(cap), initial: Number(initial) };
}

function memoryCapFlags(name) {
  const { maximum, initial } = memoryPages(name);
  if (initial === undefined) return ["--maximumMemory", String(maximum)];
  // The host always hands an instance a fresh (zeroed) memory, so its zero data can go.
  return ["--maximumMemory", String(maximum), "--importMemory", "--zeroFilledMemory", "--initialMemory", String(initial)];
}

/** The pages an imported memory is declared with ({ initial, maximum }), or undefined if the kernel has its own. */
function importedMemoryPages(name) {
  const pages = memoryPages(name);
  return pages.initial === undefined ? undefined : pages;
}

// Binaryen prints "Last converge was suboptimal." when --converge stops at its round
// limit; the module is still fully optimised and valid, so the line is only noise.
const NOISE = /^Last converge was suboptimal\.\n?/gm;
const quietStderr = {
  write(chunk) {
    const text = String(chunk).replace(NOISE, "");
    if (text) process.stderr.write(text);
    return true;
  },
};

/** Every file under `dir` (relative to the root), sorted. */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(root, join(d.parentPath ?? d.path, d.name)))
    .sort();
}

const kernelDirs = new Set(
  readdirSync(join(root, "assembly"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, "assembly", d.name, "index.ts")))
    .map((d) => d.name),
);
const ascVersion = JSON.parse(readFileSync(join(root, "node_modules", "assemblyscript", "package.json"), "utf8")).version;

/** The assembly folders kernel `name` compiles from: its own, every shared one, and any other kernel's it imports. */
function sourceDirs(name) {
  const dirs = new Set([name]);
  for (const d of readdirSync(join(root, "assembly"), { withFileTypes: true })) if (d.isDirectory() && !kernelDirs.has(d.name)) dirs.add(d.name);
  for (let grew = true; grew;) {
    grew = false;
    for (const dir of [...dirs]) {
      for (const file of filesUnder(join(root, "assembly", dir))) {
        for (const [, other] of readFileSync(join(root, file), "utf8").matchAll(/from\s+"\.\.\/([\w-]+)\//g)) {
          if (!dirs.has(other) && existsSync(join(root, "assembly", other))) {
            dirs.add(other);
            grew = true;
          }
        }
      }
    }
  }
  return [...dirs].sort();
}

/** The digest of everything a build of kernel `name` depends on. */
function inputDigest(name, test) {
  const files = [
    ...sourceDirs(name).flatMap((dir) => filesUnder(join(root, "assembly", dir))),
    "assembly/tsconfig.json",
    "asconfig.json",
    "scripts/build-wasm.mjs",
    "scripts/kernel-types.mjs",
    "scripts/input-digest.mjs",
  ];
  return digestOf(root, files, JSON.stringify({ target, test, asc: ascVersion, cap: memoryCapFlags(name) }));
}

/** The files a build of kernel `name` to `out` writes. */
function outputsOf(name, out, test) {
  const types = test ? join("test", "support", "generated", `${name}.ts`) : join("src", "wasm", "generated", `${name}.ts`);
  return [`${out}.wasm`, `${out}.wat`, `${out}.d.ts`, `${out}.js`, types].map((file) => join(root, file));
}

function upToDate(stamp, digest, outputs) {
  return !force && outputs.every((file) => existsSync(file)) && stampMatches(stamp, digest);
}

mkdirSync(join(root, "build", "test"), { recursive: true });
const builds = modules.flatMap((name) => [
  { name, entry: `assembly/${name}/index.ts`, out: `build/${name}`, test: false },
  ...(existsSync(join(root, "assembly", name, "test.ts")) ? [{ name, entry: `assembly/${name}/test.ts`, out: `build/test/${name}`, test: true }] : []),
]);
let failed = false;
let skipped = 0;
for (const { name, entry, out, test } of builds) {
  const stamp = join(root, `${out}.stamp`);
  const digest = inputDigest(name, test);
  if (upToDate(stamp, digest, outputsOf(name, out, test))) {
    skipped++;
    continue;
  }
  clearStamp(stamp); // a build that fails leaves no stamp behind
  const { default: asc } = await import("assemblyscript/asc"); // loaded only when there is work (~1 s)
  const { error, stderr } = await asc.main(
    [
      entry,
      "--config",
      "asconfig.json",
      "--target",
      target,
      "--outFile",
      `${out}.wasm`,
      "--textFile",
      `${out}.wat`,
      "--bindings",
      "raw", // build/<name>.d.ts: every export's types, for scripts/kernel-types.mjs
      ...memoryCapFlags(name),
    ],
    { stdout: process.stdout, stderr: quietStderr },
  );
  if (error) {
    failed = true;
    console.error(`asc: ${entry} failed: ${error.message}`);
    if (stderr) console.error(stderr.toString());
  } else {
    await writeKernelTypes(root, name, out, test, importedMemoryPages(name));
    writeStamp(stamp, digest);
    console.log(`asc: ${out}.wasm (${target})`);
  }
}
if (skipped > 0) console.log(`asc: ${skipped} of ${builds.length} builds up to date (--force rebuilds them)`);
process.exit(failed ? 1 : 0);
