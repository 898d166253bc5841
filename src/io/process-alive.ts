// Whether the process a lock names still runs. A signal 0 answers for most systems, but on
// Linux it also reaches a zombie: a run killed under a parent that does not reap it (a
// `timeout -s KILL` that killed itself too) keeps its pid until reaped, and a lock naming
// it would be refused as "in use" though nothing runs. So /proc's state is read where
// there is one, and a zombie (Z) or a dying process (X) counts as gone.
import { readFileSync } from "node:fs";

/** Whether process `pid` runs on this machine (EPERM: it does, another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !ended(pid);
}

/** Whether /proc says `pid` has ended but is not yet reaped (false where there is no /proc). */
function ended(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return false; // no /proc (macOS, Windows), or reaped just now: the signal's answer stands
  }
  // "pid (name) S ...": the name may hold spaces and parentheses, so the state follows the last ")".
  const state = stat.slice(stat.lastIndexOf(")") + 1).trim()[0];
  return state === "Z" || state === "X";
}
