// The embedded Unicode fonts of the PDF writer (₹, Devanagari, Arabic) for the browser:
// the same files the CLI reads from the @fontsource packages, bundled as assets of this
// site and fetched only when a PDF's text needs them.
import type { UnicodeFontFiles } from "tabula-grids/housie/pdf";
import dl4 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-400-normal.woff?url";
import dx4 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-ext-400-normal.woff?url";
import dd4 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url";
import aa4 from "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff?url";
import dl7 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-700-normal.woff?url";
import dx7 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-ext-700-normal.woff?url";
import dd7 from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff?url";
import aa7 from "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff?url";

/** In the order of UNICODE_FONT_FILES: u400-0..3, then u700-0..3. */
const URLS = [dl4, dx4, dd4, aa4, dl7, dx7, dd7, aa7];

export async function loadWebFonts(): Promise<UnicodeFontFiles> {
  const { UNICODE_FONT_FILES } = await import("tabula-grids/housie/pdf");
  const files: UnicodeFontFiles = new Map();
  await Promise.all(
    UNICODE_FONT_FILES.map(async ({ name }, i) => {
      const response = await fetch(URLS[i]!);
      if (!response.ok) throw new Error(`the font ${name} did not load (${response.status})`);
      files.set(name, new Uint8Array(await response.arrayBuffer()));
    }),
  );
  return files;
}
