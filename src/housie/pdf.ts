/**
 * Print-ready PDF of housie books and tickets (pdfkit), streamed page by page.
 * Guide: `docs/operators.md`.
 * @module tabula-grids/housie/pdf
 */
// tabula-grids/housie/pdf in Node (its browser entry is pdf-browser.ts): the PDF writer,
// whose code lives in output/pdf.ts beside the HTML print and the layout it shares.
export * from "./output/pdf.js";
