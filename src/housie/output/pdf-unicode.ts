// Text beyond the standard PDF fonts (₹, Devanagari, Arabic, ...) in the PDF: embedded
// Noto fonts from the optional font packages @fontsource/noto-sans-devanagari (Latin,
// Latin Extended, Devanagari and ₹) and @fontsource/noto-sans-arabic (Arabic), read only
// when a document's text needs them, so a Latin-only PDF loads nothing and stays as it was.
// pdfkit subsets what is used and shapes each run with fontkit's OpenType layout
// (Devanagari conjuncts and matras, Arabic joining, right-to-left glyph order within a
// run). Bidi is minimal: runs of one script are placed left to right in logical order.
import { UsageError } from "../../errors.js";
import { quoted } from "./text-metrics.js";

/** The font files of one weight, in the order a character is looked up. */
const FILES = (weight: 400 | 700): [string, string][] => [
  ["@fontsource/noto-sans-devanagari", `noto-sans-devanagari-latin-${weight}-normal.woff`],
  ["@fontsource/noto-sans-devanagari", `noto-sans-devanagari-latin-ext-${weight}-normal.woff`],
  ["@fontsource/noto-sans-devanagari", `noto-sans-devanagari-devanagari-${weight}-normal.woff`],
  ["@fontsource/noto-sans-arabic", `noto-sans-arabic-arabic-${weight}-normal.woff`],
];

/** Font bytes by name ("u400-0", ...) for pdfkit.registerFont, read from the installed packages. */
export type UnicodeFontFiles = Map<string, Uint8Array>;

/** Each font's name and its file in its package ("package/files/name.woff"), in look-up order, both weights. */
export const UNICODE_FONT_FILES: readonly { name: string; file: string }[] = ([400, 700] as const).flatMap((weight) =>
  FILES(weight).map(([pkg, file], i) => ({ name: `u${weight}-${i}`, file: `${pkg}/files/${file}` })),
);

/** Reads the font files (Node only); a missing package is one UsageError saying what to install. */
export async function loadUnicodeFonts(): Promise<UnicodeFontFiles> {
  const files: UnicodeFontFiles = new Map();
  let fs: typeof import("node:fs");
  let moduleApi: { createRequire(path: string): NodeJS.Require };
  try {
    fs = await import("node:fs");
    moduleApi = await import("node:module");
  } catch {
    throw new UsageError(
      "text outside Latin-1 (e.g. ₹, Hindi, Arabic) needs the embedded Unicode fonts, which the browser's PDF writer does not load (expected Latin-1 text here; the HTML download and Print show every script)",
    );
  }
  const require = moduleApi.createRequire(import.meta.url);
  for (const weight of [400, 700] as const) {
    for (const [i, [pkg, file]] of FILES(weight).entries()) {
      let path: string;
      try {
        path = require.resolve(`${pkg}/files/${file}`);
      } catch {
        throw new UsageError(
          `text outside Latin-1 (e.g. ₹, Hindi, Arabic) needs the font package ${pkg}, which is not installed (expected: npm install @fontsource/noto-sans-devanagari @fontsource/noto-sans-arabic, the optional dependencies)`,
        );
      }
      files.set(`u${weight}-${i}`, new Uint8Array(fs.readFileSync(path)));
    }
  }
  return files;
}

/** The number of fonts of one weight in the look-up order. */
export const UNICODE_FONT_COUNT = 4;

/** What a pdfkit font object holds of its fontkit font. */
interface GlyphSource {
  hasGlyphForCodePoint(cp: number): boolean;
}

export interface TextRun {
  text: string;
  font: number;
}

const NEUTRAL = /^[\s\p{P}\p{S}\p{N}\p{M}]$/u;

/**
 * Splits `text` into runs, each drawn by the first font that has all its characters;
 * neutrals (spaces, punctuation, digits, marks) stay with the run they are in when its
 * font has them. A character no font has is refused with one line naming `option`.
 */
export function unicodeRuns(text: string, fonts: readonly GlyphSource[], option: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    const last = runs[runs.length - 1];
    // A space is never left inside a right-to-left run: the Arabic subset's space has no width.
    if (last && NEUTRAL.test(c) && fonts[last.font]!.hasGlyphForCodePoint(cp) && !(/\s/u.test(c) && RTL_FONTS.has(last.font))) {
      last.text += c;
      continue;
    }
    const font = /\s/u.test(c) ? 0 : fonts.findIndex((f) => f.hasGlyphForCodePoint(cp));
    if (font < 0) {
      throw new UsageError(
        `${option} ${quoted(text)} has ${JSON.stringify(c)} (U+${cp.toString(16).toUpperCase().padStart(4, "0")}), which no embedded PDF font holds (expected Latin, Devanagari or Arabic script; the HTML download prints any script)`,
      );
    }
    if (last && last.font === font) last.text += c;
    else runs.push({ text: c, font });
  }
  // Spaces at the ends of a right-to-left run belong to the line, not inside the run (fontkit would reverse them into it).
  const out: TextRun[] = [];
  for (const run of runs) {
    const m = /^(\s*)(.*?)(\s*)$/su.exec(run.text)!;
    if (m[1]) out.push({ text: m[1], font: 0 });
    if (m[2]) out.push({ text: m[2], font: run.font });
    if (m[3]) out.push({ text: m[3], font: 0 });
  }
  return reorderRightToLeft(out);
}

/** The fonts whose script runs right to left (Arabic). */
const RTL_FONTS = new Set([3]);

/**
 * The runs in the order they are placed left to right: a stretch of right-to-left runs
 * (with the spaces and neutrals between them, e.g. the words of an Arabic venue) is
 * placed in reverse, its first word rightmost; everything else keeps its logical order.
 */
function reorderRightToLeft(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (let i = 0; i < runs.length;) {
    if (!RTL_FONTS.has(runs[i]!.font)) {
      out.push(runs[i++]!);
      continue;
    }
    let end = i + 1; // past the last right-to-left run of the stretch
    for (let k = i + 1; k < runs.length; k++) {
      if (RTL_FONTS.has(runs[k]!.font)) end = k + 1;
      else if (!/^[\s\p{P}]*$/u.test(runs[k]!.text)) break;
    }
    out.push(...runs.slice(i, end).reverse());
    i = end;
  }
  return out;
}
