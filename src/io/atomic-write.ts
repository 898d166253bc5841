// Output files appear whole or not at all: data goes to a temporary file beside the
// target, which is renamed over it only when everything was written.
import { createWriteStream, renameSync, rmSync, type WriteStream } from "node:fs";
import { basename, dirname, join } from "node:path";
import { once } from "node:events";
import { UsageError } from "../errors.js";

function temporaryNameFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
}

/** A stream to a temporary file; `commit()` renames it to `path`, `abort()` deletes it. */
export interface AtomicStream {
  readonly stream: WriteStream;
  commit(): Promise<void>;
  abort(): void;
}

/**
 * Opens a stream to a temporary file beside `path`. A target that cannot be written
 * (missing folder, no permission) is a UsageError `path: cannot write (CODE)`, raised
 * here, before any output is produced.
 */
export async function openAtomicStream(path: string): Promise<AtomicStream> {
  const temporary = temporaryNameFor(path);
  const stream = createWriteStream(temporary);
  try {
    await once(stream, "open");
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  let finished = false;
  const abortOnExit = (): void => { if (!finished) rmSync(temporary, { force: true }); };
  process.once("exit", abortOnExit);
  return {
    stream,
    async commit() {
      stream.end();
      await once(stream, "finish");
      renameSync(temporary, path);
      finished = true;
      process.off("exit", abortOnExit);
    },
    abort() {
      finished = true;
      process.off("exit", abortOnExit);
      stream.destroy();
      rmSync(temporary, { force: true });
    },
  };
}

/**
 * Writes chunks to a stream, waiting for 'drain' when its buffer is full so that output
 * of any length streams in constant memory.
 */
export async function writeChunk(stream: NodeJS.WritableStream, chunk: string | Uint8Array): Promise<void> {
  if (chunk.length === 0) return;
  if (!stream.write(chunk)) await once(stream, "drain");
}
