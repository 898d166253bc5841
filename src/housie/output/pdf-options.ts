// The PDF options' values, apart from the renderer so the CLI can list them without
// loading pdfkit (start-up stays short for every other command).
/** The paper sizes of the PDF output. */
export type PdfPaper = "a4" | "letter";
/** The PDF layouts: "strip" (one book a page, as a hall sells them) or "sheet" (tickets two across, 18 a page). */
export type PdfLayout = "strip" | "sheet";
/** Every paper size's name. */
export const PDF_PAPERS: readonly PdfPaper[] = ["a4", "letter"];
/** Every layout's name. */
export const PDF_LAYOUTS: readonly PdfLayout[] = ["strip", "sheet"];
