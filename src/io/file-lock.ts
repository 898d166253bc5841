// A lock beside a file that several processes read, change and save (a game called from
// two terminals): FILE.lock is created exclusively (O_EXCL) holding "pid host token ms", so
// only one process at a time goes from reading the file to saving it and no change is
// lost. Others wait, then give up with one line. A lock whose process is gone (same
// host, pid not running: a caller killed mid-call) is stale and is taken over; the
// holder checks the lock is still its own just before it saves (lockStillHeld), so that
// a lock broken in a race turns into a refusal, never into a lost call.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { InputError } from "../errors.js";
import { inputName } from "./lines.js";
import { processAlive } from "./process-alive.js";

/** How long a caller waits for another to finish before giving up. */
export const LOCK_WAIT_MS = 15_000;

export interface FileLock {
  /** The lock file's path. */
  readonly path: string;
  /** The text this process wrote into it. */
  readonly token: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The holder a lock's text ("pid host token [ms]") names: its pid, and whether that process
 * is known to be gone (with the ms the lock was written at, a process of that pid started
 * later is another: the pid given again after a reboot).
 */
function holderOf(text: string): { pid: number | undefined; gone: boolean } {
  const [pidText, host, , lockedText] = text.trim().split(" ");
  const pid = /^\d{1,10}$/.test(pidText ?? "") ? Number(pidText) : undefined;
  const lockedAt = /^\d{1,15}$/.test(lockedText ?? "") ? Number(lockedText) : undefined;
  return { pid, gone: pid !== undefined && host === hostname() && !processAlive(pid, lockedAt) };
}

function tryCreate(path: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new InputError(`cannot create its lock ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { file: inputName(path) });
  }
  try {
    writeSync(fd, token + "\n");
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock aside and removes it (rename is atomic: of two processes breaking
 * it, one wins). Should a new holder's lock be moved instead (taken between our read and
 * our rename), that holder's save is refused by lockStillHeld: no call is lost.
 */
function breakStale(path: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return; // someone else broke or released it
  }
  rmSync(aside, { force: true });
}

/** Takes the lock of `file`, waiting up to `waitMs` for another holder. */
export async function lockFile(file: string, waitMs = LOCK_WAIT_MS): Promise<FileLock> {
  const path = `${file}.lock`;
  const now = Date.now();
  const token = `${process.pid} ${hostname()} ${now.toString(36)}${Math.random().toString(36).slice(2, 8)} ${now}`;
  const until = now + waitMs;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, token)) return { path, token };
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      continue; // released between our open and our read: try again at once
    }
    const holder = holderOf(text);
    if (holder.gone) {
      breakStale(path);
      continue;
    }
    if (Date.now() >= until) {
      const who = holder.pid !== undefined ? `process ${holder.pid}` : "another caller";
      throw new InputError(
        `is in use by ${who} (its lock ${path} is held)`,
        { file: inputName(file) },
        "one caller at a time: try again when it is done, or remove the lock if no caller runs",
      );
    }
    await sleep(10 + Math.min(attempt, 10) * 5 + Math.random() * 20);
  }
}

/** Whether the lock is still this process's own (checked just before saving). */
export function lockStillHeld(lock: FileLock): boolean {
  try {
    return readFileSync(lock.path, "utf8").trim() === lock.token;
  } catch {
    return false;
  }
}

/** Releases the lock if it is still ours. */
export function unlockFile(lock: FileLock): void {
  if (lockStillHeld(lock)) rmSync(lock.path, { force: true });
}
