// Games of a night in the model: references that name their game (G2-…) read beside the
// old ones, the series codec's game fields checked, the red-green warning.
import { describe, expect, it } from "vitest";
import { parseTicketRef, printedRef, dammDigit } from "../../src/housie/model/reference.js";
import { namesGame } from "../../src/housie/model/game.js";
import { nightGames, redGreenWarning } from "../../src/housie/output/colours.js";
import { readSeriesText } from "../../src/housie/series/read-text.js";
import { SeriesDecoder } from "../../src/housie/series/decoder.js";
import { generateBooks } from "../../src/housie/generate/generate.js";
import { recordToJson } from "../../src/housie/output/format.js";
import { UsageError } from "../../src/errors.js";

describe("references with a game", () => {
  it("G2-1234-5-c reads with its game; references without one read as before", () => {
    const c = dammDigit("12345");
    expect(printedRef(1234n, 5, 2)).toBe(`G2-1234-5-${c}`);
    expect(printedRef(1234n, 5)).toBe(`1234-5-${c}`);
    expect(parseTicketRef(`G2-1234-5-${c}`)).toEqual({ serial: 1234n, ticket: 5, checked: true, game: 2 });
    expect(parseTicketRef(` g12 - 1234-5`)).toEqual({ serial: 1234n, ticket: 5, checked: false, game: 12 });
    expect(parseTicketRef(`1234-5-${c}`)).toEqual({ serial: 1234n, ticket: 5, checked: true });
    expect(() => parseTicketRef(`G13-1234-5-${c}`)).toThrow(/games 1 to 12/);
    expect(() => parseTicketRef(`G0-1234-5`)).toThrow(UsageError);
    expect(() => parseTicketRef(`G2-1234-5-${(c + 1) % 10}`)).toThrow(/check digit/);
    expect(() => printedRef(1n, 1, 13)).toThrow(/game/);
  });

  it("a game is named by its name (any case) or its number", () => {
    const [red, blue] = nightGames("Red, Blue");
    expect(namesGame("red", red!)).toBe(true);
    expect(namesGame(" 2 ", blue!)).toBe(true);
    expect(namesGame("Blue", red!)).toBe(false);
  });

  it("warns of a red with a green game, by hue (names or #hex), and of no other pair", () => {
    expect(redGreenWarning(nightGames("Red,Blue,Green"))).toMatch(/^--games pairs Red with Green/);
    expect(redGreenWarning(nightGames("#c00000,Blue,#2e8b57"))).toMatch(/^--games pairs #c00000 with #2e8b57/);
    expect(redGreenWarning(nightGames("Red,Blue,Yellow"))).toBeUndefined();
    expect(redGreenWarning(nightGames("Green,Blue,Grey"))).toBeUndefined();
  });
});

describe("the series codec reads a night's games", () => {
  const [book] = generateBooks(1, { seed: 4n });
  const line = (game: string) => recordToJson(book!).replace(/}$/, `${game}}`);

  it("game numbers and names go into the batches; a record without a game is 0", () => {
    const text = `${recordToJson({ ...book!, game: { number: 2, name: "Blue" } })}\n${recordToJson({ ...generateBooks(1, { seed: 5n })[0]!, serial: 2n })}\n`;
    const [batch] = [...readSeriesText(text)];
    expect(Array.from(batch!.games!.subarray(0, 2))).toEqual([2, 0]);
    expect(batch!.gameNames![2]).toBe("Blue");
  });

  it("a bad game, or one number with two names, is the shape rule with its line", () => {
    const found: string[] = [];
    const decoder = new SeriesDecoder({ report: (v) => found.push(`${v.line}: ${v.problem} [${v.rule}]`) });
    const other = generateBooks(2, { seed: 6n });
    const lines = [
      line(',"game":13,"gameName":"Red"'),
      recordToJson({ ...other[0]!, serial: 2n, game: { number: 1, name: "Red" } }),
      recordToJson({ ...other[1]!, serial: 3n, game: { number: 1, name: "Rouge" } }),
    ];
    for (const _ of decoder.write(new TextEncoder().encode(lines.join("\n") + "\n"))) {
      /* batches */
    }
    for (const _ of decoder.end()) {
      /* batches */
    }
    expect(found).toEqual(['1: game is 13 and gameName the string "Red" [shape]', '3: game 1 is named "Rouge" here and "Red" before [shape]']);
  });
});
