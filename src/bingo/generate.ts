// Runs of cards: exactly uniform (sample-ts.ts, assembly/bingo/sample.ts), unique within
// the run unless asked otherwise, serial-numbered from firstSerial. The kernel draws; the
// TS engine is its honest twin (same cards for a seed), for tests and hosts without WASM.
import { UsageError } from "../errors.js";
import { optionsObject, wholeNumber } from "../args.js";
import { parseSeed, seedState, Xoshiro128 } from "../core/random.js";
import { parseSerial, serialOverflow } from "../housie/model/serial.js";
import { countCards } from "./count.js";
import { CARD_BATCH, CARD_STRIDE, MAX_UNIQUE_CARDS, shapeKernel, type BingoKernel } from "./kernel.js";
import { cardRank, keyPlan, keyWordsOfRank } from "./key.js";
import { drawCardsTs } from "./sample-ts.js";
import { cardShapeOf, cellCount, checkCardShape, type CardShape } from "./shape.js";
import { cardFromCells, type CardRecord } from "./card.js";
import { cellsToJsonl } from "./format.js";

export { MAX_UNIQUE_CARDS };

export interface CardRunOptions {
  /** Seed 0..2^64-1 for reproducible cards (default: the OS's random source). */
  seed?: bigint | number | string;
  /** Serial of the first card (default 1). */
  firstSerial?: bigint | number | string;
  /** Keep every card of the run distinct (default true). */
  unique?: boolean;
  /** Draw in the kernel (default) or the pure-TS baseline: the same cards for a seed. */
  engine?: "wasm" | "ts";
}

/** A batch of cards: their cells, card i at i·cellCount(shape), 0 on free squares. */
export interface CardCells {
  firstSerial: bigint;
  cells: Uint8Array;
}

/**
 * One run of cards of one shape.
 *
 * @example
 * ```ts
 * import { CardRun, cardShapeOf } from "tabula-grids/bingo";
 *
 * const run = new CardRun(cardShapeOf(75), { seed: 1 });
 * run.next(1)[0].card[2]; // [3, 22, null, 50, 64]: the free centre is null
 * run.nextCells(10).cells.length; // 250: ten more cards as raw cells, 25 a card
 * ```
 */
export class CardRun {
  readonly shape: CardShape;
  private serial: bigint;
  private readonly unique: boolean;
  private readonly kernel?: BingoKernel;
  private readonly random?: Xoshiro128;
  private readonly issued?: Set<bigint>;
  private readonly limit: bigint;
  private made = 0n;

  /**
   * @param shape a "cards" shape, from cardShapeOf
   * @param options `seed`, `firstSerial`, `unique` (default true), `engine`
   */
  constructor(shape: CardShape, options: CardRunOptions = {}) {
    this.shape = checkCardShape(shape);
    const o = optionsObject<CardRunOptions>(options, "options");
    const first = o.firstSerial === undefined ? 1n : parseSerial(o.firstSerial);
    if (first === undefined) throw new UsageError(`firstSerial ${String(o.firstSerial)} is not a serial (expected 0 to 2^64-1)`);
    this.serial = first;
    this.unique = o.unique ?? true;
    const ordered = countCards(shape).ordered;
    this.limit = this.unique ? (ordered < BigInt(MAX_UNIQUE_CARDS) ? ordered : BigInt(MAX_UNIQUE_CARDS)) : -1n;
    if (o.engine === "ts") {
      if (o.seed === undefined) throw new UsageError("the TS engine needs a seed (it is the kernel's twin for tests)");
      this.random = new Xoshiro128(parseSeed(o.seed as bigint));
      if (this.unique) this.issued = new Set();
    } else {
      this.kernel = shapeKernel(shape);
      if (o.seed === undefined) this.kernel.useSystemRandom();
      else this.kernel.setSeedState(...seedState(parseSeed(o.seed as bigint)));
    }
  }

  /** Sizes the uniqueness set for `count` more cards at once (the CLI knows --count); nothing for the TS engine or without uniqueness. */
  reserve(count: number): void {
    wholeNumber(count, "count", 0);
    if (this.kernel && this.unique) this.kernel.reserveIssued(Math.min(count, MAX_UNIQUE_CARDS));
  }

  /** Most cards this run can still make distinct (Infinity without uniqueness). */
  get uniqueLeft(): number {
    return this.unique ? Number(this.limit - this.made) : Infinity;
  }

  /** Refuses `count` more cards when they pass the last serial or the cards one run keeps distinct. */
  private take(count: number): bigint {
    wholeNumber(count, "count", 0);
    const overflow = serialOverflow(this.serial, count);
    if (overflow !== undefined) throw new UsageError(overflow);
    if (this.unique && this.made + BigInt(count) > this.limit) {
      throw new UsageError(`${this.made + BigInt(count)} distinct ${this.shape.title} cards in one run: at most ${this.limit} (expected fewer, or unique off)`);
    }
    const first = this.serial;
    this.serial += BigInt(count);
    this.made += BigInt(count);
    return first;
  }

  /** The next `count` cards as cells. */
  nextCells(count: number): CardCells {
    const firstSerial = this.take(count);
    const size = cellCount(this.shape);
    if (this.random) return { firstSerial, cells: drawCardsTs(this.shape, this.random, count, this.issued) };
    const k = this.kernel!;
    const cells = new Uint8Array(count * size);
    for (let done = 0; done < count;) {
      const n = Math.min(CARD_BATCH, count - done);
      k.generateCards(n, this.unique);
      const raw = new Uint8Array(k.memory.buffer, k.cardCellsPtr(), n * CARD_STRIDE);
      for (let i = 0; i < n; i++) cells.set(raw.subarray(i * CARD_STRIDE, i * CARD_STRIDE + size), (done + i) * size);
      done += n;
    }
    return { firstSerial, cells };
  }

  /**
   * The next `count` (at most CARD_BATCH) cards as JSONL bytes, byte for byte the jsonl formatter's (the kernel
   * writes them; the TS engine formats its cells). The view is reused: copy it to keep it.
   */
  nextJsonl(count: number): Uint8Array {
    wholeNumber(count, "count", 0, CARD_BATCH);
    const ball = Number(this.shape.ball);
    if (!this.kernel || !Number.isInteger(ball) || ball !== this.shape.columnRanges.at(-1)![1]) {
      const { firstSerial, cells } = this.nextCells(count);
      return new TextEncoder().encode(cellsToJsonl(this.shape, firstSerial, cells, count));
    }
    const firstSerial = this.take(count);
    const k = this.kernel;
    if (count > 0) k.generateCards(count, this.unique);
    const bytes = k.formatCardsJsonl(count, firstSerial, ball);
    const at = k.cardTextPtr();
    return new Uint8Array(k.memory.buffer, at, bytes); // the buffer last: the calls may grow the memory
  }

  /** The next `count` cards as records. */
  next(count: number): CardRecord[] {
    const { firstSerial, cells } = this.nextCells(count);
    const size = cellCount(this.shape);
    return Array.from({ length: count }, (_, i) => ({
      serial: firstSerial + BigInt(i),
      ball: this.shape.ball,
      card: cardFromCells(this.shape, cells, i * size),
    }));
  }

  /** Marks a card of an earlier series issued, so this run does not repeat it; false if it was already. */
  markIssued(cells: ArrayLike<number>, at = 0): boolean {
    if (!this.unique) throw new UsageError("markIssued needs a unique run");
    const rank = cardRank(this.shape, cells, at);
    if (this.issued) {
      if (this.issued.has(rank)) return false;
      this.issued.add(rank);
      return true;
    }
    const [lo = 0n, hi = 0n] = keyWordsOfRank(this.shape, keyPlan(this.shape), rank);
    return this.kernel!.markIssuedKey(lo, hi) !== 0;
  }
}

/**
 * `count` exactly uniform cards of a format, distinct unless `unique: false`.
 *
 * @param ball the format: "75", "80" or "30"
 * @param count how many cards
 * @param options `seed`, `firstSerial`, `unique` (default true), `engine`
 * @example
 * ```ts
 * import { generateCards } from "tabula-grids/bingo";
 * const cards = generateCards("75", 3, { seed: 1 }); // [{ serial: 1n, ball: "75", card: [[…5], …] }, …]
 * ```
 */
export function generateCards(ball: string | number, count: number, options: CardRunOptions = {}): CardRecord[] {
  return new CardRun(cardShapeOf(ball), options).next(count);
}
