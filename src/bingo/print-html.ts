// Bingo cards as printable HTML: each page one SVG in points, drawn from the very boxes,
// baselines and cut marks the PDF draws (paper.ts), so the page prints as the PDF does.
// As housie's print (housie/output/print-html.ts, whose QR SVG and escaping it reuses):
// each page one unbreakable block the paper's size, @page margin 0, colours printed.
import { PRINTED_PAGE_POLICY_META } from "../io/page-policy.js";
import { escapeHtml, qrSvg } from "../housie/output/print-html.js";
import { cardRef, type CardRecord } from "./card.js";
import { cardFooter, cardPageLayout, cardQrText, pageCuts, placeCard, type CardPageLayout, type CardPaperOptions, type PlacedText } from "./paper.js";
import type { CardShape } from "./shape.js";

const n = (v: number): string => String(Math.round(v * 100) / 100);
const pt = (v: number): string => `${n(v)}pt`;
const FONTS = `Helvetica, Arial, "Liberation Sans", sans-serif`;

const text = (t: PlacedText, fill: string): string =>
  `<text x="${n(t.x)}" y="${n(t.baseline)}" font-size="${n(t.size)}" fill="${fill}"${t.bold ? ' font-weight="bold"' : ""}>${escapeHtml(t.text)}</text>`;

/** A page's start: the section and its SVG. */
function pageStart(layout: CardPageLayout, page: number): string {
  return `<section class="bc-page" data-page="${page}"><svg width="${pt(layout.width)}" height="${pt(layout.height - 1)}" viewBox="0 0 ${n(layout.width)} ${n(layout.height - 1)}">`;
}

/** A page's end: its cut marks, as far as it has `cards` cards, and its footer (as the PDF's). */
function pageEnd(layout: CardPageLayout, page: number, cards: number): string {
  const cuts = pageCuts(layout, cards);
  let out = "";
  for (const c of cuts)
    out += `<line class="bc-cut" x1="${n(c.x1)}" y1="${n(c.y1)}" x2="${n(c.x2)}" y2="${n(c.y2)}" stroke="#888" stroke-width="0.5" stroke-dasharray="4 3"/>`;
  const f = layout.footer;
  return out + text({ text: cardFooter(layout, page, cuts.length), x: f.x, baseline: f.baseline, size: f.size, bold: false }, "#555") + "</svg></section>\n";
}

/** One card in slot `slot`, as the PDF draws it. */
function cardSvg(layout: CardPageLayout, slot: number, record: CardRecord): string {
  const ref = cardRef(record.serial);
  const p = placeCard(layout, slot, record.card, ref);
  let out = `<g class="bc-card" data-ref="${escapeHtml(ref)}">`;
  if (p.label) out += text(p.label, "#111");
  out += text(p.ref, "#111");
  if (p.qr) out += qrSvg(cardQrText(layout.shape, ref), { x: p.qr.x, y: p.qr.y, side: p.qr.w });
  out += `<rect x="${n(p.headRow.x)}" y="${n(p.headRow.y)}" width="${n(p.headRow.w)}" height="${n(p.headRow.h)}" fill="#111"/>`;
  for (const h of p.headings) out += text(h, "#fff");
  for (const c of p.cells) {
    out += `<rect x="${n(c.box.x)}" y="${n(c.box.y)}" width="${n(c.box.w)}" height="${n(c.box.h)}" fill="${c.free ? "#ddd" : "none"}" stroke="#111" stroke-width="0.8"/>`;
  }
  out += `<rect x="${n(p.headRow.x)}" y="${n(p.headRow.y)}" width="${n(p.headRow.w)}" height="${n(p.box.y + p.box.h - p.headRow.y)}" fill="none" stroke="#111" stroke-width="1.6"/>`;
  for (const c of p.cells) out += text(c.text, "#111");
  return out + "</g>";
}

/** A streaming HTML document of card pages: header, a chunk per card, footer. */
export function cardHtmlFormatter(shape: CardShape, options: CardPaperOptions = {}): { header(): string; record(r: CardRecord): string; footer(): string } {
  const layout = cardPageLayout(shape, options);
  let page = 0;
  let onPage = 0;
  return {
    header: () => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">${PRINTED_PAGE_POLICY_META}<title>${shape.title} bingo cards</title>
<style>
body { margin: 0; }
@media screen { body { background: #777; } .bc-page { margin: 12pt auto; box-shadow: 0 1pt 6pt #0006; } }
@page { size: ${pt(layout.width)} ${pt(layout.height)}; margin: 0; }
.bc-page, .bc-page * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.bc-page { position: relative; width: ${pt(layout.width)}; height: ${pt(layout.height - 1)}; overflow: hidden; background: #fff; break-after: page; page-break-after: always; break-inside: avoid; page-break-inside: avoid; }
.bc-page:last-child { break-after: auto; page-break-after: auto; }
.bc-page > svg { display: block; font-family: ${FONTS}; }
</style></head><body>
`,
    record: (r) => {
      let out = "";
      if (onPage === 0) out += pageStart(layout, ++page);
      out += cardSvg(layout, onPage++, r);
      if (onPage === layout.perPage) {
        out += pageEnd(layout, page, onPage);
        onPage = 0;
      }
      return out;
    },
    footer: () => (onPage > 0 ? pageEnd(layout, page, onPage) : "") + "</body></html>\n",
  };
}
