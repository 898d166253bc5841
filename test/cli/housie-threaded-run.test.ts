// ThreadedUniqueRun (the uniqueness set on a worker thread) must give exactly the records
// HousieRun gives with uniqueness, for books and tickets, whatever the call sizes, also
// when records are refused; and the CLI must write the same bytes either way.
import { describe, expect, it } from "vitest";
import { HousieRun, generateBooks, generateTickets } from "../../src/housie/generate/generate.js";
import { ticketsFromCells } from "../../src/housie/model/cells.js";
import { ThreadedUniqueRun } from "../../src/housie/generate/threaded-run.js";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../support/cli-run.js";

import { slowTest } from "../support/tier.js";
/** Records from HousieRun (inline set) in calls of the given sizes, as raw cells. */
function inline(kind: "books" | "tickets", calls: number[], options: ConstructorParameters<typeof HousieRun>[1]) {
  const run = new HousieRun(kind, options);
  const cells = calls.map((n) => run.nextCells(n).cells);
  return { cells, redraws: run.redraws };
}

async function threaded(kind: "books" | "tickets", calls: number[], options: Parameters<typeof ThreadedUniqueRun.start>[2]) {
  const run = await ThreadedUniqueRun.start(
    kind,
    calls.reduce((a, b) => a + b, 0),
    options,
  );
  try {
    const cells: Uint8Array[] = [];
    for (const n of calls) cells.push((await run.nextCells(n)).cells);
    return { cells, redraws: run.redraws, next: run.nextSerial };
  } finally {
    await run.close();
  }
}

/**
 * Each call's cells byte for byte equal (the first difference named). toEqual walks a
 * typed array element by element: ~30 s for the 1.8 MB of the first test.
 */
function expectSameCells(got: Uint8Array[], want: Uint8Array[]): void {
  expect(got.map((c) => c.length)).toEqual(want.map((c) => c.length));
  got.forEach((cells, call) => {
    const a = Buffer.from(cells.buffer, cells.byteOffset, cells.length);
    const b = Buffer.from(want[call]!.buffer, want[call]!.byteOffset, want[call]!.length);
    if (!a.equals(b)) {
      const at = a.findIndex((x, i) => x !== b[i]);
      expect.fail(`call ${call}: cell ${at} (ticket ${Math.floor(at / 27)}) is ${a[at]}, expected ${b[at]}`);
    }
  });
}

describe("the uniqueness set on a worker thread", () => {
  it("gives the inline run's books and tickets, call by call, across several batches", async () => {
    const bookCalls = [1, 4096, 17, 4096, 3000];
    const a = await threaded("books", bookCalls, { seed: 12n, firstSerial: 5n });
    const b = inline("books", bookCalls, { seed: 12n });
    expectSameCells(a.cells, b.cells);
    expect(a.next).toBe(5n + 11210n);
    const ticketCalls = [24576, 5, 24576];
    expectSameCells((await threaded("tickets", ticketCalls, { seed: 13n })).cells, inline("tickets", ticketCalls, { seed: 13n }).cells);
  }, 60_000);

  slowTest(
    "leaves out the same refused records as the inline run",
    async () => {
      // Tickets of the plain run's books 3, 4100 and 9000 issued before: those books (and
      // the tickets that repeat them) must be redrawn, in a first batch and in later ones.
      const plain = generateBooks(9001, { seed: 31n, unique: false });
      const issued = [plain[3]!.tickets[0]!, plain[4100]!.tickets[5]!, plain[9000]!.tickets[2]!, plain[9000]!.tickets[3]!];
      const calls = [100, 4096, 4096, 1000];
      const a = await threaded("books", calls, { seed: 31n, issued });
      const b = inline("books", calls, { seed: 31n, issued });
      expect(b.redraws).toBe(3);
      expect(a.redraws).toBe(3);
      expectSameCells(a.cells, b.cells);
      const books = a.cells.flatMap((cells) => Array.from({ length: cells.length / 162 }, (_, i) => ticketsFromCells(cells, i * 162, 6)));
      expect(books.slice(0, 3)).toEqual(plain.slice(0, 3).map((x) => x.tickets));
      expect(books[3]).toEqual(plain[4]!.tickets);
      const singles = generateTickets(3, { seed: 8n, unique: false }).map((r) => r.tickets[0]!);
      const t = await threaded("tickets", [50], { seed: 8n, issued: [singles[1]!] });
      expect(t.redraws).toBe(1);
      expectSameCells(t.cells, inline("tickets", [50], { seed: 8n, issued: [singles[1]!] }).cells);
    },
    60_000,
  );

  it("goes on untouched when a newer run starts in the same process, and stops after close", async () => {
    const run = await ThreadedUniqueRun.start("books", 10_000, { seed: 1n });
    const first = await run.nextCells(10);
    new HousieRun("books", { seed: 2n }).nextCells(5);
    const next = await run.nextCells(20);
    expect(Buffer.concat([first.cells, next.cells])).toEqual(Buffer.from(new HousieRun("books", { seed: 1n }).nextCells(30).cells));
    await run.close();
    await expect(run.nextCells(1)).rejects.toThrow(/closed/);
  });

  it("a worker that dies is one clear error at the next records, not a hang", async () => {
    const run = await ThreadedUniqueRun.start("books", 1_000_000, { seed: 3n });
    await run.nextCells(10);
    await (run as unknown as { ring: { worker: { terminate(): Promise<number> } } }).ring.worker.terminate();
    const calls = (async () => {
      for (let i = 0; i < 100; i++) await run.nextCells(4096);
    })();
    await expect(calls).rejects.toThrow(/^housie uniqueness worker stopped \(exit 1\)$/);
    await run.close();
  }, 60_000);

  slowTest(
    "the CLI writes the same bytes with the set on a thread or not",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "tabula-thread-"));
      try {
        const args = ["books", "-n", "25000", "--seed", "9", "-f", "jsonl"];
        const on = runCli("housie", [...args, "--unique-thread", "on", "-o", join(dir, "on.jsonl")]);
        const off = runCli("housie", [...args, "--unique-thread", "off", "-o", join(dir, "off.jsonl")]);
        expect([on.status, on.stderr, off.status, off.stderr]).toEqual([0, "", 0, ""]);
        const written = readFileSync(join(dir, "on.jsonl"));
        expect(written.length).toBeGreaterThan(17_000_000);
        expect(written.equals(readFileSync(join(dir, "off.jsonl")))).toBe(true);
        const tickets = ["tickets", "-n", "3000", "--seed", "9", "-f", "csv"];
        const csv = runCli("housie", [...tickets, "--unique-thread", "on"]);
        expect(csv.stdout.split("\n").length).toBeGreaterThan(3000);
        expect(csv.stdout).toBe(runCli("housie", [...tickets, "--unique-thread", "off"]).stdout);
        const bad = runCli("housie", ["books", "-n", "5", "--unique-thread", "maybe", "-o", join(dir, "bad.jsonl")]);
        expect(bad.status).toBe(2);
        expect(bad.stderr).toBe("housie: option '--unique-thread <when>' argument \"maybe\" is invalid. Allowed choices are auto, on, off.\n");
        expect(existsSync(join(dir, "bad.jsonl"))).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
