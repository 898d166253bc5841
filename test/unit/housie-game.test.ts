// The game: check digits, the caller, and claims for both prize sets against a brute-force
// replay (mark each call on each ticket, test each pattern after every call).
import { describe, expect, it } from "vitest";
import { dammDigit, parseTicketRef, printedRef } from "../../src/housie/model/reference.js";
import { Caller, seededOrder } from "../../src/housie/game/caller.js";
import { checkGame } from "../../src/housie/game/claims.js";
import { NEVER, PRIZE_SETS, type PrizeSetName } from "../../src/housie/game/prizes.js";
import { housieModule } from "../../src/housie/kernel.js";
import { generateBooks, generateTickets } from "../../src/housie/generate/generate.js";
import type { HousieRecord, TicketGrid, SeriesBatch } from "../../src/housie/model/cells.js";
import { checkClaims } from "../../src/housie/operators/check.js";
import { InputError, UsageError } from "../../src/errors.js";

import { slowTest } from "../support/tier.js";
/** A series as one batch of cells, as read-series.ts gives it. */
function batchOf(records: HousieRecord[]): SeriesBatch {
  const per = records[0]!.tickets.length;
  const cells = new Uint8Array(records.length * per * 27);
  records.forEach((r, i) =>
    r.tickets.forEach((t, k) =>
      t.flat().forEach((x, c) => {
        cells[(i * per + k) * 27 + c] = x ?? 0;
      }),
    ),
  );
  return {
    count: records.length,
    ticketsPerRecord: per,
    cells,
    serials: BigUint64Array.from(records.map((r) => r.serial)),
    lines: Float64Array.from(records.map((_, i) => i + 1)),
  };
}

/** Brute force: after each call, which patterns of the set are complete on the ticket. */
function bruteForce(ticket: TicketGrid, calls: number[], set: PrizeSetName): (number | null)[] {
  const names = PRIZE_SETS[set];
  const first: (number | null)[] = names.map(() => null);
  const marked = new Set<number>();
  const rowDone = (r: number) => ticket[r]!.every((x) => x === null || marked.has(x));
  calls.forEach((x, i) => {
    marked.add(x);
    const rows = [0, 1, 2].filter(rowDone).length;
    const numbers = ticket.flat().filter((n): n is number => n !== null);
    const ends = [0, 2].flatMap((r) => {
      const row = ticket[r]!.filter((n): n is number => n !== null);
      return [row[0]!, row.at(-1)!];
    });
    const done: Record<string, boolean> = {
      "one line": rows >= 1,
      "two lines": rows >= 2,
      "full house": rows === 3,
      "early five": numbers.filter((n) => marked.has(n)).length >= 5,
      "four corners": ends.every((n) => marked.has(n)),
      "top line": rowDone(0),
      "middle line": rowDone(1),
      "bottom line": rowDone(2),
    };
    names.forEach((name, k) => {
      if (first[k] === null && done[name]) first[k] = i + 1;
    });
  });
  return first;
}

describe("the game's sentinel", () => {
  it("NEVER, the rank of a number not called, is the kernel's NEVER_CALLED (the claim check shares its rank table)", () => {
    expect(NEVER).toBe(housieModule.constant("NEVER_CALLED"));
  });
});

describe("check digits (Damm)", () => {
  it("gives the published digit and catches every single wrong digit and adjacent swap", () => {
    expect(dammDigit("572")).toBe(4); // Damm's worked example
    expect(printedRef(1234n, 5)).toBe(`1234-5-${dammDigit("12345")}`);
    for (const base of ["12345", "184467440737095516156", "10000001", "90"]) {
      const d = dammDigit(base);
      for (let i = 0; i < base.length; i++) {
        for (let v = 0; v <= 9; v++) if (String(v) !== base[i]) expect(dammDigit(base.slice(0, i) + v + base.slice(i + 1))).not.toBe(d);
        if (i + 1 < base.length && base[i] !== base[i + 1]) expect(dammDigit(base.slice(0, i) + base[i + 1] + base[i] + base.slice(i + 2))).not.toBe(d);
      }
    }
  });

  it("a printed reference reads back; a wrong check digit is one clear error", () => {
    expect(parseTicketRef(printedRef(18446744073709551615n, 6))).toEqual({ serial: 18446744073709551615n, ticket: 6, checked: true });
    expect(parseTicketRef("12-3")).toEqual({ serial: 12n, ticket: 3, checked: false });
    const wrong = `12-3-${(dammDigit("123") + 1) % 10}`;
    expect(() => parseTicketRef(wrong)).toThrow(UsageError);
    expect(() => parseTicketRef(wrong)).toThrow(/check digit .* does not match \(misread or mistyped\?/);
    expect(() => parseTicketRef("12-7-1")).toThrow(/ticket 1 to 6/);
  });
});

describe("the caller", () => {
  it("a seed calls a fixed permutation of 1..90; undo takes back and the seed calls it again; save and resume", () => {
    const order = seededOrder(2026n);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(seededOrder(2026n)).toEqual(order);
    expect(seededOrder(2027n)).not.toEqual(order);
    const game = Caller.start({ seed: 2026n, prizes: "tambola" });
    for (let i = 0; i < 30; i++) game.next();
    expect(game.calls).toEqual(order.slice(0, 30));
    expect(game.undo()).toBe(order[29]);
    const resumed = Caller.resume(JSON.stringify(game.toJSON()));
    expect(resumed.prizes).toBe("tambola");
    expect(resumed.next()).toBe(order[29]);
    const tampered = { ...game.toJSON(), calls: [order[1], order[0]] };
    expect(() => Caller.resume(JSON.stringify(tampered), "g.json")).toThrow(/g.json: its calls do not follow its seed 2026/);
    expect(() => Caller.resume("{}", "g.json")).toThrow(InputError);
  });

  it("without a seed (CSPRNG) calls all 90 once each, then refuses", () => {
    const game = Caller.start();
    for (let i = 0; i < 90; i++) game.next();
    expect(new Set(game.calls).size).toBe(90);
    expect(() => game.next()).toThrow(/all 90 numbers are called/);
  });
});

describe("claims against a brute-force replay", () => {
  for (const set of ["uk", "tambola"] as const) {
    for (const kind of ["books", "tickets"] as const) {
      it(`${set}, ${kind}: first winners, ties, and each ticket's verdict after every call`, () => {
        const records = kind === "books" ? generateBooks(15, { seed: 8n }) : generateTickets(60, { seed: 8n });
        const series = () => [batchOf(records)];
        const order = seededOrder(99n);
        const tickets = records.flatMap((r) => r.tickets.map((t, i) => ({ ref: printedRef(r.serial, i + 1), grid: t })));
        const brute = tickets.map((t) => bruteForce(t.grid, order, set));
        for (const k of [1, 5, 12, 20, 30, 45, 60, 75, 90]) {
          const calls = order.slice(0, k);
          const report = checkGame(series, calls, set);
          PRIZE_SETS[set].forEach((prize, p) => {
            const reached = brute.map((b) => (b[p] !== null && b[p]! <= k ? b[p]! : Infinity));
            const best = Math.min(...reached);
            const want = best === Infinity ? [] : tickets.filter((_, i) => reached[i] === best).map((t) => t.ref);
            expect(report.prizes[p]!.call, `${prize} after ${k}`).toBe(best === Infinity ? null : best);
            expect(report.prizes[p]!.winners).toEqual(want);
          });
          for (const i of [0, 7, tickets.length - 1]) {
            const claim = checkGame(series, calls, set, tickets[i]!.ref).claim!;
            expect(claim.grid).toEqual(tickets[i]!.grid);
            claim.prizes.forEach((v, p) => {
              const at = brute[i]![p]!;
              const reached = at !== null && at <= k;
              expect(v.call).toBe(reached ? at : null);
              expect(v.verdict).toBe(!reached ? "not yet" : at === k ? "valid now" : "late");
              expect(v.wins).toBe(reached && at === report.prizes[p]!.call);
              const ties = reached ? tickets.filter((t, n) => n !== i && brute[n]![p] === at).map((t) => t.ref) : [];
              expect(v.ties).toEqual(ties);
              // What it needs: nothing once complete; else calling those numbers next completes it.
              expect(v.needs.count === 0).toBe(reached);
              if (!reached && v.needs.numbers.length > 0) {
                expect(v.needs.numbers).toHaveLength(v.needs.count);
                const rest = order.filter((x) => !v.needs.numbers.includes(x) && !calls.includes(x));
                expect(bruteForce(tickets[i]!.grid, [...calls, ...v.needs.numbers, ...rest], set)[p]).toBe(k + v.needs.count);
              }
            });
          }
        }
      });
    }
  }

  slowTest("both prize sets: the kernel and the TS baseline give every ticket's prize calls alike, across kernel batches", () => {
    // 4,200 books = 25,200 tickets: more than one CHECK_BATCH_TICKETS (24,576) slice, and
    // the second batch (4,100 books) split over two slices.
    const records = generateBooks(4200, { seed: 31n });
    const series = () => [batchOf(records.slice(0, 100)), batchOf(records.slice(100))];
    const refs = [4199].map((r) => printedRef(records[r]!.serial, 6));
    for (const set of ["uk", "tambola"] as const) {
      for (const k of [9, 44]) {
        const calls = seededOrder(BigInt(k)).slice(0, k);
        const wasm = checkGame(series, calls, set);
        const ts = checkGame(series, calls, set, undefined, { engine: "ts" });
        expect(wasm, `${set} after ${k} calls`).toEqual(ts);
        expect(wasm.tickets).toBe(25200);
        for (const ref of refs) expect(checkGame(series, calls, set, ref)).toEqual(checkGame(series, calls, set, ref, { engine: "ts" }));
      }
    }
    expect(() => checkGame(series, [1], "uk", undefined, { engine: "nope" as "ts" })).toThrow(UsageError);
  });

  it("uk agrees with the kernel's checkClaims; an unknown ticket is null", () => {
    const records = generateBooks(20, { seed: 4n });
    const calls = seededOrder(5n).slice(0, 50);
    const ours = checkGame(() => [batchOf(records)], calls, "uk", "999-1");
    const kernel = checkClaims([batchOf(records)], calls);
    expect(ours.claim).toBeNull();
    ours.prizes.forEach((p, k) => {
      expect(p.call).toBe(kernel.prizes[k]!.call);
      expect(p.winners.map((r) => r.replace(/-\d$/, ""))).toEqual(kernel.prizes[k]!.winners);
    });
  });

  it("a late claim is reported as late, with the call since which it was valid", () => {
    const records = generateBooks(10, { seed: 1n });
    const order = seededOrder(7n);
    const report = checkGame(() => [batchOf(records)], order.slice(0, 20), "tambola");
    const early = report.prizes[0]!; // early five
    expect(early.call).not.toBeNull();
    const late = checkGame(() => [batchOf(records)], order.slice(0, early.call! + 3), "tambola", early.winners[0]!).claim!;
    expect(late.prizes[0]).toMatchObject({ verdict: "late", call: early.call, wins: true });
  });
});

describe("checkClaims on batches handed in", () => {
  // Found by the property suite after checkClaims became a view of the one replay loop:
  // a batch that is not an object reached the loop and failed with a TypeError.
  it.each([[[null]], [[[null], []]], [[{ ticketsPerRecord: 2, count: 0 }]]])("refuses %j with a UsageError before replaying", (series) => {
    expect(() => checkClaims(series as unknown as SeriesBatch[], [1, 2, 3])).toThrow(UsageError);
  });
});
