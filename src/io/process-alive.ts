// Whether the process a lock names still runs. A signal 0 answers on every system, but on
// Linux /proc says more, and two of its answers matter to a lock:
// - a zombie (Z, or X: dying) has ended, though a signal still reaches it: a run killed
//   under a parent that does not reap it (a `timeout -s KILL` that killed itself too) kept
//   its folder "in use" until reaped;
// - a process that started after the lock was written is not the lock's holder but another
//   given the same pid (after a reboot, pids start again from the bottom).
import { existsSync, readFileSync } from "node:fs";

/**
 * Whether this system shows processes' states in /proc (Linux): else only a signal 0 answers.
 * Asked when needed, not at import: Deno refuses /proc/self without --allow-all (it throws),
 * and importing the library must not need it.
 */
export function hasProc(): boolean {
  try {
    return existsSync("/proc/self/stat");
  } catch {
    return false;
  }
}

/** Clock ticks a second in /proc's times (USER_HZ: 100 on Linux's ABIs). */
const TICKS_PER_SECOND = 100;
/** How much later than its lock a holder may seem to have started (whole-second boot time, clock steps). */
const START_SLACK_MS = 60_000;

/**
 * Whether process `pid` runs on this machine (EPERM: it does, another user's); with
 * `lockedAt` (ms since the epoch, when its lock was written), only if it started no later.
 */
export function processAlive(pid: number, lockedAt?: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(pid);
  // No /proc (macOS, Windows): the signal's answer stands; with one, no entry is a process reaped since.
  if (stat === undefined) return !hasProc();
  // "pid (name) S ppid ...": the name may hold spaces and parentheses, so the fields follow the last ")".
  const fields = stat
    .slice(stat.lastIndexOf(")") + 1)
    .trim()
    .split(" ");
  if (fields[0] === "Z" || fields[0] === "X") return false;
  if (lockedAt === undefined) return true;
  const started = startedAt(Number(fields[19])); // field 22, starttime: ticks after boot
  return started === undefined || started <= lockedAt + START_SLACK_MS;
}

function procStat(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return undefined;
  }
}

/** When a process started (ms since the epoch) from its ticks after boot, or undefined if /proc/stat does not say when the machine booted. */
function startedAt(ticks: number): number | undefined {
  let boot: number;
  try {
    boot = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "latin1"))?.[1]);
  } catch {
    return undefined;
  }
  if (!Number.isFinite(boot) || boot <= 0 || !Number.isFinite(ticks)) return undefined;
  return (boot + ticks / TICKS_PER_SECOND) * 1000;
}
