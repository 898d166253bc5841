// How wide printed text is, the same for the PDF and the HTML (both place every word at
// the same points): Helvetica's advance widths for ASCII (what the PDF's standard fonts
// draw), and for any other character an upper bound (1 em; combining marks 0), so text
// judged to fit a band fits whichever font draws it (Helvetica, Arial, or the embedded
// Noto fonts for ₹, Devanagari and Arabic, whose glyphs are narrower than 1 em).
import { UsageError } from "../../errors.js";

/** Helvetica and Helvetica-Bold advance widths (1/1000 em) of ASCII 32..126, from their AFM files. */
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 278, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
  611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
  584, 556, 278, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
  389, 584,
];
/** Helvetica's ascender (em): pdfkit puts a line's baseline this far below the top it is given. */
export const HELVETICA_ASCENT = 0.718;
const COMBINING = /\p{M}/u;

/** The width in points of `text` at `size`: exact for ASCII in Helvetica, at most that for anything else. */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? BOLD : REGULAR;
  let em = 0;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (code >= 32 && code <= 126) em += table[code - 32]! / 1000;
    else if (!COMBINING.test(c)) em += 1;
  }
  return em * size;
}

/** True when the PDF's standard fonts (WinAnsi, Latin-1) can draw all of `text`. */
export function isWinAnsi(text: string): boolean {
  return /^[\u0020-\u007e\u00a0-\u00ff€–—‘’“”•…]*$/u.test(text);
}

/** Text shortened for a message: at most 40 characters, control characters escaped. */
export function quoted(text: string): string {
  const short = [...text].length > 40 ? `${[...text].slice(0, 39).join("")}…` : text;
  return JSON.stringify(short);
}

/**
 * Refuses text wider than `room` with one line naming the option (nothing is ever cut
 * short or replaced on paper).
 */
export function mustFit(text: string, size: number, bold: boolean, room: number, option: string, where: string): void {
  const width = textWidth(text, size, bold);
  if (width > room + 1e-9) {
    throw new UsageError(
      `${option} ${quoted(text)} is too long for ${where}: it needs up to ${Math.ceil(width)} pt at ${size} pt, the room is ${Math.floor(room)} pt (expected shorter text, or fewer --per-page strips, or --layout sheet)`,
    );
  }
}
