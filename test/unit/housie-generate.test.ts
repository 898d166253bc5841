import { describe, expect, it } from "vitest";
import { generateBooks, generateTickets, iterateBooks, HousieRun, ticketRank } from "../../src/housie/generate/generate.js";
import { ticketsFromCells } from "../../src/housie/model/cells.js";
import { validateBook, validateJsonl } from "../../src/housie/validate/validate.js";
import { recordToJson } from "../../src/housie/output/format.js";
import { BookSamplerTs } from "../oracles/housie-baseline-sampler.js";
import { seedState, Xoshiro128 } from "../../src/core/random.js";
import { expectSameElements } from "../support/same-elements.js";
import { housieTestKernel } from "../support/test-kernels.js";

import { SLOW, slowTest } from "../support/tier.js";
// The test build, before any API call loads the release one; the API then shares it.
const housieKernel = housieTestKernel;
housieTestKernel();

const decoder = new TextDecoder();

describe("housie generation", () => {
  it("every seeded and every CSPRNG book validates, and no ticket repeats", () => {
    const seeded = SLOW ? 3000 : 1000; // the first 1000 of the seed's 3000 in npm test
    const books = [...generateBooks(seeded, { seed: 11n }), ...generateBooks(500)];
    const problems = books.flatMap((b) => validateBook(b));
    expect(problems).toEqual([]);
    const keys = new Set(books.flatMap((b) => b.tickets.map((t) => JSON.stringify(t))));
    expect(keys.size).toBe((seeded + 500) * 6);
  });

  it("every ticket validates, single tickets carry serials from --first-serial", () => {
    const tickets = generateTickets(3000, { seed: 5n, firstSerial: 1000 });
    expect(tickets.flatMap((t) => validateBook(t))).toEqual([]);
    expect(tickets[0]!.serial).toBe(1000n);
    expect(tickets[2999]!.serial).toBe(3999n);
    expect(generateTickets(200).flatMap((t) => validateBook(t))).toEqual([]);
  });

  it("reserving the uniqueness set changes no output", () => {
    const jsonl = (reserve: boolean) => {
      const run = new HousieRun("books", { seed: 321n });
      if (reserve) run.reserve(100_000); // sized far beyond what it holds
      const text = [0, 1, 2].map(() => decoder.decode(run.nextJsonl(1000))).join("");
      expect(run.kernel.issuedCount()).toBe(18000);
      return text;
    };
    const plain = jsonl(false);
    expect(jsonl(true)).toBe(plain);
  });

  it("same seed gives byte-identical JSONL, different seeds differ", () => {
    const jsonl = (seed: bigint) => decoder.decode(new HousieRun("books", { seed }).nextJsonl(300));
    const a = jsonl(123n);
    expect(jsonl(123n)).toBe(a);
    expect(jsonl(124n)).not.toBe(a);
    expect(validateJsonl(a).violations).toEqual([]);
    expect(a.split("\n")[0]).toMatch(/^\{"serial":1,"tickets":\[\[\[(null|\d+)(,(null|\d+)){8}\]/);
  });

  it("a full batch of JSONL tickets fits the kernel's text buffer", () => {
    const run = new HousieRun("tickets", { seed: 6n, firstSerial: 2 ** 53 - 30000 });
    const text = decoder.decode(run.nextJsonl(run.batchLimit));
    const report = validateJsonl(text);
    expect(report.violations).toEqual([]);
    expect(report.tickets).toBe(run.batchLimit);
    expect(JSON.parse(text.slice(text.lastIndexOf("\n", text.length - 2) + 1)).serial).toBe(2 ** 53 - 30000 + run.batchLimit - 1);
  });

  it("WASM JSONL equals JSON.stringify of the same records", () => {
    const text = decoder.decode(new HousieRun("books", { seed: 9n, firstSerial: 77 }).nextJsonl(50));
    const records = generateBooks(50, { seed: 9n, firstSerial: 77 });
    expect(text).toBe(records.map((r) => recordToJson(r) + "\n").join(""));
  });

  slowTest("the TS baseline draws exactly the kernel's books for a seed", () => {
    const run = new HousieRun("books", { seed: 31337n, unique: false });
    const { cells } = run.nextCells(300);
    const ts = new BookSamplerTs(31337n);
    const mine = new Uint8Array(300 * 162);
    for (let i = 0; i < 300; i++) ts.nextBook(mine, i * 162);
    expectSameElements(mine, cells, "cells");
  });

  slowTest("the class draw's exact rest test: kernel and TS agree on every class, word for word", () => {
    const k = housieKernel();
    const [a, b, c, d] = seedState(4242n);
    k.setSeedState(a, b, c, d);
    const ts = new BookSamplerTs(4242n) as unknown as { restTest(q: number): boolean; rng: Xoshiro128 };
    const classes = k.drawClassCount();
    const kernel = Array.from({ length: classes }, (_, q) => k.restTestHook(q) === 1);
    expect(Array.from({ length: classes }, (_, q) => ts.restTest(q))).toEqual(kernel);
    expect(kernel.some(Boolean) && !kernel.every(Boolean)).toBe(true); // both outcomes occur
    expect(k.nextWord() >>> 0).toBe(ts.rng.next32()); // the same words consumed
  });

  slowTest("the rest test decides X <= D exactly, word by word from the top (kernel and TS hold the same D)", () => {
    const ts = new BookSamplerTs(1n) as unknown as {
      restTest(q: number): boolean;
      rng: { next32(): number };
      tab: { restBits: Uint8Array; restChunks: Uint32Array };
    };
    const { restBits, restChunks } = ts.tab;
    const chunks = restBits.length;
    expect(chunks).toBeGreaterThan(1); // the class weights need more than 32 bits of rest
    // The kernel's rest chunks are the TS ones (the comparison below then holds for both).
    const k = housieKernel();
    for (let q = 0; q < restChunks.length / chunks; q++) {
      for (let c = 0; c < chunks; c++) expect(k.restChunkHook(q, c) >>> 0).toBe(restChunks[q * chunks + c]);
    }
    const plant = (words: number[]) => {
      let i = 0;
      ts.rng = { next32: () => words[i++]! };
    };
    for (const q of [0, 100, 535]) {
      const d = Array.from(restChunks.subarray(q * chunks, (q + 1) * chunks));
      // X = D: every word ties, and X <= D holds. Bits below a short word's width are noise.
      const equal = d.map((x, i) => (x * 2 ** (32 - restBits[i]!) + (2 ** (32 - restBits[i]!) - 1)) >>> 0);
      plant(equal);
      expect(ts.restTest(q)).toBe(true);
      // One more in the last word: X = D + 1 > D (unless that word is already all ones).
      const last = chunks - 1;
      if (d[last]! + 1 < 2 ** restBits[last]!) {
        plant(equal.map((w, i) => (i === last ? ((d[last]! + 1) * 2 ** (32 - restBits[last]!)) >>> 0 : w)));
        expect(ts.restTest(q)).toBe(false);
      }
      // One less in the first word decides at once: X < D.
      if (d[0]! > 0) {
        plant([((d[0]! - 1) * 2 ** (32 - restBits[0]!)) >>> 0]);
        expect(ts.restTest(q)).toBe(true);
      }
    }
  });

  it("the TS and kernel generators give the same words for a seed", () => {
    const k = housieKernel();
    const [a, b, c, d] = seedState(99n);
    k.setSeedState(a, b, c, d);
    const rng = new Xoshiro128(99n);
    const words = Array.from({ length: 1000 }, () => k.nextWord() >>> 0);
    expect(words).toEqual(Array.from({ length: 1000 }, () => rng.next32()));
  });

  it("range draws match Lemire's method computed exactly with bigints", () => {
    const words = new Xoshiro128(5n);
    const draws = new Xoshiro128(5n);
    const ranges = [1, 2, 3, 7, 10, 11, 742350, 352277370, 0x80000001, 0xfffffffe, 0xffffffff];
    for (let i = 0; i < 2000; i++) {
      const n = ranges[i % ranges.length]!;
      let m = BigInt(words.next32()) * BigInt(n);
      const threshold = (2n ** 32n - BigInt(n)) % BigInt(n);
      while ((m & 0xffffffffn) < threshold) m = BigInt(words.next32()) * BigInt(n);
      expect(draws.below(n)).toBe(Number(m >> 32n));
    }
  });

  it("a book or ticket that repeats an issued ticket is redrawn whole", () => {
    const first = generateBooks(1, { seed: 77n })[0]!;
    const again = new HousieRun("books", { seed: 77n, issued: [first.tickets[3]!] });
    const { cells } = again.nextCells(1);
    const redrawn = ticketsFromCells(cells, 0, 6);
    expect(again.redraws).toBe(1);
    expect(redrawn).not.toEqual(first.tickets);
    expect(validateBook({ tickets: redrawn })).toEqual([]);
    const ticket = generateTickets(1, { seed: 78n })[0]!;
    const run = new HousieRun("tickets", { seed: 78n, issued: ticket.tickets });
    const next = ticketsFromCells(run.nextCells(1).cells, 0, 1);
    expect(run.redraws).toBe(1);
    expect(next).not.toEqual(ticket.tickets);
  });

  it("the uniqueness set still finds every ticket after growing", () => {
    const run = new HousieRun("books", { seed: 55n });
    const k = run.kernel;
    const first = ticketsFromCells(run.nextCells(1).cells, 0, 6);
    for (let i = 0; i < 3; i++) run.nextCells(4000); // 72,006 tickets: the set doubles twice
    expect(k.issuedCount()).toBe(72006);
    for (const t of first) k.markIssuedRank(ticketRank(t)); // already there: must not be added again
    expect(k.issuedCount()).toBe(72006);
  });

  it("the iterator streams records lazily with consecutive serials", () => {
    let n = 0;
    for (const book of iterateBooks(Infinity, { seed: 4n, firstSerial: 10 })) {
      expect(book.serial).toBe(10n + BigInt(n));
      if (++n === 600) break;
    }
    expect(n).toBe(600);
  });

  it("rejects bad seeds and serials", () => {
    expect(() => new HousieRun("books", { seed: -1n })).toThrow(/seed/);
    expect(() => new HousieRun("books", { seed: 2n ** 64n })).toThrow(/seed/);
    expect(() => new HousieRun("books", { firstSerial: -3 })).toThrow(/serial/);
    expect(() => generateBooks(2.5, { seed: 1n })).toThrow(/whole number/);
    expect(() => generateTickets(-1, { seed: 1n })).toThrow(/whole number/);
  });
});
