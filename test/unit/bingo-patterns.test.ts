// Pattern games of card formats: the kernel's win calls, the TS baseline's and a replay of
// every call (marking the card, testing each pattern after each call) agree on whole series;
// the named games' masks; masks as text; the card codec's rules.
import { describe, expect, it } from "vitest";
import { Xoshiro128 } from "../../src/core/random.js";
import { CardRun } from "../../src/bingo/generate.js";
import { maskText, parsePatternGame, type PatternGame } from "../../src/bingo/patterns.js";
import { NEVER, winCalls } from "../../src/bingo/wins.js";
import { cellCount, SHAPE_30, SHAPE_75, SHAPE_80, type CardShape } from "../../src/bingo/shape.js";
import { cardToJson, parseCardLine } from "../../src/bingo/codec.js";
import { cardRef, parseCardRef } from "../../src/bingo/card.js";
import { SLOW } from "../support/tier.js";

/** The call at which each card first covers a pattern, by marking it call after call. */
function replay(shape: CardShape, cells: Uint8Array, count: number, calls: number[], game: PatternGame): number[] {
  const size = cellCount(shape);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    let marked = 0n;
    for (let s = 0; s < size; s++) if (cells[i * size + s] === 0) marked |= 1n << BigInt(s);
    const wins = () => game.masks.some((m) => (m & ~marked) === 0n);
    let call = wins() ? 0 : NEVER;
    for (let t = 0; t < calls.length && call === NEVER; t++) {
      for (let s = 0; s < size; s++) if (cells[i * size + s] === calls[t]) marked |= 1n << BigInt(s);
      if (wins()) call = t + 1;
    }
    out.push(call);
  }
  return out;
}

function shuffled(n: number, seed: bigint): number[] {
  const random = new Xoshiro128(seed);
  const a = Array.from({ length: n }, (_, i) => i + 1);
  for (let i = n - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

const GAMES: Record<string, string[]> = {
  "75": [
    "line",
    "row",
    "column",
    "diagonal",
    "corners",
    "x",
    "stamp",
    "blackout",
    "x...x/.x.x./..x../.x.x./x...x",
    "..x../..x../xxxxx/..x../..x..",
    "....x/...../..x../...../.....",
    "corners,x",
  ],
  "80": ["line", "corners", "x", "stamp", "blackout", "xx../xx../..../....", "line,corners"],
  "30": ["line", "corners", "x", "stamp", "blackout", ".x./xxx/.x."],
};

describe("pattern claims: kernel = TS baseline = replay of every call", () => {
  for (const shape of [SHAPE_75, SHAPE_80, SHAPE_30]) {
    const count = SLOW ? 3000 : 1000; // cards a series: a third of the slow suite's in npm test
    const { cells } = new CardRun(shape, { seed: 42 }).nextCells(count);
    for (const text of GAMES[shape.ball]!) {
      it(`${shape.title} ${text}`, () => {
        const game = parsePatternGame(shape, text);
        const balls = shape.columnRanges.at(-1)![1];
        for (const [seed, length] of [
          [1n, balls],
          [2n, Math.floor(balls / 2)],
          [3n, 0],
        ] as const) {
          const calls = shuffled(balls, seed).slice(0, length);
          const kernel = winCalls(shape, cells, count, calls, game);
          const ts = winCalls(shape, cells, count, calls, game, "ts");
          expect(Array.from(kernel)).toEqual(Array.from(ts));
          expect(Array.from(ts.subarray(0, 600))).toEqual(replay(shape, cells, 600, calls, game));
          if (length === balls) expect(kernel.every((c) => c !== NEVER)).toBe(true); // every card wins once all is called
        }
      });
    }
  }
});

describe("pattern games", () => {
  it("named games have the masks of their shape", () => {
    expect(parsePatternGame(SHAPE_75, "line").masks).toHaveLength(12);
    expect(parsePatternGame(SHAPE_80, "line").masks).toHaveLength(10);
    expect(parsePatternGame(SHAPE_75, "stamp").masks.map((m) => maskText(SHAPE_75, m))).toContain("...../...../...../...xx/...xx");
    expect(maskText(SHAPE_75, parsePatternGame(SHAPE_75, "X").masks[0]!)).toBe("x...x/.x.x./..x../.x.x./x...x");
    expect(maskText(SHAPE_80, parsePatternGame(SHAPE_80, "corners").masks[0]!)).toBe("x..x/..../..../x..x");
  });
  it("a free-only pattern wins before the first call", () => {
    const { cells } = new CardRun(SHAPE_75, { seed: 1 }).nextCells(3);
    expect(Array.from(winCalls(SHAPE_75, cells, 3, [1, 2], parsePatternGame(SHAPE_75, "...../...../..x../...../.....")))).toEqual([0, 0, 0]);
  });
  it("refuses bad patterns with one line saying what was expected", () => {
    expect(() => parsePatternGame(SHAPE_75, "x...x/.x.x.")).toThrow(/is not a 75-ball mask \(expected 5 rows of 5/);
    expect(() => parsePatternGame(SHAPE_75, "bingo")).toThrow(/expected one of line, row/);
    expect(() => parsePatternGame(SHAPE_80, "..../..../..../....")).toThrow(/marks no square/);
  });
});

describe("the card codec", () => {
  const [card] = new CardRun(SHAPE_75, { seed: 1, firstSerial: 18446744073709551615n }).next(1);
  it("a record round-trips, 20-digit serial exact", () => {
    const line = cardToJson(card!);
    expect(line).toMatch(/^\{"serial":18446744073709551615,"ball":75,"card":\[\[/);
    const read = parseCardLine(line, 1);
    expect("record" in read && read.record).toEqual(card);
  });
  const bad = (edit: (o: { serial: unknown; ball: unknown; card: unknown[][] }) => void, ball?: string) => {
    const o = JSON.parse(cardToJson({ ...card!, serial: 5n })) as { serial: unknown; ball: unknown; card: unknown[][] };
    edit(o);
    const read = parseCardLine(JSON.stringify(o), 3, ball);
    return "rule" in read ? `${read.rule}: ${read.problem} (expected ${read.expected})` : "ok";
  };
  it("names the rule each broken line breaks", () => {
    expect(bad(() => {})).toBe("ok");
    expect(bad((o) => (o.card[0]![0] = 16))).toBe("range: row 1, column B (1-15) holds 16 (expected a whole number from 1 to 15)");
    expect(bad((o) => (o.card[2]![2] = 33))).toMatch(/^free: row 3, column 3 holds 33/);
    expect(bad((o) => (o.card[1]![0] = o.card[0]![0]))).toMatch(/^repeat-in-column: \d+ twice in column B/);
    expect(bad((o) => (o.ball = 90))).toMatch(/^ball: ball 90 is not a card format/);
    expect(bad(() => {}, "80")).toBe("ball: a 75-ball card in a 80-ball series (expected ball 80 on every line)");
    expect(bad((o) => o.card.pop())).toMatch(/^grid: /);
    expect(bad((o) => (o.serial = -1))).toMatch(/^serial: serial -1 is not a serial/);
    expect(parseCardLine("{", 1)).toMatchObject({ rule: "json" });
    expect(parseCardLine('{"serial":1,"ball":75,"card":[],"x":1}', 1)).toMatchObject({ rule: "record", problem: 'unknown key "x"' });
  });
  it("references carry a Damm check digit", () => {
    expect(parseCardRef(cardRef(1234n))).toEqual({ serial: 1234n, checked: true });
    const [, digit] = cardRef(1234n).split("-");
    expect(() => parseCardRef(`1234-${(Number(digit) + 1) % 10}`)).toThrow(/check digit/);
    expect(() => parseCardRef(`1243-${digit}`)).toThrow(/check digit/); // two digits swapped
    expect(parseCardRef("18446744073709551615")).toEqual({ serial: 18446744073709551615n, checked: false });
  });
});

describe("JSONL from cells", () => {
  it("is byte for byte the jsonl formatter's, free squares null", async () => {
    const { cardFormatter, cellsToJsonl } = await import("../../src/bingo/format.js");
    for (const shape of [SHAPE_75, SHAPE_80, SHAPE_30]) {
      const run = new CardRun(shape, { seed: 8, firstSerial: 18446744073709551000n });
      const { firstSerial, cells } = run.nextCells(50);
      const records = new CardRun(shape, { seed: 8, firstSerial: 18446744073709551000n }).next(50);
      const f = cardFormatter("jsonl", shape);
      expect(cellsToJsonl(shape, firstSerial, cells, 50)).toBe(records.map((r) => f.record(r)).join(""));
    }
  });
});

describe("JSONL from the kernel", () => {
  it("is byte for byte the TS formatter's, for each format and a 20-digit serial", async () => {
    const { cellsToJsonl } = await import("../../src/bingo/format.js");
    for (const shape of [SHAPE_75, SHAPE_80, SHAPE_30]) {
      const first = 18446744073709547000n;
      const kernel = new TextDecoder().decode(new CardRun(shape, { seed: 8, firstSerial: first }).nextJsonl(4096));
      const { firstSerial, cells } = new CardRun(shape, { seed: 8, firstSerial: first }).nextCells(4096);
      expect(kernel).toBe(cellsToJsonl(shape, firstSerial, cells, 4096));
    }
  });
});

describe("the card series reader's framing", () => {
  it("reads CRLF lines, a last line without a newline, skips blank lines; a line too long and a BOM inside are one violation each", async () => {
    const { readCardSeries, MAX_LINE_CHARS } = await import("../../src/bingo/codec.js");
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const lines = new CardRun(SHAPE_80, { seed: 3 }).next(4).map((r) => cardToJson(r));
    const file = join(mkdtempSync(join(tmpdir(), "bingo-frame-")), "s.jsonl");
    writeFileSync(file, `\uFEFF${lines[0]}\r\n \t\r\n${"x".repeat(MAX_LINE_CHARS + 5000)}\n\uFEFF${lines[1]}\n${lines[2]}\r\n${lines[3]}`);
    const found: string[] = [];
    const serials: bigint[] = [];
    for await (const b of readCardSeries(file, { report: (v) => found.push(`${v.line} ${v.rule}: ${v.problem}`), batch: 2 })) serials.push(...b.serials);
    expect(serials).toEqual([1n, 3n, 4n]);
    expect(found).toEqual([`3 json: line longer than ${MAX_LINE_CHARS} characters`, "4 json: a byte-order mark inside the file"]);
  });
});
