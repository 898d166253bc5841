// One file, one verdict: every reader of a series (readSeries for check, audit, claims and
// --unique-against) accepts exactly the files `validateJsonl` accepts, and stops at the
// validator's first violation with the same line, words and rule.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { readSeries } from "../../src/housie/series/read-series.js";
import { JsonlValidator, MAX_LINE_BYTES, validateJsonl, type Violation } from "../../src/housie/validate/validate.js";
import { checkClaims } from "../../src/housie/operators/check.js";
import { auditBooks } from "../../src/housie/operators/audit.js";
import { markSeriesIssued, seriesTickets } from "../../src/housie/generate/unique-against.js";
import { checkGame } from "../../src/housie/game/claims.js";
import { cellsObeyRules, ticketKeyFromCells, validateBook, validTicketKey } from "../../src/housie/model/rules.js";
import { InputError, UsageError } from "../../src/errors.js";

import { slowTest, SLOW } from "../support/tier.js";
const dir = mkdtempSync(join(tmpdir(), "housie-codec-"));
const jsonl = (kind: "books" | "tickets", n: number, seed: bigint, firstSerial = 1): string[] =>
  new TextDecoder().decode(new HousieRun(kind, { seed, firstSerial }).nextJsonl(n)).trimEnd().split("\n");
const books = jsonl("books", 6, 3n);
const BOM = "\uFEFF";

let files = 0;
function file(text: string | Uint8Array): string {
  const path = join(dir, `f${files++}.jsonl`);
  writeFileSync(path, text);
  return path;
}

/** What a reader made of a file: the records' serials, or the error it stopped with. */
function read(path: string, engine: "wasm" | "ts"): { serials: bigint[] } | { line: number | undefined; problem: string; rule: unknown } {
  const serials: bigint[] = [];
  try {
    for (const b of readSeries(path, { batch: 3, engine })) serials.push(...b.serials.subarray(0, b.count));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { line: error.line, problem: error.problem, rule: (error as { rule?: unknown }).rule };
  }
  return { serials };
}

/** What the validator says of the same file: the serials it would hand out, or its first violation. */
function verdict(text: string): { serials: bigint[] } | { line: number | undefined; problem: string; rule: unknown } {
  const report = validateJsonl(text);
  const first: Violation | undefined = report.violations[0];
  if (first) return { line: first.line, problem: first.problem, rule: first.rule };
  const serials = text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => BigInt(/"serial"\s*:\s*(\d+)/.exec(l)![1]!));
  return { serials };
}

const readers: [string, (path: string) => unknown][] = [
  ["checkClaims", (path) => checkClaims(path, [1, 2, 3])],
  ["checkClaims (ts)", (path) => checkClaims(path, [1, 2, 3], { engine: "ts" })],
  ["checkGame", (path) => checkGame(() => readSeries(path), [1, 2, 3], "uk")],
  ["auditBooks", (path) => auditBooks(path)],
  ["seriesTickets", (path) => [...seriesTickets([path])]],
  ["markSeriesIssued", (path) => markSeriesIssued(new HousieRun("books", { seed: 1n }), [path])],
];

describe("a UTF-8 byte-order mark", () => {
  slowTest("at the very start of a file is skipped by the validator and every reader alike", () => {
    const text = BOM + books.join("\n") + "\n";
    expect(validateJsonl(text).violations).toEqual([]);
    expect(validateJsonl(text, { fast: false }).violations).toEqual([]);
    const path = file(text);
    for (const engine of ["wasm", "ts"] as const) expect(read(path, engine)).toEqual({ serials: [1n, 2n, 3n, 4n, 5n, 6n] });
    for (const [, run] of readers) expect(() => run(path)).not.toThrow();
  });

  it("anywhere else is one json violation at its line, and every reader stops there with the same words", () => {
    const text = books[0] + "\n" + BOM + books[1] + "\n" + books.slice(2).join("\n") + "\n";
    const report = validateJsonl(text);
    expect(report.violations).toEqual([
      { rule: "json", problem: "a byte-order mark (U+FEFF) inside the file", expected: "a UTF-8 byte-order mark only at the very start of the file", line: 2 },
    ]);
    const path = file(text);
    for (const engine of ["wasm", "ts"] as const)
      expect(read(path, engine)).toEqual({ line: 2, problem: "a byte-order mark (U+FEFF) inside the file", rule: "json" });
    for (const [name, run] of readers) expect(() => run(path), name).toThrow(/:2: a byte-order mark \(U\+FEFF\) inside the file .*\[json\]$/);
  });

  it("after an over-long first line is not the file's opening mark (the line seen in chunks, before its end)", () => {
    const bytes = new TextEncoder().encode("x".repeat(3 * MAX_LINE_BYTES) + "\n" + BOM + books[0] + "\n");
    const violations: Violation[] = [];
    const validator = new JsonlValidator((v) => violations.push(v));
    for (let at = 0; at < bytes.length; at += 1 << 20) validator.write(bytes.subarray(at, at + (1 << 20)));
    validator.end();
    expect(violations.map((v) => [v.line, v.rule, v.problem])).toEqual([
      [1, "json", `line is longer than ${MAX_LINE_BYTES} bytes`],
      [2, "json", "a byte-order mark (U+FEFF) inside the file"],
    ]);
    expect(read(file(bytes), "wasm")).toEqual({ line: 1, problem: `line is longer than ${MAX_LINE_BYTES} bytes`, rule: "json" });
  });

  it("split across the first chunks of a stream is still the file's opening mark", () => {
    const bytes = new TextEncoder().encode(BOM + books[0] + "\n");
    const violations: Violation[] = [];
    const validator = new JsonlValidator((v) => violations.push(v));
    for (let i = 0; i < bytes.length; i++) validator.write(bytes.subarray(i, i + 1));
    expect(validator.end().records).toBe(1);
    expect(violations).toEqual([]);
  });
});

describe("a serial twice in a file", () => {
  // Two different books under one serial: each book is valid, the file is not.
  const other = jsonl("books", 1, 99n, 2)[0]!;
  const text = `${books[0]}\n${books[1]}\n${other}\n`;

  it("is the validator's duplicate-serial rule, naming the line that had it first", () => {
    expect(validateJsonl(text).violations).toEqual([
      { rule: "duplicate-serial", problem: "serial 2 repeats line 2", expected: "each serial once in a file", line: 3 },
    ]);
    expect(validateJsonl(text, { fast: false }).violations).toEqual(validateJsonl(text).violations);
  });

  it("stops every reader at that line: check picks no winner from either copy, audit and --unique-against refuse", () => {
    const path = file(text);
    for (const engine of ["wasm", "ts"] as const) expect(read(path, engine)).toEqual({ line: 3, problem: "serial 2 repeats line 2", rule: "duplicate-serial" });
    for (const [name, run] of readers) {
      expect(() => run(path), name).toThrow(`${path}:3: serial 2 repeats line 2 (expected each serial once in a file) [duplicate-serial]`);
    }
  });

  it("out of a counting-up run and past 2^53, too", () => {
    const big = (s: string) => books[0]!.replace(/^\{"serial":\d+/, `{"serial":${s}`);
    const t = `${big("18446744073709551615")}\n${books[1]!.replace(/^\{"serial":\d+/, '{"serial":7')}\n${jsonl("books", 1, 5n)[0]!.replace(/^\{"serial":\d+/, '{"serial":18446744073709551615')}\n`;
    expect(validateJsonl(t).violations.map((v) => [v.line, v.rule, v.problem])).toEqual([
      [3, "duplicate-serial", "serial 18446744073709551615 repeats line 1"],
    ]);
    expect(read(file(t), "wasm")).toEqual({ line: 3, problem: "serial 18446744073709551615 repeats line 1", rule: "duplicate-serial" });
  });
});

describe("a ticket twice in a file", () => {
  it("stops every reader at the validator's duplicate-ticket line", () => {
    const copy = books[1]!.replace(/^\{"serial":\d+/, '{"serial":50');
    const text = `${books[0]}\n${books[1]}\n${copy}\n`;
    const first = validateJsonl(text).violations[0]!;
    expect([first.line, first.rule, first.problem]).toEqual([3, "duplicate-ticket", "ticket 1 repeats a ticket of line 2"]);
    const path = file(text);
    for (const engine of ["wasm", "ts"] as const) expect(read(path, engine)).toEqual({ line: 3, problem: first.problem, rule: "duplicate-ticket" });
    for (const [name, run] of readers) expect(() => run(path), name).toThrow(/:3: ticket 1 repeats a ticket of line 2 .*\[duplicate-ticket\]$/);
  });
});

describe("one verdict on any file", () => {
  it("books and single tickets in one file: valid, and read batch by batch, each batch one kind", () => {
    const tickets = jsonl("tickets", 2, 4n, 100);
    const text = [books[0], tickets[0], books[1], books[2], tickets[1]].join("\n") + "\n";
    expect(validateJsonl(text).violations).toEqual([]);
    const path = file(text);
    for (const engine of ["wasm", "ts"] as const) {
      const kinds: [number, bigint[]][] = [];
      for (const b of readSeries(path, { engine })) kinds.push([b.ticketsPerRecord, [...b.serials.subarray(0, b.count)]]);
      expect(kinds).toEqual([
        [6, [1n]],
        [1, [100n]],
        [6, [2n, 3n]],
        [1, [101n]],
      ]);
    }
    expect(() => auditBooks(path)).toThrow(/:2: record has 1 ticket\(s\) \(expected books \(6 tickets per record\) here\) \[shape\]$/);
  });

  it("fuzz: readers (kernel and TS twin) accept what the validator accepts, and stop at its first violation", () => {
    const tickets = jsonl("tickets", 3, 8n, 200);
    const pool = [...books, ...tickets];
    const alphabet = [" ", ",", "[", "]", "{", "}", ":", '"', "0", "1", "5", "9", "n", "\t", "\r", BOM, "\u00a0", "\n"];
    const edit = fc.record({
      kind: fc.constantFrom("insert", "delete", "replace", "copy", "blank"),
      line: fc.nat(),
      at: fc.nat(),
      ch: fc.constantFrom(...alphabet),
    });
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 4 }), fc.boolean(), (edits, bom) => {
        const lines = pool.slice(0, 5);
        for (const e of edits) {
          const i = e.line % lines.length;
          const text = lines[i]!;
          const at = e.at % (text.length + 1);
          if (e.kind === "copy") lines.splice(i, 0, pool[e.at % pool.length]!);
          else if (e.kind === "blank") lines.splice(i, 0, [" ", "", "\t\r", "\r"][e.at % 4]!);
          else
            lines[i] =
              e.kind === "insert"
                ? text.slice(0, at) + e.ch + text.slice(at)
                : e.kind === "delete"
                  ? text.slice(0, at) + text.slice(at + 1)
                  : text.slice(0, at) + e.ch + text.slice(at + 1);
        }
        const text = (bom ? BOM : "") + lines.join("\n") + "\n";
        const want = verdict(text);
        if ("serials" in want) accepted++;
        else refused++;
        const path = file(text);
        for (const engine of ["wasm", "ts"] as const) expect(read(path, engine)).toEqual(want);
      }),
      { numRuns: SLOW ? 200 : 100, seed: 21 },
    ); // the first 100 of the seed's 200 in npm test
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });
});

describe("one rule set: the fast predicates agree with the worded rules", () => {
  it("cellsObeyRules is validateBook on any cells, and the keys from cells are validTicketKey's", () => {
    const record = (JSON.parse(books[0]!) as { tickets: (number | null)[][][] }).tickets;
    fc.assert(
      fc.property(fc.array(fc.record({ at: fc.nat(161), x: fc.integer({ min: 0, max: 95 }) }), { maxLength: 3 }), fc.boolean(), (edits, single) => {
        const tickets = structuredClone(single ? record.slice(0, 1) : record);
        for (const { at, x } of edits) {
          const t = Math.floor(at / 27) % tickets.length;
          tickets[t]![Math.floor((at % 27) / 9)]![at % 9] = x === 0 ? null : x;
        }
        const cells = Uint8Array.from(tickets.flat(2).map((x) => x ?? 0));
        expect(cellsObeyRules(cells, 0, tickets.length)).toBe(validateBook({ tickets }).length === 0);
        if (validateBook({ tickets }).length > 0) return;
        const a = new Uint32Array(4);
        const b = new Uint32Array(4);
        tickets.forEach((t, i) => {
          expect(validTicketKey(t, a, 0)).toBe(true);
          ticketKeyFromCells(cells, 27 * i, b, 0);
          expect([...b]).toEqual([...a]);
        });
      }),
      { numRuns: 400, seed: 22 },
    );
  });
});

describe("the codec's options, checked once for every entry", () => {
  it("a bad engine, batch, kind, fast or size is a UsageError naming it", () => {
    const path = file(books[0] + "\n");
    expect(() => [...readSeries(path, { engine: "nope" as "ts" })]).toThrow(
      new UsageError('options.engine: expected one of "wasm", "ts", got "nope" (a string)'),
    );
    expect(() => [...readSeries(path, { batch: 0 })]).toThrow(/^options\.batch: expected a whole number from 1 to 1048576, got 0/);
    expect(() => [...readSeries(path, { ticketsPerRecord: 2 as 1 })]).toThrow(/^options\.ticketsPerRecord: expected 1 or 6, got 2/);
    expect(() => validateJsonl("", { fast: "yes" as unknown as boolean })).toThrow(UsageError);
    expect(() => validateJsonl("", { bytes: -1 })).toThrow(/^options\.bytes: expected a whole number/);
    expect(validateJsonl(books[0]!, { engine: "ts" }).violations).toEqual([]);
  });
});
