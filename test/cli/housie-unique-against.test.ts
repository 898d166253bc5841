// --unique-against: a new series repeats no ticket of earlier ones, with the run's own exact keys.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HousieRun, ticketRank, MAX_UNIQUE_TICKETS } from "../../src/housie/generate/generate.js";
import { ticketsFromCells } from "../../src/housie/model/cells.js";
import { seriesTickets, ticketRankFromCells, markSeriesIssued } from "../../src/housie/generate/unique-against.js";
import { runCli } from "../support/cli-run.js";

const dir = mkdtempSync(join(tmpdir(), "housie-unique-"));

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
    const first = join(dir, "first.jsonl");
    expect(runCli("housie", ["books", "-n", "300", "--seed", "9", "-f", "jsonl", "-o", first]).status).toBe(0);
    const again = join(dir, "again.jsonl");
    expect(runCli("housie", ["books", "-n", "300", "--seed", "9", "-f", "jsonl", "-o", again]).status).toBe(0);
    const linked = join(dir, "linked.jsonl");
    const run = runCli("housie", ["books", "-n", "300", "--seed", "9", "-f", "jsonl", "--first-serial", "301", "--unique-against", first, "-o", linked]);
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
    const books = join(dir, "b.jsonl");
    const tickets = join(dir, "t.jsonl");
    runCli("housie", ["books", "-n", "20", "--seed", "1", "-f", "jsonl", "-o", books]);
    runCli("housie", ["tickets", "-n", "50", "--seed", "2", "-f", "jsonl", "-o", tickets]);
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
    const books = join(dir, "b.jsonl");
    expect(() => [...seriesTickets([books], { limit: 100 })]).toThrow(/b.jsonl: the earlier series and this run together exceed the 16777216 tickets/);
    const count = String(Math.floor(MAX_UNIQUE_TICKETS / 6) - 10); // room for 64 earlier tickets, the file has 120
    const out = join(dir, "never.jsonl");
    const run = runCli("housie", ["books", "-n", count, "-f", "jsonl", "--unique-against", books, "-o", out]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^housie: .*b.jsonl: the earlier series and this run together exceed the 16777216 tickets a run keeps unique \(room for 64 earlier tickets/,
    );
    expect(() => readFileSync(out)).toThrow();
    const contradiction = runCli("housie", ["books", "-n", "2", "--no-unique", "--unique-against", books]);
    expect(contradiction.status).toBe(2);
    expect(contradiction.stderr).toMatch(/--unique-against needs the uniqueness set/);
    const bad = runCli("housie", ["books", "-n", "2", "--unique-against", join(dir, "missing.jsonl")]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/missing.jsonl: no such file/);
  });
});
