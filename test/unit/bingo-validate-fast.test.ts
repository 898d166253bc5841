// `bingo validate FILE`'s fast pass (bingo/fast-pass.ts): valid, with the codec's count and
// format, only when the codec finds nothing; it gives up on anything else (the codec then
// words every finding).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateCards } from "../../src/bingo/generate.js";
import { cardToJson, validateCardSeries } from "../../src/bingo/codec.js";
import { proveCardFile } from "../../src/bingo/fast-pass.js";
import { SLOW } from "../support/tier.js";

const dir = mkdtempSync(join(tmpdir(), "bingo-fast-"));
let files = 0;
function file(text: string): string {
  const path = join(dir, `f${files++}.jsonl`);
  writeFileSync(path, text);
  return path;
}
const lines = (ball: string, n: number, seed: number, firstSerial = 1n) => generateCards(ball, n, { seed, firstSerial }).map(cardToJson);

/** The codec's verdict: the count and format when it finds nothing, else undefined. */
async function codec(path: string, ball?: string): Promise<{ cards: number; ball: string } | undefined> {
  let broken = 0;
  const r = await validateCardSeries(path, () => broken++, { ball });
  return broken === 0 && r.ball !== undefined ? { cards: r.cards, ball: r.ball } : undefined;
}

describe("the fast pass of bingo validate", () => {
  it("proves each format's file valid with the codec's count (BOM, CRLF, blank lines, no last newline, 20-digit serials)", async () => {
    for (const ball of ["75", "80", "30"]) {
      const cards = lines(ball, 30, 4);
      for (const text of [
        cards.join("\n") + "\n",
        "\uFEFF" + cards.join("\r\n"),
        cards.slice(0, 9).join("\n") + "\n \t\n\n" + cards.slice(9).join("\n"),
        lines(ball, 3, 5, 18446744073709551613n).join("\n"),
      ]) {
        const path = file(text);
        expect(proveCardFile(path)).toEqual(await codec(path));
        expect(proveCardFile(path)).toBeDefined();
      }
      expect(proveCardFile(file(cards.join("\n")), ball === "75" ? "80" : "75")).toBeUndefined(); // --ball of another format
    }
  });

  it("gives up on a repeated card or serial, two formats, an empty file", () => {
    const cards = lines("75", 10, 6);
    for (const text of [
      [...cards, cards[3]!.replace('"serial":4,', '"serial":500,')],
      [...cards, cards[2]!.replace(/"card":.*/, lines("75", 1, 9)[0]!.replace(/.*"card":/, '"card":'))],
      [...cards, ...lines("80", 2, 7, 100n)],
      [...cards.slice(0, 5), cards[5]!.replace(/"card":\[\[(\d+),(\d+),(\d+),(\d+),(\d+)\],\[(\d+),/, '"card":[[$1,$2,$3,$4,$5],[$1,')], // column B's number twice
      [],
    ])
      expect(proveCardFile(file(text.join("\n")))).toBeUndefined();
  });

  it("fuzz: valid only when the codec finds nothing, with its count and format", async () => {
    const pool = [...lines("75", 4, 11), ...lines("80", 2, 12, 50n), ...lines("30", 2, 13, 70n)];
    const alphabet = [" ", ",", "[", "]", "{", "}", ":", '"', "0", "1", "2", "5", "7", "9", "n", "u", "l", "\t", "\r", "\n"];
    const edit = fc.record({
      kind: fc.constantFrom("insert", "delete", "replace", "swap", "same", "copy"),
      line: fc.nat(),
      at: fc.nat(),
      to: fc.nat(),
      ch: fc.constantFrom(...alphabet),
    });
    // The first 150 of the seed's 300 in npm test, all of them in the slow suite.
    const texts = fc.sample(fc.tuple(fc.nat(2), fc.array(edit, { maxLength: 3 })), { numRuns: SLOW ? 300 : 150, seed: 44 }).map(([group, edits]) => {
      const base = [pool.slice(0, 4), pool.slice(4, 6), pool.slice(6, 8)][group]!.slice();
      for (const e of edits) {
        const i = e.line % base.length;
        const text = base[i]!;
        const at = e.at % (text.length + 1);
        if (e.kind === "copy") {
          base.splice(i, 0, pool[e.at % pool.length]!);
          continue;
        }
        if (e.kind === "swap" || e.kind === "same") {
          // two numbers trade squares, or one is written over another: ranges and repeats in a column
          const numbers = [...text.matchAll(/(?<=[[,])\d+(?=[\],])/g)].slice(1); // (not the serial)
          const a = numbers[e.at % numbers.length]!;
          const b = numbers[e.to % numbers.length]!;
          if (a.index === b.index) continue;
          const [x, y] = a.index < b.index ? [a, b] : [b, a];
          base[i] =
            text.slice(0, x.index) + y[0] + text.slice(x.index + x[0].length, y.index) + (e.kind === "same" ? y[0] : x[0]) + text.slice(y.index + y[0].length);
          continue;
        }
        base[i] =
          e.kind === "insert"
            ? text.slice(0, at) + e.ch + text.slice(at)
            : e.kind === "delete"
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + e.ch + text.slice(at + 1);
      }
      return base.join("\n") + "\n";
    });
    let proved = 0;
    let refused = 0;
    for (const text of texts) {
      const path = file(text);
      const want = await codec(path);
      const got = proveCardFile(path);
      if (got) expect(got).toEqual(want);
      if (!want) expect(got).toBeUndefined();
      if (got) proved++;
      if (!want) refused++;
    }
    expect(proved).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(50);
  });
});
