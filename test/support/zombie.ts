// A zombie process for the lock tests: `sh` starts a child that ends at once, then becomes
// a `sleep` that never reaps it, so the child's pid stays (state Z in /proc) though nothing
// runs: what a run killed under a parent that does not reap it leaves (a `timeout -s KILL`).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/** Whether this system shows a process's state (/proc): the zombie tests run only there. */
export const HAS_PROC = existsSync("/proc/self/stat");

/** A zombie's pid, and its parent, to kill when done (which reaps the zombie). */
export async function makeZombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    parent.once("error", reject);
  });
  for (let wait = 0; wait < 500 && !readFileSync(`/proc/${pid}/stat`, "latin1").includes(") Z"); wait++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return { pid, parent };
}
