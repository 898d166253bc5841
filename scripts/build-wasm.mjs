// Compiles every kernel module assembly/<name>/index.ts to build/<name>.wasm with the
// local asc and the "release" target of asconfig.json (-O3 --noAssert). One module per
// problem keeps each instance's memory and start-up small. A kernel with test hooks also has
// assembly/<name>/test.ts (the release exports plus the hooks), built to build/test/<name>.wasm
// for the tests only. Usage: build-wasm.mjs [--debug] [name...]
import asc from "assemblyscript/asc";
import { writeKernelTypes } from "./kernel-types.mjs";
import { readdirSync, readFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const target = process.argv.includes("--debug") ? "debug" : "release";
const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const modules = readdirSync(join(root, "assembly"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, "assembly", d.name, "index.ts")))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

// Every kernel's memory is capped at the MEMORY_CAP_PAGES (64 KiB pages) its index.ts
// exports: a problem that cannot fit stops with a clear error instead of memory growing
// until the machine gives out. The host reads the same constant to word that error.
function memoryCapFlags(name) {
  const source = readFileSync(join(root, "assembly", name, "index.ts"), "utf8");
  const cap = /export const MEMORY_CAP_PAGES: i32 = ([\d_]+);/.exec(source);
  if (!cap) throw new Error(`assembly/${name}/index.ts exports no MEMORY_CAP_PAGES`);
  return ["--maximumMemory", cap[1].replaceAll("_", "")];
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

mkdirSync(join(root, "build", "test"), { recursive: true });
const builds = modules.flatMap((name) => [
  { name, entry: `assembly/${name}/index.ts`, out: `build/${name}`, test: false },
  ...(existsSync(join(root, "assembly", name, "test.ts")) ? [{ name, entry: `assembly/${name}/test.ts`, out: `build/test/${name}`, test: true }] : []),
]);
let failed = false;
for (const { name, entry, out, test } of builds) {
  const { error, stderr } = await asc.main([
    entry,
    "--config", "asconfig.json",
    "--target", target,
    "--outFile", `${out}.wasm`,
    "--textFile", `${out}.wat`,
    "--bindings", "raw", // build/<name>.d.ts: every export's types, for scripts/kernel-types.mjs
    ...memoryCapFlags(name),
  ], { stdout: process.stdout, stderr: quietStderr });
  if (error) {
    failed = true;
    console.error(`asc: ${entry} failed: ${error.message}`);
    if (stderr) console.error(stderr.toString());
  } else {
    await writeKernelTypes(root, name, out, test);
    console.log(`asc: ${out}.wasm (${target})`);
  }
}
process.exit(failed ? 1 : 0);
