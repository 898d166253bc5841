// The night plan (output/night.ts) that `housie books --games` and the web app's print,
// PDF and downloads share: a series dealt to its games in turn, so each game prints its
// own tickets, unique across the night (the web print once printed one set in every game).
import { describe, expect, it } from "vitest";
import { planNight } from "../../src/housie/output/night.js";
import { PrintPlanner } from "../../src/housie/output/print-plan.js";
import { generateBooks } from "../../src/housie/generate/generate.js";
import { UsageError } from "../../src/errors.js";

describe("planNight", () => {
  it("deals record i to game i mod G, counts the night's records and each game's share", () => {
    const night = planNight("Red, Blue,Green");
    expect(night.games.map((g) => `${g.number} ${g.name}`)).toEqual(["1 Red", "2 Blue", "3 Green"]);
    expect(night.warning).toMatch(/Red with Green/);
    expect(night.records(100)).toBe(300);
    expect(night.perGame(7)).toEqual([3, 2, 2]);
    expect(night.perGame(6)).toEqual([2, 2, 2]);
    const record = { serial: 9n, tickets: [] };
    expect(night.tag(record, 4).game).toEqual({ number: 2, name: "Blue" });
    expect(night.tag(record, 6).game).toEqual({ number: 1, name: "Red" });
    expect(record).toEqual({ serial: 9n, tickets: [] }); // the caller's record untouched
    expect(() => planNight("Red,,Blue")).toThrow(UsageError);
  });

  it("printed through the planner, every game has its own tickets and no ticket prints twice", () => {
    const night = planNight("Red,Blue,Green");
    const books = generateBooks(night.records(4), { seed: 7n });
    const planner = new PrintPlanner({ games: "Red,Blue,Green", series: "T1" });
    const pages = [...books.flatMap((b, i) => planner.add(night.tag(b, i))), ...planner.finish()];
    const tickets = pages.flatMap((p) => p.groups.flatMap((g) => g.tickets));
    expect(tickets).toHaveLength(12 * 6); // each record once, not once per game
    const byGame = new Map<number, string[]>();
    for (const t of tickets) byGame.set(t.gameNumber!, [...(byGame.get(t.gameNumber!) ?? []), JSON.stringify(t.grid)]);
    expect([...byGame.keys()].sort()).toEqual([1, 2, 3]);
    for (const grids of byGame.values()) expect(grids).toHaveLength(4 * 6);
    expect(new Set(tickets.map((t) => JSON.stringify(t.grid))).size).toBe(12 * 6);
    expect(new Set(tickets.map((t) => t.ref)).size).toBe(12 * 6);
    expect(tickets.every((t) => t.ref.startsWith(`G${t.gameNumber}-`))).toBe(true);
  });
});
