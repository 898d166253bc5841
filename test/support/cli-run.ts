// Runs a built CLI (the file package.json's "bin" names, else dist/cli/<name>.js) and
// captures its output and exit status.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** What `npx <name>` runs: dist/bin/housie.js is the bundle of dist/cli/housie.js. */
const BINS = (JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { bin: Record<string, string> }).bin;

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <bin of name> args`, in the project root unless `cwd` is given. */
export function runCli(name: string, args: string[], input?: string, cwd = ROOT): CliResult {
  const result = spawnSync(process.execPath, [`${ROOT}/${BINS[name] ?? `dist/cli/${name}.js`}`, ...args], {
    cwd,
    input,
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
