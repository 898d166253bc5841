// --format pdf: what a PDF reader (pdfjs-dist) reads back, page by page, is the JSONL of
// the same seed; the page count is right; the file appears whole or not at all.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { runCli } from "./cli-run.js";
import { renderPdf } from "../../src/housie/pdf.js";
import { generateBooks } from "../../src/housie/generate.js";
import { streamSink } from "../../src/io/atomic-write.js";
import { readPdf, pdfPageCount } from "../support/pdf-text.js";

const dir = mkdtempSync(join(tmpdir(), "housie-pdf-"));
type Grid = (number | null)[][];
interface Word { x: number; y: number; text: string }

/** Words of each page, with their top-left positions. */
async function pagesOf(pdf: string): Promise<Word[][]> {
  return (await readPdf(pdf)).map((page) => page.words.map(({ x, y, text }) => ({ x, y, text })));
}

/** Tickets of a page: each REF stub, the numbers to its right and below, rows by height, columns by value. */
function ticketsOfPage(words: Word[]): { ref: string; grid: Grid }[] {
  const stubs = words.flatMap((w, i) => (w.text === "REF" ? [{ x: w.x, y: w.y, ref: words.find((v, k) => k !== i && /^\d+-\d$/.test(v.text) && Math.abs(v.x - w.x) < 1 && v.y > w.y && v.y - w.y < 12)!.text }] : []));
  const numbers = words.filter((w) => /^\d+$/.test(w.text));
  const tickets = stubs.map((s) => ({ ref: s.ref, stub: s, numbers: [] as Word[] }));
  for (const n of numbers) {
    const owner = tickets
      .filter((t) => t.stub.x < n.x && t.stub.y - 5 <= n.y)
      .sort((a, b) => b.stub.x - a.stub.x || b.stub.y - a.stub.y)[0];
    if (!owner) throw new Error(`number ${n.text} outside every ticket`);
    owner.numbers.push(n);
  }
  return tickets.map((t) => {
    const heights = [...new Set(t.numbers.map((n) => Math.round(n.y)))].sort((a, b) => a - b);
    expect(heights).toHaveLength(3);
    const grid: Grid = [0, 1, 2].map(() => new Array<number | null>(9).fill(null));
    for (const n of t.numbers) {
      const x = Number(n.text);
      grid[heights.indexOf(Math.round(n.y))]![x === 90 ? 8 : Math.floor(x / 10)] = x;
    }
    return { ref: t.ref, grid };
  });
}

function jsonl(kind: string, n: number, seed: string): { serial: number; tickets: Grid[] }[] {
  const out = runCli("housie", [kind, "-n", String(n), "--seed", seed, "-f", "jsonl"]);
  expect(out.status).toBe(0);
  return out.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as { serial: number; tickets: Grid[] });
}

const pageCount = pdfPageCount;

describe("housie --format pdf", () => {
  const cases = [
    { kind: "books", n: 5, layout: "strip", paper: "a4", qr: false, pages: 5, perPage: 6 },
    { kind: "books", n: 4, layout: "strip", paper: "letter", qr: true, pages: 4, perPage: 6 },
    { kind: "books", n: 7, layout: "sheet", paper: "a4", qr: true, pages: 3, perPage: 18 },
    { kind: "tickets", n: 40, layout: "sheet", paper: "letter", qr: false, pages: 3, perPage: 18 },
    { kind: "tickets", n: 13, layout: "strip", paper: "a4", qr: true, pages: 3, perPage: 6 },
  ] as const;

  for (const c of cases) {
    it(`${c.kind} ${c.layout} ${c.paper}${c.qr ? " --qr" : ""}: pdftotext page by page equals the JSONL of the seed`, async () => {
      const file = join(dir, `${c.kind}-${c.layout}-${c.paper}-${c.qr}.pdf`);
      const args = [c.kind, "-n", String(c.n), "--seed", "31", "-f", "pdf", "--layout", c.layout, "--paper", c.paper, "-o", file];
      const run = runCli("housie", c.qr ? [...args, "--qr"] : args);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(await pageCount(file)).toBe(c.pages);
      const expected = jsonl(c.kind, c.n, "31").flatMap((r) => r.tickets.map((grid, i) => ({ ref: `${r.serial}-${i + 1}`, grid })));
      const pages = await pagesOf(file);
      expect(pages).toHaveLength(c.pages);
      const read = pages.map(ticketsOfPage);
      read.slice(0, -1).forEach((p) => expect(p).toHaveLength(c.perPage));
      // Page by page, in reading order: down the page, then (sheets) left before right.
      let at = 0;
      for (const page of read) {
        const want = expected.slice(at, at + page.length);
        expect(page.map((t) => t.ref).sort()).toEqual(want.map((t) => t.ref).sort());
        for (const t of page) expect(t.grid).toEqual(want.find((w) => w.ref === t.ref)!.grid);
        at += page.length;
      }
      expect(at).toBe(expected.length);
    });
  }

  it("strips a hall would sell: each book on its own page with refs 1-1 to 1-6 in order down the page", async () => {
    const file = join(dir, "books-strip-a4-false.pdf");
    const page = (await pagesOf(file))[0]!;
    const refs = page.filter((w) => /^\d+-\d$/.test(w.text)).sort((a, b) => a.y - b.y).map((w) => w.text);
    expect(refs).toEqual(["1-1", "1-2", "1-3", "1-4", "1-5", "1-6"]);
  });

  it("is written atomically: nothing at the target until complete, nothing left on failure", () => {
    const bad = runCli("housie", ["books", "-n", "2", "-f", "pdf", "-o", join(dir, "missing", "x.pdf")]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/missing\/x.pdf: cannot write \(no such file or directory, ENOENT\)/);
    const badPaper = runCli("housie", ["books", "-n", "2", "-f", "pdf", "--paper", "a5", "-o", join(dir, "a5.pdf")]);
    expect(badPaper.status).toBe(2);
    expect(existsSync(join(dir, "a5.pdf"))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("renderPdf streams any records to any sink (a Node writable through streamSink), returning the page count", async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({ write(chunk: Buffer, _enc, done) { chunks.push(chunk); done(); } });
    const { pages } = await renderPdf(generateBooks(3, { seed: 5n }), streamSink(sink), { layout: "sheet" });
    expect(pages).toBe(1);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const file = join(dir, "api.pdf");
    await import("node:fs").then((fs) => fs.writeFileSync(file, pdf));
    expect(await pageCount(file)).toBe(1);
    expect(readFileSync(file).length).toBe(pdf.length);
  });

  it("renderPdf hands a plain function sink the same document, chunk by chunk", async () => {
    const parts: Uint8Array[] = [];
    const { pages } = await renderPdf(generateBooks(2, { seed: 5n }), (chunk) => void parts.push(chunk));
    expect(pages).toBe(2);
    const pdf = Buffer.concat(parts);
    const file = join(dir, "fn.pdf");
    await import("node:fs").then((fs) => fs.writeFileSync(file, pdf));
    expect(await pageCount(file)).toBe(2);
  });
});
