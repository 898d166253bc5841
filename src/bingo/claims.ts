// A pattern game's results over a whole card series, for an operator: how many cards win
// at each call (the kernel's win calls, wins.ts), the first winners' references, and the
// verdict on one claimed card — wins at call k, or not a winner and the numbers it still
// lacks for its nearest pattern. Beside the 90-ball claim checker (housie/game/claims.ts),
// for card formats.
import { UsageError } from "../errors.js";
import { cardRef } from "./card.js";
import { readCardSeries, type CardBatch } from "./codec.js";
import type { PatternGame } from "./patterns.js";
import { cellCount, isFree, type CardShape } from "./shape.js";
import { KernelWinChecker, NEVER, winCallsTs } from "./wins.js";

/** Winners shown by reference per call (the rest are counted). */
export const SHOWN_WINNERS = 5;

/** New winners at one call. */
export interface CallWinners {
  /** 1-based call (0: cards that win before any call, on free squares alone). */
  call: number;
  /** The number called (null for call 0). */
  number: number | null;
  /** Cards whose first win is this call. */
  winners: number;
  /** Cards that have won by this call. */
  total: number;
  /** The first SHOWN_WINNERS of them, by reference (serial-check). */
  first: string[];
}

/** A claimed card's verdict. */
export interface CardClaim {
  ref: string;
  line: number;
  /** The call it first covers a pattern at, or null. */
  winCall: number | null;
  /** Uncalled numbers of its nearest pattern (empty for a winner). */
  missing: number[];
  /** The card's rows (null on free squares), to show it. */
  card: (number | null)[][];
}

export interface GameResults {
  shape: CardShape;
  cards: number;
  calls: number;
  /** Calls at which at least one card first wins, in call order. */
  winningCalls: CallWinners[];
  /** Cards that have not won after the last call. */
  notWon: number;
  /** The claim, when one was asked: null when no card of the series has that serial. */
  claim?: CardClaim | null;
}

/** The uncalled numbers of the card's pattern nearest to complete (fewest missing). */
function missingNumbers(shape: CardShape, cells: Uint8Array, at: number, calls: readonly number[], game: PatternGame): number[] {
  const called = new Set(calls);
  let best: number[] | undefined;
  for (const mask of game.masks) {
    const missing: number[] = [];
    for (let s = 0; s < cellCount(shape); s++) {
      if (((mask >> BigInt(s)) & 1n) === 0n || isFree(shape, Math.floor(s / shape.columns), s % shape.columns)) continue;
      if (!called.has(cells[at + s]!)) missing.push(cells[at + s]!);
    }
    if (!best || missing.length < best.length) best = missing;
  }
  return (best ?? []).sort((a, b) => a - b);
}

/**
 * Replays `calls` of a pattern game over a card series file: new winners at each call and,
 * with `claimSerial`, the claimed card's verdict. The kernel (default) or the TS baseline.
 *
 * @param file a series file of cards
 * @param calls the numbers called, in order
 * @param game the pattern game for the series' shape
 * @param options `ball`, `claimSerial` (a card to judge), `engine`, `name`
 * @example
 * ```ts
 * import { writeFileSync } from "node:fs";
 * import { cardToJson, generateCards, parsePatternGame, playGame } from "tabula-grids/bingo";
 *
 * writeFileSync("cards.jsonl", generateCards(75, 3, { seed: 1 }).map(cardToJson).join("\n") + "\n");
 * const game = await playGame("cards.jsonl", [6, 70, 15, 67, 29], (shape) => parsePatternGame(shape, "corners"));
 * game.winningCalls; // [{ call: 4, number: 67, winners: 1, total: 1, first: ["1-3"] }]
 * ```
 */
export async function playGame(
  file: string,
  calls: readonly number[],
  game: (shape: CardShape) => PatternGame,
  options: { ball?: string; claimSerial?: bigint; engine?: "wasm" | "ts"; name?: string } = {},
): Promise<GameResults> {
  let checker: KernelWinChecker | undefined;
  let shape: CardShape | undefined;
  let patterns: PatternGame | undefined;
  const perCall = new Array<number>(calls.length + 1).fill(0);
  const firsts: string[][] = Array.from({ length: calls.length + 1 }, () => []);
  let cards = 0;
  let claim: CardClaim | null | undefined = options.claimSerial === undefined ? undefined : null;
  const take = (batch: CardBatch, wins: Uint8Array) => {
    const size = cellCount(batch.shape);
    for (let i = 0; i < batch.serials.length; i++) {
      const w = wins[i]!;
      if (w !== NEVER) {
        perCall[w]!++;
        if (firsts[w]!.length < SHOWN_WINNERS) firsts[w]!.push(cardRef(batch.serials[i]!));
      }
      if (options.claimSerial !== undefined && batch.serials[i] === options.claimSerial) {
        const rows = Array.from({ length: batch.shape.rows }, (_, r) =>
          Array.from({ length: batch.shape.columns }, (_, c) => (isFree(batch.shape, r, c) ? null : batch.cells[i * size + r * batch.shape.columns + c]!)),
        );
        claim = {
          ref: cardRef(batch.serials[i]!),
          line: batch.lines[i]!,
          winCall: w === NEVER ? null : w,
          missing: w === NEVER ? missingNumbers(batch.shape, batch.cells, i * size, calls, patterns!) : [],
          card: rows,
        };
      }
    }
  };
  for await (const batch of readCardSeries(file, { ball: options.ball, name: options.name })) {
    if (!shape) {
      shape = batch.shape;
      patterns = game(shape);
      if (options.engine !== "ts") checker = new KernelWinChecker(shape, calls, patterns);
    }
    const n = batch.serials.length;
    take(batch, checker ? checker.winCalls(batch.cells, n) : winCallsTs(batch.shape, batch.cells, n, calls, patterns!));
    cards += n;
  }
  if (!shape) throw new UsageError(`${options.name ?? file} holds no cards`);
  const winningCalls: CallWinners[] = [];
  let total = 0;
  perCall.forEach((winners, call) => {
    total += winners;
    if (winners > 0) winningCalls.push({ call, number: call === 0 ? null : calls[call - 1]!, winners, total, first: firsts[call]! });
  });
  return { shape, cards, calls: calls.length, winningCalls, notWon: cards - total, claim };
}
