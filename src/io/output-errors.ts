// Errors of the output side, shared by the atomic file sink, the stdout sink and runMain.
import { UsageError } from "../errors.js";

/** Output could not be written (full disk, I/O error): one line, exit status 2. */
export class OutputError extends UsageError {}

/** The reader of standard output went away (`| head`): the run ends quietly. */
export class OutputClosed extends Error {
  override readonly name = "OutputClosed";
}

const REASONS: Record<string, string> = {
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EFBIG: "file too large",
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOENT: "no such file or directory",
  ENOTDIR: "a part of the path is not a directory",
  EISDIR: "is a directory",
  ENAMETOOLONG: "file name too long",
  ELOOP: "too many symbolic links",
  ETXTBSY: "text file busy",
};

/** A system error code in words ("no space left on device"), or the code itself. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code && REASONS[code]) ?? code ?? (error instanceof Error ? error.message : String(error));
}

/** Whether `error` is a system error of writing (as opposed to a bug in the producer). */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  const e = error as NodeJS.ErrnoException | undefined;
  return typeof e?.code === "string" && typeof e.syscall === "string";
}
