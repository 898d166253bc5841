// Output formats of cards, each a header, one chunk per card and a footer (any number of
// cards streams in constant memory), as the housie formats are:
//  text:  an ASCII grid per card, column headings (B I N G O) on top, FREE on free squares.
//  jsonl: the series codec's line (codec.ts), what validate, check and winners read.
//  csv:   serial,ref,row,c1..cN: one line per card row, free squares empty; ref has its check digit.
//  html:  printable pages of cards, one SVG a page drawn from the PDF's layout (paper.ts,
//         print-html.ts; inline CSS, no scripts, no network assets).
import { cardRef, type CardRecord } from "./card.js";
import { cardToJson } from "./codec.js";
import { cellCount, isFree, type CardShape } from "./shape.js";
import type { CardPaperOptions } from "./paper.js";
import { cardHtmlFormatter } from "./print-html.js";

/** The text formats of cards (the PDF is bingo/pdf.ts, loaded with pdfkit when asked for). */
export type CardFormat = "text" | "jsonl" | "csv" | "html";
export const CARD_FORMATS: readonly CardFormat[] = ["text", "jsonl", "csv", "html"];

/** Turns cards into one format's text: a header, each card, a footer. */
export interface CardFormatter {
  header(): string;
  record(record: CardRecord): string;
  footer(): string;
}

const headings = (shape: CardShape): string[] => (shape.columnLetters ? [...shape.columnLetters] : shape.columnRanges.map(([lo, hi]) => `${lo}-${hi}`));

const asPrinted = (x: number | null): string => (x === null ? "FREE" : String(x));

/**
 * A card as an ASCII grid (cells 6 wide: the 80-ball headings "61-80" fit); `show` writes a square (default: its number, FREE).
 *
 * @param shape the card's shape
 * @param card the card's rows (null on free squares)
 * @param show how a square is written (default: its number, FREE)
 * @example
 * ```ts
 * import { cardToText, generateCards, shapeOf } from "tabula-grids/bingo";
 *
 * cardToText(shapeOf(75), generateCards(75, 1, { seed: 1 })[0].card).split("\n")[1]; // "|    B |    I |    N |    G |    O |"
 * ```
 */
export function cardToText(shape: CardShape, card: readonly (readonly (number | null)[])[], show: (x: number | null) => string = asPrinted): string {
  const border = "+" + "------+".repeat(shape.columns) + "\n";
  const row = (cells: string[]) => "|" + cells.map((c) => `${c.padStart(5)} |`).join("") + "\n";
  let out = border + row(headings(shape)) + border;
  for (const r of card) out += row(r.map(show)) + border;
  return out;
}

function textFormatter(shape: CardShape): CardFormatter {
  return {
    header: () => "",
    record: (r) => `Card ${r.serial} (ref ${cardRef(r.serial)}), ${shape.title}\n${cardToText(shape, r.card)}\n`,
    footer: () => "",
  };
}

function csvFormatter(shape: CardShape): CardFormatter {
  const head = ["serial", "ref", "row", ...Array.from({ length: shape.columns }, (_, j) => `c${j + 1}`)].join(",") + "\n";
  return {
    header: () => head,
    record: (r) => r.card.map((row, k) => `${r.serial},${cardRef(r.serial)},${k + 1},${row.map((x) => (x === null ? "" : String(x))).join(",")}\n`).join(""),
    footer: () => "",
  };
}

/**
 * The formatter of one text format for cards of `shape`, byte for byte what `bingo cards` writes.
 *
 * @param format "text", "jsonl", "csv" or "html"
 * @param shape the cards' shape
 * @param paper the HTML page's paper and QR codes (the PDF's layout, paper.ts)
 * @example
 * ```ts
 * import { cardFormatter, generateCards, shapeOf } from "tabula-grids/bingo";
 *
 * const csv = cardFormatter("csv", shapeOf(75));
 * csv.header(); // "serial,ref,row,c1,c2,c3,c4,c5\n"
 * const text = csv.header() + generateCards(75, 2, { seed: 1 }).map((card) => csv.record(card)).join("") + csv.footer();
 * ```
 */
export function cardFormatter(format: CardFormat, shape: CardShape, paper: CardPaperOptions = {}): CardFormatter {
  switch (format) {
    case "text":
      return textFormatter(shape);
    case "jsonl":
      return { header: () => "", record: (r) => cardToJson(r) + "\n", footer: () => "" };
    case "csv":
      return csvFormatter(shape);
    case "html":
      return cardHtmlFormatter(shape, paper);
  }
}

/**
 * Cards as JSONL straight from their cells (card i at i·cellCount), byte for byte what the
 * jsonl formatter writes for their records, without making the records (the CLI's fast path).
 */
export function cellsToJsonl(shape: CardShape, firstSerial: bigint, cells: Uint8Array, count: number): string {
  const size = cellCount(shape);
  const free = Array.from({ length: size }, (_, s) => isFree(shape, Math.floor(s / shape.columns), s % shape.columns));
  const head = `,"ball":${shape.ball},"card":[`;
  let out = "";
  for (let i = 0; i < count; i++) {
    let line = `{"serial":${firstSerial + BigInt(i)}${head}`;
    for (let s = 0; s < size; s++) {
      const c = s % shape.columns;
      line += (c === 0 ? (s === 0 ? "[" : "],[") : ",") + (free[s] ? "null" : cells[i * size + s]);
    }
    out += line + "]]}\n";
  }
  return out;
}
