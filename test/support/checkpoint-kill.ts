// Kills a checkpointed count with SIGKILL at a random moment and runs it again on the same
// folder: what a user's power cut or `kill -9` does. Shared by the fast CLI test (a few
// trials) and the slow one (many).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { ROOT, runCli, type CliResult } from "./cli-run.js";

const BINS = (JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { bin: Record<string, string> }).bin;

/** Runs `name args` and kills it with SIGKILL after `afterMs` (if still running); resolves with how it ended. */
export function runKilledAfter(name: string, args: readonly string[], afterMs: number): Promise<{ killed: boolean; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}/${BINS[name] ?? `dist/cli/${name}.js`}`, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (data: Buffer) => {
      stdout += data.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), afterMs);
    child.on("error", reject);
    child.on("close", (_code, signal) => {
      clearTimeout(timer);
      resolve({ killed: signal === "SIGKILL", stdout });
    });
  });
}

/**
 * `trials` times: kills a run of `name args` (args holding the folder, emptied by `fresh`
 * before each trial) at a random moment within `windowMs`, sometimes twice, then runs it
 * to the end on the same folder. Returns each trial's kill times and final result.
 */
export async function killAndResume(
  name: string,
  args: readonly string[],
  trials: number,
  windowMs: number,
  fresh: () => void,
): Promise<{ kills: number[]; result: CliResult }[]> {
  const outcomes: { kills: number[]; result: CliResult }[] = [];
  for (let t = 0; t < trials; t++) {
    fresh();
    const kills: number[] = [];
    for (let k = 0; k < 1 + (t % 2); k++) {
      const at = Math.round(Math.random() * windowMs);
      kills.push(at);
      await runKilledAfter(name, args, at);
    }
    outcomes.push({ kills, result: runCli(name, [...args]) });
  }
  return outcomes;
}
