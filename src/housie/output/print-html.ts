// Printed tickets as HTML: the same planned pages as the PDF (print-plan.ts, layout.ts),
// each page one SVG in points, drawn from the very numbers the PDF uses (boxes, lines,
// baselines, cut marks, pattern strokes), so the download, the web app's preview and its
// print are the PDF to the point: the bottom row and the band's lines sit where the PDF
// puts them. Each page is one unbreakable block exactly the paper's size (@page margin
// 0; the margins are inside), colours print (print-color-adjust: exact), and all text
// is escaped. Text in any script prints through the browser's fonts.
import { qrMatrix } from "./qr.js";
import type { HousieRecord } from "../model/cells.js";
import { PRINTED_PAGE_POLICY_META } from "../../io/page-policy.js";
import { BAND_LINES, MARGIN, TYPE, baselineFor, checkGeometry, numberBaseline, placeTicket, type PageGeometry } from "./layout.js";
import { argumentError, optionsObject } from "../../args.js";
import {
  PRINT_KEYS,
  PrintPlanner,
  oneLine,
  QR_LEVEL,
  checkPlannedPage,
  type PlacedGroup,
  type PlacedTicket,
  type PlannedPage,
  type PrintOptions,
} from "./print-plan.js";
import { PATTERN_STROKE, patternInk, patternMarks } from "./patterns.js";
import { textWidth } from "./text-metrics.js";

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const n = (v: number): string => String(Math.round(v * 100) / 100);
const pt = (v: number): string => `${n(v)}pt`;
/** The fonts of the page: Helvetica's metrics (Arial and Liberation Sans share them), then fonts for other scripts. */
const FONTS = `Helvetica, Arial, "Liberation Sans", "Noto Sans", "Noto Sans Devanagari", "Noto Sans Arabic", sans-serif`;

/**
 * The style sheet for pages of this geometry (one per document).
 *
 * @param g the pages' geometry
 * @example
 * ```ts
 * import { pageGeometry, printCss } from "tabula-grids";
 *
 * printCss(pageGeometry({ paper: "a4" })).startsWith("@page { size: 595.28pt 841.89pt;"); // true
 * ```
 */
export function printCss(g: PageGeometry): string {
  checkGeometry(g, "geometry");
  return `@page { size: ${pt(g.width)} ${pt(g.height)}; margin: 0; }
.hp-page, .hp-page * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.hp-page { position: relative; width: ${pt(g.width)}; height: ${pt(g.height - 1)}; overflow: hidden; background: #fff; break-after: page; page-break-after: always; break-inside: avoid; page-break-inside: avoid; }
.hp-page:last-child { break-after: auto; page-break-after: auto; }
.hp-page > svg { display: block; font-family: ${FONTS}; }
`;
}

/** A QR code as an SVG (error correction Q, the 4-module quiet zone drawn white); with a box, placed there. */
export function qrSvg(text: string, place?: { x: number; y: number; side: number }): string {
  const code = qrMatrix(text, QR_LEVEL);
  const size = code.size;
  const side = size + 8;
  let path = "";
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!code.data[r * size + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && code.data[r * size + c]) c++;
      path += `M${start + 4} ${r + 4}h${c - start}v1h-${c - start}z`;
    }
  }
  const at = place ? ` x="${n(place.x)}" y="${n(place.y)}" width="${n(place.side)}" height="${n(place.side)}"` : "";
  return `<svg${at} viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" role="img" aria-label="QR code ${escapeHtml(text)}"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

const text = (s: string, x: number, baseline: number, size: number, fill: string, attrs = ""): string =>
  `<text x="${n(x)}" y="${n(baseline)}" font-size="${n(size)}" fill="${fill}"${attrs}>${escapeHtml(s)}</text>`;

function bandSvg(group: PlacedGroup): string {
  const { x, y, w } = group.box;
  const [[head, label], [details]] = group.lines;
  let out = `<g class="hp-band"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(BAND_LINES.bar)}" fill="${group.colour.ink}"/>`;
  const headBase = baselineFor(y + BAND_LINES.head, TYPE.head);
  out += text(head, x + BAND_LINES.pad, headBase, TYPE.head, "#fff", ' font-weight="bold"');
  out += text(label, x + w - BAND_LINES.pad, headBase, TYPE.head, "#fff", ' font-weight="bold" text-anchor="end"');
  // Each part (venue, date, price) bidi-isolated, as the PDF places them: an Arabic venue reads right to left within its own part.
  if (details)
    out += text(
      details
        .split(" · ")
        .map((part) => `\u2068${part}\u2069`)
        .join(" · "),
      x + BAND_LINES.pad,
      baselineFor(y + BAND_LINES.details, TYPE.details),
      TYPE.details,
      "#fff",
    );
  return out + "</g>";
}

function ticketSvg(ticket: PlacedTicket, g: PageGeometry, qr: boolean): string {
  const t = g.ticket;
  const b = ticket.box;
  const { ink, shade } = ticket.colour;
  const p = placeTicket(t, b, ticket.ref, ticket.gameTab ? textWidth(ticket.gameTab, TYPE.game, true) : 0);
  let out = `<g class="hp-ticket" data-ref="${ticket.ref}">`;
  // Blank cells shaded (and patterned per game), then the grid lines and the border.
  let blanks = "";
  let marks = "";
  for (let r = 0; r < 3; r++) {
    for (let j = 0; j < 9; j++) {
      if (ticket.grid[r]![j] !== null) continue;
      const cell = { x: p.gridX + j * t.cellWidth, y: p.gridY + r * t.rowHeight, w: t.cellWidth, h: t.rowHeight };
      blanks += `M${n(cell.x)} ${n(cell.y)}h${n(cell.w)}v${n(cell.h)}h${n(-cell.w)}z`;
      const m = patternMarks(ticket.pattern, cell);
      for (const [x1, y1, x2, y2] of m.lines) marks += `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`;
      for (const [cx, cy] of m.dots)
        marks += `M${n(cx - m.dotRadius)} ${n(cy)}a${n(m.dotRadius)} ${n(m.dotRadius)} 0 1 0 ${n(2 * m.dotRadius)} 0a${n(m.dotRadius)} ${n(m.dotRadius)} 0 1 0 ${n(-2 * m.dotRadius)} 0z`;
    }
  }
  out += `<path d="${blanks}" fill="${shade}"/>`;
  if (marks)
    out += `<path class="hp-pattern" d="${marks}" fill="${ticket.pattern === "dots" ? patternInk(ticket.colour) : "none"}" stroke="${ticket.pattern === "dots" ? "none" : patternInk(ticket.colour)}" stroke-width="${PATTERN_STROKE}"/>`;
  let lines = "";
  for (let r = 1; r < 3; r++) lines += `M${n(p.gridX)} ${n(p.gridY + r * t.rowHeight)}H${n(p.gridX + p.gridW)}`;
  for (let j = 1; j < 9; j++) lines += `M${n(p.gridX + j * t.cellWidth)} ${n(p.gridY)}V${n(p.gridY + p.gridH)}`;
  out += `<path d="${lines}" stroke="${ink}" stroke-width="0.6" fill="none"/>`;
  out += `<path d="M${n(p.gridX)} ${n(p.gridY)}H${n(b.x + t.w)}${t.stub > 0 ? `M${n(p.gridX)} ${n(b.y)}V${n(b.y + t.h)}` : ""}" stroke="${ink}" stroke-width="0.9" fill="none"/>`;
  out += `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(t.w)}" height="${n(t.h)}" stroke="${ink}" stroke-width="1.6" fill="none"/>`;
  // Numbers, large and centred.
  out += `<g font-weight="bold" font-size="${n(t.numberSize)}" fill="#111" text-anchor="middle">`;
  for (let r = 0; r < 3; r++) {
    for (let j = 0; j < 9; j++) {
      const v = ticket.grid[r]![j];
      if (v !== null && v !== undefined) out += `<text x="${n(p.gridX + (j + 0.5) * t.cellWidth)}" y="${n(numberBaseline(t, p.gridY, r))}">${v}</text>`;
    }
  }
  out += "</g>";
  // The reference line: label, reference (shrunk to fit any serial), the game's tab on the right.
  out += text("Ref", p.label.x, p.label.baseline, p.label.size, ink);
  out += text(ticket.ref, p.ref.x, p.ref.baseline, p.ref.size, "#111", ' font-weight="bold"');
  if (ticket.gameTab) {
    out += `<rect x="${n(p.tab.x)}" y="${n(b.y)}" width="${n(p.tab.w)}" height="${n(t.refBand)}" fill="${ink}"/>`;
    out += text(ticket.gameTab, p.tab.x + 3, p.tab.baseline, p.tab.size, "#fff", ' font-weight="bold"');
  }
  if (qr) out += qrSvg(ticket.qr, { x: b.x + (t.stub - t.qrSide) / 2, y: b.y + (t.h - t.qrSide) / 2, side: t.qrSide });
  return out + "</g>";
}

/**
 * One planned page as a page-sized section holding one SVG in points.
 *
 * @param page a page PrintPlanner laid out
 * @param g the page's geometry
 * @param qr whether each ticket carries a QR code of its reference
 * @example
 * ```ts
 * import { generateBooks, pageHtml, PrintPlanner } from "tabula-grids";
 *
 * const planner = new PrintPlanner({ series: "S1" });
 * planner.add(generateBooks(1, { seed: 1n })[0]);
 * const [page] = planner.finish();
 * pageHtml(page, planner.geometry, false).startsWith('<section class="hp-page"'); // true
 * ```
 */
export function pageHtml(page: PlannedPage, g: PageGeometry, qr: boolean): string {
  checkPlannedPage(page, "page");
  checkGeometry(g, "geometry");
  if (typeof qr !== "boolean") throw argumentError("qr", "true or false", qr);
  let out = `<section class="hp-page" data-page="${page.number}"><svg width="${pt(g.width)}" height="${pt(g.height - 1)}" viewBox="0 0 ${n(g.width)} ${n(g.height - 1)}">`;
  for (const cut of page.cuts) {
    out += `<line class="hp-cut" data-between="${cut.between}" x1="${n(cut.x1)}" y1="${n(cut.y1)}" x2="${n(cut.x2)}" y2="${n(cut.y2)}" stroke="#888" stroke-width="0.5" stroke-dasharray="4 3"/>`;
  }
  for (const group of page.groups) {
    out += bandSvg(group);
    for (const ticket of group.tickets) out += ticketSvg(ticket, g, qr);
  }
  out += text(page.footer, MARGIN, baselineFor(g.footerY, TYPE.footer), TYPE.footer, "#555", ' class="hp-footer"');
  return out + "</svg></section>\n";
}

/**
 * A streaming HTML document of printed pages: header, a chunk per record, footer.
 *
 * @param options the print options: colours, games, title, venue, date, price, series, paper, layout, perPage, qr
 * @example
 * ```ts
 * import { generateBooks, htmlPrintFormatter } from "tabula-grids";
 *
 * const html = htmlPrintFormatter({ paper: "a4" });
 * const page = html.header() + generateBooks(2, { seed: 1n }).map((book) => html.record(book)).join("") + html.footer();
 * page.startsWith("<!doctype html>"); // true
 * ```
 */
export function htmlPrintFormatter(options: PrintOptions = {}): { header(): string; record(r: HousieRecord): string; footer(): string } {
  options = optionsObject<PrintOptions>(options, "options", PRINT_KEYS);
  const planner = new PrintPlanner(options);
  const g = planner.geometry;
  const qr = options.qr ?? false;
  const title =
    [options.title, options.venue, options.date]
      .filter(Boolean)
      .map((part) => oneLine(part!))
      .join(" · ") || "Housie tickets"; // control bytes never reach <title>
  return {
    header: () =>
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">${PRINTED_PAGE_POLICY_META}<title>${escapeHtml(title)}</title>\n<style>\nbody { margin: 0; }\n@media screen { body { background: #777; } .hp-page { margin: 12pt auto; box-shadow: 0 1pt 6pt #0006; } }\n${printCss(g)}</style></head><body>\n`,
    record: (r) =>
      planner
        .add(r)
        .map((page) => pageHtml(page, g, qr))
        .join(""),
    footer: () =>
      planner
        .finish()
        .map((page) => pageHtml(page, g, qr))
        .join("") + "</body></html>\n",
  };
}
