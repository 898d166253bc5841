// readSeriesText: the series codec on text or bytes held in memory (the web app's Game tab
// reads a dropped file with it). The same batches and the same first violation, as the same
// SeriesInputError, as readSeries gives for a file holding those bytes: one reader, two feeds.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { readSeries, SeriesInputError } from "../../src/housie/series/read-series.js";
import { readSeriesText } from "../../src/housie/series/read-text.js";
import * as portable from "../../src/housie/index.js";
import type { SeriesBatch } from "../../src/housie/model/cells.js";
import { InputError, UsageError } from "../../src/errors.js";

const dir = mkdtempSync(join(tmpdir(), "housie-text-"));
const jsonl = (kind: "books" | "tickets", n: number, seed: bigint, firstSerial = 1): string =>
  new TextDecoder().decode(new HousieRun(kind, { seed, firstSerial }).nextJsonl(n));
const books = jsonl("books", 5, 3n);
const tickets = jsonl("tickets", 7, 4n, 100);

interface Read {
  kinds: number[];
  serials: bigint[];
  lines: number[];
  cells: number[];
}

/** Everything a reader hands out, copied batch by batch (a batch is a view valid until the next step). */
function collect(batches: Iterable<SeriesBatch>): Read {
  const out: Read = { kinds: [], serials: [], lines: [], cells: [] };
  for (const b of batches) {
    out.kinds.push(b.ticketsPerRecord);
    out.serials.push(...b.serials.subarray(0, b.count));
    out.lines.push(...b.lines.subarray(0, b.count));
    out.cells.push(...b.cells.subarray(0, b.count * b.ticketsPerRecord * 27));
  }
  return out;
}

/** The error a reader stopped with (or undefined). */
function failure(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  return undefined;
}

let files = 0;
function file(text: string): string {
  const path = join(dir, `s${files++}.jsonl`);
  writeFileSync(path, text);
  return path;
}

describe("readSeriesText", () => {
  it("reads a good book file as readSeries reads the file, with either engine and from bytes too", () => {
    const fromFile = collect(readSeries(file(books), { batch: 2 }));
    expect(fromFile.serials).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(fromFile.kinds).toEqual([6, 6, 6]);
    for (const engine of ["wasm", "ts", undefined] as const) {
      expect(collect(readSeriesText(books, { batch: 2, engine }))).toEqual(fromFile);
    }
    expect(collect(readSeriesText(new TextEncoder().encode(books), { batch: 2 }))).toEqual(fromFile);
  });

  it("reads a good ticket file (single tickets) as readSeries does", () => {
    const got = collect(readSeriesText(tickets, { source: "t.jsonl" }));
    expect(got.kinds).toEqual([1]);
    expect(got.serials).toEqual([100n, 101n, 102n, 103n, 104n, 105n, 106n]);
    expect(got.lines).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(got).toEqual(collect(readSeries(file(tickets))));
  });

  it("reads a file mixing books and single tickets (a valid series), each batch of one kind", () => {
    const bookLines = books.trimEnd().split("\n");
    const ticketLines = tickets.trimEnd().split("\n");
    const text = [bookLines[0], ticketLines[0], ticketLines[1], bookLines[1], ""].join("\n");
    const got = collect(readSeriesText(text));
    expect(got.serials).toEqual([1n, 100n, 101n, 2n]);
    expect(got.lines).toEqual([1, 2, 3, 4]);
    expect(got.kinds).toEqual([6, 1, 6]);
    expect(got.cells).toHaveLength((6 + 1 + 1 + 6) * 27);
    expect(got).toEqual(collect(readSeries(file(text))));
    // A reader that requires books refuses the first ticket, as readSeries does.
    const refused = failure(() => collect(readSeriesText(text, { ticketsPerRecord: 6, source: "mixed.jsonl" })));
    expect(refused).toBeInstanceOf(SeriesInputError);
    expect((refused as Error).message).toBe("mixed.jsonl:2: record has 1 ticket(s) (expected books (6 tickets per record) here) [shape]");
  });

  it("stops at a bad line with readSeries's error: source, line, what is wrong, what was expected, the rule", () => {
    const bookLines = books.trimEnd().split("\n");
    const record = JSON.parse(bookLines[2]!) as { serial: number; tickets: (number | null)[][][] };
    const row = record.tickets[0]![0]!;
    row[row.findIndex((x) => x !== null)] = 95; // a number no column holds
    const broken = [bookLines[0], bookLines[1], JSON.stringify(record), "not json", ""].join("\n");
    const path = file(broken);
    const fromFile = failure(() => collect(readSeries(path)));
    const fromText = failure(() => collect(readSeriesText(broken, { source: path })));
    expect(fromText).toBeInstanceOf(SeriesInputError);
    expect(fromText).toBeInstanceOf(InputError);
    const err = fromText as SeriesInputError;
    expect(err.message).toBe((fromFile as Error).message);
    expect(err.file).toBe(path);
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/:3: .+ \(expected .+\) \[[a-z-]+\]$/);
    expect(err.message).toContain("95");
    // A line that is not JSON: one line naming it, its text not echoed raw.
    const bad = failure(() => collect(readSeriesText(`${bookLines[0]}\nnot json at all \u001b${"x".repeat(200)}\n`, { source: "pasted" })));
    expect((bad as Error).message).toBe(`pasted:2: not valid JSON (expected one JSON object per line, {"serial": ..., "tickets": [...]}) [json]`);
  });

  it("words a broken ticket as validate does (rule, shortened value) and refuses an empty text", () => {
    const record = JSON.parse(books.split("\n")[0]!) as { serial: number; tickets: unknown[] };
    record.tickets[1] = "a".repeat(500);
    const err = failure(() => collect(readSeriesText(JSON.stringify(record)))) as SeriesInputError;
    expect(err).toBeInstanceOf(SeriesInputError);
    expect(err.line).toBe(1);
    expect(err.message.length).toBeLessThan(300); // the 500 a's are shortened
    expect(err.message).toMatch(/^<text>:1: /);
    expect(failure(() => collect(readSeriesText("\n \n", { source: "empty" })))).toHaveProperty(
      "message",
      "empty:1: file holds no books or tickets (expected one JSON record per line) [shape]",
    );
  });

  it("refuses bad arguments with a UsageError", () => {
    expect(() => readSeriesText(42 as unknown as string).next()).toThrow(UsageError);
    expect(() => readSeriesText("", { source: 3 as unknown as string }).next()).toThrow(UsageError);
    expect(() => readSeriesText("", { batch: 0 }).next()).toThrow(UsageError);
    expect(() => readSeriesText("", null as unknown as object).next()).toThrow(UsageError);
  });

  it("is part of the portable entry (tabula-grids/housie in a browser), with its error class", () => {
    expect(portable.readSeriesText).toBe(readSeriesText);
    expect(portable.SeriesInputError).toBe(SeriesInputError);
  });
});
