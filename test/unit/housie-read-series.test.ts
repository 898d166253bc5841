// The streaming series reader: its byte-level fast path agrees with JSON.parse plus the
// validator on any line (fast-check mutations of real lines), errors name file and line.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { readSeries } from "../../src/housie/series/read-series.js";
import { topLevelNumberText, validateBook } from "../../src/housie/validate/validate.js";
import { MAX_SERIAL } from "../../src/housie/model/serial.js";
import { InputError } from "../../src/errors.js";
import { expectSameElements } from "../support/same-elements.js";

import { slowTest } from "../support/tier.js";
const dir = mkdtempSync(join(tmpdir(), "housie-read-"));
const lines = new TextDecoder()
  .decode(new HousieRun("books", { seed: 3n }).nextJsonl(3))
  .trimEnd()
  .split("\n");

function readAll(file: string, batch = 2, engine: "wasm" | "ts" = "wasm"): { serials: bigint[]; cells: number[]; lines: number[] } {
  const out = { serials: [] as bigint[], cells: [] as number[], lines: [] as number[] };
  for (const b of readSeries(file, { batch, engine })) {
    out.serials.push(...b.serials.subarray(0, b.count));
    out.lines.push(...b.lines.subarray(0, b.count));
    for (const x of b.cells.subarray(0, b.count * b.ticketsPerRecord * 27)) out.cells.push(x);
  }
  return out;
}

/** What the general path makes of a line: its cells and serial (its digits, exact), or null if it breaks a rule. */
function reference(line: string): { serial: bigint; cells: number[] } | null {
  let record: { serial?: unknown; tickets?: unknown };
  try {
    record = JSON.parse(line) as typeof record;
  } catch {
    return null;
  }
  if (typeof record !== "object" || record === null || Array.isArray(record)) return null;
  const digits = typeof record.serial === "number" ? topLevelNumberText(line, "serial") : undefined;
  if (digits === undefined || !/^\d+$/.test(digits) || BigInt(digits) > MAX_SERIAL) return null;
  if (validateBook(record).length > 0 || (record.tickets as unknown[]).length !== 6) return null;
  return { serial: BigInt(digits), cells: (record.tickets as (number | null)[][][]).flat(2).map((x) => x ?? 0) };
}

/** A record's cells as one key per ticket. */
const chunks = (cells: number[]): string[] => Array.from({ length: cells.length / 27 }, (_, t) => cells.slice(27 * t, 27 * t + 27).join(","));

describe("readSeries", () => {
  it("reads our JSONL in batches: serials, lines, cells; blank lines, CRLF, spaces and a missing last newline are fine", () => {
    const file = join(dir, "ok.jsonl");
    const spaced = lines[1]!.replace(/,/g, ", ").replace(/:/g, ": ");
    writeFileSync(file, `${lines[0]}\r\n\n${spaced}\n${lines[2]}`);
    for (const engine of ["wasm", "ts"] as const) {
      const got = readAll(file, 2, engine);
      expect(got.serials).toEqual([1n, 2n, 3n]);
      expect(got.lines).toEqual([1, 3, 4]);
      expect(got.cells).toEqual(lines.flatMap((l) => reference(l)!.cells));
    }
  });

  it("kernel and TS baseline read a long file alike, across chunk and batch boundaries", () => {
    const run = new HousieRun("books", { seed: 8n });
    const file = join(dir, "long.jsonl");
    const first = Buffer.from(run.nextJsonl(3000)); // copied: the view is reused by the next call
    writeFileSync(file, Buffer.concat([first, Buffer.from(run.nextJsonl(1000))])); // about 2.8 MB: three chunks
    const wasm = readAll(file, 1000, "wasm");
    const ts = readAll(file, 1000, "ts");
    expect(wasm.serials).toHaveLength(4000);
    expectSameElements(wasm.serials, ts.serials, "serials");
    expectSameElements(wasm.lines, ts.lines, "lines");
    expectSameElements(wasm.cells, ts.cells, "cells");
    expect(wasm.serials[3999]).toBe(4000n);
  });

  it("keys in another order and extra keys take the general path", () => {
    const file = join(dir, "other.jsonl");
    const record = JSON.parse(lines[0]!) as { serial: number; tickets: unknown };
    writeFileSync(file, JSON.stringify({ tickets: record.tickets, serial: 77, note: "x" }) + "\n");
    expect(readAll(file).serials).toEqual([77n]);
  });

  slowTest("fuzz: any mutation of a line is read exactly as JSON.parse + validateBook would (a serial once), or is an error naming line 2", () => {
    const alphabet = ' ,[]{}:"0123456789nul-.e\t\r'.split("");
    const mutation = fc.array(fc.record({ at: fc.nat(), kind: fc.constantFrom("insert", "delete", "replace"), ch: fc.constantFrom(...alphabet) }), {
      minLength: 1,
      maxLength: 3,
    });
    let accepted = 0;
    // The middle line, mutated (the other two are its neighbours: copies of them would be repeats, covered in housie-series-codec.test.ts).
    fc.assert(
      fc.property(fc.constant(lines[1]!), mutation, fc.constantFrom("wasm" as const, "ts" as const), (line, edits, engine) => {
        let text = line;
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          text =
            e.kind === "insert"
              ? text.slice(0, at) + e.ch + text.slice(at)
              : e.kind === "delete"
                ? text.slice(0, at) + text.slice(at + 1)
                : text.slice(0, at) + e.ch + text.slice(at + 1);
        }
        if (text.includes("\n")) return;
        const file = join(dir, "fuzz.jsonl");
        writeFileSync(file, `${lines[0]}\n${text}\n${lines[2]}\n`);
        let want = /^[ \t\r]*$/.test(text) ? undefined : reference(text);
        if (want && (want.serial === 1n || want.serial === 3n)) want = null; // the serial of line 1 or 3 again
        const neighbours = new Set([lines[0]!, lines[2]!].flatMap((l) => chunks(reference(l)!.cells)));
        if (want && chunks(want.cells).some((t) => neighbours.has(t))) want = null; // a ticket of line 1 or 3 again
        if (want === null) {
          expect(() => readAll(file, 2, engine)).toThrow(InputError);
          expect(() => readAll(file, 2, engine)).toThrow(/fuzz\.jsonl:[23]: /); // line 3 when line 2 took its serial or tickets first
        } else {
          const got = readAll(file, 2, engine);
          if (want === undefined) {
            expect(got.serials).toEqual([1n, 3n]);
            return;
          }
          accepted++;
          expect(got.serials).toEqual([1n, want.serial, 3n]);
          expect(got.cells.slice(162, 324)).toEqual(want.cells);
        }
      }),
      { numRuns: 800, seed: 12 },
    );
    expect(accepted).toBeGreaterThan(0); // whitespace and harmless edits do get through
  });

  it("errors: no such file, empty file, a single ticket where books are required", () => {
    expect(() => readAll(join(dir, "none.jsonl"))).toThrow(/none.jsonl: no such file/);
    writeFileSync(join(dir, "empty.jsonl"), "\n\n");
    expect(() => readAll(join(dir, "empty.jsonl"))).toThrow(/empty.jsonl:1: file holds no books or tickets/);
    const single = new TextDecoder().decode(new HousieRun("tickets", { seed: 3n, firstSerial: 9 }).nextJsonl(1));
    writeFileSync(join(dir, "mixed.jsonl"), lines[0] + "\n" + single);
    expect(readAll(join(dir, "mixed.jsonl")).serials).toEqual([1n, 9n]); // a valid file: books, then a ticket
    expect(() => [...readSeries(join(dir, "mixed.jsonl"), { ticketsPerRecord: 6 })]).toThrow(
      /mixed.jsonl:2: record has 1 ticket\(s\) \(expected books \(6 tickets per record\) here\)/,
    );
  });
});
