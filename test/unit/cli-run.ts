// Runs a built CLI (dist/cli/<name>.js) and captures its output and exit status.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(name: string, args: string[], input?: string): CliResult {
  const result = spawnSync(process.execPath, [`${ROOT}/dist/cli/${name}.js`, ...args], {
    cwd: ROOT,
    input,
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
