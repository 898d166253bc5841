// Where everything of a printed page of bingo cards goes, in points (1/72 inch) from the
// page's top-left corner: the PDF (pdf.ts) draws these boxes, and the HTML (format.ts)
// places the same boxes, so both print alike. Cards of one format sit in a grid, as many
// as fit with squares at least MIN_CELL wide (numbers of at least 18 pt); the gutters
// between cards carry dashed cut marks down their middle, 5 mm either side.
import { FOOTER, MARGIN, PAPER_SIZE, type Box } from "../housie/output/layout.js";
import { PDF_PAPERS, type PdfPaper } from "../housie/output/pdf-options.js";
import { HELVETICA_ASCENT, textWidth } from "../housie/output/text-metrics.js";
import { UsageError } from "../errors.js";
import { argumentError, optionKeys, optionalBoolean, optionsObject } from "../args.js";
import { isFree, type CardShape } from "./shape.js";

export { PDF_PAPERS as CARD_PAPERS };

const GUTTER = 28; // between cards: the cut mark down its middle
const MIN_CELL = 36; // squares no smaller: numbers at half a square are 18 pt or more
const MAX_CELL = 60;
const NUMBER_EM = 0.5; // a number's type size, as a share of its square
const HEAD_SHARE = 0.5; // the column headings' row, as a share of a square's height
const BAND = 18; // the reference line above a card
const QR_SIDE = 44; // with --qr: the code (its quiet zone inside) at the right of the band
const BAND_PAD = 2;
const REF_MAX = 11; // type size of the reference, shrunk to fit a long serial
const LABEL_GAP = 6;
const FREE_TEXT = "FREE";

const PAPER_KEYS = optionKeys<CardPaperOptions>({ paper: true, qr: true });

export interface CardPaperOptions {
  paper?: PdfPaper;
  /** A QR code of each card's reference in its band. */
  qr?: boolean;
}

/** A cut mark: a dashed line down the middle of a gutter. */
export interface CardCut {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One page's grid of card slots, and the sizes every card shares. */
export interface CardPageLayout {
  shape: CardShape;
  paper: PdfPaper;
  qr: boolean;
  width: number;
  height: number;
  across: number;
  down: number;
  perPage: number;
  /** Card boxes (band, headings and squares), filled row by row. */
  slots: Box[];
  /** Cut marks of a full page (pageCuts: of a page part-filled). */
  cuts: CardCut[];
  cell: number;
  band: number;
  head: number;
  numberSize: number;
  headSize: number;
  freeSize: number;
  /** The footer line's left end and baseline. */
  footer: { x: number; baseline: number; size: number };
}

/** A piece of text placed: its left end, baseline and type size (bold unless said). */
export interface PlacedText {
  text: string;
  x: number;
  baseline: number;
  size: number;
  bold: boolean;
}

/** One card placed in its slot: every box and every piece of text. */
export interface PlacedCard {
  box: Box;
  /** The headings' row (filled dark, the letters or ranges white). */
  headRow: Box;
  headings: PlacedText[];
  /** Squares row by row, each with its number's text (or FREE) centred. */
  cells: { box: Box; row: number; column: number; free: boolean; text: PlacedText }[];
  /** The format's name, when the band has room for it, and the reference. */
  label?: PlacedText;
  ref: PlacedText;
  /** The QR code's square, with --qr. */
  qr?: Box;
}

/** The headings printed above the columns: B I N G O, or each column's range. */
export function cardHeadings(shape: CardShape): string[] {
  return shape.columnLetters ? [...shape.columnLetters] : shape.columnRanges.map(([lo, hi]) => `${lo}-${hi}`);
}

/** The QR code's text of a card: a tag, the format and the printed reference (uppercase alphanumeric, the QR's compact mode). */
export function cardQrText(shape: CardShape, ref: string): string {
  return `TGB/${shape.ball}/${ref}`;
}

/** The page of `shape`'s cards on `paper`: how many fit, where, and at what sizes. */
export function cardPageLayout(shape: CardShape, options: CardPaperOptions = {}): CardPageLayout {
  options = optionsObject<CardPaperOptions>(options, "options", PAPER_KEYS);
  const paper = options.paper ?? "a4";
  if (!PDF_PAPERS.includes(paper)) throw argumentError("options.paper", PDF_PAPERS.map((p) => `"${p}"`).join(" or "), paper);
  const qr = optionalBoolean(options.qr, "options.qr") ?? false;
  const { width, height } = PAPER_SIZE[paper];
  const band = qr ? QR_SIDE + 2 * BAND_PAD : BAND;
  const roomW = width - 2 * MARGIN;
  const roomH = height - 2 * MARGIN - FOOTER;
  const cardW = (cell: number) => shape.columns * cell;
  const cardH = (cell: number) => band + (HEAD_SHARE + shape.rows) * cell;
  const across = Math.floor((roomW + GUTTER) / (cardW(MIN_CELL) + GUTTER));
  const down = Math.floor((roomH + GUTTER) / (cardH(MIN_CELL) + GUTTER));
  if (across < 1 || down < 1) throw new UsageError(`a ${shape.title} card does not fit on ${paper} paper`);
  const fitW = (roomW - (across - 1) * GUTTER) / across / shape.columns;
  const fitH = ((roomH - (down - 1) * GUTTER) / down - band) / (HEAD_SHARE + shape.rows);
  const cell = Math.min(MAX_CELL, fitW, fitH);
  const w = cardW(cell);
  const h = cardH(cell);
  const blockW = across * w + (across - 1) * GUTTER;
  const blockH = down * h + (down - 1) * GUTTER;
  const x0 = MARGIN + (roomW - blockW) / 2;
  const y0 = MARGIN + (roomH - blockH) / 2;
  const slots: Box[] = [];
  for (let r = 0; r < down; r++) for (let c = 0; c < across; c++) slots.push({ x: x0 + c * (w + GUTTER), y: y0 + r * (h + GUTTER), w, h });
  const cuts: CardCut[] = [];
  for (let c = 1; c < across; c++) {
    const x = x0 + c * (w + GUTTER) - GUTTER / 2;
    cuts.push({ x1: x, y1: MARGIN, x2: x, y2: MARGIN + roomH });
  }
  for (let r = 1; r < down; r++) {
    const y = y0 + r * (h + GUTTER) - GUTTER / 2;
    cuts.push({ x1: MARGIN, y1: y, x2: width - MARGIN, y2: y });
  }
  const numberSize = cell * NUMBER_EM;
  const longestHeading = Math.max(...cardHeadings(shape).map((t) => textWidth(t, 1, true)));
  const head = cell * HEAD_SHARE;
  return {
    shape,
    paper,
    qr,
    width,
    height,
    across,
    down,
    perPage: across * down,
    slots,
    cuts,
    cell,
    band,
    head,
    numberSize,
    headSize: Math.min(head * 0.8, (cell - 6) / longestHeading),
    freeSize: Math.min(numberSize * 0.6, (cell - 6) / textWidth(FREE_TEXT, 1, true)),
    footer: { x: MARGIN, baseline: height - MARGIN - 3, size: 7 },
  };
}

/** Text centred on `box`, its capitals' middle on the box's. */
function centred(text: string, box: Box, size: number): PlacedText {
  return { text, x: box.x + (box.w - textWidth(text, size, true)) / 2, baseline: box.y + (box.h + HELVETICA_ASCENT * size) / 2, size, bold: true };
}

/** Card `card` (rows of numbers, null on free squares) with reference `ref` in slot `slot`. */
export function placeCard(layout: CardPageLayout, slot: number, card: readonly (readonly (number | null)[])[], ref: string): PlacedCard {
  const { shape, cell, band, head } = layout;
  const box = layout.slots[slot]!;
  const headRow = { x: box.x, y: box.y + band, w: box.w, h: head };
  const headings = cardHeadings(shape).map((t, c) => centred(t, { x: box.x + c * cell, y: headRow.y, w: cell, h: head }, layout.headSize));
  const top = headRow.y + head;
  const cells: PlacedCard["cells"] = [];
  for (let r = 0; r < shape.rows; r++) {
    for (let c = 0; c < shape.columns; c++) {
      const square = { x: box.x + c * cell, y: top + r * cell, w: cell, h: cell };
      const free = isFree(shape, r, c);
      cells.push({
        box: square,
        row: r,
        column: c,
        free,
        text: free ? centred(FREE_TEXT, square, layout.freeSize) : centred(String(card[r]![c]), square, layout.numberSize),
      });
    }
  }
  // The band: the format's name on the left if it fits beside the reference, the reference right-aligned (shrunk to fit), the QR code right of them.
  const qr = layout.qr ? { x: box.x + box.w - QR_SIDE, y: box.y + BAND_PAD, w: QR_SIDE, h: QR_SIDE } : undefined;
  const room = box.w - (qr ? QR_SIDE + LABEL_GAP : 0);
  const refSize = Math.min(REF_MAX, room / textWidth(ref, 1, true));
  const baseline = box.y + band - 5;
  const right = box.x + room;
  const refText = { text: ref, x: right - textWidth(ref, refSize, true), baseline, size: refSize, bold: true };
  const labelText = `${shape.title} card`;
  const labelSize = Math.min(9, refSize);
  const fits = textWidth(labelText, labelSize) + LABEL_GAP + textWidth(ref, refSize, true) <= room;
  return { box, headRow, headings, cells, ref: refText, qr, ...(fits ? { label: { text: labelText, x: box.x, baseline, size: labelSize, bold: false } } : {}) };
}

/**
 * The cut marks of a page holding `cards` cards (filled row by row): each mark only as far
 * as there are cards to part, so a last page part-filled has none across its blank paper.
 */
export function pageCuts(layout: CardPageLayout, cards: number): CardCut[] {
  if (cards >= layout.perPage) return layout.cuts;
  const { across, slots } = layout;
  const rows = Math.ceil(cards / across);
  const out: CardCut[] = [];
  for (const cut of layout.cuts) {
    if (cut.x1 === cut.x2) {
      // Between columns c-1 and c: down to the gutter under the last card in column c.
      const c = slots.findIndex((s) => s.x > cut.x1);
      const last = Math.floor((cards - 1 - c) / across);
      if (c < 0 || c >= cards) continue;
      const below = slots[last * across + c]!;
      out.push(last === layout.down - 1 ? cut : { ...cut, y2: below.y + below.h + (slots[across]!.y - slots[0]!.y - below.h) / 2 });
    } else {
      // Between rows r-1 and r: only if row r has a card.
      const r = slots.findIndex((s) => s.y > cut.y1) / across;
      if (r < rows) out.push(cut);
    }
  }
  return out;
}

/** The footer of page `page` (1-based), which holds `cuts` cut marks. */
export function cardFooter(layout: CardPageLayout, page: number, cuts: number): string {
  return `${layout.shape.title} bingo cards · page ${page}${cuts > 0 ? " · cut along the dashed lines" : ""}`;
}
