// bingo cards --format pdf: what a PDF reader (pdfjs-dist) reads back, square by square
// (the boxes from paper.ts), is the JSONL of the same seed, with each card's reference;
// the page count is exact on A4 and Letter; a seeded PDF is the same bytes every run; a
// 20-digit serial stays inside its card; the HTML page places the same boxes.
import { describe, expect, it } from "vitest";
import { SLOW, slowTest } from "../support/tier.js";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, batchedCli, runCli } from "../support/cli-run.js";
import { pdfText, readPdf, type PdfWord } from "../support/pdf-text.js";
import { cardPageLayout, pageCuts, placeCard, type CardPageLayout } from "../../src/bingo/paper.js";
import { shapeOf } from "../../src/bingo/shape.js";
import { UsageError } from "../../src/errors.js";
import { cardRef } from "../../src/bingo/card.js";
import type { Box } from "../../src/housie/output/layout.js";
import { CardPdfWriter } from "../../src/bingo/pdf.js";
import { generateCards } from "../../src/bingo/generate.js";
import { canRender, crop, renderPdfPages } from "../support/pdf-render.js";
import jsqrModule from "jsqr";

/** jsQR is CommonJS: its function is the module or its `default`, whichever the loader hands over. */
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsqrModule as unknown as { default?: Decode }).default ?? jsqrModule) as unknown as Decode;

const canRenderPages = await canRender();
const dir = mkdtempSync(join(tmpdir(), "bingo-pdf-"));
type Card = { serial: number; card: (number | null)[][] };

const inside = (w: PdfWord, b: Box, slack = 1): boolean =>
  w.x >= b.x - slack && w.x + w.width <= b.x + b.w + slack && w.y >= b.y - slack && w.y + w.height <= b.y + b.h + slack;

function cardsOf(ball: string, n: number, seed: string, extra: string[] = []): Card[] {
  const r = bingo(jsonlArgs(ball, n, seed, extra));
  expect(r.status).toBe(0);
  return r.stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Card);
}

/** Checks every card of the PDF against `cards`: each square's word in its square, each reference in its card's band. */
async function expectCards(file: string, layout: CardPageLayout, cards: Card[]): Promise<void> {
  const pages = await readPdf(file);
  expect(pages).toHaveLength(Math.ceil(cards.length / layout.perPage));
  cards.forEach((c, i) => {
    const page = pages[Math.floor(i / layout.perPage)]!;
    const ref = cardRef(BigInt(c.serial));
    const placed = placeCard(layout, i % layout.perPage, c.card, ref);
    const words = page.words.filter((w) => inside(w, placed.box));
    expect(words.filter((w) => w.text === ref)).toHaveLength(1);
    for (const cell of placed.cells) {
      const expected = cell.free ? "FREE" : String(c.card[cell.row]![cell.column]);
      expect(words.filter((w) => inside(w, cell.box)).map((w) => w.text)).toEqual([expected]);
    }
  });
}

// Cards a page: two columns of three 75-ball cards, nine 80-ball, sixteen 30-ball, on A4 and Letter alike.
const PER_PAGE = { "75": 6, "80": 9, "30": 16 } as const;
// Letter for the 80- and 30-ball cards in the slow suite (the 75-ball card, the tightest on Letter, stays here).
const PAPERS = (["75", "80", "30"] as const).flatMap((ball) =>
  (["a4", "letter"] as const).map((paper) => ({
    ball,
    paper,
    n: 2 * PER_PAGE[ball] + 1 /* a last page part-filled */,
    inNpmTest: paper === "a4" || ball === "75",
  })),
);
const cards = (ball: string, n: number, seed: string) => ["cards", "-b", ball, "-n", String(n), "--seed", seed];
const pdfArgs = (ball: string, paper: string, n: number) => [...cards(ball, n, "7"), "-f", "pdf", "--paper", paper, "-o", join(dir, `${ball}-${paper}.pdf`)];
const jsonlArgs = (ball: string, n: number, seed: string, extra: string[] = []) => [...cards(ball, n, seed), "-f", "jsonl", ...extra];
const BIG_SERIALS = ["--first-serial", "18446744073709551600"];
const bigPdfArgs = ["cards", "-b", "30", "-n", "16", "--seed", "5", "-f", "pdf", "-o", join(dir, "big.pdf"), ...BIG_SERIALS];
const htmlArgs = (paper: string) => ["cards", "-b", "80", "-n", "10", "--seed", "7", "-f", "html", "--paper", paper, "--qr"];
const sameBytesArgs = (file: string) => ["cards", "-b", "80", "-n", "10", "--seed", "11", "-f", "pdf", "-o", file];
const REFUSED = {
  paper: ["cards", "-b", "75", "-n", "1", "-f", "pdf", "--paper", "a5", "-o", join(dir, "a5.pdf")],
  qrText: ["cards", "-b", "75", "-n", "1", "--qr"],
  missing: ["cards", "-b", "75", "-n", "1", "-f", "pdf", "-o", join(dir, "no-such-dir", "x.pdf")],
};
// Every run below ends in the command's own code and reads no standard input: they share one
// process (batchedCli), run on the first lookup; a spawned run of a PDF and of a refusal is
// checked against its batched twin. A pipe and a terminal are spawned.
const bingo = batchedCli("bingo", [
  ...PAPERS.filter((p) => p.inNpmTest || SLOW).flatMap(({ ball, paper, n }) => [pdfArgs(ball, paper, n), jsonlArgs(ball, n, "7")]),
  ["cards", "-b", "30", "-n", "2", "--seed", "1", "-f", "pdf", "-o", join(dir, "golden.pdf")],
  ["cards", "-b", "75", "-n", "5", "--seed", "3", "-f", "pdf", "--qr", "-o", join(dir, "qr.pdf")],
  jsonlArgs("75", 5, "3"),
  bigPdfArgs,
  jsonlArgs("30", 16, "5", BIG_SERIALS),
  htmlArgs("a4"),
  htmlArgs("letter"),
  jsonlArgs("80", 10, "7"),
  sameBytesArgs(join(dir, "same-b.pdf")),
  ...Object.values(REFUSED),
]);

describe("bingo cards -f pdf", () => {
  for (const { ball, paper, n, inNpmTest } of PAPERS) {
    (inNpmTest ? it : slowTest)(
      `${ball}-ball on ${paper}: every card's numbers and reference where the layout puts them, ${PER_PAGE[ball]} a page`,
      async () => {
        const shape = shapeOf(ball);
        const layout = cardPageLayout(shape, { paper });
        expect(layout.perPage).toBe(PER_PAGE[ball]);
        if (ball !== "30") expect(layout.numberSize).toBeGreaterThanOrEqual(18);
        const file = join(dir, `${ball}-${paper}.pdf`);
        const r = bingo(pdfArgs(ball, paper, n));
        expect(r.stderr).toBe("");
        expect(r.status).toBe(0);
        const pages = await readPdf(file);
        expect(Math.round(pages[0]!.width)).toBe(paper === "a4" ? 595 : 612);
        expect(pages[0]!.words.map((w) => w.text).join(" ")).toContain(`${shape.title} bingo cards · page 1 · cut along the dashed lines`);
        // The last page holds one card: nothing to cut, and its footer says nothing of cutting.
        expect(
          pages
            .at(-1)!
            .words.map((w) => w.text)
            .join(" "),
        ).toContain(`${shape.title} bingo cards · page 3`);
        expect(pages.at(-1)!.words.map((w) => w.text)).not.toContain("cut");
        await expectCards(file, layout, cardsOf(ball, n, "7"));
      },
    );
  }

  it("golden: page 1 of two 30-ball cards, seed 1, as a reader reads it (top to bottom, left to right)", async () => {
    const file = join(dir, "golden.pdf");
    expect(bingo(["cards", "-b", "30", "-n", "2", "--seed", "1", "-f", "pdf", "-o", file]).status).toBe(0);
    expect((await pdfText(file))[0]).toBe(
      "1-3 2-1 30-ball card 30-ball card 1-10 11-20 21-30 1-10 11-20 21-30 4 12 27 9 13 22 2 20 25 10 12 29 3 19 28 4 14 27 30-ball bingo cards · page 1 · cut along the dashed lines",
    );
  });

  it("the layout refuses options it does not know with the library's UsageError", () => {
    expect(() => cardPageLayout(shapeOf("75"), { paper: "a5" as never })).toThrow(UsageError);
    expect(() => cardPageLayout(shapeOf("75"), { qr: "yes" as never })).toThrow(/options\.qr/);
    expect(() => cardPageLayout(shapeOf("75"), { papr: "a4" } as never)).toThrow(UsageError);
  });

  it("a page part-filled has cut marks only as far as its cards: 3 cards of 6 part two columns in the first row and two rows", () => {
    const layout = cardPageLayout(shapeOf("75"), { paper: "a4" });
    const [a, b, c] = layout.slots;
    expect(pageCuts(layout, 6)).toEqual(layout.cuts);
    expect(pageCuts(layout, 1)).toEqual([]);
    const cuts = pageCuts(layout, 3);
    const vertical = cuts.filter((k) => k.x1 === k.x2);
    const horizontal = cuts.filter((k) => k.y1 === k.y2);
    expect(vertical).toHaveLength(1);
    expect(vertical[0]!.x1).toBeGreaterThan(a!.x + a!.w);
    expect(vertical[0]!.x1).toBeLessThan(b!.x);
    expect(vertical[0]!.y2).toBeGreaterThan(a!.y + a!.h);
    expect(vertical[0]!.y2).toBeLessThan(c!.y);
    expect(horizontal).toHaveLength(1);
    expect(horizontal[0]!.y1).toBeGreaterThan(a!.y + a!.h);
    expect(horizontal[0]!.y1).toBeLessThan(c!.y);
  });

  it("--qr: each card's reference as a QR code leaves the numbers where the layout puts them", async () => {
    const layout = cardPageLayout(shapeOf("75"), { paper: "a4", qr: true });
    const file = join(dir, "qr.pdf");
    expect(bingo(["cards", "-b", "75", "-n", "5", "--seed", "3", "-f", "pdf", "--qr", "-o", file]).status).toBe(0);
    await expectCards(file, layout, cardsOf("75", 5, "3"));
  });

  // Rendering and decoding at three resolutions: the slow suite runs it, as housie's QR decoding.
  (canRenderPages ? slowTest : it.skip)(
    "--qr: every code decodes to its card's format and reference at 150, 200 and 300 dpi (20-digit serials, the densest)",
    async () => {
      for (const ball of ["75", "30"] as const) {
        const shape = shapeOf(ball);
        const cards = generateCards(ball, 12, { seed: 2n, firstSerial: 18_446_744_073_709_551_600n });
        const parts: Uint8Array[] = [];
        const writer = new CardPdfWriter(shape, (c) => void parts.push(c), { paper: "letter", qr: true });
        for (const c of cards) await writer.add(c);
        await writer.finish();
        const layout = writer.layout;
        const want = cards.slice(0, layout.perPage).map((c) => `TGB/${ball}/${cardRef(c.serial)}`);
        for (const dpi of [150, 200, 300]) {
          const [page] = await renderPdfPages(Buffer.concat(parts), dpi);
          const read = cards.slice(0, layout.perPage).map((c, i) => {
            const q = placeCard(layout, i, c.card, cardRef(c.serial)).qr!;
            const region = crop(page!, q.x - 2, q.y - 2, q.w + 4, q.h + 4);
            return jsQR(region.data, region.width, region.height)?.data ?? `(none at ${dpi} dpi)`;
          });
          expect(read, `${ball}-ball, ${dpi} dpi`).toEqual(want);
        }
      }
    },
    60_000,
  );

  it("20-digit serials: the reference shrinks to stay inside its card", async () => {
    const layout = cardPageLayout(shapeOf("30"), { paper: "a4" });
    const file = join(dir, "big.pdf");
    expect(bingo(bigPdfArgs).status).toBe(0);
    const r = bingo(jsonlArgs("30", 16, "5", BIG_SERIALS));
    const cards = r.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line.replace(/"serial":(\d+)/, '"serial":"$1"')) as Card);
    expect(cards.at(-1)!.serial).toBe("18446744073709551615");
    await expectCards(file, layout, cards);
  });

  it("a seeded PDF is the same bytes every run (a spawned run and the batched one); to a pipe it is written whole", () => {
    const a = join(dir, "same-a.pdf");
    const b = join(dir, "same-b.pdf");
    expect(runCli("bingo", sameBytesArgs(a))).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(bingo(sameBytesArgs(b))).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    const piped = runCli("bingo", ["cards", "-b", "80", "-n", "10", "--seed", "11", "-f", "pdf"]);
    expect(piped.status).toBe(0);
    expect(piped.stdout.startsWith("%PDF-")).toBe(true);
    expect(piped.stdout.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("html: each page one SVG the paper's size, every square's number at the very point the PDF draws it", () => {
    for (const paper of ["a4", "letter"] as const) {
      const layout = cardPageLayout(shapeOf("80"), { paper, qr: true });
      const r = bingo(htmlArgs(paper));
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`@page { size: ${Math.round(layout.width * 100) / 100}pt ${Math.round(layout.height * 100) / 100}pt; margin: 0; }`);
      const pages = r.stdout.split("<section ").slice(1);
      expect(pages).toHaveLength(2);
      const cards = cardsOf("80", 10, "7");
      const at = (v: number) => String(Math.round(v * 100) / 100);
      cards.forEach((c, i) => {
        const placed = placeCard(layout, i % layout.perPage, c.card, cardRef(BigInt(c.serial)));
        const page = pages[Math.floor(i / layout.perPage)]!;
        for (const cell of placed.cells)
          expect(page).toContain(
            `<text x="${at(cell.text.x)}" y="${at(cell.text.baseline)}" font-size="${at(cell.text.size)}" fill="#111" font-weight="bold">${cell.text.text}</text>`,
          );
        expect(page).toContain(`>${placed.ref.text}</text>`);
        expect(page).toContain(`aria-label="QR code TGB/80/${placed.ref.text}"`);
      });
    }
  });

  // A terminal needs a pseudo-terminal: util-linux's script(1) gives one (Linux only).
  const script = process.platform === "linux" ? spawnSync("script", ["--version"]).status === 0 : false;
  it.skipIf(!script)("on a terminal without --out: refused in one line, exit 2, no PDF bytes written", () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, "dist/bin/bingo.js"))} cards -b 75 -n 1 -f pdf; echo "exit $?"`;
    const r = spawnSync("script", ["-qec", command, "/dev/null"], { encoding: "utf8" });
    expect(r.stdout.replace(/\r/g, "")).toBe(
      "bingo: --format pdf writes binary data: give --out FILE, or redirect standard output to a file or pipe\nexit 2\n",
    );
  });

  it("refusals: a paper it does not know, --paper or --qr without pdf or html, an unwritable --out (nothing left behind)", () => {
    const a5 = bingo(REFUSED.paper);
    expect(a5.status).toBe(2);
    expect(a5.stderr).toMatch(/--paper.*a5/);
    const text = bingo(REFUSED.qrText);
    expect(runCli("bingo", REFUSED.qrText)).toEqual(text); // the batch gives what a spawned run gives
    expect(text.stderr).toBe("bingo: --qr only applies to --format pdf or html\n");
    expect(text.status).toBe(2);
    const missing = bingo(REFUSED.missing);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(existsSync(join(dir, "no-such-dir"))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes(".tmp"))).toEqual([]);
  });
});
