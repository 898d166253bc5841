// The one output path of every tabula CLI: records → formatter → sink, joined by
// `pipeline` (node:stream/promises). pipeline carries a write error (EPIPE, ENOSPC)
// back to the producer, stops pulling from it (work stops at once) and destroys every
// stage; the file sink then removes its temporary file.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { atomicWriteFailure, isStandardOutput, openAtomicStream } from "./atomic-write.js";
import { isSystemError, OutputClosed, OutputError, reasonOf } from "./output-errors.js";

export type Chunk = string | Uint8Array;
export type ChunkSource = Iterable<Chunk> | AsyncIterable<Chunk>;

/** A write error on standard output as the error to report (or OutputClosed for a closed pipe). */
export function stdoutFailure(error: unknown): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EPIPE" || code === "ERR_STREAM_DESTROYED") return new OutputClosed("standard output was closed");
  if (isSystemError(error)) return new OutputError(`cannot write output: ${reasonOf(error)}`);
  return error as Error;
}

/**
 * Streams `source` to the file `out` (atomically: whole or not at all) or, without
 * `out` or for "-", to standard output. Resolves when everything is written; rejects with
 * OutputError (one line), OutputClosed (reader went away) or the producer's own error.
 */
export async function writeOutput(source: ChunkSource, out?: string): Promise<void> {
  if (isStandardOutput(out)) {
    try {
      await pipeline(Readable.from(source, { objectMode: false }), process.stdout, { end: false });
    } catch (error) {
      throw stdoutFailure(error);
    }
    return;
  }
  const file = await openAtomicStream(out);
  try {
    await pipeline(Readable.from(source, { objectMode: false }), file.stream, { end: false });
  } catch (error) {
    file.abort(); // the temporary file goes; the target is untouched
    throw isSystemError(error) ? atomicWriteFailure(out, error) : error;
  }
  await file.commit(); // a failure while flushing is reported by the file's name, and cleaned up
}
