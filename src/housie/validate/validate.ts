// Validates JSON Lines files of books and tickets (`housie validate`) as a stream: every
// violation of every line, in file order. The reading is the series codec's
// (series/decoder.ts), the one every reader of a series shares, so a file this accepts
// is one check, audit and --unique-against read, and one it rejects they refuse at its
// first violation. The rules themselves are in rules.ts.
import { argumentError, isBytes, iterableArgument, optionKeys, optionsObject } from "../../args.js";

const VALIDATE_KEYS = optionKeys<ValidateOptions>({ fast: true, bytes: true, engine: true });
import { SeriesDecoder } from "../series/decoder.js";
import type { Violation } from "../model/rules.js";

export { validateBook, topLevelNumberText, validTicketKey, type HousieRule, type Violation } from "../model/rules.js";
export { MAX_LINE_BYTES } from "../series/decoder.js";

/** What validating a whole JSONL text found: records, tickets and every violation. */
export interface FileReport {
  records: number;
  tickets: number;
  violations: Violation[];
}

/** What a file held, without the violations (they went to the callback). */
export interface StreamSummary {
  records: number;
  tickets: number;
  /** Number of violations reported. */
  broken: number;
  /** Lines taken by the fast path (the rest went rule by rule). */
  fastLines: number;
}

/** Options of the streaming JSONL validator. */
export interface ValidateOptions {
  /** Try the byte-level fast path on each line first (default true); false = rule by rule only. */
  fast?: boolean;
  /** Input size in bytes, if known: the duplicate sets are sized for it at once. */
  bytes?: number;
  /** The fast path: the kernel or its TS twin (default: the kernel where it is loaded); the same report either way. */
  engine?: "wasm" | "ts";
}

/**
 * Validates a stream of JSON Lines of books/tickets (our jsonl output): every rule per
 * record, and serials and tickets not repeated across the file. Feed bytes with
 * `write`, then call `end`; each violation goes to `report` as it is found. Memory:
 * one line at a time (at most MAX_LINE_BYTES) plus the two duplicate sets, 12 bytes per
 * serial slot and 20 per ticket slot, each at most half full (a serial counting up from
 * line to line needs no slot; 40-80 bytes per ticket).
 *
 * @example
 * ```ts
 * import { HousieJsonlValidator } from "tabula-grids";
 *
 * const rules = [];
 * const validator = new HousieJsonlValidator((v) => rules.push(v.rule));
 * validator.write(new TextEncoder().encode('{"serial":1,"tickets":[]}\n'));
 * validator.end(); // { records: 1, tickets: 0, broken: 1, fastLines: 0 }
 * rules; // ["shape"]
 * ```
 */
export class JsonlValidator {
  private readonly decoder: SeriesDecoder;

  /**
   * @param report called with each violation as it is found
   * @param options as validateHousieJsonl takes them
   */
  constructor(report: (v: Violation) => void, options: ValidateOptions = {}) {
    this.decoder = new SeriesDecoder({ report, fast: options.fast, engine: options.engine, bytes: options.bytes });
  }

  /** Feeds the next bytes of the file. */
  write(chunk: Uint8Array): void {
    for (const _ of this.decoder.write(chunk)); // the records are not kept: only the violations matter here
  }

  /** Ends the file: checks a last line without a newline; returns the counts. */
  end(): StreamSummary {
    for (const _ of this.decoder.end());
    const d = this.decoder;
    return { records: d.records, tickets: d.tickets, broken: d.broken, fastLines: d.fastLines };
  }
}

/**
 * Validates JSON Lines text or bytes held in memory; the violations in file order.
 *
 * @param input JSON Lines of books or tickets, as text or UTF-8 bytes
 * @param options `fast`, `bytes` (the input's size, to size the duplicate sets) and `engine`
 * @example
 * ```ts
 * import { validateHousieJsonl } from "tabula-grids";
 *
 * validateHousieJsonl('{"serial":1,"tickets":[]}\n').violations; // [{ rule: "shape", problem: "record has 0 tickets", expected: "6 tickets (a book) or 1 (a single ticket)", line: 1 }]
 * ```
 */
export function validateJsonl(input: string | Uint8Array, options: ValidateOptions = {}): FileReport {
  if (typeof input !== "string" && !isBytes(input)) throw argumentError("input", "a string or a Uint8Array", input);
  options = optionsObject(options, "options", VALIDATE_KEYS);
  const violations: Violation[] = [];
  const validator = new JsonlValidator((v) => violations.push(v), options);
  validator.write(typeof input === "string" ? new TextEncoder().encode(input) : input);
  const { records, tickets } = validator.end();
  return { records, tickets, violations };
}

/**
 * Validates a stream of bytes (a file, standard input) chunk by chunk.
 *
 * @param chunks the bytes, chunk by chunk (a file stream, standard input)
 * @param report called with each violation as it is found
 * @param options as validateHousieJsonl takes them
 * @example
 * ```ts
 * import { createReadStream } from "node:fs";
 * import { validateHousieJsonlStream } from "tabula-grids";
 *
 * const rules = [];
 * const summary = await validateHousieJsonlStream(createReadStream("node_modules/tabula-grids/examples/housie-books.jsonl"), (v) => rules.push(v.rule));
 * summary.records; // 3
 * rules; // []
 * ```
 */
export async function validateJsonlStream(
  chunks: AsyncIterable<Uint8Array>,
  report: (v: Violation) => void,
  options: ValidateOptions = {},
): Promise<StreamSummary> {
  iterableArgument(chunks, "chunks");
  if (typeof report !== "function") throw argumentError("report", "a function", report);
  options = optionsObject(options, "options", VALIDATE_KEYS);
  const validator = new JsonlValidator(report, options);
  for await (const chunk of chunks) validator.write(chunk);
  return validator.end();
}
