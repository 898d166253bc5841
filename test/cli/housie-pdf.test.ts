// --format pdf: what a PDF reader (pdfjs-dist) reads back, ticket box by ticket box (the
// boxes from layout.ts), is the JSONL of the same seed; the page count is exact; every
// word lies on its page and inside its box; the file appears whole or not at all.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { batchedCli, runCli } from "../support/cli-run.js";
import { renderPdf, streamSink } from "../../src/housie/output/pdf.js";
import { generateBooks } from "../../src/housie/generate/generate.js";
import { pageGeometry, type Box } from "../../src/housie/output/layout.js";
import { printedRef } from "../../src/housie/model/reference.js";
import { UsageError } from "../../src/errors.js";
import { readPdf, pdfPageCount, type PdfPage, type PdfWord } from "../support/pdf-text.js";
import { slowTest } from "../support/tier.js";

const dir = mkdtempSync(join(tmpdir(), "housie-pdf-"));
type Grid = (number | null)[][];

const inside = (w: PdfWord, b: Box, slack = 0.5): boolean =>
  w.x >= b.x - slack && w.x + w.width <= b.x + b.w + slack && w.y >= b.y - slack && w.y + w.height <= b.y + b.h + slack;

/** Each filled ticket box of a page: its reference and the grid of the numbers inside it. */
function ticketsOfPage(page: PdfPage, boxes: Box[]): { ref: string; grid: Grid }[] {
  const out: { ref: string; grid: Grid }[] = [];
  for (const b of boxes) {
    const words = page.words.filter((w) => inside(w, b, 2));
    const ref = words.find((w) => /^\d+-\d-\d$/.test(w.text));
    if (!ref) continue;
    const numbers = words.filter((w) => /^\d+$/.test(w.text));
    const heights = [...new Set(numbers.map((n) => Math.round(n.y)))].sort((a, c) => a - c);
    expect(heights).toHaveLength(3);
    const grid: Grid = [0, 1, 2].map(() => new Array<number | null>(9).fill(null));
    for (const n of numbers) {
      const x = Number(n.text);
      grid[heights.indexOf(Math.round(n.y))]![x === 90 ? 8 : Math.floor(x / 10)] = x;
    }
    out.push({ ref: ref.text, grid });
  }
  return out;
}

const jsonlArgs = (kind: string, n: number, seed: string) => [kind, "-n", String(n), "--seed", seed, "-f", "jsonl"];
const REFUSED = {
  missing: ["books", "-n", "2", "-f", "pdf", "-o", join(dir, "missing", "x.pdf")],
  paper: ["books", "-n", "2", "-f", "pdf", "--paper", "a5", "-o", join(dir, "a5.pdf")],
  perPage: ["books", "-n", "2", "-f", "pdf", "--layout", "sheet", "--per-page", "4", "-o", join(dir, "pp.pdf")],
};
let batch: ((args: readonly string[]) => ReturnType<typeof runCli>) | undefined;
/** The JSONL runs and the refusals share one process (batchedCli), run on the first lookup. */
function batched(args: readonly string[]) {
  batch ??= batchedCli("housie", [...CASES.map((c) => jsonlArgs(c.kind, c.n, "31")), ...Object.values(REFUSED)]);
  return batch(args);
}

function jsonl(kind: string, n: number, seed: string): { serial: number; tickets: Grid[] }[] {
  const out = batched(jsonlArgs(kind, n, seed));
  expect(out.status).toBe(0);
  return out.stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as { serial: number; tickets: Grid[] });
}

const CASES = [
  { kind: "books", n: 5, layout: "strip", paper: "a4", qr: false, perPage: undefined, pages: 3 },
  { kind: "books", n: 4, layout: "strip", paper: "letter", qr: true, perPage: 1, pages: 4 },
  { kind: "books", n: 7, layout: "sheet", paper: "a4", qr: true, perPage: undefined, pages: 3 },
  { kind: "books", n: 7, layout: "sheet", paper: "letter", qr: false, perPage: 2, pages: 4 },
  { kind: "tickets", n: 40, layout: "sheet", paper: "letter", qr: false, perPage: undefined, pages: 3 },
  { kind: "tickets", n: 13, layout: "strip", paper: "a4", qr: true, perPage: undefined, pages: 2 },
] as const;

describe("housie --format pdf", () => {
  it("the batched runs are what a spawned run gives", () => {
    const args = jsonlArgs(CASES[0].kind, CASES[0].n, "31");
    expect(runCli("housie", args)).toEqual(batched(args));
  });

  for (const [i, c] of CASES.entries()) {
    // Strips, sheets with --per-page and single tickets with --qr in npm test; all six in the slow suite.
    ([0, 3, 5].includes(i) ? it : slowTest)(
      `${c.kind} ${c.layout} ${c.paper}${c.perPage ? ` --per-page ${c.perPage}` : ""}${c.qr ? " --qr" : ""}: page by page, box by box, the JSONL of the seed`,
      async () => {
        const file = join(dir, `${c.kind}-${c.layout}-${c.paper}-${c.qr}-${c.perPage}.pdf`);
        const args = [c.kind, "-n", String(c.n), "--seed", "31", "-f", "pdf", "--layout", c.layout, "--paper", c.paper, "-o", file];
        if (c.perPage) args.push("--per-page", String(c.perPage));
        const run = runCli("housie", c.qr ? [...args, "--qr"] : args);
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        expect(await pdfPageCount(file)).toBe(c.pages);
        const g = pageGeometry({ paper: c.paper, layout: c.layout, perPage: c.perPage, qr: c.qr });
        const boxes = g.tickets.flat();
        const expected = jsonl(c.kind, c.n, "31").flatMap((r) => r.tickets.map((grid, i) => ({ ref: printedRef(BigInt(r.serial), i + 1), grid })));
        const pages = await readPdf(file);
        const read = pages.map((p) => ticketsOfPage(p, boxes));
        expect(read.flat().map((t) => t.ref)).toEqual(expected.map((t) => t.ref)); // in filling order
        read.flat().forEach((t, i) => expect(t.grid).toEqual(expected[i]!.grid));
        for (const p of pages) {
          expect(p.width).toBeCloseTo(g.width, 0);
          for (const w of p.words) expect(inside(w, { x: 0, y: 0, w: p.width, h: p.height })).toBe(true);
        }
      },
    );
  }

  it("strips a hall would sell: book 1 down the left strip as 1-1 to 1-6, book 2 down the right", async () => {
    const page = (await readPdf(join(dir, "books-strip-a4-false-undefined.pdf")))[0]!;
    const refs = page.words.filter((w) => /^\d+-\d-\d$/.test(w.text));
    const column = (book: string) => refs.filter((w) => w.text.startsWith(`${book}-`)).sort((a, b) => a.y - b.y);
    expect(column("1").map((w) => w.text)).toEqual([1, 2, 3, 4, 5, 6].map((i) => printedRef(1n, i)));
    expect(column("2").map((w) => w.text)).toEqual([1, 2, 3, 4, 5, 6].map((i) => printedRef(2n, i)));
    expect(new Set(column("1").map((w) => Math.round(w.x))).size).toBe(1);
    expect(column("2")[0]!.x).toBeGreaterThan(page.width / 2);
  });

  it("is written atomically: nothing at the target until complete, nothing left on failure", () => {
    const bad = batched(REFUSED.missing);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/missing\/x.pdf: cannot write \(no such file or directory, ENOENT\)/);
    const badPaper = batched(REFUSED.paper);
    expect(badPaper.status).toBe(2);
    expect(existsSync(join(dir, "a5.pdf"))).toBe(false);
    const badPerPage = batched(REFUSED.perPage);
    expect(badPerPage.status).toBe(2);
    expect(badPerPage.stderr).toMatch(/^housie: .*--per-page.*\n$/);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("renderPdf streams any records to any sink (a Node writable through streamSink), returning the page count", async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    const { pages } = await renderPdf(generateBooks(3, { seed: 5n }), streamSink(sink), { layout: "sheet" });
    expect(pages).toBe(1);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const file = join(dir, "api.pdf");
    writeFileSync(file, pdf);
    expect(await pdfPageCount(file)).toBe(1);
    expect(readFileSync(file).length).toBe(pdf.length);
  });

  it("renderPdf takes a Node writable as it is (the README's renderPdf(records, stream)), waiting for drain", async () => {
    const chunks: Buffer[] = [];
    let drains = 0;
    // A stream whose buffer is always full after a write: every chunk waits for "drain".
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        setImmediate(() => {
          drains++;
          done();
        });
      },
    });
    const { pages } = await renderPdf(generateBooks(2, { seed: 5n }), slow, { perPage: 1 });
    expect(pages).toBe(2);
    expect(drains).toBeGreaterThan(1);
    expect(await pdfPageCount(Buffer.concat(chunks))).toBe(2);
  });

  it("renderPdf refuses a target that is neither a function nor a stream with a UsageError, before any work", async () => {
    await expect(renderPdf(generateBooks(1, { seed: 5n }), {} as never)).rejects.toThrow(UsageError);
    await expect(renderPdf(generateBooks(1, { seed: 5n }), null as never)).rejects.toThrow(/function .* or a writable stream/);
  });

  it("renderPdf hands a plain function sink the same document, chunk by chunk", async () => {
    const parts: Uint8Array[] = [];
    const { pages } = await renderPdf(generateBooks(2, { seed: 5n }), (chunk) => void parts.push(chunk), { perPage: 1 });
    expect(pages).toBe(2);
    expect(await pdfPageCount(Buffer.concat(parts))).toBe(2);
  });
});
