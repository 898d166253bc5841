// The PDF options' values, apart from the renderer so the CLI can list them without
// loading pdfkit (start-up stays short for every other command).
export type PdfPaper = "a4" | "letter";
export type PdfLayout = "strip" | "sheet";
export const PDF_PAPERS: readonly PdfPaper[] = ["a4", "letter"];
export const PDF_LAYOUTS: readonly PdfLayout[] = ["strip", "sheet"];
