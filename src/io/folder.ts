// Work in a folder a long count keeps its files in (--checkpoint DIR): a system error
// there (no space, no permission, a file where the folder should be) is one line naming
// the path, exit status 2, never an internal error.
import { closeSync, openSync, renameSync, writeSync } from "node:fs";
import { isSystemError, OutputError, reasonOf } from "./output-errors.js";

/** Runs `work` on `path`; a system error becomes OutputError `path: reason (purpose)`. */
export function inFolder<T>(path: string, purpose: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!isSystemError(error)) throw error;
    // mkdir on a file: EEXIST (or ENOTDIR below it), which says nothing to a person.
    const reason = error.code === "EEXIST" || error.code === "ENOTDIR" ? "is a file, not a folder" : reasonOf(error);
    throw new OutputError(`${path}: ${reason} (${purpose})`);
  }
}

/** Most bytes one write call takes (Node refuses a single write past 2 GiB; a pass's table can be larger). */
const WRITE_SLICE = 1 << 30;

/** Writes `bytes` to a new file at `path` in slices of at most `slice` bytes. */
export function writeInSlices(path: string, bytes: Uint8Array, slice = WRITE_SLICE): void {
  const fd = openSync(path, "w");
  try {
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, Math.min(slice, bytes.length - at));
  } finally {
    closeSync(fd);
  }
}

/** Writes `bytes` beside `path` (`path.partial`), then renames it: the file is whole or absent. */
export function writeWhole(path: string, bytes: Uint8Array): void {
  writeInSlices(`${path}.partial`, bytes);
  renameSync(`${path}.partial`, path);
}
