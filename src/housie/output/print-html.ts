// Printed tickets as HTML: the same planned pages as the PDF (print-plan.ts, layout.ts),
// every box absolutely placed in points on a page-sized section, so the download, the
// web app's preview and its print look as the PDF does. Each page is one unbreakable
// block exactly the paper's size (@page margin 0; the margins are inside), colours print
// (print-color-adjust: exact), and all text is escaped.
import { qrMatrix } from "./qr.js";
import type { HousieRecord } from "../model/cells.js";
import { FOOTER, MARGIN, checkGeometry, cutsFor, type PageGeometry } from "./layout.js";
import { argumentError, optionsObject } from "../../args.js";
import { PRINT_KEYS, PrintPlanner, oneLine, QR_LEVEL, checkPlannedPage, type PlacedGroup, type PlacedTicket, type PlannedPage, type PrintOptions } from "./print-plan.js";

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const pt = (n: number): string => `${Math.round(n * 100) / 100}pt`;
const box = (x: number, y: number, w: number, h: number): string => `left:${pt(x)};top:${pt(y)};width:${pt(w)};height:${pt(h)}`;

/** The style sheet for pages of this geometry (one per document). */
export function printCss(g: PageGeometry): string {
  checkGeometry(g, "geometry");
  const t = g.ticket;
  return `@page { size: ${pt(g.width)} ${pt(g.height)}; margin: 0; }
.hp-page, .hp-page * { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.hp-page { position: relative; width: ${pt(g.width)}; height: ${pt(g.height - 1)}; overflow: hidden; background: #fff; color: #111; font-family: Helvetica, Arial, "Liberation Sans", sans-serif; break-after: page; page-break-after: always; break-inside: avoid; page-break-inside: avoid; }
.hp-page:last-child { break-after: auto; page-break-after: auto; }
.hp-page > * { position: absolute; }
.hp-band { color: #fff; padding: 2pt 4pt; overflow: hidden; white-space: nowrap; }
.hp-band b { font-size: 9pt; display: flex; justify-content: space-between; gap: 8pt; }
.hp-band b span:first-child, .hp-band i { overflow: hidden; text-overflow: ellipsis; }
.hp-band i { display: block; font-style: normal; font-size: 7.5pt; }
.hp-ticket { border: 1.6pt solid var(--ink); break-inside: avoid; page-break-inside: avoid; }
.hp-ref { position: absolute; left: ${pt(t.stub)}; right: 0; top: 0; height: ${pt(t.refBand)}; border-bottom: 0.9pt solid var(--ink); display: flex; align-items: center; gap: 3pt; padding: 0 4pt; white-space: nowrap; overflow: hidden; }
.hp-ref small { font-size: 6.5pt; color: var(--ink); }
.hp-ref b { font-size: var(--ref-size); font-variant-numeric: tabular-nums; }
.hp-ref em { margin-left: auto; font-style: normal; font-weight: bold; font-size: 6.5pt; color: var(--ink); }
.hp-qr { position: absolute; left: ${pt((t.stub - t.qrSide) / 2)}; width: ${pt(t.qrSide)}; height: ${pt(t.qrSide)}; }
.hp-grid { position: absolute; left: ${pt(t.stub)}; top: ${pt(t.refBand)}; right: 0; bottom: 0; border-collapse: collapse; table-layout: fixed; }
${t.stub > 0 ? ".hp-ref, .hp-grid { border-left: 0.9pt solid var(--ink); }" : ""}
.hp-grid td { border: 0.6pt solid var(--ink); text-align: center; vertical-align: middle; font-weight: bold; font-size: ${pt(t.numberSize)}; padding: 0; width: ${pt(t.cellWidth)}; height: ${pt(t.rowHeight)}; }
.hp-grid tr:first-child td { border-top: 0; } .hp-grid tr:last-child td { border-bottom: 0; }
.hp-grid td:first-child { border-left: 0; } .hp-grid td:last-child { border-right: 0; }
.hp-grid td.blank { background: var(--shade); }
.hp-cut { border: 0 dashed #888; }
.hp-cut.v { border-left-width: 0.5pt; } .hp-cut.h { border-top-width: 0.5pt; }
.hp-cut.solid { border-style: solid; border-color: #111; border-top-width: 1.2pt; }
.hp-footer { font-size: 7pt; color: #555; white-space: nowrap; }
`;
}

/** A QR code as an SVG (error correction Q, the 4-module quiet zone drawn white). */
export function qrSvg(text: string): string {
  const code = qrMatrix(text, QR_LEVEL);
  const n = code.size;
  const side = n + 8;
  let path = "";
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!code.data[r * n + c]) { c++; continue; }
      const start = c;
      while (c < n && code.data[r * n + c]) c++;
      path += `M${start + 4} ${r + 4}h${c - start}v1h-${c - start}z`;
    }
  }
  return `<svg viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" role="img" aria-label="QR code ${escapeHtml(text)}"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

function bandHtml(group: PlacedGroup): string {
  const { x, y, w } = group.box;
  const [[head, label], [details]] = group.lines;
  return `<div class="hp-band" style="${box(x, y, w, 20)};background:${group.colour.ink}"><b><span>${escapeHtml(head)}</span><span>${escapeHtml(label)}</span></b>${details ? `<i>${escapeHtml(details)}</i>` : ""}</div>`;
}

function ticketHtml(ticket: PlacedTicket, g: PageGeometry, qr: boolean): string {
  const t = g.ticket;
  const { x, y, w, h } = ticket.box;
  // The reference shrinks for long serials as in the PDF (same widths: Arial matches Helvetica).
  const room = w - t.stub - 8 - 16 - (ticket.game !== undefined ? Math.min((w - t.stub) / 3, ticket.game.length * 4) + 6 : 0);
  const size = Math.max(4, Math.min(t.refSize, room / (ticket.ref.length * 0.556)));
  let out = `<div class="hp-ticket" style="${box(x, y, w, h)};--ink:${ticket.colour.ink};--shade:${ticket.colour.shade};--ref-size:${pt(size)}">`;
  out += `<div class="hp-ref"><small>Ref</small><b>${ticket.ref}</b>${ticket.game !== undefined ? `<em>${escapeHtml(ticket.game)}</em>` : ""}</div>`;
  if (qr) out += `<div class="hp-qr" style="top:${pt((h - t.qrSide) / 2 - 1.6)}">${qrSvg(ticket.qr)}</div>`;
  out += `<table class="hp-grid">`;
  for (const row of ticket.grid) out += "<tr>" + row.map((c) => (c === null ? '<td class="blank"></td>' : `<td>${c}</td>`)).join("") + "</tr>";
  return out + "</table></div>";
}

/** One planned page as a page-sized section. */
export function pageHtml(page: PlannedPage, g: PageGeometry, qr: boolean): string {
  checkPlannedPage(page, "page");
  checkGeometry(g, "geometry");
  if (typeof qr !== "boolean") throw argumentError("qr", "true or false", qr);
  let out = `<section class="hp-page" data-page="${page.number}">`;
  for (const cut of cutsFor(g, page.groups.map((group) => group.box))) {
    const vertical = cut.x1 === cut.x2;
    out += `<div class="hp-cut ${vertical ? "v" : "h"}${cut.solid ? " solid" : ""}" style="${box(cut.x1, cut.y1, cut.x2 - cut.x1, cut.y2 - cut.y1)}"></div>`;
  }
  for (const group of page.groups) {
    out += bandHtml(group);
    for (const ticket of group.tickets) out += ticketHtml(ticket, g, qr);
  }
  return out + `<div class="hp-footer" style="${box(MARGIN, g.footerY - 2, g.width - 2 * MARGIN, FOOTER)}">${escapeHtml(page.footer)}</div></section>\n`;
}

/** A streaming HTML document of printed pages: header, a chunk per record, footer. */
export function htmlPrintFormatter(options: PrintOptions = {}): { header(): string; record(r: HousieRecord): string; footer(): string } {
  options = optionsObject<PrintOptions>(options, "options", PRINT_KEYS);
  const planner = new PrintPlanner(options);
  const g = planner.geometry;
  const qr = options.qr ?? false;
  const title = [options.title, options.venue, options.date].filter(Boolean).map((part) => oneLine(part!)).join(" · ") || "Housie tickets"; // control bytes never reach <title>
  return {
    header: () => `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>\n<style>\nbody { margin: 0; }\n@media screen { body { background: #777; } .hp-page { margin: 12pt auto; box-shadow: 0 1pt 6pt #0006; } }\n${printCss(g)}</style></head><body>\n`,
    record: (r) => planner.add(r).map((page) => pageHtml(page, g, qr)).join(""),
    footer: () => planner.finish().map((page) => pageHtml(page, g, qr)).join("") + "</body></html>\n",
  };
}
