// Streaming reader of a series file in our JSONL, for check, audit, claims and
// --unique-against: fixed-size chunks read synchronously into the series codec
// (decodeSeries in read-text.ts, the reading `housie validate` and readSeriesText share),
// records handed out in batches of raw cells (27 per ticket, 0 = blank). A file of any size
// is read in memory that grows only with the codec's repeat sets; the first violation stops
// the reading with the line `housie validate` gives for it.
import { optionsObject, text } from "../../args.js";
import { closeSync, fstatSync, openSync } from "node:fs";
import { inputName, readFailure } from "../../io/lines.js";
import { CELLS_PER_TICKET, type SeriesBatch } from "../model/cells.js";
import { READ_SERIES_KEYS, decodeSeries, type ReadSeriesOptions } from "./read-text.js";
import { readInput } from "../../io/read-input.js";

export { SeriesInputError } from "./decoder.js";
export type { ReadSeriesOptions } from "./read-text.js";

const CHUNK_BYTES = 1 << 20;

/**
 * Reads a series file ('-' for standard input) in batches of records. A file that
 * `housie validate` rejects throws, at its first violation, a SeriesInputError (an
 * InputError) with the same line, words and rule; batches already handed out stand.
 *
 * @param file a series file, or "-" for standard input
 * @param options `batch` (records a batch), `ticketsPerRecord` (6 or 1 to require books or tickets), `engine`
 * @example
 * ```ts
 * import { readSeries } from "tabula-grids";
 *
 * let books = 0;
 * for (const batch of readSeries("node_modules/tabula-grids/examples/housie-books.jsonl")) books += batch.count;
 * books; // 3
 * ```
 */
export function* readSeries(file: string, options: ReadSeriesOptions = {}): Generator<SeriesBatch> {
  text(file, "file");
  options = optionsObject(options, "options", READ_SERIES_KEYS);
  let fd: number;
  let bytes: number | undefined;
  try {
    fd = file === "-" ? 0 : openSync(file, "r");
    if (fd !== 0) bytes = fstatSync(fd).size;
  } catch (error) {
    throw readFailure(file, error);
  }
  try {
    yield* decodeSeries(fileChunks(file, fd), inputName(file), { ...options, engine: options.engine ?? "wasm" }, bytes);
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

/** The bytes of an open file, a chunk at a time (a view valid until the next step). */
function* fileChunks(file: string, fd: number): Generator<Uint8Array> {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    let got: number;
    try {
      got = readInput(fd, chunk, 0, chunk.length);
    } catch (error) {
      throw readFailure(file, error);
    }
    if (got === 0) return;
    yield chunk.subarray(0, got);
  }
}

/**
 * Every ticket of a series file as cells (27 each, a view valid until the next step).
 *
 * @param file a series file, or "-" for standard input
 * @example
 * ```ts
 * import { readSeriesTickets } from "tabula-grids";
 *
 * [...readSeriesTickets("node_modules/tabula-grids/examples/housie-books.jsonl")].length; // 18
 * ```
 */
export function* readSeriesTickets(file: string): Generator<Uint8Array> {
  for (const batch of readSeries(file)) {
    const tickets = batch.count * batch.ticketsPerRecord;
    for (let t = 0; t < tickets; t++) yield batch.cells.subarray(t * CELLS_PER_TICKET, (t + 1) * CELLS_PER_TICKET);
  }
}
