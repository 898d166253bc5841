// The call at which each card of a series first covers one of a game's patterns, in the
// kernel (assembly/bingo/check.ts) or its TS baseline; both from a rank table (number ->
// its 1-based call, NEVER if never called): a pattern is covered at the largest rank of
// its squares (free squares rank 0), a card wins at the smallest of its patterns'.
import { UsageError } from "../errors.js";
import { bingoConstants } from "../wasm/generated/bingo.js";
import { CARD_BATCH, CARD_STRIDE, shapeKernel, type BingoKernel } from "./kernel.js";
import type { PatternGame } from "./patterns.js";
import { cellCount, isFree, type CardShape } from "./shape.js";

/** A win call that never came (and a number never called). */
export const NEVER: number = bingoConstants.NEVER_CALLED;

/** Number -> its 1-based call (NEVER when not called); calls checked by the caller (parseCalls). */
export function callRanks(calls: readonly number[]): Uint8Array {
  if (calls.length >= NEVER) throw new UsageError(`${calls.length} calls (expected at most ${NEVER - 1})`);
  const rank = new Uint8Array(256).fill(NEVER);
  calls.forEach((x, i) => (rank[x] = i + 1));
  return rank;
}

/** The TS baseline: each card's win call (NEVER if it does not win). */
export function winCallsTs(shape: CardShape, cells: Uint8Array, count: number, calls: readonly number[], game: PatternGame): Uint8Array {
  const rank = callRanks(calls);
  const size = cellCount(shape);
  const cellRank = new Uint8Array(size);
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    for (let s = 0; s < size; s++) cellRank[s] = isFree(shape, Math.floor(s / shape.columns), s % shape.columns) ? 0 : rank[cells[i * size + s]!]!;
    let best = NEVER;
    for (const mask of game.masks) {
      let worst = 0;
      for (let s = 0; s < size; s++) if ((mask >> BigInt(s)) & 1n) worst = Math.max(worst, cellRank[s]!);
      best = Math.min(best, worst);
    }
    out[i] = best;
  }
  return out;
}

/** A checker in the kernel for one shape, game and set of calls, fed batches of cells. */
export class KernelWinChecker {
  private readonly k: BingoKernel;
  private readonly size: number;

  constructor(
    readonly shape: CardShape,
    calls: readonly number[],
    game: PatternGame,
  ) {
    if (game.masks.length > bingoConstants.MAX_PATTERNS)
      throw new UsageError(`${game.masks.length} patterns in one game (expected at most ${bingoConstants.MAX_PATTERNS})`);
    this.k = shapeKernel(shape);
    this.size = cellCount(shape);
    this.k.clearGame();
    callRanks(calls); // the same limits as the baseline
    calls.forEach((x, i) => this.k.setCardCall(x, i + 1));
    for (const m of game.masks) this.k.addPattern(Number(m & 0xffffffffn), Number(m >> 32n));
  }

  /** Each card's win call. */
  winCalls(cells: Uint8Array, count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let done = 0; done < count;) {
      const n = Math.min(CARD_BATCH, count - done);
      const input = new Uint8Array(this.k.memory.buffer, this.k.checkCardsPtr(), CARD_BATCH * CARD_STRIDE);
      for (let i = 0; i < n; i++) input.set(cells.subarray((done + i) * this.size, (done + i + 1) * this.size), i * CARD_STRIDE);
      this.k.checkCards(n);
      out.set(new Uint8Array(this.k.memory.buffer, this.k.checkWinsPtr(), n), done);
      done += n;
    }
    return out;
  }
}

/**
 * Each card's win call, by the kernel (default) or the TS baseline: the same answers.
 *
 * @param shape the cards' shape
 * @param cells the cards' cells, row by row
 * @param count how many cards
 * @param calls the numbers called, in order
 * @param game the pattern game
 * @param engine "wasm" (default) or "ts"
 * @example
 * ```ts
 * import { CardRun, parsePatternGame, shapeOf, winCalls } from "tabula-grids/bingo";
 *
 * const shape = shapeOf(75);
 * const { cells } = new CardRun(shape, { seed: 1 }).nextCells(2);
 * winCalls(shape, cells, 2, [6, 29, 44, 47, 70, 15, 28, 34, 59, 67, 5, 3, 4], parsePatternGame(shape, "corners")); // [10, 255]: card 1 wins at call 10, card 2 not
 * ```
 */
export function winCalls(
  shape: CardShape,
  cells: Uint8Array,
  count: number,
  calls: readonly number[],
  game: PatternGame,
  engine: "wasm" | "ts" = "wasm",
): Uint8Array {
  if (engine === "ts") return winCallsTs(shape, cells, count, calls, game);
  return new KernelWinChecker(shape, calls, game).winCalls(cells, count);
}
