// The atomic file sink: output files appear whole or not at all. Data goes to a
// temporary file beside the target, renamed over it only when everything was written;
// the temporary file is removed on failure, on exit, and on SIGINT/SIGTERM/SIGHUP (then
// the process exits with 128 + the signal number, as if the signal had killed it).
//
// File semantics (docs/errors-and-files.md): "-" is standard output; a symbolic link is
// written through (the file it names is replaced, the link stays); an existing target
// keeps its permission bits; a target the user may not open for writing is refused, as
// `>` in a shell would, even where the folder would let a rename replace it.
import {
  accessSync,
  chmodSync,
  constants as fsConstants,
  createWriteStream,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  lstatSync,
  type WriteStream,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { once } from "node:events";
import { constants } from "node:os";
import { finished } from "node:stream/promises";
import { UsageError } from "../errors.js";
import { shorten } from "./quote.js";
import { isSystemError, OutputError, reasonOf } from "./output-errors.js";

/** The output name that means standard output, as for every Unix tool. */
export const STANDARD_OUTPUT = "-";

/** Whether `out` (an --out value, or none) means standard output. */
export function isStandardOutput(out: string | undefined): out is undefined | "-" {
  return out === undefined || out === STANDARD_OUTPUT;
}

/** An output path as shown in a message: escaped and shortened like all offending text. */
export function showPath(path: string): string {
  return shorten(path, 120);
}

/** Bytes a file name may take on the file systems tabula writes to (NAME_MAX). */
const NAME_MAX = 255;

function temporaryNameFor(target: string): string {
  const tail = `.${process.pid}.${Date.now()}.tmp`;
  const base = basename(target);
  // A name near NAME_MAX has no room for the tail: the temporary file then gets a short name.
  const head = Buffer.byteLength(base) + tail.length + 1 <= NAME_MAX ? base : "tabula";
  return join(dirname(target), `.${head}${tail}`);
}

/** A failure of the output path (before any output) as the one-line usage error. */
function pathFailure(path: string, error: unknown): UsageError {
  if (error instanceof UsageError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new UsageError(`${showPath(path)}: cannot write (${reasonOf(error)}${code && reasonOf(error) !== code ? `, ${code}` : ""})`);
}

/**
 * The file a path names after following symbolic links (the link target for a link,
 * even when that file does not exist yet); the path itself when it is no link.
 */
export function resolveOutputPath(path: string): string {
  let current = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    const stats = lstatSync(current, { throwIfNoEntry: false });
    if (!stats?.isSymbolicLink()) return current;
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw Object.assign(new Error("too many symbolic links"), { code: "ELOOP", syscall: "lstat" });
}

/** What a path is, in words, when it is not a regular file. */
function kindOf(stats: ReturnType<typeof statSync> & object): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return "a directory";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * The name alone: "" is refused; "-" is standard output where `standardOutput`, and
 * elsewhere (a file that is read back, such as a game) refused rather than taken as a
 * file named "-", so a script meaning standard output gets a clear line.
 */
export function checkOutputName(path: string, option = "--out", standardOutput = true): void {
  if (path === "") throw new UsageError(`${option}: empty file name (expected a file path${standardOutput ? ", or - for standard output" : ""})`);
  if (path === STANDARD_OUTPUT && !standardOutput) {
    throw new UsageError(`${option}: "-" is not a file here (expected a file path; write ./- for a file named -)`);
  }
}

/**
 * Refuses, before any work, an output path that is empty, a directory, a device, a FIFO
 * or a socket (renaming over them would replace them), or whose folder is missing:
 * UsageError `PATH: is a directory (expected a file path)`. `option` is how the user gave
 * the path (`--out`, `GAME`), for the message of an empty one; `standardOutput` says
 * whether "-" means standard output there (it does for --out, not for a file the
 * command keeps, like housie call's game).
 */
export function checkOutputPath(path: string, option = "--out", standardOutput = true): void {
  checkOutputName(path, option, standardOutput);
  if (path === STANDARD_OUTPUT) return;
  try {
    const target = resolveOutputPath(path);
    if (Buffer.byteLength(basename(target)) > NAME_MAX) {
      throw Object.assign(new Error("name too long"), { code: "ENAMETOOLONG", syscall: "open" });
    }
    const stats = statSync(target, { throwIfNoEntry: false });
    if (stats) {
      const kind = kindOf(stats);
      if (kind) throw new UsageError(`${showPath(path)}: is ${kind} (expected a file path)`);
      accessSync(target, fsConstants.W_OK); // a file the user may not write is not replaced
    }
    const folder = statSync(dirname(target));
    if (!folder.isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR", syscall: "stat" });
    accessSync(dirname(target), fsConstants.W_OK | fsConstants.X_OK); // the temporary file goes there
  } catch (error) {
    throw pathFailure(path, error);
  }
}

// Temporary files alive now; removed by the signal handlers below.
const live = new Set<string>();
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function onSignal(signal: (typeof SIGNALS)[number]): void {
  for (const temporary of live) rmSync(temporary, { force: true });
  live.clear();
  process.exit(128 + constants.signals[signal]);
}

function track(temporary: string): void {
  if (live.size === 0) for (const signal of SIGNALS) process.on(signal, onSignal);
  live.add(temporary);
}

function untrack(temporary: string): void {
  live.delete(temporary);
  if (live.size === 0) for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** A stream to a temporary file; `commit()` renames it to `path`, `abort()` deletes it. */
export interface AtomicStream {
  readonly stream: WriteStream;
  /** Ends the stream (if not ended yet), waits for the data and renames it to the target. */
  commit(): Promise<void>;
  /** Destroys the stream and removes the temporary file; the target is untouched. */
  abort(): void;
}

/** Full disk and other write failures as one line naming the target. */
function writeFailure(path: string, error: unknown): Error {
  if (!isSystemError(error)) return error as Error;
  return new OutputError(`${showPath(path)}: ${reasonOf(error)} (nothing written)`);
}

/**
 * Opens a stream to a temporary file beside `path` after `checkOutputPath(path, option, standardOutput)`. A target
 * that cannot be written (no permission) is a UsageError `path: cannot write (…)`,
 * raised here, before any output is produced. Write errors on the stream surface from
 * `commit()` (or the pipeline) as OutputError `path: no space left on device (nothing written)`.
 */
export async function openAtomicStream(path: string, option = "--out", standardOutput = true): Promise<AtomicStream> {
  checkOutputPath(path, option, standardOutput);
  const target = resolveOutputPath(path);
  const existing = statSync(target, { throwIfNoEntry: false });
  const temporary = temporaryNameFor(target);
  track(temporary);
  const stream = createWriteStream(temporary, { flags: "wx" });
  let failure: unknown;
  stream.on("error", (error) => {
    failure ??= error;
  });
  try {
    await once(stream, "open");
    // The replacement keeps the permissions of the file it replaces (a private file stays private).
    if (existing) chmodSync(temporary, existing.mode & 0o7777);
  } catch (error) {
    stream.destroy();
    rmSync(temporary, { force: true });
    untrack(temporary);
    throw pathFailure(path, error);
  }
  let done = false;
  const removeOnExit = (): void => {
    if (!done) rmSync(temporary, { force: true });
  };
  process.once("exit", removeOnExit);
  const close = (): void => {
    done = true;
    process.off("exit", removeOnExit);
    untrack(temporary);
  };
  const abort = (): void => {
    stream.destroy();
    rmSync(temporary, { force: true });
    close();
  };
  return {
    stream,
    async commit() {
      try {
        if (failure) throw failure;
        if (!stream.writableEnded) stream.end();
        await finished(stream);
        if (failure) throw failure;
        renameSync(temporary, target);
      } catch (error) {
        abort();
        throw writeFailure(path, failure ?? error);
      }
      close();
    },
    abort,
  };
}

/** The error to report when writing to an atomic stream failed (maps ENOSPC and co.). */
export function atomicWriteFailure(path: string, error: unknown): Error {
  return writeFailure(path, error);
}

/**
 * Writes chunks to a stream, waiting for 'drain' when its buffer is full so that output
 * of any length streams in constant memory. (Kept for callers that write by hand; new
 * code goes through `writeOutput` in ./output.ts.)
 */
export async function writeChunk(stream: NodeJS.WritableStream, chunk: string | Uint8Array): Promise<void> {
  if (chunk.length === 0) return;
  if (!stream.write(chunk)) await once(stream, "drain");
}
