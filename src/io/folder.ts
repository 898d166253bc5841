// Work in a folder a long count keeps its files in (--checkpoint DIR): a system error
// there (no space, no permission, a file where the folder should be) is one line naming
// the path, exit status 2, never an internal error.
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
