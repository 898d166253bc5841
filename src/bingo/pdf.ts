// Print-ready PDF of 75-, 80- and 30-ball cards with pdfkit, streamed page by page as
// housie's PDF is (output/pdf.ts: each page's bytes handed to the sink as the next begins,
// its data then dropped). Every box and piece of text comes from paper.ts, which the HTML
// shares; this module only draws. Loaded on demand (pdfkit is optional, and heavy).
import { drawQrCode, openPdfDocument, releasePage, type PdfKitPage } from "../housie/output/pdfkit-draw.js";
import { toPdfSink, type PdfSink, type PdfTarget } from "../housie/output/pdf-sink.js";
import { HELVETICA_ASCENT } from "../housie/output/text-metrics.js";
import { cardRef, type CardRecord } from "./card.js";
import { cardFooter, cardPageLayout, cardQrText, pageCuts, placeCard, type CardPageLayout, type CardPaperOptions, type PlacedText } from "./paper.js";
import type { CardShape } from "./shape.js";

export interface CardPdfOptions extends CardPaperOptions {
  /** The document's CreationDate (default: SOURCE_DATE_EPOCH when set, else now). */
  creationDate?: Date;
  /** The document's Subject, e.g. the seed (it also makes the file /ID follow it). */
  subject?: string;
}

const INK = "#111111";
const GREY = "#555555";
const CUT = "#888888";

/** Streams cards as PDF pages to a sink; `finish()` writes the trailer. */
export class CardPdfWriter {
  readonly layout: CardPageLayout;
  private readonly doc: PDFKit.PDFDocument;
  private readonly sink: PdfSink;
  private readonly flush: () => Promise<void>;
  private onPage = 0; // cards on the current page
  private pageCount = 0;

  constructor(shape: CardShape, target: PdfTarget, options: CardPdfOptions = {}) {
    this.sink = toPdfSink(target);
    this.layout = cardPageLayout(shape, { paper: options.paper, qr: options.qr });
    ({ doc: this.doc, flush: this.flush } = openPdfDocument(this.sink, this.layout.width, this.layout.height, {
      title: `${shape.title} bingo cards`,
      creationDate: options.creationDate,
      subject: options.subject,
    }));
  }

  get pages(): number {
    return this.pageCount;
  }

  /** Ends the current page: its cut marks, as far as it has cards, and its footer. */
  private closePage(): void {
    const doc = this.doc;
    const cuts = pageCuts(this.layout, this.onPage);
    if (cuts.length > 0) {
      doc.lineWidth(0.5).strokeColor(CUT).dash(4, { space: 3 });
      for (const c of cuts) doc.moveTo(c.x1, c.y1).lineTo(c.x2, c.y2);
      doc.stroke().undash();
    }
    const f = this.layout.footer;
    doc.fillColor(GREY);
    this.text({ text: cardFooter(this.layout, this.pageCount, cuts.length), x: f.x, baseline: f.baseline, size: f.size, bold: false });
  }

  /** Starts a page (a page holds whole cards, never part of one); the previous is flushed to the sink. */
  private async newPage(): Promise<void> {
    if (this.pageCount > 0) {
      this.closePage();
      await this.flush();
    }
    const finished = (this.doc as unknown as { page?: PdfKitPage }).page;
    this.doc.addPage({ size: [this.layout.width, this.layout.height], margin: 0 });
    if (finished) releasePage(finished);
    this.pageCount++;
    this.onPage = 0;
  }

  private text(t: PlacedText): void {
    this.doc
      .font(t.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(t.size)
      .text(t.text, t.x, t.baseline - HELVETICA_ASCENT * t.size, { lineBreak: false });
  }

  /** Adds one card; a full page is flushed to the sink when the next begins. */
  async add(record: CardRecord): Promise<void> {
    if (this.pageCount === 0 || this.onPage === this.layout.perPage) await this.newPage();
    const ref = cardRef(record.serial);
    const p = placeCard(this.layout, this.onPage++, record.card, ref);
    const doc = this.doc;
    doc.fillColor(INK);
    if (p.label) this.text(p.label);
    this.text(p.ref);
    if (p.qr) drawQrCode(doc, cardQrText(this.layout.shape, ref), p.qr.x, p.qr.y, p.qr.w);
    // Headings white on a dark row; the free squares shaded; then the grid and the numbers.
    doc.rect(p.headRow.x, p.headRow.y, p.headRow.w, p.headRow.h).fill(INK);
    doc.fillColor("#ffffff");
    for (const h of p.headings) this.text(h);
    for (const c of p.cells) if (c.free) doc.rect(c.box.x, c.box.y, c.box.w, c.box.h).fill("#dddddd");
    doc.lineWidth(0.8).strokeColor(INK);
    for (const c of p.cells) doc.rect(c.box.x, c.box.y, c.box.w, c.box.h);
    doc.stroke();
    doc
      .lineWidth(1.6)
      .rect(p.headRow.x, p.headRow.y, p.headRow.w, p.box.y + p.box.h - p.headRow.y)
      .stroke();
    doc.fillColor(INK);
    for (const c of p.cells) this.text(c.text);
  }

  /** Ends the document and hands the rest to the sink (the caller closes or commits it). */
  async finish(): Promise<void> {
    if (this.pageCount === 0) await this.newPage(); // an empty run is still a valid PDF of one page
    this.closePage();
    const ended = new Promise<void>((resolve) => this.doc.once("end", () => resolve()));
    this.doc.end();
    await ended;
    await this.flush();
  }
}
