// Drawing helpers the PDF writers share (housie's books, bingo's cards): the document
// opened one way, pdfkit's stream drained a tick at a time, a written page's data
// released, a QR code drawn. Internal: not part of tabula-grids/housie/pdf (which
// re-exports output/pdf.ts), apart from sourceDateEpoch, which it re-exports.
import PDFDocument from "pdfkit";
import type { PdfSink } from "./pdf-sink.js";
import { qrMatrix } from "./qr.js";
import { QR_LEVEL } from "./print-plan.js";

/**
 * SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention) as a date, if set and valid.
 *
 * @example
 * ```ts
 * import { sourceDateEpoch } from "tabula-grids/housie/pdf";
 *
 * process.env.SOURCE_DATE_EPOCH = "1700000000";
 * sourceDateEpoch()?.toISOString(); // "2023-11-14T22:13:20.000Z": the PDF's creation date, so a rebuild gives the same bytes
 * delete process.env.SOURCE_DATE_EPOCH;
 * ```
 */
export function sourceDateEpoch(): Date | undefined {
  const text = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.SOURCE_DATE_EPOCH;
  return text !== undefined && /^\d{1,12}$/.test(text.trim()) ? new Date(Number(text.trim()) * 1000) : undefined;
}

/** A pdfkit document, and a way to hand what it has written so far to the sink. */
export interface OpenedPdf {
  doc: PDFKit.PDFDocument;
  /** Hands pdfkit's output so far to the sink, waiting whenever the sink is full. */
  flush(): Promise<void>;
}

/** What the writers put in the document's information dictionary. */
export interface PdfInfo {
  title: string;
  /** Default: SOURCE_DATE_EPOCH when set, else now. */
  creationDate?: Date;
  subject?: string;
}

/**
 * Opens a document the way both writers print: pages of one size without margins,
 * compressed, its bytes kept until `flush` hands them to `sink`. pdfkit derives the file
 * /ID from the information dictionary, so a fixed date and subject give a fixed /ID.
 */
export function openPdfDocument(sink: PdfSink, width: number, height: number, info: PdfInfo): OpenedPdf {
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: [width, height],
    margin: 0,
    compress: true,
    info: {
      Title: info.title,
      Producer: "tabula-grids",
      CreationDate: info.creationDate ?? sourceDateEpoch() ?? new Date(),
      ...(info.subject !== undefined ? { Subject: info.subject } : {}),
    },
  });
  const pending: Uint8Array[] = [];
  doc.on("data", (chunk: Uint8Array) => pending.push(chunk));
  const flush = async (): Promise<void> => {
    await nextTick();
    while (pending.length > 0) {
      const chunk = pending.shift()!;
      if (chunk.length > 0) await sink(chunk);
    }
  };
  return { doc, flush };
}

/**
 * Lets pdfkit emit what it has buffered: Node's build on a later tick; the browser build
 * drains in a microtask queued when data arrived, so one queued after it suffices (a
 * setTimeout would cost ~4 ms a page, clamped).
 */
export const nextTick = (): Promise<void> =>
  new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : queueMicrotask(resolve)));

/** The parts of pdfkit's (untyped) page that hold a written page's objects. */
export interface PdfKitPage {
  dictionary: { data: object };
  content: { data: object };
  resources: { data: object };
}

/**
 * pdfkit keeps every page's dictionary (in the page tree) with its data until the
 * document ends, about 2 KB a page. Once a page is written only the references' ids are
 * needed (the tree prints "id 0 R"), so their data are dropped.
 */
export function releasePage(page: PdfKitPage): void {
  page.dictionary.data = {};
  page.content.data = {};
  page.resources.data = {};
}

/** The QR quiet zone (modules), as ISO/IEC 18004 asks. */
const QR_QUIET = 4;
const SEAM = 0.04; // points each dark run overlaps the next, so renderers leave no pale seam between rows

/**
 * A QR code (error correction Q: a quarter of it can be smudged or marked) of `text`,
 * `side` points square including the standard 4-module quiet zone, dark runs as
 * rectangles on a white square.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number): void {
  const code = qrMatrix(text, QR_LEVEL);
  const n = code.size;
  const module = side / (n + 2 * QR_QUIET);
  const data = code.data;
  doc.rect(x, y, side, side).fill("#ffffff");
  const ox = x + QR_QUIET * module;
  const oy = y + QR_QUIET * module;
  doc.fillColor("#000000");
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!data[r * n + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && data[r * n + c]) c++;
      doc.rect(ox + start * module, oy + r * module, (c - start) * module + SEAM, module + SEAM); // overlap: no anti-aliased seams
    }
  }
  doc.fill();
}
