// Print-ready PDF of books and tickets with pdfkit, streamed page by page: pdfkit writes
// each page out as soon as the next begins (pdf-lib keeps the whole document in memory
// until it saves), and here every page's bytes are handed to the sink, waiting for it
// to drain, so 100,000 books take next to constant memory (what grows is pdfkit's page
// references and xref offsets, about 225 bytes a page).
//  strip: one book per page, its 6 tickets stacked as on a real strip, cut lines between.
//  sheet: tickets fill pages two across, books running on from page to page.
// Each ticket has a stub left of the play area with its reference serial-ticket (and,
// with qr, a QR code of the reference to scan at claim time).
import { argumentError, iterableArgument, optionsObject, requiredObject } from "../args.js";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { UsageError } from "../errors.js";
import type { HousieRecord } from "./generate.js";

import { PDF_PAPERS, PDF_LAYOUTS, type PdfPaper, type PdfLayout } from "./pdf-options.js";
export { PDF_PAPERS, PDF_LAYOUTS, type PdfPaper, type PdfLayout };

/**
 * Where the PDF's bytes go, chunk by chunk, in order; a returned promise is awaited
 * before the next chunk (backpressure). Node: `streamSink(stream)` (io/atomic-write.ts).
 */
export type PdfSink = (chunk: Uint8Array) => void | Promise<void>;

/**
 * Lets pdfkit emit what it has buffered: Node's build on a later tick; the browser build
 * drains in a microtask queued when data arrived, so one queued after it suffices (a
 * setTimeout would cost ~4 ms a page, clamped).
 */
const nextTick = (): Promise<void> =>
  new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : queueMicrotask(resolve)));

export interface PdfOptions {
  paper?: PdfPaper;
  layout?: PdfLayout;
  /** A QR code of each ticket's reference on its stub. */
  qr?: boolean;
  /** The document's CreationDate (default: SOURCE_DATE_EPOCH when set, else now); the file /ID is derived from it and `subject`. */
  creationDate?: Date;
  /** The document's Subject, e.g. the seed of a seeded series (it also makes the /ID differ between seeds). */
  subject?: string;
}

/** SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention) as a date, if set and valid. */
export function sourceDateEpoch(): Date | undefined {
  const text = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.SOURCE_DATE_EPOCH;
  return text !== undefined && /^\d{1,12}$/.test(text.trim()) ? new Date(Number(text.trim()) * 1000) : undefined;
}

/** Page sizes in points (1/72 inch). */
const PAPER_SIZE: Record<PdfPaper, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };
const MARGIN = 28;
const TITLE_HEIGHT = 16;
const INK = "#111111";
const BLANK_FILL = "#dfe8f1";
const NUMBER_FONT = "Helvetica-Bold";
const LABEL_FONT = "Helvetica";

interface Geometry {
  /** Tickets per page and per column of the page. */
  perPage: number;
  columns: number;
  ticketWidth: number;
  ticketHeight: number;
  stubWidth: number;
  rowHeight: number;
  cellWidth: number;
  numberSize: number;
  gap: number;
}

function geometry(paper: PdfPaper, layout: PdfLayout): Geometry {
  const [width, height] = PAPER_SIZE[paper];
  const usableHeight = height - 2 * MARGIN - TITLE_HEIGHT;
  if (layout === "strip") {
    const gap = 14;
    const ticketHeight = (usableHeight - 5 * gap) / 6;
    const stubWidth = 72;
    const ticketWidth = width - 2 * MARGIN;
    return { perPage: 6, columns: 1, ticketWidth, ticketHeight, stubWidth, rowHeight: ticketHeight / 3, cellWidth: (ticketWidth - stubWidth) / 9, numberSize: 22, gap };
  }
  const gap = 12;
  const columns = 2;
  const ticketWidth = (width - 2 * MARGIN - gap) / columns;
  const stubWidth = 46;
  const rows = 9;
  const ticketHeight = (usableHeight - (rows - 1) * gap) / rows;
  return { perPage: rows * columns, columns, ticketWidth, ticketHeight, stubWidth, rowHeight: ticketHeight / 3, cellWidth: (ticketWidth - stubWidth) / 9, numberSize: 12, gap };
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
  private readonly g: Geometry;
  private readonly qr: boolean;
  private readonly size: [number, number];
  private readonly layout: PdfLayout;
  private readonly pending: Uint8Array[] = [];
  private onPage = 0; // tickets on the current page
  private pageCount = 0;
  private readonly numberOffset: number[] = []; // x offset centring each number 1..90 in a cell

  constructor(private readonly sink: PdfSink, options: PdfOptions = {}) {
    const paper = options.paper ?? "a4";
    this.layout = options.layout ?? "strip";
    if (!PDF_PAPERS.includes(paper)) throw new UsageError(`paper ${paper} (expected ${PDF_PAPERS.join(" or ")})`);
    if (!PDF_LAYOUTS.includes(this.layout)) throw new UsageError(`layout ${this.layout} (expected ${PDF_LAYOUTS.join(" or ")})`);
    this.size = PAPER_SIZE[paper];
    this.g = geometry(paper, this.layout);
    this.qr = options.qr ?? false;
    this.doc = new PDFDocument({ autoFirstPage: false, size: this.size, margin: 0, compress: true, info: {
      Title: "Housie tickets", Producer: "tabula-grids",
      // pdfkit derives the file /ID from this dictionary: a fixed date and subject give a fixed /ID.
      CreationDate: options.creationDate ?? sourceDateEpoch() ?? new Date(),
      ...(options.subject !== undefined ? { Subject: options.subject } : {}),
    } });
    this.doc.on("data", (chunk: Uint8Array) => this.pending.push(chunk));
    this.doc.font(NUMBER_FONT).fontSize(this.g.numberSize);
    for (let x = 0; x <= 90; x++) this.numberOffset.push((this.g.cellWidth - this.doc.widthOfString(String(x))) / 2);
  }

  get pages(): number {
    return this.pageCount;
  }

  /** Hands pdfkit's output so far to the sink, waiting whenever the sink is full. */
  private async flush(): Promise<void> {
    await nextTick();
    while (this.pending.length > 0) {
      const chunk = this.pending.shift()!;
      if (chunk.length > 0) await this.sink(chunk);
    }
  }

  private newPage(title: string): void {
    const finished = (this.doc as unknown as { page?: PdfKitPage }).page;
    this.doc.addPage({ size: this.size, margin: 0 }); // writes out the finished page
    if (finished) releasePage(finished);
    this.pageCount++;
    this.onPage = 0;
    this.doc.font(LABEL_FONT).fontSize(9).fillColor("#555555")
      .text(title, MARGIN, MARGIN, { lineBreak: false });
  }

  /** Adds one book or ticket; pages are flushed to the sink as they fill. */
  async add(record: HousieRecord): Promise<void> {
    checkPrintableRecord(record);
    const g = this.g;
    const book = record.tickets.length === 6;
    if (this.layout === "strip" && book) {
      if (this.pageCount > 0) await this.flush();
      this.newPage("Housie strip - one book of six tickets - cut along the dashed lines");
    }
    for (let i = 0; i < record.tickets.length; i++) {
      if (this.pageCount === 0 || this.onPage === g.perPage) {
        if (this.pageCount > 0) await this.flush();
        this.newPage(this.layout === "strip" ? "Housie tickets - cut along the dashed lines" : "Housie tickets - sheet - cut along the dashed lines");
      }
      const column = this.layout === "strip" ? 0 : this.onPage % g.columns;
      const row = this.layout === "strip" ? this.onPage : Math.floor(this.onPage / g.columns);
      const x = MARGIN + column * (g.ticketWidth + g.gap);
      const y = MARGIN + TITLE_HEIGHT + row * (g.ticketHeight + g.gap);
      await this.drawTicket(record.tickets[i]!, `${record.serial}-${i + 1}`, x, y, row > 0, column > 0);
      this.onPage++;
    }
  }

  private async drawTicket(ticket: (number | null)[][], ref: string, x: number, y: number, cutAbove: boolean, cutLeft: boolean): Promise<void> {
    const g = this.g;
    const doc = this.doc;
    const gridX = x + g.stubWidth;
    const gridWidth = g.cellWidth * 9;
    // Blank cells shaded, as printed strips do; then the grid lines.
    doc.fillColor(BLANK_FILL);
    for (let r = 0; r < 3; r++) {
      for (let j = 0; j < 9; j++) if (ticket[r]![j] === null) doc.rect(gridX + j * g.cellWidth, y + r * g.rowHeight, g.cellWidth, g.rowHeight);
    }
    doc.fill();
    doc.lineWidth(0.6).strokeColor(INK);
    for (let r = 1; r < 3; r++) doc.moveTo(gridX, y + r * g.rowHeight).lineTo(gridX + gridWidth, y + r * g.rowHeight);
    for (let j = 1; j < 9; j++) doc.moveTo(gridX + j * g.cellWidth, y).lineTo(gridX + j * g.cellWidth, y + g.ticketHeight);
    doc.stroke();
    doc.lineWidth(1.6).rect(x, y, g.ticketWidth, g.ticketHeight).stroke();
    doc.lineWidth(0.8).moveTo(gridX, y).lineTo(gridX, y + g.ticketHeight).stroke();
    // Numbers, large and centred.
    doc.font(NUMBER_FONT).fontSize(g.numberSize).fillColor(INK);
    const baseline = (g.rowHeight - g.numberSize * 0.72) / 2; // cap height of Helvetica ~0.72 em
    for (let r = 0; r < 3; r++) {
      for (let j = 0; j < 9; j++) {
        const n = ticket[r]![j];
        if (n === null) continue;
        doc.text(String(n), gridX + j * g.cellWidth + this.numberOffset[n]!, y + r * g.rowHeight + baseline - g.numberSize * 0.2, { lineBreak: false });
      }
    }
    // The stub: reference (and QR code) outside the play area.
    const small = this.layout === "strip" ? 8 : 6;
    doc.font(LABEL_FONT).fontSize(small).fillColor("#444444").text("REF", x + 6, y + 5, { lineBreak: false });
    doc.font(NUMBER_FONT).fontSize(this.layout === "strip" ? 11 : 7.5).fillColor(INK).text(ref, x + 6, y + 5 + small + 1, { lineBreak: false });
    if (this.qr) {
      const top = y + 5 + 2 * small + 6;
      const side = Math.min(g.stubWidth - 12, y + g.ticketHeight - 4 - top);
      this.drawQr(ref, x + 6, top, side);
    }
    // Cut lines in the gutters between tickets.
    doc.lineWidth(0.5).strokeColor("#888888").dash(4, { space: 3 });
    if (cutAbove) doc.moveTo(x - (cutLeft ? g.gap / 2 : MARGIN / 2), y - g.gap / 2).lineTo(x + g.ticketWidth + (this.layout === "strip" ? MARGIN / 2 : g.gap / 2), y - g.gap / 2).stroke();
    if (cutLeft) doc.moveTo(x - g.gap / 2, y - g.gap / 2).lineTo(x - g.gap / 2, y + g.ticketHeight + g.gap / 2).stroke();
    doc.undash();
  }

  /** A QR code (error correction M) of `text`, `side` points square, dark runs as rectangles. */
  private drawQr(text: string, x: number, y: number, side: number): void {
    const code = QRCode.create(text, { errorCorrectionLevel: "M" });
    const n = code.modules.size;
    const module = side / n;
    const data = code.modules.data;
    this.doc.fillColor("#000000");
    for (let r = 0; r < n; r++) {
      let c = 0;
      while (c < n) {
        if (!data[r * n + c]) { c++; continue; }
        const start = c;
        while (c < n && data[r * n + c]) c++;
        this.doc.rect(x + start * module, y + r * module, (c - start) * module, module);
      }
    }
    this.doc.fill();
  }

  /** Ends the document and hands the rest to the sink (the caller closes or commits it). */
  async finish(): Promise<void> {
    if (this.pageCount === 0) this.newPage("Housie tickets - none");
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
export async function renderPdf(records: Iterable<HousieRecord> | AsyncIterable<HousieRecord>, sink: PdfSink, options: PdfOptions = {}): Promise<{ pages: number }> {
  iterableArgument(records, "records");
  if (typeof sink !== "function") throw argumentError("sink", "a function taking each chunk", sink);
  optionsObject(options, "options");
  const writer = new PdfWriter(sink, options);
  for await (const record of records) await writer.add(record);
  await writer.finish();
  return { pages: writer.pages };
}
