// The housie exports' argument checks (issue 20, item 5): a bad argument is a UsageError
// naming the argument and what was expected; valid arguments give what they gave before.
import { threadedRunPays } from "../../src/housie/generate/threaded-run.js";
import { describe, expect, it } from "vitest";
import {
  UsageError,
  checkGame,
  dammDigit,
  describeVerdict,
  generateBooks,
  housieRecordToJson,
  htmlPrintFormatter,
  maxPerPage,
  pageGeometry,
  pageHtml,
  pagesFor,
  parseColour,
  parseGames,
  parsePrizeSet,
  printCss,
  printedRef,
  seriesForSeed,
  ticketsFromCells,
  PrintPlanner,
} from "../../src/index.js";
import { usageMessage } from "../support/refusal.js";

const refusal = usageMessage;

describe("housie exports refuse bad arguments with a UsageError naming them", () => {
  it("check digits and references", () => {
    expect(dammDigit("572")).toBe(4); // Damm's published example
    expect(printedRef(1234n, 5)).toBe("1234-5-9");
    expect(dammDigit("5724")).toBe(0); // a number with its check digit
    expect(printedRef(1234, 5)).toBe("1234-5-9"); // a safe number serial, as PdfWriter takes it
    expect(refusal(() => dammDigit("12a"))).toBe('digits: expected decimal digits only, got "12a" (a string)');
    expect(refusal(() => dammDigit(12 as unknown as string))).toBe("digits: expected a string, got 12");
    expect(refusal(() => printedRef(-1n, 1))).toMatch(/^serial: expected a whole number \(bigint\) from 0 to 18446744073709551615, got "-1" \(a bigint\)$/);
    expect(refusal(() => printedRef(1n, 7))).toBe("ticket: expected a whole number from 1 to 6, got 7");
  });

  it("colours, games and prize sets", () => {
    expect(parseColour("Red")).toEqual({ name: "Red", ink: "#b3261e", shade: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(parseGames("Red,#123").map((c) => c.ink)).toEqual(["#b3261e", "#112233"]);
    expect(refusal(() => parseColour(null as unknown as string))).toBe("text: expected a string, got null");
    expect(refusal(() => parseColour("red", 3 as unknown as string))).toBe("option: expected a string, got 3");
    expect(refusal(() => parseGames(["Red"] as unknown as string))).toMatch(/^text: expected a string, got .*\(an array\)$/);
    expect(parsePrizeSet("tambola")).toBe("tambola");
    expect(refusal(() => parsePrizeSet(undefined as unknown as string))).toBe("text: expected a string, got undefined");
  });

  it("page measurements and pages", () => {
    const g = pageGeometry({ layout: "sheet" });
    expect(maxPerPage("a4", "sheet")).toBe(3);
    expect(pagesFor(7, g)).toBe(3);
    expect(refusal(() => maxPerPage("a3" as "a4", "strip"))).toBe('paper: expected one of "a4", "letter", got "a3" (a string)');
    expect(refusal(() => pagesFor(1.5, g))).toMatch(/^groups: expected a whole number from 0 to/);
    expect(refusal(() => pagesFor(2, { ...g, groups: [] }))).toMatch(/^geometry\.groups: expected an array of at least one box/);
    expect(refusal(() => printCss({ ...g, ticket: { ...g.ticket, numberSize: Number.NaN } }))).toBe(
      "geometry.ticket.numberSize: expected a finite number of at least 0, got NaN",
    );
    expect(refusal(() => pageGeometry(null as unknown as object))).toBe("options: expected an options object, got null");

    const planner = new PrintPlanner({ series: "T1" });
    const [book] = generateBooks(1, { seed: 5n });
    const page = [...planner.add(book!), ...planner.finish()][0]!;
    expect(pageHtml(page, planner.geometry, false)).toMatch(/^<section class="hp-page" data-page="1">/);
    // What a page puts into markup unescaped is checked: a colour must be #rrggbb, a reference serial-ticket-check.
    const inked = { ...page, groups: [{ ...page.groups[0]!, colour: { name: "x", ink: "red;background:url(//x)", shade: "#ffffff" } }] };
    expect(refusal(() => pageHtml(inked, planner.geometry, false))).toMatch(/^page\.groups\[0\]\.colour\.ink: expected a colour #rrggbb/);
    const group = page.groups[0]!;
    const badRef = { ...page, groups: [{ ...group, tickets: [{ ...group.tickets[0]!, ref: "<b>" }] }] };
    expect(refusal(() => pageHtml(badRef, planner.geometry, false))).toMatch(/^page\.groups\[0\]\.tickets\[0\]\.ref: expected a printed reference/);
    expect(refusal(() => pageHtml(page, planner.geometry, "yes" as unknown as boolean))).toBe('qr: expected true or false, got "yes" (a string)');
  });

  it("print formatters, series and records", () => {
    expect(seriesForSeed(35n)).toBe("SZ");
    expect(seriesForSeed("35" as unknown as bigint)).toBe("SZ"); // the one seed syntax
    expect(refusal(() => seriesForSeed(-1n))).toMatch(/^seed "-1" is not a seed/);
    expect(refusal(() => htmlPrintFormatter({ title: 5 as unknown as string }))).toBe("options.title: expected a string, got 5");
    const html = htmlPrintFormatter({ series: "T1" });
    expect(refusal(() => html.record({ serial: 1n, tickets: [[[1]]] } as never))).toMatch(/^record\.tickets\[0\]: expected 3 rows of 9 cells/);
    const [book] = generateBooks(1, { seed: 5n });
    expect(html.record(book!)).toBe("");
    expect(html.footer()).toMatch(/Series T1 · page 1/);
    expect(housieRecordToJson(book!)).toMatch(/^\{"serial":1,"tickets":\[\[\[/);
    expect(refusal(() => housieRecordToJson({ serial: 1n, tickets: 10n } as never))).toBe(
      'record.tickets: expected an array of 1 to 6 tickets, got "10" (a bigint)',
    );
  });

  it("cells, threads and games", () => {
    const cells = new Uint8Array(54).fill(1);
    expect(ticketsFromCells(cells, 27, 1)).toHaveLength(1);
    expect(refusal(() => ticketsFromCells(cells, 27, 2))).toMatch(/^count: expected at most 1 tickets \(27 cells each\) from offset 27 of 54 cells, got 2$/);
    expect(refusal(() => ticketsFromCells([1, 2] as unknown as Uint8Array, 0, 0))).toMatch(/^cells: expected a Uint8Array/);
    expect(typeof threadedRunPays(10)).toBe("boolean");
    expect(refusal(() => threadedRunPays(Number.NaN))).toMatch(/^tickets: expected a whole number from 0 to \d+, or Infinity, got NaN$/);

    expect(refusal(() => checkGame(() => [], [5, 5], "uk"))).toMatch(/^calls: expected numbers from 1 to 90, each called at most once/);
    expect(refusal(() => checkGame(() => [], [91], "uk"))).toMatch(/^calls\[0\]: expected a whole number from 1 to 90, got 91$/);
    expect(refusal(() => checkGame(() => [], [1], "bingo" as "uk"))).toMatch(/^set: expected one of "uk", "tambola"/);
    expect(refusal(() => checkGame(() => 42 as never, [1], "uk"))).toMatch(/^series: expected a function returning an iterable of series batches, got 42$/);
    expect(refusal(() => checkGame(() => [{ count: 1, ticketsPerRecord: 6, cells: new Uint8Array(10) }] as never, [1], "uk"))).toMatch(
      /^series batch\.cells: expected a Uint8Array of 162 cells/,
    );
    expect(checkGame(() => [], [1, 2], "uk")).toMatchObject({ prizeSet: "uk", calls: 2, records: 0, tickets: 0 });

    const verdict = {
      prize: "one line",
      wins: false,
      verdict: "late" as const,
      call: 12,
      first: 9,
      ties: ["3-1-4"],
      tieCount: 1,
      needs: { count: 0, numbers: [] },
    };
    expect(describeVerdict(verdict)).toBe("NOT A WINNER: one line went to another ticket at call 9 (this ticket completed it later, at call 12)");
    expect(describeVerdict({ ...verdict, first: 12, wins: true })).toBe("WINS one line at call 12, shared with 3-1-4 (a late claim)");
    expect(
      describeVerdict(
        { ...verdict, call: null, verdict: "not yet", needs: { count: 2, numbers: [14, 27] } },
        { prize: "one line", call: 9, number: 5, winners: ["82-6-1"], winnerCount: 1 },
      ),
    ).toBe("NOT A WINNER: one line needs 14, 27 more; it went to 82-6-1 at call 9");
    expect(refusal(() => describeVerdict({ ...verdict, wins: "yes" as never }))).toMatch(/^v\.wins: expected true or false/);
    expect(refusal(() => describeVerdict({ ...verdict, verdict: "maybe" as "late" }))).toMatch(/^v\.verdict: expected one of "valid now", "late", "not yet"/);
    expect(refusal(() => describeVerdict(verdict, { winners: null } as never))).toMatch(/^winners\.winners: expected an array of references, got null$/);
  });
});
