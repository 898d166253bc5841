// Paper a hall can use: cut marks only where a hall cuts (between books; between single
// tickets), footers that say so, text in any script through the embedded fonts (read back
// from the PDF with pdf.js), text that does not fit refused with one line, never cut, and
// a pattern per game in the blank cells (the same strokes in the PDF and the HTML).
import { describe, expect, it } from "vitest";
import { renderPdf } from "../../src/housie/output/pdf.js";
import { generateBooks, generateTickets } from "../../src/housie/generate/generate.js";
import { maxPerPage, pageGeometry, type Box } from "../../src/housie/output/layout.js";
import { PrintPlanner, type PlannedPage } from "../../src/housie/output/print-plan.js";
import { htmlPrintFormatter } from "../../src/housie/output/print-html.js";
import { GAME_PATTERNS, patternMarks } from "../../src/housie/output/patterns.js";
import { unicodeRuns } from "../../src/housie/output/pdf-unicode.js";
import { textWidth } from "../../src/housie/output/text-metrics.js";
import { UsageError } from "../../src/errors.js";
import { readPdf } from "../support/pdf-text.js";
import type { HousieRecord } from "../../src/housie/model/cells.js";
import { slowTest } from "../support/tier.js";

function plan(records: HousieRecord[], options: ConstructorParameters<typeof PrintPlanner>[0]): PlannedPage[] {
  const planner = new PrintPlanner(options);
  return [...records.flatMap((r) => planner.add(r)), ...planner.finish()];
}

const crosses = (cut: { x1: number; y1: number; x2: number; y2: number }, b: Box): boolean =>
  Math.max(cut.x1, cut.x2) > b.x && Math.min(cut.x1, cut.x2) < b.x + b.w && Math.max(cut.y1, cut.y2) > b.y && Math.min(cut.y1, cut.y2) < b.y + b.h;

async function pdfOf(records: HousieRecord[], options: Parameters<typeof renderPdf>[2]) {
  const parts: Uint8Array[] = [];
  await renderPdf(records, (chunk) => void parts.push(chunk), options);
  return readPdf(Buffer.concat(parts));
}

describe("cut marks where a hall cuts", () => {
  for (const paper of ["a4", "letter"] as const) {
    for (const layout of ["strip", "sheet"] as const) {
      it(`${paper} ${layout}: books get marks only between books, crossing no ticket and no band; the footer says so`, () => {
        const pages = plan(generateBooks(7, { seed: 4n }), { paper, layout, series: "T" });
        for (const page of pages) {
          for (const cut of page.cuts) {
            expect(cut.between).toBe("groups");
            for (const group of page.groups) {
              expect(crosses(cut, group.box)).toBe(false);
              for (const t of group.tickets) expect(crosses(cut, t.box)).toBe(false);
            }
          }
          const expected = page.groups.length > 1 ? page.groups.length - 1 : 0;
          expect(page.cuts).toHaveLength(expected);
          expect(page.footer).toBe(`Series T · page ${page.number}${expected > 0 ? " · cut along the marks between books" : ""}`);
        }
      });
    }
  }

  it("single tickets are cut apart: marks between the tickets too, at least 1.4 mm either side, and the footer says so", () => {
    for (const layout of ["strip", "sheet"] as const) {
      const [page] = plan(generateTickets(6 * maxPerPage("a4", layout), { seed: 1n }), { layout, series: "T" });
      expect(page!.cuts.some((c) => c.between === "tickets")).toBe(true);
      expect(page!.footer).toContain("cut along the marks between tickets");
      const boxes = page!.groups.flatMap((g) => g.tickets.map((t) => t.box));
      for (const cut of page!.cuts) {
        for (const b of boxes) {
          expect(crosses(cut, b)).toBe(false);
          // the gap either side of a horizontal mark
          if (cut.y1 === cut.y2 && cut.x1 < b.x + b.w && cut.x2 > b.x)
            expect(Math.min(Math.abs(cut.y1 - b.y), Math.abs(cut.y1 - (b.y + b.h)))).toBeGreaterThanOrEqual(4 - 1e-9);
        }
      }
    }
  });

  it("the gutter between strips leaves 5 mm either side of the mark", () => {
    const g = pageGeometry({ layout: "strip" });
    const cut = g.cuts.find((c) => c.between === "groups")!;
    expect(cut.x1 - (g.groups[0]!.x + g.groups[0]!.w)).toBeCloseTo(14, 6); // 14 pt = 4.9 mm
    expect(g.groups[1]!.x - cut.x1).toBeCloseTo(14, 6);
  });
});

describe("text in any language", () => {
  const unicode = { title: "दिवाली तम्बोला", venue: "قاعة المدينة", date: "2 Dec", price: "₹100 / €2", series: "U" };

  slowTest("₹, €, a Hindi title and an Arabic venue are in the PDF's text (embedded Noto fonts), not ?", async () => {
    const pages = await pdfOf(generateBooks(1, { seed: 9n }), unicode);
    const text = pages[0]!.words.map((w) => w.text).join("");
    expect(text).toContain("₹100");
    expect(text).toContain("€2");
    expect(text).not.toContain("?");
    // pdf.js reads the Devanagari and Arabic back through the fonts' ToUnicode maps (a pre-base
    // matra comes out in visual order, and some Arabic joining forms as control codes: the
    // text layer, not the print; the pictures are checked by eye)
    expect(text.match(/[\u0600-\u06ff]/gu)?.length ?? 0).toBeGreaterThanOrEqual(8);
    expect(text).toContain("तम्बोला");
  });

  slowTest("nothing clipped: every word of a PDF page, in any script, lies inside its strip's box (title and details at the longest that fit)", async () => {
    for (const options of [
      { title: "Friday Night Charity Housie", venue: "Riverside Community Hall", date: "Fri 4 Dec 2026", price: "£5 a book", series: "U" },
      { title: "दिवाली तम्बोला रात", venue: "قاعة المدينة الكبرى", date: "4 Dec", price: "₹100 / €2", series: "U" },
    ]) {
      const g = pageGeometry({});
      const pages = await pdfOf(generateBooks(2, { seed: 9n }), options);
      for (const word of pages[0]!.words) {
        const strip = g.groups.find((b) => word.x >= b.x - 0.5 && word.x <= b.x + b.w);
        expect(strip, word.text).toBeDefined();
        expect(word.x + word.width, word.text).toBeLessThanOrEqual(strip!.x + strip!.w + 0.5);
        expect(word.y + word.height, word.text).toBeLessThanOrEqual(g.height - 28 + 0.5);
      }
    }
  });

  it("a Latin-1 title keeps the standard fonts and the PDF's text as before", async () => {
    const pages = await pdfOf(generateBooks(1, { seed: 9n }), { title: "Café Night", price: "£5", series: "U" });
    const text = pages[0]!.words.map((w) => w.text);
    expect(text).toContain("Café");
    expect(text).toContain("£5");
  });

  it("a script no embedded font holds is refused with one line naming the option, not printed as ?", async () => {
    await expect(pdfOf(generateBooks(1, { seed: 9n }), { title: "ビンゴ", series: "U" })).rejects.toThrow(
      /--title "ビンゴ" has "ビ" \(U\+30D3\), which no embedded PDF font holds/,
    );
    // the HTML prints it through the browser's fonts
    const f = htmlPrintFormatter({ title: "ビンゴ", series: "U" });
    expect(f.header() + f.record(generateBooks(1, { seed: 9n })[0]!) + f.footer()).toContain("ビンゴ");
  });

  it("runs: each script its font, Arabic words placed right to left, spaces outside the Arabic run", () => {
    const has = (re: RegExp) => ({ hasGlyphForCodePoint: (cp: number) => re.test(String.fromCodePoint(cp)) });
    const fonts = [has(/[\x20-\x7e\u00a0-\u00ff€]/u), has(/[\u0100-\u024f]/u), has(/[\u0900-\u097f₹]/u), has(/[\u0600-\u06ff]/u)];
    expect(unicodeRuns("₹100 Hall", fonts, "--price")).toEqual([
      { text: "₹", font: 2 },
      { text: "100 Hall", font: 0 },
    ]);
    expect(unicodeRuns("قاعة المدينة · 2", fonts, "--venue").map((r) => r.text)).toEqual(["المدينة", " ", "قاعة", " ", "· 2"]);
  });

  it("text that does not fit is refused with one line naming the option, never cut to …", () => {
    const long = "The Grand Annual Charity Housie Night of the Riverside Community".slice(0, 60);
    expect(() => plan(generateBooks(1, { seed: 1n }), { title: long })).toThrow(UsageError);
    expect(() => plan(generateBooks(1, { seed: 1n }), { title: long })).toThrow(
      /^--title ".*" is too long for the band beside "Book 1": it needs up to \d+ pt at 9 pt, the room is \d+ pt/,
    );
    expect(() => plan(generateBooks(1, { seed: 1n }), { title: long, layout: "sheet" })).not.toThrow(); // a sheet's band is twice as wide
    expect(() => new PrintPlanner({ venue: "x".repeat(40), date: "y".repeat(39) })).toThrow(/^--venue, --date and --price/);
    expect(textWidth("Book 1", 9, true)).toBeCloseTo((722 + 611 + 611 + 556 + 278 + 556) * 0.009, 6);
  });
});

describe("colour games survive a photocopy", () => {
  it("each game has its own pattern and number; every stroke lies inside its cell", () => {
    const pages = plan(generateBooks(1, { seed: 2n }), { games: "Red,Green,Blue", series: "T" });
    const tickets = pages.flatMap((p) => p.groups.flatMap((g) => g.tickets));
    expect(new Set(tickets.map((t) => t.pattern))).toEqual(new Set(GAME_PATTERNS.slice(0, 3)));
    expect(tickets.map((t) => t.gameTab)).toEqual([...Array(6).fill("1 Red"), ...Array(6).fill("2 Green"), ...Array(6).fill("3 Blue")]);
    const cell = { x: 100.3, y: 200.7, w: 29.3, h: 17.5 };
    for (const p of GAME_PATTERNS) {
      const m = patternMarks(p, cell);
      expect(m.lines.length + m.dots.length).toBeGreaterThan(2);
      for (const [x1, y1, x2, y2] of m.lines)
        for (const [x, y] of [
          [x1, y1],
          [x2, y2],
        ] as const) {
          expect(x).toBeGreaterThanOrEqual(cell.x - 0.01);
          expect(x).toBeLessThanOrEqual(cell.x + cell.w + 0.01);
          expect(y).toBeGreaterThanOrEqual(cell.y - 0.01);
          expect(y).toBeLessThanOrEqual(cell.y + cell.h + 0.01);
        }
      for (const [x, y] of m.dots) {
        expect(x - m.dotRadius).toBeGreaterThan(cell.x);
        expect(y + m.dotRadius).toBeLessThan(cell.y + cell.h);
      }
    }
    expect(tickets.every((t) => new PrintPlanner({}).geometry && t.pattern !== "none")).toBe(true);
    expect(
      plan(generateBooks(1, { seed: 2n }), {})
        .flatMap((p) => p.groups.flatMap((g) => g.tickets))
        .every((t) => t.pattern === "none" && t.gameTab === undefined),
    ).toBe(true);
  });

  it("a record made for one game prints once, in that game (the record's own game field), its reference naming the game", () => {
    const [book] = generateBooks(1, { seed: 2n });
    const pages = plan([{ ...book!, game: { number: 2, name: "Blue" } }], { games: "Red,Blue", series: "T" });
    const tickets = pages.flatMap((p) => p.groups.flatMap((g) => g.tickets));
    expect(tickets).toHaveLength(6);
    expect(tickets.every((t) => t.game === "Blue" && t.gameTab === "2 Blue" && t.pattern === GAME_PATTERNS[1] && t.ref.startsWith("G2-"))).toBe(true);
    expect(() => plan([{ ...book!, game: { number: 3, name: "Pink" } }], { games: "Red,Blue" })).toThrow(/is of game 3 \(Pink\), which --games does not name/);
  });
});
