// Reads a file that is small by nature (a game file, a list of calls) whole, but only if
// it is: a regular file (a FIFO would block the reader, a device such as /dev/zero never
// ends), and at most `maxBytes` long (more is refused, never read into memory). The file
// is looked at before it is opened and again once open (O_NONBLOCK, so a FIFO swapped in
// between cannot block the open). A UTF-8 byte-order mark at its very start is dropped,
// as the series codec drops it. Standard input ("-") is read up to the same cap.
import { closeSync, constants, fstatSync, openSync, statSync, type Stats } from "node:fs";
import { InputError } from "../errors.js";
import { inputName, readFailure } from "./lines.js";
import { readInput } from "./read-input.js";

/** The cap of a game file or a calls file: real ones take a few hundred bytes. */
export const SMALL_FILE_BYTES = 1 << 20;

/** What a game file is, in refusals. */
export const GAME_FILE = "a game file written by housie call";
/** What a calls file is, in refusals. */
export const CALLS_FILE = "a calls file (numbers 1 to 90 in the order called)";

/** What a file is when it is not a regular file, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  if (stats.isDirectory()) return "a directory";
  return "not a regular file";
}

function notRegular(file: string, stats: Stats, what: string): InputError {
  return new InputError(`is ${kindOf(stats)}`, { file: inputName(file) }, `${what}, a regular file`);
}

function tooLarge(file: string, maxBytes: number, what: string): InputError {
  return new InputError(`is larger than ${maxBytes} bytes`, { file: inputName(file) }, `${what} (a few KB at most)`);
}

/** Refuses `file` if it exists and is no regular file (before a lock or a temporary file is made beside it). */
export function refuseIrregular(file: string, what: string): void {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats && !stats.isFile()) throw notRegular(file, stats, what);
}

/** Reads up to maxBytes + 1 bytes from fd: one more than allowed says "too large" without reading the rest. */
function readCapped(fd: number, file: string, maxBytes: number, what: string): Buffer {
  const buffer = Buffer.allocUnsafe(maxBytes + 1);
  let filled = 0;
  for (;;) {
    let got: number;
    try {
      got = readInput(fd, buffer, filled, buffer.length - filled);
    } catch (error) {
      throw readFailure(file, error);
    }
    if (got === 0) break;
    filled += got;
    if (filled > maxBytes) throw tooLarge(file, maxBytes, what);
  }
  return buffer.subarray(0, filled);
}

/**
 * The text of a small file ("-": standard input), UTF-8, a leading byte-order mark
 * dropped. `what` names what the file should be in the one-line refusals.
 */
export function readSmallFile(file: string, what: string, maxBytes = SMALL_FILE_BYTES): string {
  let bytes: Buffer;
  if (file === "-") {
    bytes = readCapped(0, file, maxBytes, what);
  } else {
    let stats: Stats;
    try {
      stats = statSync(file);
    } catch (error) {
      throw readFailure(file, error);
    }
    if (!stats.isFile()) throw notRegular(file, stats, what);
    if (stats.size > maxBytes) throw tooLarge(file, maxBytes, what);
    let fd: number;
    try {
      fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (error) {
      throw readFailure(file, error);
    }
    try {
      const opened = fstatSync(fd);
      if (!opened.isFile()) throw notRegular(file, opened, what);
      bytes = readCapped(fd, file, maxBytes, what);
    } finally {
      closeSync(fd);
    }
  }
  const text = bytes.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
