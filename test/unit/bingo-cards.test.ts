// Bingo card formats (src/bingo): exact counts by the closed form and by brute force of
// small analogues, the rank bijection, kernel = TS baseline, uniqueness, and a chi-square
// test of uniformity that rejects a biased sampler.
import { describe, expect, it } from "vitest";
import { Xoshiro128 } from "../../src/core/random.js";
import { countCards } from "../../src/bingo/count.js";
import { cardKeyWords, cardRank, keyPlan, keyWordsOfRank } from "../../src/bingo/key.js";
import { drawCardTs } from "../../src/bingo/sample-ts.js";
import { CardRun, generateCards } from "../../src/bingo/generate.js";
import { CARD_STRIDE, shapeKernel } from "../../src/bingo/kernel.js";
import { cardShapeOf, cellCount, checkCardShape, isFree, shapeOf, SHAPE_30, SHAPE_75, SHAPE_80, SHAPE_90, type CardShape } from "../../src/bingo/shape.js";
import { COLUMN_FIRST, COLUMN_SIZE, LAST_NUMBER } from "../../src/housie/model/columns.js";
import { CELLS_PER_TICKET } from "../../src/housie/model/cells.js";
import { probingCard } from "../fixtures/bingo-probing-sampler.js";
import { slowTest } from "../support/tier.js";

const small = (rows: number, columns: number, size: number, free: [number, number][] = []): CardShape =>
  checkCardShape({
    ball: `${rows}x${columns}/${size}`,
    title: `${rows}×${columns} of ${size}`,
    rows,
    columns,
    columnRanges: Array.from({ length: columns }, (_, j) => [1 + j * size, (j + 1) * size] as const),
    free,
    perRow: [0, columns],
    perColumn: [0, rows],
    book: { cards: 1, everyNumberOnce: false },
    engine: "cards",
  });

/** Every card of a shape by brute force: each non-free square any number of its column, repeats in a column dropped. */
function* everyCard(shape: CardShape): Generator<Uint8Array> {
  const size = cellCount(shape);
  const cells = new Uint8Array(size);
  function* fill(s: number): Generator<Uint8Array> {
    if (s === size) {
      yield cells;
      return;
    }
    const r = Math.floor(s / shape.columns),
      c = s % shape.columns;
    if (isFree(shape, r, c)) {
      cells[s] = 0;
      yield* fill(s + 1);
      return;
    }
    const [lo, hi] = shape.columnRanges[c]!;
    for (let x = lo; x <= hi; x++) {
      let clash = false;
      for (let rr = 0; rr < r; rr++) if (cells[rr * shape.columns + c] === x) clash = true;
      if (clash) continue;
      cells[s] = x;
      yield* fill(s + 1);
    }
  }
  yield* fill(0);
}

/** A card with each column's numbers sorted: one per set-convention card. */
function columnSets(shape: CardShape, cells: Uint8Array): string {
  return Array.from({ length: shape.columns }, (_, c) =>
    Array.from({ length: shape.rows }, (_, r) => cells[r * shape.columns + c])
      .filter((x) => x !== 0)
      .sort((a, b) => a! - b!)
      .join(" "),
  ).join("|");
}

describe("bingo card counts", () => {
  it("75-ball: the quoted 552,446,474,061,128,648,601,600,000 is the ordered count; C(15,5)^4·C(15,4) the set count", () => {
    const c = countCards(SHAPE_75);
    expect(c.ordered).toBe(552_446_474_061_128_648_601_600_000n);
    expect(c.ordered).toBe((15n * 14n * 13n * 12n * 11n) ** 4n * (15n * 14n * 13n * 12n));
    expect(c.sets).toBe(3003n ** 4n * 1365n);
    expect(c.sets).toBe(111_007_923_832_370_565n);
  });
  it("80-ball and 30-ball", () => {
    expect(countCards(SHAPE_80)).toEqual({ ordered: (20n * 19n * 18n * 17n) ** 4n, sets: 4845n ** 4n });
    expect(countCards(SHAPE_30)).toEqual({ ordered: 720n ** 3n, sets: 120n ** 3n });
  });
  for (const [i, shape] of [
    small(3, 3, 4),
    small(3, 3, 5, [[1, 1]]),
    small(2, 3, 4),
    small(3, 2, 3, [
      [0, 1],
      [2, 0],
    ]),
  ].entries()) {
    // 3×3 of 5 with a free square (the most cards) in the slow suite; free squares stay in npm test with 3×2.
    (i === 1 ? slowTest : it)(
      `${shape.title}${shape.free.length ? ` with ${shape.free.length} free` : ""}: brute force equals the closed form, both conventions; ranks are a bijection`,
      () => {
        const c = countCards(shape);
        let ordered = 0;
        const sets = new Set<string>();
        const ranks = new Set<bigint>();
        const outOfRange: bigint[] = [];
        for (const card of everyCard(shape)) {
          ordered++;
          sets.add(columnSets(shape, card));
          const rank = cardRank(shape, card);
          if (!(rank >= 0n && rank < c.ordered)) outOfRange.push(rank);
          ranks.add(rank);
        }
        expect(outOfRange).toEqual([]);
        expect(BigInt(ordered)).toBe(c.ordered);
        expect(BigInt(sets.size)).toBe(c.sets);
        expect(ranks.size).toBe(ordered);
      },
    );
  }
  it("the 90-ball shape is the housie kernel's columns", () => {
    expect(SHAPE_90.columnRanges).toEqual(COLUMN_FIRST.map((first, j) => [first, first + COLUMN_SIZE[j]! - 1]));
    expect(SHAPE_90.rows * SHAPE_90.columns).toBe(CELLS_PER_TICKET);
    expect(SHAPE_90.columnRanges.at(-1)![1]).toBe(LAST_NUMBER);
    expect(() => cardShapeOf("90")).toThrow(/housie/);
    expect(shapeOf(75)).toBe(SHAPE_75);
    expect(() => shapeOf("76")).toThrow(/expected one of 75, 80, 30, 90/);
  });
});

describe("bingo card generation", () => {
  for (const shape of [SHAPE_75, SHAPE_80, SHAPE_30, small(3, 3, 5, [[1, 1]])]) {
    it(`${shape.title}: the kernel draws the TS baseline's cards for a seed, with the same keys`, () => {
      const wasm = new CardRun(shape, { seed: 7 }).nextCells(5000);
      const ts = new CardRun(shape, { seed: 7, engine: "ts" }).nextCells(5000);
      expect(Buffer.from(wasm.cells).equals(Buffer.from(ts.cells))).toBe(true);
      const k = shapeKernel(shape);
      k.setSeedState(1, 2, 3, 4);
      k.generateCards(64, false);
      const raw = new Uint8Array(k.memory.buffer, k.cardCellsPtr(), 64 * CARD_STRIDE).slice();
      const keys = new BigUint64Array(k.memory.buffer, k.cardKeysPtr(), 128).slice();
      const plan = keyPlan(shape);
      for (let i = 0; i < 64; i++) {
        const words = cardKeyWords(shape, plan, raw, i * CARD_STRIDE);
        expect([keys[2 * i], keys[2 * i + 1]]).toEqual([words[0], words[1] ?? 0n]);
        expect(keyWordsOfRank(shape, plan, cardRank(shape, raw, i * CARD_STRIDE))).toEqual(words);
      }
    });
  }
  it("a run is unique up to every card of a shape, and refuses one more", () => {
    const shape = small(2, 2, 4); // 144 ordered cards
    for (const engine of ["wasm", "ts"] as const) {
      const run = new CardRun(shape, { seed: 3, engine });
      const { cells } = run.nextCells(144);
      const ranks = new Set(Array.from({ length: 144 }, (_, i) => cardRank(shape, cells, i * 4)));
      expect(ranks.size).toBe(144);
      expect(() => run.nextCells(1)).toThrow(/at most 144/);
    }
  });
  it("reserving the uniqueness set changes no card", () => {
    const a = new CardRun(SHAPE_30, { seed: 13 });
    a.reserve(50_000);
    const b = new CardRun(SHAPE_30, { seed: 13 });
    expect(Buffer.from(a.nextCells(50_000).cells).equals(Buffer.from(b.nextCells(50_000).cells))).toBe(true);
  });
  it("markIssued keeps a run from repeating an earlier series' cards", () => {
    const shape = small(2, 2, 4);
    const earlier = new CardRun(shape, { seed: 5 }).nextCells(100).cells;
    for (const engine of ["wasm", "ts"] as const) {
      const run = new CardRun(shape, { seed: 9, engine });
      for (let i = 0; i < 100; i++) expect(run.markIssued(earlier, i * 4)).toBe(true);
      expect(run.markIssued(earlier, 0)).toBe(false);
      const later = run.nextCells(44).cells;
      const seen = new Set(Array.from({ length: 100 }, (_, i) => cardRank(shape, earlier, i * 4)));
      for (let i = 0; i < 44; i++) expect(seen.has(cardRank(shape, later, i * 4))).toBe(false);
    }
  });
  it("records: serials count up from firstSerial, 20 digits exact; free squares null", () => {
    const cards = generateCards("75", 2, { seed: 1, firstSerial: 18446744073709551614n });
    expect(cards.map((c) => c.serial)).toEqual([18446744073709551614n, 18446744073709551615n]);
    expect(cards[0]!.card[2]![2]).toBeNull();
    expect(() => generateCards("75", 3, { seed: 1, firstSerial: 18446744073709551614n })).toThrow(/largest serial/);
  });
});

/** Upper 1% point of chi-square with 143 degrees of freedom (Wilson–Hilferty). */
const CRITICAL_99_143 = 185.3;

describe("bingo uniformity (chi-square over all 144 cards of a 2×2, 99%)", () => {
  const shape = small(2, 2, 4);
  const N = 144 * 60;
  const chi = (counts: number[]) => counts.reduce((s, o) => s + (o - N / 144) ** 2 / (N / 144), 0);
  const tally = (draw: (out: Uint8Array) => void): number[] => {
    const counts = new Array<number>(144).fill(0);
    const cell = new Uint8Array(4);
    for (let i = 0; i < N; i++) {
      draw(cell);
      counts[Number(cardRank(shape, cell))]!++;
    }
    return counts;
  };
  it("the kernel's cards pass, and the TS baseline's", () => {
    const { cells } = new CardRun(shape, { seed: 11, unique: false }).nextCells(N);
    const counts = new Array<number>(144).fill(0);
    for (let i = 0; i < N; i++) counts[Number(cardRank(shape, cells, i * 4))]!++;
    expect(chi(counts)).toBeLessThan(CRITICAL_99_143);
    const random = new Xoshiro128(12n);
    expect(chi(tally((out) => drawCardTs(shape, random, out)))).toBeLessThan(CRITICAL_99_143);
  });
  it("a sampler that probes to the next free number instead of drawing again fails", () => {
    const random = new Xoshiro128(12n);
    expect(chi(tally((out) => probingCard(shape, random, out)))).toBeGreaterThan(CRITICAL_99_143);
  });
});

describe("the bingo kernel defends itself", () => {
  it("refuses a shape or a call past its fixed tables with limit-exceeded", async () => {
    const { KernelError } = await import("../../src/errors.js");
    const { bingoModule } = await import("../../src/bingo/kernel.js");
    const cases: [string, (k: ReturnType<typeof bingoModule.instantiate>) => void][] = [
      ["rows outside 1-8", (k) => k.setShape(9, 3)],
      [
        "range outside 1-64",
        (k) => {
          k.setShape(2, 2);
          k.setColumn(0, 1, 65);
        },
      ],
      [
        "numbers past 255",
        (k) => {
          k.setShape(2, 2);
          k.setColumn(1, 250, 10);
        },
      ],
      [
        "no such column",
        (k) => {
          k.setShape(2, 2);
          k.setColumn(2, 1, 4);
        },
      ],
      [
        "more numbers than its range",
        (k) => {
          k.setShape(5, 1);
          k.setColumn(0, 1, 4);
          k.commitShape();
        },
      ],
      ["call past 254", (k) => k.setCardCall(3, 255)],
      [
        "count outside 1-4096",
        (k) => {
          k.setShape(2, 2);
          k.setColumn(0, 1, 4);
          k.setColumn(1, 5, 4);
          k.commitShape();
          k.generateCards(4097, false);
        },
      ],
    ];
    for (const [message, call] of cases) {
      const k = bingoModule.instantiate();
      let error: unknown;
      try {
        call(k);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(KernelError);
      expect((error as InstanceType<typeof KernelError>).code).toBe("limit-exceeded");
      expect(String((error as Error).message)).toContain(message);
    }
  });
});
