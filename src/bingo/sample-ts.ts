// The pure-TS baseline of the card sampler (the kernel's twin, assembly/bingo/sample.ts):
// the same draws from the same words, so both give the same cards for a seed.
//
// Each column is filled top to bottom, free squares skipped, each square with a number
// drawn uniformly from its column's range and drawn again while it is already on the
// column. A redraw leaves the draw uniform over the numbers not yet used, so a column is
// a uniform ordered choice, the columns are independent, and a card is uniform over all
// ordered cards (docs/derivations.md, "Bingo cards"). With uniqueness, a card already
// issued is drawn again whole: the series is a uniform sequence of distinct cards.
import { below } from "../core/random.js";
import { cardRank } from "./key.js";
import { cellCount, cellIndex, checkCardShape, isFree, rangeSize, type CardShape } from "./shape.js";

/** A source of 32-bit words (Xoshiro128, or a test's biased stand-in). */
export interface Words {
  next32(): number;
}

/** Fills `out[at ..]` with one uniform card of `shape` (0 on free squares). */
export function drawCardTs(shape: CardShape, random: Words, out: Uint8Array, at = 0): void {
  for (let c = 0; c < shape.columns; c++) {
    const lo = shape.columnRanges[c]![0];
    const n = rangeSize(shape, c);
    let used = 0n;
    for (let r = 0; r < shape.rows; r++) {
      const cell = at + cellIndex(shape, r, c);
      if (isFree(shape, r, c)) {
        out[cell] = 0;
        continue;
      }
      let v: number;
      do v = below(random, n);
      while ((used >> BigInt(v)) & 1n);
      used |= 1n << BigInt(v);
      out[cell] = lo + v;
    }
  }
}

/** Draws `count` cards into one buffer, each unique against `issued` (ranks) when given; returns the cells. */
export function drawCardsTs(shape: CardShape, random: Words, count: number, issued?: Set<bigint>): Uint8Array {
  checkCardShape(shape);
  const size = cellCount(shape);
  const out = new Uint8Array(count * size);
  for (let i = 0; i < count; i++) {
    for (;;) {
      drawCardTs(shape, random, out, i * size);
      if (!issued) break;
      const rank = cardRank(shape, out, i * size);
      if (!issued.has(rank)) {
        issued.add(rank);
        break;
      }
    }
  }
  return out;
}
