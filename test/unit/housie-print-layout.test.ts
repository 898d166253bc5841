// The printed layout (layout.ts, print-plan.ts) read back from the PDF with pdfjs-dist:
// references of 1, 8, 12 and 20 digits fit their ticket's reference line on every layout
// and paper without touching anything else; colour books print every book once per game;
// the band's text is on every strip and escaped in the HTML; page counts are exact.
import { describe, expect, it } from "vitest";
import { renderPdf } from "../../src/housie/output/pdf.js";
import { generateBooks, generateTickets } from "../../src/housie/generate/generate.js";
import { pageGeometry, pagesFor, maxPerPage, type Box } from "../../src/housie/output/layout.js";
import { printedRef } from "../../src/housie/model/reference.js";
import { PrintPlanner } from "../../src/housie/output/print-plan.js";
import { htmlPrintFormatter } from "../../src/housie/output/print-html.js";
import { UsageError } from "../../src/errors.js";
import { readPdf, type PdfWord } from "../support/pdf-text.js";
import type { PdfLayout, PdfPaper } from "../../src/housie/output/pdf-options.js";

import { slowTest } from "../support/tier.js";
async function pdfOf(records: ReturnType<typeof generateBooks>, options: Parameters<typeof renderPdf>[2]) {
  const parts: Uint8Array[] = [];
  await renderPdf(records, (chunk) => void parts.push(chunk), options);
  return readPdf(Buffer.concat(parts));
}

/** A word's ink: pdfjs gives the em box (baseline minus the size); digits and capitals stand 0.72 em. */
const ink = (w: PdfWord): Box => ({ x: w.x, y: w.y + 0.28 * w.height, w: w.width, h: 0.72 * w.height });
const overlaps = (p: PdfWord, q: PdfWord): boolean => {
  const [a, b] = [ink(p), ink(q)];
  return a.x < b.x + b.w - 0.1 && b.x < a.x + a.w - 0.1 && a.y < b.y + b.h - 0.1 && b.y < a.y + a.h - 0.1;
};
const within = (word: PdfWord, b: Box): boolean => {
  const w = ink(word);
  return w.x >= b.x && w.x + w.w <= b.x + b.w && w.y >= b.y && w.y + w.h <= b.y + b.h;
};

describe("references of any length fit", () => {
  const firsts = [1n, 10_000_000n, 100_000_000_000n, 18_446_744_073_709_551_610n]; // 1, 8, 12, 20 digits
  const layouts: [PdfLayout, PdfPaper, number | undefined, boolean][] = [
    ["strip", "a4", undefined, false],
    ["strip", "letter", undefined, true],
    ["strip", "a4", 1, true],
    ["sheet", "a4", undefined, true],
    ["sheet", "letter", 3, false],
  ];
  for (const [layout, paper, perPage, qr] of layouts) {
    // Every layout in the slow suite (rendering and reading PDFs costs seconds); npm test
    // checks the boxes of every layout in "pages" below.
    slowTest(
      `${layout} ${paper}${perPage ? ` --per-page ${perPage}` : ""}${qr ? " --qr" : ""}: each reference is whole, in its ticket's reference line, touching no other word`,
      async () => {
        const g = pageGeometry({ layout, paper, perPage, qr });
        for (const first of firsts) {
          const books = generateBooks(2, { seed: 3n, firstSerial: first });
          const pages = await pdfOf(books, { layout, paper, perPage, qr, games: "Red,Blue" });
          expect(pages).toHaveLength(pagesFor(4, g));
          const boxes = g.tickets.flat();
          const seen: string[] = [];
          for (const page of pages) {
            const refs = page.words.filter((w) => /^\d+-\d-\d$/.test(w.text));
            for (const ref of refs) {
              seen.push(ref.text);
              const box = boxes.find((b) => within(ref, b));
              expect(box, `${ref.text} inside a ticket`).toBeDefined();
              expect(ink(ref).y + ink(ref).h).toBeLessThanOrEqual(box!.y + g.ticket.refBand); // on the reference line, above the grid
              for (const other of page.words) if (other !== ref) expect(overlaps(ref, other), `${ref.text} against ${other.text}`).toBe(false);
            }
            for (const w of page.words) expect(within(w, { x: 0, y: 0, w: page.width, h: page.height })).toBe(true);
          }
          const want = books.flatMap((b) => [0, 1].flatMap(() => [1, 2, 3, 4, 5, 6].map((i) => printedRef(b.serial, i))));
          expect(seen.sort()).toEqual(want.sort());
          expect(String(first).length).toBe(seen[0]!.split("-")[0]!.length);
        }
      },
    );
  }
});

describe("pages", () => {
  // A CPU second (nine strips rendered and read back): the slow suite runs it; the single
  // tickets' colour books below stay in npm test.
  slowTest("colour books: each book once per game, in the game's colour, the game named on every ticket and band", async () => {
    const books = generateBooks(3, { seed: 9n });
    const pages = await pdfOf(books, { layout: "strip", games: "Red,Blue,Green", title: "Friday Night", venue: "Hall", date: "27 Nov", price: "£5" });
    expect(pages).toHaveLength(Math.ceil(9 / maxPerPage("a4", "strip")));
    const text = pages.flatMap((p) => p.words.map((w) => w.text));
    for (const game of ["Red", "Blue", "Green"]) expect(text.filter((t) => t === game)).toHaveLength(3 * 6 + 3); // tickets + bands
    expect(text.filter((t) => t === "Friday")).toHaveLength(9); // the title on every strip
    expect(text.filter((t) => t === "£5")).toHaveLength(9);
    const planner = new PrintPlanner({ games: "Red,#00ff00" });
    const placed = [...planner.add(books[0]!), ...planner.finish()].flatMap((p) => p.groups);
    expect(placed.map((g) => g.colour.ink)).toEqual(["#b3261e", "#00ff00"]);
    expect(placed[0]!.tickets.map((t) => t.grid)).toEqual(placed[1]!.tickets.map((t) => t.grid)); // the same tickets in each game
  });

  it("single tickets fill every slot: 13 tickets on A4 strips are 2 pages, 19 on sheets are 2", () => {
    for (const [layout, n, pages] of [
      ["strip", 13, 2],
      ["sheet", 19, 2],
      ["sheet", 18, 1],
    ] as const) {
      const planner = new PrintPlanner({ layout });
      const planned = [...generateTickets(n, { seed: 1n }).flatMap((r) => planner.add(r)), ...planner.finish()];
      expect(planned).toHaveLength(pages);
      expect(planned.flatMap((p) => p.groups.flatMap((g) => g.tickets))).toHaveLength(n);
    }
  });

  it("single tickets in colour books: each ticket once per game, six to a group, each in its game's colour", () => {
    const planner = new PrintPlanner({ games: "Red,Blue" });
    const planned = [...generateTickets(6, { seed: 1n }).flatMap((r) => planner.add(r)), ...planner.finish()];
    const tickets = planned.flatMap((p) => p.groups.flatMap((g) => g.tickets));
    expect(planned.flatMap((p) => p.groups).map((g) => g.tickets.length)).toEqual([6, 6]);
    expect(tickets.map((t) => t.game)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? "Red" : "Blue")));
    expect(tickets.map((t) => t.colour.ink)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? "#b3261e" : "#1d4e89")));
  });

  it("every box lies inside the page margins, and no two ticket boxes overlap", () => {
    for (const paper of ["a4", "letter"] as const) {
      for (const layout of ["strip", "sheet"] as const) {
        for (let per = 1; per <= maxPerPage(paper, layout); per++) {
          const g = pageGeometry({ paper, layout, perPage: per, qr: true });
          const boxes = g.tickets.flat();
          for (const b of boxes) {
            expect(b.x).toBeGreaterThanOrEqual(28);
            expect(b.x + b.w).toBeLessThanOrEqual(g.width - 28 + 1e-9);
            expect(b.y + b.h).toBeLessThanOrEqual(g.footerY);
          }
          for (let i = 0; i < boxes.length; i++) {
            for (let k = i + 1; k < boxes.length; k++) {
              const [a, b] = [boxes[i]!, boxes[k]!];
              expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
            }
          }
          expect(g.ticket.numberSize).toBeGreaterThanOrEqual(9);
        }
      }
    }
    expect(() => pageGeometry({ layout: "sheet", perPage: 4 })).toThrow(UsageError);
    expect(() => new PrintPlanner({ colour: "chartreuse-ish" })).toThrow(/--colour "chartreuse-ish" is not a colour/);
    expect(() => new PrintPlanner({ series: "lower" })).toThrow(/--series/);
  });

  it("the HTML escapes the band's text and uses the same boxes as the PDF", () => {
    const f = htmlPrintFormatter({ title: `<script>alert("x")</script>`, venue: "Tom & Jerry's", series: "T1", layout: "sheet" });
    const html =
      f.header() +
      generateBooks(4, { seed: 2n })
        .map((r) => f.record(r))
        .join("") +
      f.footer();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Tom &amp; Jerry&#39;s");
    expect(html.match(/<section class="hp-page"/g)).toHaveLength(2); // 3 books, then 1
    expect(html).toContain("break-inside: avoid");
    expect(html).toContain("print-color-adjust: exact");
    const g = pageGeometry({ layout: "sheet" });
    const first = g.tickets[0]![0]!;
    expect(html).toContain(
      `<rect x="${Math.round(first.x * 100) / 100}" y="${Math.round(first.y * 100) / 100}" width="${Math.round(first.w * 100) / 100}" height="${Math.round(first.h * 100) / 100}" stroke=`,
    );
  });
});
