// --unique-against: a new series repeats no ticket of earlier ones, with the run's own exact keys.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun, ticketRank, MAX_UNIQUE_TICKETS } from "../../src/housie/generate/generate.js";
import { ticketsFromCells } from "../../src/housie/model/cells.js";
import { seriesTickets, ticketRankFromCells, markSeriesIssued } from "../../src/housie/generate/unique-against.js";
import { batchedCli, runCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "housie-unique-"));
const FIRST = join(dir, "first.jsonl");
const SERIES = (out: string) => ["books", "-n", "300", "--seed", "9", "-f", "jsonl", "-o", out];
const LINKED = ["books", "-n", "300", "--seed", "9", "-f", "jsonl", "--first-serial", "301", "--unique-against", FIRST, "-o", join(dir, "linked.jsonl")];
const BOOKS = join(dir, "b.jsonl");
const TICKETS = join(dir, "t.jsonl");
const TOO_MANY = ["books", "-n", String(Math.floor(MAX_UNIQUE_TICKETS / 6) - 10), "-f", "jsonl", "--unique-against", BOOKS, "-o", join(dir, "never.jsonl")];
const CONTRADICTION = ["books", "-n", "2", "--no-unique", "--unique-against", BOOKS];
const MISSING = ["books", "-n", "2", "--unique-against", join(dir, "missing.jsonl")];
// The runs read no standard input and end in housie's own code: one process, in this order
// (the later runs read the files the earlier wrote); a refusal is also spawned and compared.
const housie = batchedCli("housie", [
  SERIES(FIRST),
  SERIES(join(dir, "again.jsonl")),
  LINKED,
  ["books", "-n", "20", "--seed", "1", "-f", "jsonl", "-o", BOOKS],
  ["tickets", "-n", "50", "--seed", "2", "-f", "jsonl", "-o", TICKETS],
  TOO_MANY,
  CONTRADICTION,
  MISSING,
]);

function ticketSet(file: string): Set<string> {
  const out = new Set<string>();
  for (const line of readFileSync(file, "utf8").trimEnd().split("\n"))
    for (const t of (JSON.parse(line) as { tickets: unknown[] }).tickets) out.add(JSON.stringify(t));
  return out;
}

describe("housie --unique-against", () => {
  it("ranks from cells equal ticketRank of the grid, for books and single tickets", () => {
    for (const kind of ["books", "tickets"] as const) {
      const { cells } = new HousieRun(kind, { seed: 5n }).nextCells(500);
      for (let t = 0; t < cells.length / 27; t++) {
        expect(ticketRankFromCells(cells, t * 27)).toEqual(ticketRank(ticketsFromCells(cells, t * 27, 1)[0]!));
      }
    }
  });

  it("the same seed again, against the first series: no ticket repeats (and without it, all do)", () => {
    const first = FIRST;
    expect(housie(SERIES(first)).status).toBe(0);
    const again = join(dir, "again.jsonl");
    expect(housie(SERIES(again)).status).toBe(0);
    const linked = join(dir, "linked.jsonl");
    const run = housie(LINKED);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const a = ticketSet(first);
    expect([...ticketSet(again)].filter((t) => a.has(t))).toHaveLength(1800);
    expect([...ticketSet(linked)].filter((t) => a.has(t))).toHaveLength(0);
    // The two series together validate: no duplicate ticket, serials 1-600.
    writeFileSync(join(dir, "both.jsonl"), readFileSync(first, "utf8") + readFileSync(linked, "utf8"));
    const v = runCli("housie", ["validate", join(dir, "both.jsonl")]);
    expect(v.stderr).toMatch(/600 records, 3600 tickets: valid/);
    expect(v.status).toBe(0);
  });

  it("several files, single tickets against books; grids for GenerateOptions.issued", () => {
    const [books, tickets] = [BOOKS, TICKETS];
    expect(housie(["books", "-n", "20", "--seed", "1", "-f", "jsonl", "-o", books]).status).toBe(0);
    expect(housie(["tickets", "-n", "50", "--seed", "2", "-f", "jsonl", "-o", tickets]).status).toBe(0);
    const grids = [...seriesTickets([books, tickets])];
    expect(grids).toHaveLength(170);
    const run = new HousieRun("tickets", { seed: 2n, issued: grids });
    const fresh = ticketsFromCells(run.nextCells(50).cells, 0, 50).map((t) => JSON.stringify(t));
    const old = new Set(grids.map((t) => JSON.stringify(t)));
    expect(fresh.filter((t) => old.has(t))).toEqual([]);
    expect(run.redraws).toBeGreaterThan(0); // seed 2 again: its first draws were the loaded tickets
    const fast = new HousieRun("tickets", { seed: 2n });
    expect(markSeriesIssued(fast, [books, tickets])).toBe(170);
    expect(ticketsFromCells(fast.nextCells(50).cells, 0, 50).map((t) => JSON.stringify(t))).toEqual(fresh);
  });

  it("too many tickets for the set fails early with one clear line, nothing written", () => {
    const books = BOOKS;
    expect(housie(["books", "-n", "20", "--seed", "1", "-f", "jsonl", "-o", books]).status).toBe(0); // (the batch wrote it)
    expect(() => [...seriesTickets([books], { limit: 100 })]).toThrow(/b.jsonl: the earlier series and this run together exceed the 16777216 tickets/);
    // TOO_MANY leaves room for 64 earlier tickets; the file has 120.
    const out = join(dir, "never.jsonl");
    const run = housie(TOO_MANY);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^housie: .*b.jsonl: the earlier series and this run together exceed the 16777216 tickets a run keeps unique \(room for 64 earlier tickets/,
    );
    expect(() => readFileSync(out)).toThrow();
    const contradiction = housie(CONTRADICTION);
    expect(runCli("housie", CONTRADICTION)).toEqual(contradiction); // the batch gives what a spawned run gives
    expect(contradiction.status).toBe(2);
    expect(contradiction.stderr).toMatch(/--unique-against needs the uniqueness set/);
    const bad = housie(MISSING);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/missing.jsonl: no such file/);
  });
});
