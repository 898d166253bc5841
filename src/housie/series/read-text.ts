// The series codec's readers of records (check, audit, claims, --unique-against, the web
// app's Game tab): decodeSeries feeds byte chunks through the codec (series/decoder.ts)
// and stops at the first violation with the line `housie validate` gives for it.
// readSeries (read-series.ts, Node) feeds it a file's chunks; readSeriesText, here and
// browser-safe, feeds it text or bytes already in memory. One reading, two feeds: the same
// batches and the same error for the same bytes.
import { argumentError, isBytes, optionalText, optionKeys, optionsObject } from "../../args.js";
import type { SeriesBatch } from "../model/cells.js";
import { SeriesDecoder, SeriesInputError } from "./decoder.js";

/** Options of `readSeries` and `readSeriesText`. */
export interface ReadSeriesOptions {
  /** Largest number of records per batch (default 4096). */
  batch?: number;
  /** Require books (6 tickets) or single tickets (1); default: either (a batch holds one kind). */
  ticketsPerRecord?: 1 | 6;
  /**
   * Who reads our own lines: the kernel or its TS twin; other lines take JSON.parse either
   * way. Default: the kernel (readSeries); readSeriesText takes the TS twin where the
   * kernel is not loaded yet (a browser before `ready()`). The same records either way.
   */
  engine?: "wasm" | "ts";
}

/** Options of `readSeriesText`. */
/** The options of readSeries (readSeriesText takes `source` as well). */
export const READ_SERIES_KEYS = optionKeys<ReadSeriesOptions>({ batch: true, ticketsPerRecord: true, engine: true });

export interface ReadSeriesTextOptions extends ReadSeriesOptions {
  /** The name messages give the input, as a file name is given (default "<text>"). */
  source?: string;
}

/**
 * The records of a series fed as byte chunks, in batches (a batch is a view valid until
 * the next step); the first violation throws a SeriesInputError naming `source`. `bytes`:
 * the input's size, if known (the repeat sets are sized for it at once).
 */
export function* decodeSeries(chunks: Iterable<Uint8Array>, source: string, options: ReadSeriesOptions, bytes?: number): Generator<SeriesBatch> {
  const decoder = new SeriesDecoder({
    report: (v) => {
      throw new SeriesInputError(v, source);
    },
    batch: options.batch,
    ticketsPerRecord: options.ticketsPerRecord,
    engine: options.engine,
    bytes,
  });
  for (const chunk of chunks) yield* decoder.write(chunk);
  yield* decoder.end();
}

/**
 * Reads a series held in memory (JSONL text, or its UTF-8 bytes) in batches of records,
 * as `readSeries` reads a file with those bytes: a text `housie validate` rejects throws,
 * at its first violation, a SeriesInputError (an InputError) with the same line, words
 * and rule, named after `options.source`; batches already handed out stand.
 *
 * @param input JSON Lines of books or tickets, as text or UTF-8 bytes
 * @param options `source` (the name in messages) and readSeries' options
 * @example
 * ```ts
 * import { generateBooks, housieRecordToJson, readSeriesText } from "tabula-grids";
 *
 * const text = generateBooks(2, { seed: 1n }).map(housieRecordToJson).join("\n") + "\n";
 * let books = 0;
 * for (const batch of readSeriesText(text)) books += batch.count; // a batch is reused: read it before the next
 * books; // 2
 * ```
 */
export function* readSeriesText(input: string | Uint8Array, options: ReadSeriesTextOptions = {}): Generator<SeriesBatch> {
  if (typeof input !== "string" && !isBytes(input)) throw argumentError("input", "a string or a Uint8Array", input);
  options = optionsObject<ReadSeriesTextOptions>(options, "options", [...READ_SERIES_KEYS, "source"]);
  const { source = "<text>" } = options;
  optionalText(source, "options.source");
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  yield* decodeSeries([bytes], source, options, bytes.length);
}
