// Streaming reader of a series file in our JSONL, for check, audit, claims and
// --unique-against: fixed-size chunks read synchronously into the series codec
// (series/decoder.ts, the same reader `housie validate` uses), records handed out in
// batches of raw cells (27 per ticket, 0 = blank). A file of any size is read in memory
// that grows only with the codec's repeat sets; the first violation stops the reading
// with the line `housie validate` gives for it.
import { optionsObject, text } from "../../args.js";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { inputName, readFailure } from "../../io/lines.js";
import { CELLS_PER_TICKET, type SeriesBatch } from "../model/cells.js";
import { SeriesDecoder, SeriesInputError } from "./decoder.js";

export { SeriesInputError } from "./decoder.js";

const CHUNK_BYTES = 1 << 20;

/** Options of `readSeries`. */
export interface ReadSeriesOptions {
  /** Largest number of records per batch (default 4096). */
  batch?: number;
  /** Require books (6 tickets) or single tickets (1); default: either (a batch holds one kind). */
  ticketsPerRecord?: 1 | 6;
  /** Who reads our own lines: the kernel (default) or its TS twin; other lines take JSON.parse either way. */
  engine?: "wasm" | "ts";
}

/**
 * Reads a series file ('-' for standard input) in batches of records. A file that
 * `housie validate` rejects throws, at its first violation, a SeriesInputError (an
 * InputError) with the same line, words and rule; batches already handed out stand.
 */
export function* readSeries(file: string, options: ReadSeriesOptions = {}): Generator<SeriesBatch> {
  text(file, "file");
  optionsObject(options, "options");
  const name = inputName(file);
  let fd: number;
  let bytes: number | undefined;
  try {
    fd = file === "-" ? 0 : openSync(file, "r");
    if (fd !== 0) bytes = fstatSync(fd).size;
  } catch (error) {
    throw readFailure(file, error);
  }
  try {
    const decoder = new SeriesDecoder({
      report: (v) => { throw new SeriesInputError(v, name); },
      batch: options.batch,
      ticketsPerRecord: options.ticketsPerRecord,
      engine: options.engine ?? "wasm",
      bytes,
    });
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      let got: number;
      try {
        got = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") continue;
        if (code === "EOF") got = 0;
        else throw readFailure(file, error);
      }
      if (got === 0) break;
      yield* decoder.write(chunk.subarray(0, got));
    }
    yield* decoder.end();
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

/** Every ticket of a series file as cells (27 each, a view valid until the next step). */
export function* readSeriesTickets(file: string): Generator<Uint8Array> {
  for (const batch of readSeries(file)) {
    const tickets = batch.count * batch.ticketsPerRecord;
    for (let t = 0; t < tickets; t++) yield batch.cells.subarray(t * CELLS_PER_TICKET, (t + 1) * CELLS_PER_TICKET);
  }
}
