// Drawing helpers the PDF writers share (housie's books, bingo's cards): pdfkit's stream
// drained a tick at a time, a written page's data released, a QR code drawn. Internal:
// not part of tabula-grids/housie/pdf (which re-exports output/pdf.ts).
import { qrMatrix } from "./qr.js";
import { QR_LEVEL } from "./print-plan.js";

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
