// One set of measurements for every printed form of tickets: the PDF (pdf.ts), the HTML
// download and the web app's print and preview (print-html.ts) all place the same boxes
// at the same points (1/72 inch), so the preview is what prints.
//  strip: a book's 6 tickets stacked ("6 to view"), as many strips side by side as fit
//         (--per-page fewer); a hall cuts the page into strips along the marks down the
//         middle of the gutters between them, and never inside a strip.
//  sheet: each book a block of 3 rows x 2 tickets under its own band, blocks stacked down
//         the page, 3 books a page by default; the cut marks run between books only.
// Single tickets fill the same slots six at a time, and are sold one by one, so their
// marks run between tickets too (print-plan.ts chooses which marks a page gets).
// The gaps a hall cuts through leave 3.5 to 5 mm either side of the mark (2 mm between
// single tickets on strips), so a guillotine a little off the line leaves every border whole.
// Nothing is ever split across pages: a page holds whole groups, and each group's boxes
// lie inside the page's margins.
import { UsageError } from "../../errors.js";
import { PDF_LAYOUTS, PDF_PAPERS, type PdfLayout, type PdfPaper } from "./pdf-options.js";
import { argumentError, describeValue, finiteNumber, oneOf, optionKeys, optionsObject, requiredObject, wholeNumber } from "../../args.js";
import { HELVETICA_ASCENT, textWidth } from "./text-metrics.js";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Paper sizes in points. */
export const PAPER_SIZE: Record<PdfPaper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

export const MARGIN = 28; // ~10 mm: inside every printer's unprintable edge
export const FOOTER = 14; // the page's footer line (series, page, cutting hint)
export const BAND = 24; // a group's band: book/title line and venue/date/price line
export const REF_BAND = 12; // a ticket's reference line above its grid
const STRIP_MIN_WIDTH = 240; // narrowest strip whose numbers stay readable (~15 pt)
const STRIP_GUTTER = 28; // between strips side by side: the cut mark down its middle, 5 mm either side
const TICKET_GAP = 12; // between the tickets of a strip: 2.1 mm either side of a single ticket's cut
const SHEET_TICKET_GAP = 8; // between the rows of a sheet's block (1.4 mm either side of a single ticket's cut: the QR codes need the height)
const SHEET_COLUMN_GAP = 12;
const BOOK_GAP = 20; // between books on a sheet: the cut mark, 3.5 mm either side
const SHEET_DEFAULT_BOOKS = 3;
const SHEET_MAX_BOOKS = 3; // a fourth would shrink numbers below 9 pt
/** QR stub: side of the code, and padding around it (its own quiet zone is inside). */
const QR_MAX_SIDE = 64;
const STUB_PAD = 3;
/** Helvetica-Bold advance widths (em) of what a reference holds. */
const DIGIT_EM = 0.556;
const HYPHEN_EM = 0.333;

/** The keys of LayoutOptions. */
export const LAYOUT_KEYS = optionKeys<LayoutOptions>({ paper: true, layout: true, perPage: true, qr: true });

export interface LayoutOptions {
  paper?: PdfPaper;
  layout?: PdfLayout;
  /** Groups (books) per page; default as many as fit. */
  perPage?: number;
  qr?: boolean;
}

/** Where everything of one ticket goes, relative to the ticket's box. */
export interface TicketGeometry {
  w: number;
  h: number;
  /** Left stub (the QR code), full height, 0 without QR. */
  stub: number;
  qrSide: number;
  refBand: number;
  cellWidth: number;
  rowHeight: number;
  numberSize: number;
  /** Largest type for the reference line's label and reference. */
  refSize: number;
}

export interface PageGeometry {
  paper: PdfPaper;
  layout: PdfLayout;
  width: number;
  height: number;
  /** Group boxes of a page (band included), in filling order. */
  groups: Box[];
  /** Ticket boxes of each group, relative to the page. */
  tickets: Box[][];
  ticket: TicketGeometry;
  /** Baseline-free top of the footer line. */
  footerY: number;
  /** Cut marks down the middle of the gaps: between groups (books, strips) or between the tickets of a group. */
  cuts: Cut[];
}

/** A cut mark: a dashed line down the middle of a gap, between groups or between the tickets of one group. */
export interface Cut {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  between: "groups" | "tickets";
}

/** Type sizes (points) of the printed text, for every renderer. */
export const TYPE = { head: 9, details: 7.5, footer: 7, refLabel: 6.5, game: 8 } as const;
/** Tops of a band's two lines below the band's top, and the coloured bar's height. */
export const BAND_LINES = { head: 2, details: 11.5, bar: BAND - 4, pad: 4 } as const;

const TICKET_NUMBERS = ["w", "h", "stub", "qrSide", "refBand", "cellWidth", "rowHeight", "numberSize", "refSize"] as const;

/** An argument that must be a box: finite x, y, w, h. */
export function checkBox(value: unknown, name: string): void {
  const b = requiredObject<Partial<Box>>(value, name);
  for (const k of ["x", "y", "w", "h"] as const) finiteNumber(b[k], `${name}.${k}`);
}

/** An argument that must be a page's measurements as pageGeometry() gives them. */
export function checkGeometry(value: unknown, name: string): PageGeometry {
  const g = requiredObject<Partial<PageGeometry>>(value, name);
  oneOf(g.paper, `${name}.paper`, PDF_PAPERS);
  oneOf(g.layout, `${name}.layout`, PDF_LAYOUTS);
  finiteNumber(g.width, `${name}.width`, 0);
  finiteNumber(g.height, `${name}.height`, 0);
  finiteNumber(g.footerY, `${name}.footerY`);
  if (!Array.isArray(g.groups) || g.groups.length === 0) throw argumentError(`${name}.groups`, "an array of at least one box", g.groups);
  g.groups.forEach((b: unknown, i) => checkBox(b, `${name}.groups[${i}]`));
  if (!Array.isArray(g.tickets) || g.tickets.length !== g.groups.length) throw argumentError(`${name}.tickets`, "an array of boxes for each group", g.tickets);
  g.tickets.forEach((boxes: unknown, i) => {
    if (!Array.isArray(boxes) || boxes.length !== 6) throw argumentError(`${name}.tickets[${i}]`, "an array of 6 boxes", boxes);
    boxes.forEach((b: unknown, j) => checkBox(b, `${name}.tickets[${i}][${j}]`));
  });
  const t = requiredObject<Partial<TicketGeometry>>(g.ticket, `${name}.ticket`);
  for (const k of TICKET_NUMBERS) finiteNumber(t[k], `${name}.ticket.${k}`, 0);
  if (!Array.isArray(g.cuts)) throw argumentError(`${name}.cuts`, "an array of cut lines", g.cuts);
  g.cuts.forEach((cut: unknown, i) => {
    const c = requiredObject<Partial<PageGeometry["cuts"][number]>>(cut, `${name}.cuts[${i}]`);
    for (const k of ["x1", "y1", "x2", "y2"] as const) finiteNumber(c[k], `${name}.cuts[${i}].${k}`);
    if (c.between !== "groups" && c.between !== "tickets") throw argumentError(`${name}.cuts[${i}].between`, '"groups" or "tickets"', c.between);
  });
  return g as PageGeometry;
}

/**
 * Groups a page of this layout and paper can hold, at most.
 *
 * @param paper "a4" or "letter"
 * @param layout "strip" or "sheet"
 * @example
 * ```ts
 * import { maxPerPage } from "tabula-grids";
 *
 * maxPerPage("a4", "strip"); // 2
 * ```
 */
export function maxPerPage(paper: PdfPaper, layout: PdfLayout): number {
  oneOf(paper, "paper", PDF_PAPERS);
  oneOf(layout, "layout", PDF_LAYOUTS);
  if (layout === "sheet") return SHEET_MAX_BOOKS;
  const usable = PAPER_SIZE[paper].width - 2 * MARGIN;
  return Math.max(1, Math.floor((usable + STRIP_GUTTER) / (STRIP_MIN_WIDTH + STRIP_GUTTER)));
}

function ticketGeometry(w: number, h: number, qr: boolean): TicketGeometry {
  const gridHeight = h - REF_BAND;
  // The stub runs the ticket's full height (the reference line starts right of it), so
  // the code's modules stay large enough to scan from a 100 dpi copy.
  const qrSide = qr ? Math.min(QR_MAX_SIDE, h - 2 * STUB_PAD) : 0;
  const stub = qr ? qrSide + 2 * STUB_PAD : 0;
  const cellWidth = (w - stub) / 9;
  const rowHeight = gridHeight / 3;
  const numberSize = Math.min(24, rowHeight * 0.62, cellWidth * 0.62);
  return { w, h, stub, qrSide, refBand: REF_BAND, cellWidth, rowHeight, numberSize, refSize: 8.5 };
}

/**
 * The measurements of a page: validated options in, boxes out.
 *
 * @param options paper, layout and the other page options (LayoutOptions)
 * @example
 * ```ts
 * import { pageGeometry, pagesFor } from "tabula-grids";
 *
 * const a4 = pageGeometry({ paper: "a4" });
 * a4.groups.length; // 2
 * pagesFor(13, a4); // 7
 * ```
 */
export function pageGeometry(options: LayoutOptions = {}): PageGeometry {
  options = optionsObject<LayoutOptions>(options, "options", LAYOUT_KEYS);
  const paper = options.paper ?? "a4";
  const layout = options.layout ?? "strip";
  const shown = (v: unknown): string => (typeof v === "string" ? v : describeValue(v));
  if (typeof paper !== "string" || !Object.hasOwn(PAPER_SIZE, paper)) throw new UsageError(`paper ${shown(paper)} (expected a4 or letter)`);
  if (layout !== "strip" && layout !== "sheet") throw new UsageError(`layout ${shown(layout)} (expected strip or sheet)`);
  const most = maxPerPage(paper, layout);
  const per = options.perPage ?? (layout === "sheet" ? SHEET_DEFAULT_BOOKS : most);
  if (!Number.isInteger(per) || per < 1 || per > most) {
    throw new UsageError(`--per-page ${per} (expected 1 to ${most} ${layout === "sheet" ? "books" : "strips"} on ${paper} ${layout} pages)`);
  }
  const { width, height } = PAPER_SIZE[paper];
  const usableW = width - 2 * MARGIN;
  const usableH = height - 2 * MARGIN - FOOTER;
  const groups: Box[] = [];
  const tickets: Box[][] = [];
  const cuts: PageGeometry["cuts"] = [];
  let ticketW: number;
  let ticketH: number;
  if (layout === "strip") {
    const stripW = (usableW - (per - 1) * STRIP_GUTTER) / per;
    ticketW = stripW;
    ticketH = (usableH - BAND - 5 * TICKET_GAP) / 6;
    for (let g = 0; g < per; g++) {
      const x = MARGIN + g * (stripW + STRIP_GUTTER);
      groups.push({ x, y: MARGIN, w: stripW, h: usableH });
      tickets.push(Array.from({ length: 6 }, (_, i) => ({ x, y: MARGIN + BAND + i * (ticketH + TICKET_GAP), w: ticketW, h: ticketH })));
      for (let i = 1; i < 6; i++) {
        const y = MARGIN + BAND + i * (ticketH + TICKET_GAP) - TICKET_GAP / 2;
        cuts.push({ x1: x, y1: y, x2: x + stripW, y2: y, between: "tickets" });
      }
      if (g > 0) cuts.push({ x1: x - STRIP_GUTTER / 2, y1: MARGIN, x2: x - STRIP_GUTTER / 2, y2: MARGIN + usableH, between: "groups" });
    }
  } else {
    const blockH = (usableH - (per - 1) * BOOK_GAP) / per;
    ticketW = (usableW - SHEET_COLUMN_GAP) / 2;
    ticketH = (blockH - BAND - 2 * SHEET_TICKET_GAP) / 3;
    for (let g = 0; g < per; g++) {
      const y = MARGIN + g * (blockH + BOOK_GAP);
      groups.push({ x: MARGIN, y, w: usableW, h: blockH });
      const boxes: Box[] = [];
      for (let i = 0; i < 6; i++) {
        // down the left column, then the right: 1-3 | 4-6
        boxes.push({
          x: MARGIN + Math.floor(i / 3) * (ticketW + SHEET_COLUMN_GAP),
          y: y + BAND + (i % 3) * (ticketH + SHEET_TICKET_GAP),
          w: ticketW,
          h: ticketH,
        });
      }
      tickets.push(boxes);
      for (let r = 1; r < 3; r++) {
        const cy = y + BAND + r * (ticketH + SHEET_TICKET_GAP) - SHEET_TICKET_GAP / 2;
        cuts.push({ x1: MARGIN, y1: cy, x2: MARGIN + usableW, y2: cy, between: "tickets" });
      }
      const cx = MARGIN + ticketW + SHEET_COLUMN_GAP / 2;
      cuts.push({ x1: cx, y1: y + BAND, x2: cx, y2: y + blockH, between: "tickets" });
      if (g > 0) cuts.push({ x1: MARGIN, y1: y - BOOK_GAP / 2, x2: MARGIN + usableW, y2: y - BOOK_GAP / 2, between: "groups" });
    }
  }
  const ticket = ticketGeometry(ticketW, ticketH, options.qr ?? false);
  return { paper, layout, width, height, groups, tickets, ticket, footerY: height - MARGIN - FOOTER + 4, cuts };
}

/** Where the parts of a ticket go, in page points, for every renderer. */
export interface TicketPlacement {
  gridX: number;
  gridY: number;
  gridW: number;
  gridH: number;
  /** "Ref" label: left and baseline; the reference: left, baseline and size. */
  label: { x: number; baseline: number; size: number };
  ref: { x: number; baseline: number; size: number };
  /** The game tab at the right end of the reference line (width 0 without one). */
  tab: { x: number; w: number; baseline: number; size: number };
}

/** The places of a ticket's parts; `tabWidth` is the game tab's text width (0 without a game). */
export function placeTicket(t: TicketGeometry, b: Box, ref: string, tabWidth: number): TicketPlacement {
  const gridX = b.x + t.stub;
  const labelSize = 6.5;
  const labelWidth = textWidth("Ref", labelSize) + 3;
  const tabW = tabWidth > 0 ? tabWidth + 6 : 0;
  const size = refSizeFor(ref, t.w - t.stub - 8 - labelWidth - tabW, t.refSize);
  return {
    gridX,
    gridY: b.y + t.refBand,
    gridW: t.cellWidth * 9,
    gridH: t.rowHeight * 3,
    label: { x: gridX + 4, baseline: baselineFor(b.y + 3, labelSize), size: labelSize },
    ref: { x: gridX + 4 + labelWidth, baseline: refBaseline(t, b.y, size), size },
    tab: { x: b.x + t.w - tabW, w: tabW, baseline: refBaseline(t, b.y, TYPE.game), size: TYPE.game },
  };
}

/** Width in points of a reference (digits and hyphens) in Helvetica-Bold at `size`. */
export function refWidth(ref: string, size: number): number {
  let em = 0;
  for (const c of ref) em += c === "-" ? HYPHEN_EM : DIGIT_EM;
  return em * size;
}

/** The reference's type size: the largest up to `max` that fits `room` points (never below 4). */
export function refSizeFor(ref: string, room: number, max: number): number {
  return Math.max(4, Math.min(max, room / refWidth(ref, 1)));
}

/**
 * The page count for `groups` groups (books, or single tickets / 6 rounded up).
 *
 * @param groups books, or single tickets / 6 rounded up
 * @param geometry the page, from pageGeometry
 * @example
 * ```ts
 * import { pageGeometry, pagesFor } from "tabula-grids";
 *
 * pagesFor(13, pageGeometry()); // 7
 * ```
 */
export function pagesFor(groups: number, geometry: PageGeometry): number {
  wholeNumber(groups, "groups");
  checkGeometry(geometry, "geometry");
  return Math.ceil(groups / geometry.groups.length);
}

/**
 * The cut marks of a page: between its filled groups (none beside an empty slot), and
 * between the tickets of the groups `cutInside` names (single tickets; never inside a book).
 */
export function cutsFor(geometry: PageGeometry, filled: readonly Box[], cutInside: readonly boolean[] = []): Cut[] {
  const near = (x: number, y: number, b: Box) => x >= b.x - 15 && x <= b.x + b.w + 15 && y >= b.y - 15 && y <= b.y + b.h + 15;
  const inside = (x: number, y: number, b: Box) => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
  return geometry.cuts.filter((cut) =>
    cut.between === "groups"
      ? filled.filter((b) => near(cut.x1, cut.y1, b) || near(cut.x2, cut.y2, b)).length >= 2
      : filled.some((b, i) => cutInside[i] === true && inside(cut.x1, cut.y1, b) && inside(cut.x2, cut.y2, b)),
  );
}

/** Where a line of text at `size` goes so its baseline lies `ascent` em below `top`: the baseline. */
export function baselineFor(top: number, size: number): number {
  return top + HELVETICA_ASCENT * size;
}

/** The baseline of a number in row `row` of a ticket whose grid starts at `gridY` (digits' ink centred in the row). */
export function numberBaseline(t: TicketGeometry, gridY: number, row: number): number {
  return baselineFor(gridY + row * t.rowHeight + (t.rowHeight - t.numberSize * 0.72) / 2 - t.numberSize * 0.2, t.numberSize);
}

/** The baseline of a ticket's reference line at `size`, the ticket's top at `y`. */
export function refBaseline(t: TicketGeometry, y: number, size: number): number {
  return baselineFor(y + (t.refBand - size * 0.72) / 2 - size * 0.2 + 0.5, size);
}
