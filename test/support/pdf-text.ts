// Reads a PDF back the way the tests need it, with pdfjs-dist (pure JavaScript, from the
// npm registry) rather than poppler, so `npm test` needs no system package: the page count
// and each page's words with positions. Coordinates are poppler's: points from the page's
// top-left corner, y the top of the word's box.
import { readFileSync } from "node:fs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfWord {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}
export interface PdfPage {
  width: number;
  height: number;
  words: PdfWord[];
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** Splits a text run at spaces, giving each word its share of the run's width by characters. */
function wordsOfItem(item: TextItemLike, pageHeight: number): PdfWord[] {
  const [, , , d = 0, e = 0, f = 0] = item.transform;
  const height = item.height || Math.abs(d);
  const y = pageHeight - f - height;
  const perChar = item.str.length > 0 ? item.width / item.str.length : 0;
  return [...item.str.matchAll(/\S+/g)].map((m) => ({
    x: e + (m.index ?? 0) * perChar,
    y,
    width: m[0].length * perChar,
    height,
    text: m[0],
  }));
}

/** Every page of the PDF at `source` (a path or the bytes), with its words. */
export async function readPdf(source: string | Uint8Array): Promise<PdfPage[]> {
  const data = typeof source === "string" ? new Uint8Array(readFileSync(source)) : new Uint8Array(source);
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const height = y1 - y0;
      const content = await page.getTextContent();
      const words = content.items.flatMap((item) => ("str" in item ? wordsOfItem(item, height) : []));
      pages.push({ width: x1 - x0, height, words });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The number of pages of the PDF at `source`. */
export async function pdfPageCount(source: string | Uint8Array): Promise<number> {
  const data = typeof source === "string" ? new Uint8Array(readFileSync(source)) : new Uint8Array(source);
  const doc = await getDocument({ data, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/** Each page's text, words joined by spaces in reading order (top to bottom, left to right). */
export async function pdfText(source: string | Uint8Array): Promise<string[]> {
  const pages = await readPdf(source);
  return pages.map((p) =>
    [...p.words]
      .sort((a, b) => Math.round(a.y) - Math.round(b.y) || a.x - b.x)
      .map((w) => w.text)
      .join(" "),
  );
}
