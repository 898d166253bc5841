// Where a worker thread's compiled file is. Threads load JavaScript, so a worker under
// src/ (tsx, the tests) is found in dist/ all the same; the bundled bins in dist/bin/ sit
// at the same depth as this module, so the one relative path serves them too.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The compiled worker `file`, a path under dist/ such as "tables/worker.js". */
export function workerFile(file: string): string {
  return fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));
}

/** workerFile(file), after checking that the build wrote it. */
export function builtWorkerFile(file: string): string {
  const path = workerFile(file);
  if (!existsSync(path)) throw new Error(`tabula: ${path} is missing; run \`npm run build\` first`);
  return path;
}
