/// <reference path="./output/pdfkit-fonts.d.ts" />
// The housie PDF writer for browsers (tabula-grids/housie/pdf's default entry). pdfkit's
// browser build reads no files, so the two standard fonts the tickets use (their AFM
// metrics, as data modules) are registered with it before any document is made. That is
// this module's side effect, so package.json's "sideEffects" names it (a bundler keeps it).
import * as pdfkit from "pdfkit";
import Helvetica from "pdfkit/standard-fonts/Helvetica";
import HelveticaBold from "pdfkit/standard-fonts/HelveticaBold";

/** Only pdfkit's browser build has it (Node's reads the AFM files itself). */
const register = (pdfkit as unknown as { registerStdFonts?: (...fonts: object[]) => void }).registerStdFonts;
register?.(Helvetica, HelveticaBold);

export {
  PdfWriter,
  renderPdf,
  streamSink,
  PDF_PAPERS,
  PDF_LAYOUTS,
  UNICODE_FONT_FILES,
  type UnicodeFontFiles,
  type PdfSink,
  type PdfTarget,
  type WritableLike,
  type PdfOptions,
  type PdfPaper,
  type PdfLayout,
} from "./output/pdf.js";
