// `npm run bench [-- name...]`: runs every bench/<name>.bench.ts (or the named ones) in
// turn. Each saves its benny results as JSON and an HTML chart under bench/results/.
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import os from "node:os";

const here = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, "")))
  .sort();

console.log(`machine: ${os.cpus()[0]?.model ?? "unknown cpu"}, ${os.cpus().length} cores, node ${process.version}`);
for (const file of files) {
  console.log(`\n# ${file}`);
  const suite = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
  await suite.default();
}
