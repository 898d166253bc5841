// A zombie process for the lock tests: `sh` starts a child, then becomes a `sleep` that never
// reaps it, so when the child ends its pid stays (state Z in /proc) though nothing runs: what
// a run killed under a parent that does not reap it leaves (a `timeout -s KILL`). The child
// ends only once its parent is no longer `sh`: one that ended at once could be reaped by the
// shell before its exec (seen in CI), leaving no pid at all.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { hasProc } from "../../src/io/process-alive.js";

/** Whether this system shows a process's state (/proc): the zombie tests run only there. */
export const HAS_PROC = hasProc();

const ZOMBIE_SCRIPT = 'shell=$$; (while [ "$(cat /proc/$shell/comm 2>/dev/null)" = sh ]; do sleep 0.01; done) & echo $!; exec sleep 30';

/** A zombie's pid, and its parent, to kill when done (which reaps the zombie). */
export async function makeZombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn("sh", ["-c", ZOMBIE_SCRIPT], { stdio: ["ignore", "pipe", "ignore"] });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    parent.once("error", reject);
  });
  for (let wait = 0; wait < 500 && !stateOf(pid).includes(") Z"); wait++) await new Promise((resolve) => setTimeout(resolve, 10));
  return { pid, parent };
}

function stateOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    throw new Error(`the zombie's pid ${pid} has no /proc entry: its shell reaped it`);
  }
}
