// Runs a built CLI (dist/cli/<name>.js) and captures its output and exit status.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/cli/<name>.js args`, in the project root unless `cwd` is given. */
export function runCli(name: string, args: string[], input?: string, cwd = ROOT): CliResult {
  const result = spawnSync(process.execPath, [`${ROOT}/dist/cli/${name}.js`, ...args], {
    cwd,
    input,
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
