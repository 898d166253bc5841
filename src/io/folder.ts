// Work in a folder a long count keeps its files in (--checkpoint DIR): a system error
// there (no space, no permission, a file where the folder should be) is one line naming
// the path, exit status 2, never an internal error.
import { constants } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync, renameSync, writeSync } from "node:fs";
import { InputError } from "../errors.js";
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

/**
 * Reads the whole file at `path` in slices of at most `slice` bytes (readFileSync refuses
 * a file past 2 GiB; a layer of a long count can be larger). A file past the largest
 * buffer (4 GiB on Node 20), or one that shrinks while it is read, is an InputError.
 */
export function readInSlices(path: string, slice = WRITE_SLICE): Uint8Array {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    if (size > constants.MAX_LENGTH)
      throw new InputError(`${size} bytes, more than one buffer holds`, { file: path }, `a file of at most ${constants.MAX_LENGTH} bytes`);
    const bytes = Buffer.allocUnsafe(size);
    for (let at = 0; at < size;) {
      const read = readSync(fd, bytes, at, Math.min(slice, size - at), at);
      if (read === 0) throw new InputError(`ended at byte ${at} of ${size} while it was read`, { file: path }, "a file nothing changes meanwhile");
      at += read;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** Writes `bytes` beside `path` (`path.partial`), then renames it: the file is whole or absent. */
export function writeWhole(path: string, bytes: Uint8Array): void {
  writeInSlices(`${path}.partial`, bytes);
  renameSync(`${path}.partial`, path);
}
