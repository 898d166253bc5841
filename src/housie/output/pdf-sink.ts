// Where a PDF's bytes go: a function called chunk by chunk, or a Node writable stream
// (anything with write() → false when full and a "drain" event), adapted to that function.
// Portable: nothing here imports Node, so the browser build shares it.
import { UsageError } from "../../errors.js";
import { readable } from "../../args.js";

/**
 * Where the PDF's bytes go, chunk by chunk, in order; a returned promise is awaited
 * before the next chunk (backpressure).
 */
export type PdfSink = (chunk: Uint8Array) => void | Promise<void>;

/** A Node writable stream, or anything shaped like one. */
export interface WritableLike {
  write(chunk: Uint8Array): boolean;
  once(event: "drain", listener: () => void): unknown;
}

/** What renderPdf and PdfWriter accept as a target. */
export type PdfTarget = PdfSink | WritableLike;

function isWritableLike(target: unknown): target is WritableLike {
  return (
    typeof target === "object" && target !== null && typeof (target as WritableLike).write === "function" && typeof (target as WritableLike).once === "function"
  );
}

/**
 * A sink writing onto `stream`, waiting for "drain" whenever its buffer is full.
 *
 * @param stream a writable stream (write, once("drain"))
 * @example
 * ```ts
 * import { createWriteStream } from "node:fs";
 * import { generateBooks, streamSink } from "tabula-grids";
 * import { PdfWriter } from "tabula-grids/housie/pdf";
 *
 * const writer = new PdfWriter(streamSink(createWriteStream("books.pdf")));
 * await writer.add(generateBooks(1, { seed: 1n })[0]);
 * await writer.finish();
 * writer.pages; // 1
 * ```
 */
export function streamSink(stream: WritableLike): PdfSink {
  return (chunk) => {
    if (chunk.length === 0 || stream.write(chunk)) return;
    return new Promise<void>((resolve) => void stream.once("drain", resolve));
  };
}

/** The sink for `target`: a function as it is, a stream through streamSink; anything else is refused. */
export function toPdfSink(target: PdfTarget): PdfSink {
  if (typeof target === "function") return target;
  if (typeof target === "object" && target !== null) readable(target, "target");
  if (isWritableLike(target)) return streamSink(target);
  throw new UsageError("the PDF target must be a function (chunk) => void | Promise<void> or a writable stream");
}
