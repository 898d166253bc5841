// Print-ready PDF of books and tickets with pdfkit, streamed page by page: pdfkit writes
// each page out as soon as the next begins (pdf-lib keeps the whole document in memory
// until it saves), and here every page's bytes are handed to the sink, waiting for it
// to drain, so 100,000 books take next to constant memory (what grows is pdfkit's page
// references and xref offsets, about 225 bytes a page).
// What goes where comes from print-plan.ts and layout.ts (the same boxes as the HTML and
// the web app's print): strips side by side or sheets of whole books, each ticket with
// its reference serial-ticket-check above the grid and, with qr, a QR code on a stub.
import { argumentError, iterableArgument, optionsObject, requiredObject, text as checkText } from "../../args.js";
import { drawQrCode, openPdfDocument, releasePage, type PdfKitPage } from "./pdfkit-draw.js";
import { UsageError } from "../../errors.js";
import type { HousieRecord } from "../model/cells.js";
import { BAND_LINES, MARGIN, TYPE, baselineFor, numberBaseline, placeTicket, type PageGeometry } from "./layout.js";
import { PATTERN_STROKE, patternInk, patternMarks } from "./patterns.js";
import { isWinAnsi } from "./text-metrics.js";
import { UNICODE_FONT_COUNT, unicodeRuns, type UnicodeFontFiles } from "./pdf-unicode.js";
export { UNICODE_FONT_FILES, type UnicodeFontFiles } from "./pdf-unicode.js";
import { PRINT_KEYS, PrintPlanner, type PlacedGroup, type PlacedTicket, type PlannedPage, type PrintOptions } from "./print-plan.js";

import { PDF_PAPERS, PDF_LAYOUTS, type PdfPaper, type PdfLayout } from "./pdf-options.js";
export { PDF_PAPERS, PDF_LAYOUTS, type PdfPaper, type PdfLayout };

import { toPdfSink, type PdfSink, type PdfTarget } from "./pdf-sink.js";
export { streamSink, type PdfSink, type PdfTarget, type WritableLike } from "./pdf-sink.js";

/** Options of the PDF output: paper, layout, QR codes, colours and the header line (the print options shared with the HTML pages), and the document's dates. */
export type PdfOptions = PrintOptions & {
  /** The document's CreationDate (default: SOURCE_DATE_EPOCH when set, else now); the file /ID is derived from it and `subject`. */
  creationDate?: Date;
  /** The document's Subject, e.g. the seed of a seeded series (it also makes the /ID differ between seeds). */
  subject?: string;
  /**
   * Where the embedded Unicode fonts come from when some text is outside Latin-1: by
   * default the installed `@fontsource` packages (Node); a browser passes a loader that
   * fetches the same files (named as UNICODE_FONT_FILES lists them).
   */
  unicodeFonts?: () => Promise<UnicodeFontFiles>;
};

export { sourceDateEpoch } from "./pdfkit-draw.js";

const PDF_KEYS = [...PRINT_KEYS, "creationDate", "subject", "unicodeFonts"];

const INK = "#111111";
const GREY = "#555555";
const NUMBER_FONT = "Helvetica-Bold";
const LABEL_FONT = "Helvetica";

/** A record the pages can show: a serial and 1..6 tickets of 3 rows of 9 cells (a number 1..90 or null). */
function checkPrintableRecord(record: unknown): void {
  const r = requiredObject<{ serial?: unknown; tickets?: unknown }>(record, "record");
  if (typeof r.serial !== "bigint" && !(typeof r.serial === "number" && Number.isSafeInteger(r.serial) && r.serial >= 0)) {
    throw argumentError("record.serial", "a whole number (bigint) of at least 0", r.serial);
  }
  const tickets = r.tickets;
  if (!Array.isArray(tickets) || tickets.length < 1 || tickets.length > 6) throw argumentError("record.tickets", "an array of 1 to 6 tickets", tickets);
  tickets.forEach((ticket: unknown, t) => {
    const rows =
      Array.isArray(ticket) &&
      ticket.length === 3 &&
      ticket.every(
        (row: unknown) =>
          Array.isArray(row) &&
          row.length === 9 &&
          row.every((cell: unknown) => cell === null || (typeof cell === "number" && Number.isInteger(cell) && cell >= 1 && cell <= 90)),
      );
    if (!rows) throw argumentError(`record.tickets[${t}]`, "3 rows of 9 cells, each a number 1..90 or null", ticket);
  });
}

/**
 * Streams records as PDF pages to `sink`; `finish()` writes the trailer.
 *
 * @example
 * ```ts
 * import { generateBooks } from "tabula-grids";
 * import { PdfWriter } from "tabula-grids/housie/pdf";
 *
 * const chunks = [];
 * const writer = new PdfWriter((chunk) => void chunks.push(chunk), { paper: "a4" });
 * for (const book of generateBooks(2, { seed: 1n })) await writer.add(book);
 * await writer.finish();
 * writer.pages; // 1
 * new TextDecoder().decode(chunks[0].subarray(0, 5)); // "%PDF-"
 * ```
 */
export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly planner: PrintPlanner;
  private readonly g: PageGeometry;
  private readonly qr: boolean;
  /** Hands pdfkit's output so far to the sink, waiting whenever the sink is full. */
  private readonly flush: () => Promise<void>;
  private pageCount = 0;
  private readonly numberOffset: number[] = []; // x offset centring each number 1..90 in a cell

  private readonly sink: PdfSink;
  /** Whether some text needs the embedded Unicode fonts, and their glyph look-ups once loaded (by weight). */
  private readonly needsUnicode: boolean;
  private unicode: Record<400 | 700, { hasGlyphForCodePoint(cp: number): boolean }[]> | undefined;
  private readonly fontLoader: (() => Promise<UnicodeFontFiles>) | undefined;

  /**
   * `target`: a function given the bytes chunk by chunk, or a Node writable stream.
   *
   * @param target where the bytes go: a function taking each chunk, or a writable stream
   * @param options the print options (colours, games, title, paper, layout, qr, …)
   */
  constructor(target: PdfTarget, options: PdfOptions = {}) {
    this.sink = toPdfSink(target);
    options = optionsObject(options, "options", PDF_KEYS);
    if (options.unicodeFonts !== undefined && typeof options.unicodeFonts !== "function")
      throw argumentError("options.unicodeFonts", "a function returning the font files", options.unicodeFonts);
    this.fontLoader = options.unicodeFonts;
    const paper = options.paper ?? "a4";
    const layout = options.layout ?? "strip";
    if (!PDF_PAPERS.includes(paper)) throw new UsageError(`paper ${paper} (expected ${PDF_PAPERS.join(" or ")})`);
    if (!PDF_LAYOUTS.includes(layout)) throw new UsageError(`layout ${layout} (expected ${PDF_LAYOUTS.join(" or ")})`);
    const { creationDate, subject, unicodeFonts: _fonts, ...print } = options; // the planner takes the print options alone
    this.planner = new PrintPlanner(print);
    this.g = this.planner.geometry;
    this.qr = options.qr ?? false;
    // The document's Title is a PDF text string: pdfkit writes non-ASCII as UTF-16, so any script shows.
    const title = [options.title, options.venue, options.date].filter(Boolean).join(" - ") || "Housie tickets";
    this.needsUnicode = ![options.title, options.venue, options.date, options.price, options.games].every((t) => t === undefined || isWinAnsi(t));
    ({ doc: this.doc, flush: this.flush } = openPdfDocument(this.sink, this.g.width, this.g.height, { title, creationDate, subject }));
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

  /** Adds one book or ticket; pages are drawn and flushed to the sink as they fill. */
  async add(record: HousieRecord): Promise<void> {
    checkPrintableRecord(record);
    for (const page of this.planner.add(record)) await this.drawPage(page);
  }

  /** Loads and registers the embedded Unicode fonts (once, before the first page that needs them). */
  private async loadUnicode(): Promise<void> {
    const files: UnicodeFontFiles = this.fontLoader ? await this.fontLoader() : await (await import("./pdf-unicode.js")).loadUnicodeFonts();
    const doc = this.doc as unknown as {
      registerFont(name: string, src: Uint8Array): void;
      font(name: string): unknown;
      _font: { font: { hasGlyphForCodePoint(cp: number): boolean } };
    };
    const glyphs = { 400: [], 700: [] } as Record<400 | 700, { hasGlyphForCodePoint(cp: number): boolean }[]>;
    for (const weight of [400, 700] as const) {
      for (let i = 0; i < UNICODE_FONT_COUNT; i++) {
        doc.registerFont(`u${weight}-${i}`, files.get(`u${weight}-${i}`)!);
        doc.font(`u${weight}-${i}`);
        glyphs[weight].push(doc._font.font);
      }
    }
    this.unicode = glyphs;
  }

  /**
   * Draws one line of text with its baseline at `baseline`, starting at `x` (or ending
   * there, right-aligned); returns its width. Latin-1 text takes the standard Helvetica;
   * anything else the embedded Noto fonts, run by run. `option` names where the text
   * came from, for a character no font has.
   */
  private drawText(text: string, x: number, baseline: number, size: number, bold: boolean, option: string, align: "left" | "right" = "left"): number {
    const doc = this.doc;
    if (isWinAnsi(text) || !this.unicode) {
      doc.font(bold ? NUMBER_FONT : LABEL_FONT).fontSize(size);
      const width = doc.widthOfString(text);
      doc.text(text, align === "right" ? x - width : x, baseline - 0.718 * size, { lineBreak: false });
      return width;
    }
    const weight = bold ? 700 : 400;
    const runs = unicodeRuns(text, this.unicode[weight], option);
    const widths = runs.map((run) => doc.font(`u${weight}-${run.font}`).fontSize(size).widthOfString(run.text));
    let at = align === "right" ? x - widths.reduce((a, b) => a + b, 0) : x;
    runs.forEach((run, i) => {
      doc.font(`u${weight}-${run.font}`).fontSize(size);
      const ascender = (doc as unknown as { _font: { ascender: number } })._font.ascender / 1000;
      // A run of spaces only moves on (drawn, it would be a glyph without a Unicode mapping).
      if (/\S/u.test(run.text)) doc.text(run.text, at, baseline - ascender * size, { lineBreak: false });
      at += widths[i]!;
    });
    return widths.reduce((a, b) => a + b, 0);
  }

  private async drawPage(page: PlannedPage): Promise<void> {
    if (this.needsUnicode && !this.unicode) await this.loadUnicode();
    if (this.pageCount > 0) await this.flush();
    const finished = (this.doc as unknown as { page?: PdfKitPage }).page;
    this.doc.addPage({ size: [this.g.width, this.g.height], margin: 0 }); // writes out the finished page
    if (finished) releasePage(finished);
    this.pageCount++;
    const doc = this.doc;
    // Cut marks: dashed, down the middle of the gaps where the hall cuts (never inside a book).
    for (const cut of page.cuts) {
      doc.lineWidth(0.5).strokeColor("#888888").dash(4, { space: 3 });
      doc.moveTo(cut.x1, cut.y1).lineTo(cut.x2, cut.y2).stroke();
      doc.undash();
    }
    for (const group of page.groups) {
      this.drawBand(group);
      for (const ticket of group.tickets) this.drawTicket(ticket);
    }
    doc.fillColor(GREY);
    this.drawText(page.footer, MARGIN, baselineFor(this.g.footerY, TYPE.footer), TYPE.footer, false, "the footer");
  }

  private drawBand(group: PlacedGroup): void {
    const doc = this.doc;
    const { x, y, w } = group.box;
    const [[head, label], [details]] = group.lines;
    doc.rect(x, y, w, BAND_LINES.bar).fill(group.colour.ink);
    doc.fillColor("#ffffff");
    const headBase = baselineFor(y + BAND_LINES.head, TYPE.head);
    const labelWidth = this.drawText(label, x + w - BAND_LINES.pad, headBase, TYPE.head, true, "--games", "right");
    const headWidth = this.drawText(head, x + BAND_LINES.pad, headBase, TYPE.head, true, "--title");
    // The planner refused text wider than its bound; a font wider still would be refused here, never cut.
    if (headWidth + labelWidth + 8 > w - 2 * BAND_LINES.pad + 0.5)
      throw new UsageError(
        `--title ${JSON.stringify(head.slice(0, 40))} is ${Math.ceil(headWidth)} pt wide in the PDF's font; the band has room for ${Math.floor(w - 2 * BAND_LINES.pad - labelWidth - 8)} pt (expected shorter text)`,
      );
    if (details) {
      const width = this.drawText(
        details,
        x + BAND_LINES.pad,
        baselineFor(y + BAND_LINES.details, TYPE.details),
        TYPE.details,
        false,
        "--venue, --date or --price",
      );
      if (width > w - 2 * BAND_LINES.pad + 0.5)
        throw new UsageError(
          `--venue, --date and --price ${JSON.stringify(details.slice(0, 40))} are ${Math.ceil(width)} pt wide in the PDF's font; the band has room for ${Math.floor(w - 2 * BAND_LINES.pad)} pt (expected shorter text)`,
        );
    }
  }

  private drawTicket(ticket: PlacedTicket): void {
    const t = this.g.ticket;
    const doc = this.doc;
    const b = ticket.box;
    const { ink, shade } = ticket.colour;
    doc.font(NUMBER_FONT).fontSize(TYPE.game);
    const p = placeTicket(t, b, ticket.ref, ticket.gameTab ? doc.widthOfString(ticket.gameTab) : 0);
    // Blank cells shaded, as printed strips do, with the game's pattern; then the grid lines.
    const blanks: { x: number; y: number; w: number; h: number }[] = [];
    for (let r = 0; r < 3; r++) {
      for (let j = 0; j < 9; j++)
        if (ticket.grid[r]![j] === null) blanks.push({ x: p.gridX + j * t.cellWidth, y: p.gridY + r * t.rowHeight, w: t.cellWidth, h: t.rowHeight });
    }
    doc.fillColor(shade);
    for (const c of blanks) doc.rect(c.x, c.y, c.w, c.h);
    doc.fill();
    if (ticket.pattern !== "none") {
      const marks = blanks.map((c) => patternMarks(ticket.pattern, c));
      if (ticket.pattern === "dots") {
        for (const m of marks) for (const [cx, cy] of m.dots) doc.circle(cx, cy, m.dotRadius);
        doc.fillColor(patternInk(ticket.colour)).fill();
      } else {
        for (const m of marks) for (const [x1, y1, x2, y2] of m.lines) doc.moveTo(x1, y1).lineTo(x2, y2);
        doc.lineWidth(PATTERN_STROKE).strokeColor(patternInk(ticket.colour)).stroke();
      }
    }
    doc.lineWidth(0.6).strokeColor(ink);
    for (let r = 1; r < 3; r++) doc.moveTo(p.gridX, p.gridY + r * t.rowHeight).lineTo(p.gridX + p.gridW, p.gridY + r * t.rowHeight);
    for (let j = 1; j < 9; j++) doc.moveTo(p.gridX + j * t.cellWidth, p.gridY).lineTo(p.gridX + j * t.cellWidth, p.gridY + p.gridH);
    doc.stroke();
    doc
      .lineWidth(0.9)
      .moveTo(p.gridX, p.gridY)
      .lineTo(b.x + t.w, p.gridY)
      .stroke();
    if (t.stub > 0)
      doc
        .moveTo(p.gridX, b.y)
        .lineTo(p.gridX, b.y + t.h)
        .stroke();
    doc.lineWidth(1.6).rect(b.x, b.y, t.w, t.h).stroke();
    // Numbers, large and centred.
    doc.font(NUMBER_FONT).fontSize(t.numberSize).fillColor(INK);
    for (let r = 0; r < 3; r++) {
      const top = numberBaseline(t, p.gridY, r) - 0.718 * t.numberSize;
      for (let j = 0; j < 9; j++) {
        const v = ticket.grid[r]![j];
        if (v === null || v === undefined) continue;
        doc.text(String(v), p.gridX + j * t.cellWidth + this.numberOffset[v]!, top, { lineBreak: false });
      }
    }
    // The reference line: label, reference (shrunk to fit any serial), the game's tab on the right.
    doc.fillColor(ink);
    this.drawText("Ref", p.label.x, p.label.baseline, p.label.size, false, "Ref");
    doc.fillColor(INK);
    this.drawText(ticket.ref, p.ref.x, p.ref.baseline, p.ref.size, true, "the reference");
    if (ticket.gameTab) {
      doc.rect(p.tab.x, b.y, p.tab.w, t.refBand).fill(ink);
      doc.fillColor("#ffffff");
      this.drawText(ticket.gameTab, p.tab.x + 3, p.tab.baseline, p.tab.size, true, "--games");
    }
    if (this.qr) this.drawQr(ticket.qr, b.x + (t.stub - t.qrSide) / 2, b.y + (t.h - t.qrSide) / 2, t.qrSide);
  }

  private drawQr(text: string, x: number, y: number, side: number): void {
    drawQrCode(this.doc, text, x, y, side);
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
 *
 * @param records books or tickets, any iterable, sync or async
 * @param sink where the bytes go: a function taking each chunk, or a writable stream
 * @param options the print options (colours, games, title, paper, layout, qr, …)
 * @example
 * ```ts
 * import { generateBooks } from "tabula-grids";
 * import { renderPdf } from "tabula-grids/housie/pdf";
 *
 * const chunks = [];
 * await renderPdf(generateBooks(3, { seed: 1n }), (chunk) => void chunks.push(chunk)); // { pages: 2 }
 * ```
 */
export async function renderPdf(
  records: Iterable<HousieRecord> | AsyncIterable<HousieRecord>,
  sink: PdfTarget,
  options: PdfOptions = {},
): Promise<{ pages: number }> {
  iterableArgument(records, "records");
  options = optionsObject(options, "options", PDF_KEYS);
  const writer = new PdfWriter(sink, options);
  for await (const record of records) await writer.add(record);
  await writer.finish();
  return { pages: writer.pages };
}
