// Compiles every kernel module assembly/<name>/index.ts to build/<name>.wasm with the
// local asc and the "release" target of asconfig.json (-O3 --noAssert). One module per
// problem keeps each instance's memory and start-up small. A kernel with test hooks also has
// assembly/<name>/test.ts (the release exports plus the hooks), built to build/test/<name>.wasm
// for the tests only. Usage: build-wasm.mjs [--debug] [name...]
import asc from "assemblyscript/asc";
import { readdirSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const target = process.argv.includes("--debug") ? "debug" : "release";
const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const modules = readdirSync(join(root, "assembly"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, "assembly", d.name, "index.ts")))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

mkdirSync(join(root, "build", "test"), { recursive: true });
const builds = modules.flatMap((name) => [
  { entry: `assembly/${name}/index.ts`, out: `build/${name}` },
  ...(existsSync(join(root, "assembly", name, "test.ts")) ? [{ entry: `assembly/${name}/test.ts`, out: `build/test/${name}` }] : []),
]);
let failed = false;
for (const { entry, out } of builds) {
  const { error, stderr } = await asc.main([
    entry,
    "--config", "asconfig.json",
    "--target", target,
    "--outFile", `${out}.wasm`,
    "--textFile", `${out}.wat`,
  ], { stdout: process.stdout, stderr: process.stderr });
  if (error) {
    failed = true;
    console.error(`asc: ${entry} failed: ${error.message}`);
    if (stderr) console.error(stderr.toString());
  } else {
    console.log(`asc: ${out}.wasm (${target})`);
  }
}
process.exit(failed ? 1 : 0);
