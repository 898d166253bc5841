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

/**
 * Runs `name` once for each argument list, all in ONE Node process
 * (test/support/cli-batch-runner.mjs): the same built file, the same runMain and so the same
 * messages and exit statuses as `runCli`, without a process start and module load per case.
 * For cases that end in the CLI's own code (usage errors, refusals); no standard input.
 * Tests that batch cases also run some of them through `runCli` and compare the results.
 */
export function runCliBatch(name: string, cases: string[][], cwd = ROOT): CliResult[] {
  const result = spawnSync(process.execPath, [`${ROOT}/test/support/cli-batch-runner.mjs`, `${ROOT}/${BINS[name] ?? `dist/cli/${name}.js`}`], {
    cwd,
    input: JSON.stringify(cases),
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
  if (result.status !== 0) throw new Error(`the batch runner for ${name} exited ${result.status}: ${result.stderr.slice(0, 2000)}`);
  const results = JSON.parse(result.stdout) as CliResult[];
  if (results.length !== cases.length) throw new Error(`the batch runner for ${name} returned ${results.length} results for ${cases.length} cases`);
  return results;
}

/**
 * `runCliBatch` over `cases`, run on the first lookup and kept: the returned function gives
 * the result of one of the cases (by value), so `it.each` tables can share one process.
 */
export function batchedCli(name: string, cases: readonly string[][], cwd = ROOT): (args: readonly string[]) => CliResult {
  let results: Map<string, CliResult> | undefined;
  return (args) => {
    results ??= new Map(
      runCliBatch(
        name,
        cases.map((c) => [...c]),
        cwd,
      ).map((r, i) => [JSON.stringify(cases[i]), r]),
    );
    const r = results.get(JSON.stringify(args));
    if (!r) throw new Error(`not one of the batched cases: ${JSON.stringify(args)}`);
    return r;
  };
}
