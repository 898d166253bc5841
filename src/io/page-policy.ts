// The Content-Security-Policy of every HTML page the commands write (housie and bingo
// print pages): they hold inline styles and inline SVG and nothing else, so no script
// runs and nothing loads from anywhere, whatever text a title, venue or file carried.
export const PRINTED_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The policy as the <meta> element a page's <head> opens with. */
export const PRINTED_PAGE_POLICY_META = `<meta http-equiv="Content-Security-Policy" content="${PRINTED_PAGE_POLICY}">`;
