// Print-ready PDF of books and tickets with pdfkit, streamed page by page: pdfkit writes
// each page out as soon as the next begins (pdf-lib keeps the whole document in memory
// until it saves), and here every page's bytes are handed to the sink, waiting for it
// to drain, so 100,000 books take next to constant memory (what grows is pdfkit's page
// references and xref offsets, about 225 bytes a page).
// What goes where comes from print-plan.ts and layout.ts (the same boxes as the HTML and
// the web app's print): strips side by side or sheets of whole books, each ticket with
// its reference serial-ticket-check above the grid and, with qr, a QR code on a stub.
import { argumentError, iterableArgument, optionsObject, requiredObject, text as checkText } from "../../args.js";
import PDFDocument from "pdfkit";
import { qrMatrix } from "./qr.js";
import { UsageError } from "../../errors.js";
import type { HousieRecord } from "../model/cells.js";
import { BAND, MARGIN, cutsFor, refSizeFor, type PageGeometry } from "./layout.js";
import { PRINT_KEYS, PrintPlanner, QR_LEVEL, type PlacedGroup, type PlacedTicket, type PlannedPage, type PrintOptions } from "./print-plan.js";

import { PDF_PAPERS, PDF_LAYOUTS, type PdfPaper, type PdfLayout } from "./pdf-options.js";
export { PDF_PAPERS, PDF_LAYOUTS, type PdfPaper, type PdfLayout };

import { toPdfSink, type PdfSink, type PdfTarget } from "./pdf-sink.js";
export { streamSink, type PdfSink, type PdfTarget, type WritableLike } from "./pdf-sink.js";

/**
 * Lets pdfkit emit what it has buffered: Node's build on a later tick; the browser build
 * drains in a microtask queued when data arrived, so one queued after it suffices (a
 * setTimeout would cost ~4 ms a page, clamped).
 */
const nextTick = (): Promise<void> =>
  new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : queueMicrotask(resolve)));

/** Options of the PDF output: paper, layout, QR codes, colours and the header line (the print options shared with the HTML pages), and the document's dates. */
export type PdfOptions = PrintOptions & {
  /** The document's CreationDate (default: SOURCE_DATE_EPOCH when set, else now); the file /ID is derived from it and `subject`. */
  creationDate?: Date;
  /** The document's Subject, e.g. the seed of a seeded series (it also makes the /ID differ between seeds). */
  subject?: string;
};

const PDF_KEYS = [...PRINT_KEYS, "creationDate", "subject"];

/** SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention) as a date, if set and valid. */
export function sourceDateEpoch(): Date | undefined {
  const text = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.SOURCE_DATE_EPOCH;
  return text !== undefined && /^\d{1,12}$/.test(text.trim()) ? new Date(Number(text.trim()) * 1000) : undefined;
}

const INK = "#111111";
const GREY = "#555555";
const NUMBER_FONT = "Helvetica-Bold";
const LABEL_FONT = "Helvetica";

/**
 * The standard PDF fonts hold WinAnsi (Latin-1 and a few more) only; anything else
 * (e.g. ₹ or Devanagari in a title) would print as wrong glyphs, so it becomes "?".
 * The HTML and the web app print every character.
 */
export function pdfText(text: string): string {
  checkText(text, "text");
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff€–—‘’“”•…]/gu, "?");
}

/** The parts of pdfkit's (untyped) page that hold a written page's objects. */
interface PdfKitPage { dictionary: { data: object }; content: { data: object }; resources: { data: object } }

/**
 * pdfkit keeps every page's dictionary (in the page tree) with its data until the
 * document ends, about 2 KB a page. Once a page is written only the references' ids are
 * needed (the tree prints "id 0 R"), so their data are dropped.
 */
function releasePage(page: PdfKitPage): void {
  page.dictionary.data = {};
  page.content.data = {};
  page.resources.data = {};
}

/** The QR quiet zone (modules), as ISO/IEC 18004 asks. */
const QR_QUIET = 4;
const SEAM = 0.04; // points each dark run overlaps the next, so renderers leave no pale seam between rows

/** A record the pages can show: a serial and 1..6 tickets of 3 rows of 9 cells (a number 1..90 or null). */
function checkPrintableRecord(record: unknown): void {
  const r = requiredObject<{ serial?: unknown; tickets?: unknown }>(record, "record");
  if (typeof r.serial !== "bigint" && !(typeof r.serial === "number" && Number.isSafeInteger(r.serial) && r.serial >= 0)) {
    throw argumentError("record.serial", "a whole number (bigint) of at least 0", r.serial);
  }
  const tickets = r.tickets;
  if (!Array.isArray(tickets) || tickets.length < 1 || tickets.length > 6) throw argumentError("record.tickets", "an array of 1 to 6 tickets", tickets);
  tickets.forEach((ticket: unknown, t) => {
    const rows = Array.isArray(ticket) && ticket.length === 3 && ticket.every((row: unknown) => Array.isArray(row) && row.length === 9 &&
      row.every((cell: unknown) => cell === null || (typeof cell === "number" && Number.isInteger(cell) && cell >= 1 && cell <= 90)));
    if (!rows) throw argumentError(`record.tickets[${t}]`, "3 rows of 9 cells, each a number 1..90 or null", ticket);
  });
}

/** Streams records as PDF pages to `sink`; `finish()` writes the trailer. */
export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly planner: PrintPlanner;
  private readonly g: PageGeometry;
  private readonly qr: boolean;
  private readonly pending: Uint8Array[] = [];
  private pageCount = 0;
  private readonly numberOffset: number[] = []; // x offset centring each number 1..90 in a cell

  private readonly sink: PdfSink;

  /** `target`: a function given the bytes chunk by chunk, or a Node writable stream. */
  constructor(target: PdfTarget, options: PdfOptions = {}) {
    this.sink = toPdfSink(target);
    options = optionsObject(options, "options", PDF_KEYS);
    const paper = options.paper ?? "a4";
    const layout = options.layout ?? "strip";
    if (!PDF_PAPERS.includes(paper)) throw new UsageError(`paper ${paper} (expected ${PDF_PAPERS.join(" or ")})`);
    if (!PDF_LAYOUTS.includes(layout)) throw new UsageError(`layout ${layout} (expected ${PDF_LAYOUTS.join(" or ")})`);
    const { creationDate, subject, ...print } = options; // the planner takes the print options alone
    this.planner = new PrintPlanner(print);
    this.g = this.planner.geometry;
    this.qr = options.qr ?? false;
    const title = pdfText([options.title, options.venue, options.date].filter(Boolean).join(" - ") || "Housie tickets");
    this.doc = new PDFDocument({ autoFirstPage: false, size: [this.g.width, this.g.height], margin: 0, compress: true, info: {
      Title: title, Producer: "tabula-grids",
      // pdfkit derives the file /ID from this dictionary: a fixed date and subject give a fixed /ID.
      CreationDate: creationDate ?? sourceDateEpoch() ?? new Date(),
      ...(subject !== undefined ? { Subject: subject } : {}),
    } });
    this.doc.on("data", (chunk: Uint8Array) => this.pending.push(chunk));
    this.doc.font(NUMBER_FONT).fontSize(this.g.ticket.numberSize);
    for (let x = 0; x <= 90; x++) this.numberOffset.push((this.g.ticket.cellWidth - this.doc.widthOfString(String(x))) / 2);
  }

  get pages(): number {
    return this.pageCount;
  }

  /** The series' identity printed in the footers and QR codes. */
  get series(): string {
    return this.planner.series;
  }

  /** Hands pdfkit's output so far to the sink, waiting whenever the sink is full. */
  private async flush(): Promise<void> {
    await nextTick();
    while (this.pending.length > 0) {
      const chunk = this.pending.shift()!;
      if (chunk.length > 0) await this.sink(chunk);
    }
  }

  /** Adds one book or ticket; pages are drawn and flushed to the sink as they fill. */
  async add(record: HousieRecord): Promise<void> {
    checkPrintableRecord(record);
    for (const page of this.planner.add(record)) await this.drawPage(page);
  }

  private async drawPage(page: PlannedPage): Promise<void> {
    if (this.pageCount > 0) await this.flush();
    const finished = (this.doc as unknown as { page?: PdfKitPage }).page;
    this.doc.addPage({ size: [this.g.width, this.g.height], margin: 0 }); // writes out the finished page
    if (finished) releasePage(finished);
    this.pageCount++;
    const doc = this.doc;
    for (const cut of cutsFor(this.g, page.groups.map((group) => group.box))) {
      doc.lineWidth(cut.solid ? 1.2 : 0.5).strokeColor(cut.solid ? INK : "#888888");
      if (!cut.solid) doc.dash(4, { space: 3 });
      doc.moveTo(cut.x1, cut.y1).lineTo(cut.x2, cut.y2).stroke();
      doc.undash();
    }
    for (const group of page.groups) {
      this.drawBand(group);
      for (const ticket of group.tickets) this.drawTicket(ticket);
    }
    doc.font(LABEL_FONT).fontSize(7).fillColor(GREY).text(pdfText(page.footer), MARGIN, this.g.footerY, { lineBreak: false });
  }

  /** Fits `text` into `width` points in the current font, cutting it with an ellipsis. */
  private fit(text: string, width: number): string {
    let t = pdfText(text);
    if (this.doc.widthOfString(t) <= width) return t;
    while (t.length > 0 && this.doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
    return t.length > 0 ? `${t}…` : "";
  }

  private drawBand(group: PlacedGroup): void {
    const doc = this.doc;
    const { x, y, w } = group.box;
    const [[head, label], [details]] = group.lines;
    doc.rect(x, y, w, BAND - 4).fill(group.colour.ink);
    doc.font(NUMBER_FONT).fontSize(9).fillColor("#ffffff");
    const labelWidth = doc.widthOfString(pdfText(label));
    doc.text(pdfText(label), x + w - 4 - labelWidth, y + 2, { lineBreak: false });
    doc.text(this.fit(head, w - labelWidth - 16), x + 4, y + 2, { lineBreak: false });
    if (details) doc.font(LABEL_FONT).fontSize(7.5).text(this.fit(details, w - 8), x + 4, y + 11.5, { lineBreak: false });
  }

  private drawTicket(ticket: PlacedTicket): void {
    const t = this.g.ticket;
    const doc = this.doc;
    const { x, y } = ticket.box;
    const { ink, shade } = ticket.colour;
    const gridX = x + t.stub;
    const gridY = y + t.refBand;
    const gridWidth = t.cellWidth * 9;
    // Blank cells shaded, as printed strips do; then the grid lines.
    doc.fillColor(shade);
    for (let r = 0; r < 3; r++) {
      for (let j = 0; j < 9; j++) if (ticket.grid[r]![j] === null) doc.rect(gridX + j * t.cellWidth, gridY + r * t.rowHeight, t.cellWidth, t.rowHeight);
    }
    doc.fill();
    doc.lineWidth(0.6).strokeColor(ink);
    for (let r = 1; r < 3; r++) doc.moveTo(gridX, gridY + r * t.rowHeight).lineTo(gridX + gridWidth, gridY + r * t.rowHeight);
    for (let j = 1; j < 9; j++) doc.moveTo(gridX + j * t.cellWidth, gridY).lineTo(gridX + j * t.cellWidth, gridY + 3 * t.rowHeight);
    doc.stroke();
    doc.lineWidth(0.9).moveTo(gridX, gridY).lineTo(x + t.w, gridY).stroke();
    if (t.stub > 0) doc.moveTo(gridX, y).lineTo(gridX, y + t.h).stroke();
    doc.lineWidth(1.6).rect(x, y, t.w, t.h).stroke();
    // Numbers, large and centred.
    doc.font(NUMBER_FONT).fontSize(t.numberSize).fillColor(INK);
    const baseline = (t.rowHeight - t.numberSize * 0.72) / 2; // cap height of Helvetica ~0.72 em
    for (let r = 0; r < 3; r++) {
      for (let j = 0; j < 9; j++) {
        const n = ticket.grid[r]![j];
        if (n === null || n === undefined) continue;
        doc.text(String(n), gridX + j * t.cellWidth + this.numberOffset[n]!, gridY + r * t.rowHeight + baseline - t.numberSize * 0.2, { lineBreak: false });
      }
    }
    // The reference line: label, reference (shrunk to fit any serial), game on the right.
    const labelSize = 6.5;
    doc.font(LABEL_FONT).fontSize(labelSize).fillColor(ink);
    const labelWidth = doc.widthOfString("Ref") + 3;
    doc.text("Ref", gridX + 4, y + 3, { lineBreak: false });
    let gameWidth = 0;
    if (ticket.game !== undefined) {
      doc.font(NUMBER_FONT).fontSize(labelSize);
      const game = this.fit(ticket.game, (t.w - t.stub) / 3);
      gameWidth = doc.widthOfString(game) + 6;
      doc.text(game, x + t.w - 4 - gameWidth + 6, y + 3, { lineBreak: false });
    }
    const size = refSizeFor(ticket.ref, t.w - t.stub - 8 - labelWidth - gameWidth, t.refSize);
    doc.font(NUMBER_FONT).fontSize(size).fillColor(INK).text(ticket.ref, gridX + 4 + labelWidth, y + (t.refBand - size * 0.72) / 2 - size * 0.2 + 0.5, { lineBreak: false });
    if (this.qr) this.drawQr(ticket.qr, x + (t.stub - t.qrSide) / 2, y + (t.h - t.qrSide) / 2, t.qrSide);
  }

  /**
   * A QR code (error correction Q: a quarter of it can be smudged or marked) of `text`,
   * `side` points square including the standard 4-module quiet zone, dark runs as
   * rectangles on a white square.
   */
  private drawQr(text: string, x: number, y: number, side: number): void {
    const code = qrMatrix(text, QR_LEVEL);
    const n = code.size;
    const module = side / (n + 2 * QR_QUIET);
    const data = code.data;
    this.doc.rect(x, y, side, side).fill("#ffffff");
    const ox = x + QR_QUIET * module;
    const oy = y + QR_QUIET * module;
    this.doc.fillColor("#000000");
    for (let r = 0; r < n; r++) {
      let c = 0;
      while (c < n) {
        if (!data[r * n + c]) { c++; continue; }
        const start = c;
        while (c < n && data[r * n + c]) c++;
        this.doc.rect(ox + start * module, oy + r * module, (c - start) * module + SEAM, module + SEAM); // overlap: no anti-aliased seams
      }
    }
    this.doc.fill();
  }

  /** Ends the document and hands the rest to the sink (the caller closes or commits it). */
  async finish(): Promise<void> {
    for (const page of this.planner.finish()) await this.drawPage(page);
    if (this.pageCount === 0) {
      this.doc.addPage({ size: [this.g.width, this.g.height], margin: 0 });
      this.pageCount++;
      this.doc.font(LABEL_FONT).fontSize(9).fillColor(GREY).text("Housie tickets - none", MARGIN, MARGIN, { lineBreak: false });
    }
    const ended = new Promise<void>((resolve) => this.doc.once("end", () => resolve()));
    this.doc.end();
    await ended;
    await this.flush();
  }
}

/**
 * Renders records (any iterable, sync or async) as a PDF to `sink`, page by page;
 * returns the number of pages.
 */
export async function renderPdf(records: Iterable<HousieRecord> | AsyncIterable<HousieRecord>, sink: PdfTarget, options: PdfOptions = {}): Promise<{ pages: number }> {
  iterableArgument(records, "records");
  options = optionsObject(options, "options", PDF_KEYS);
  const writer = new PdfWriter(sink, options);
  for await (const record of records) await writer.add(record);
  await writer.finish();
  return { pages: writer.pages };
}
