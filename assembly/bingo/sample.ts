// Exactly uniform cards of the shape set by shape.ts (the TS twin: src/bingo/sample-ts.ts,
// the same draws from the same words). Each column is filled top to bottom, free squares
// skipped; each square gets a number drawn uniformly from its column's range, drawn again
// while it is already on the column: uniform over the numbers left, so a column is a
// uniform ordered choice and the card uniform over all ordered cards. The column's
// Lehmer rank (the card's key) is summed on the way: a number's place among the unused
// ones is its offset minus the used numbers below it (one popcount).
import { below } from "../common/random";
import { columns, rows, cells, freeMask, columnLo, columnSize, weight, keyWord, keyMultiplier, MAX_SIDE } from "./shape";
import { issueKey } from "./unique";

/** Cards per generateCards call. */
export const CARD_BATCH: i32 = 4096;
/** Bytes a card takes in the cells buffer (MAX_SIDE²; a card uses its first rows·columns). */
export const CARD_STRIDE: i32 = MAX_SIDE * MAX_SIDE;

const cellsOut = new StaticArray<u8>(CARD_BATCH * CARD_STRIDE);
const keysOut = new StaticArray<u64>(CARD_BATCH * 2);
let redraws: u64 = 0;

export function cardCellsPtr(): usize {
  return changetype<usize>(cellsOut);
}
export function cardKeysPtr(): usize {
  return changetype<usize>(keysOut);
}
/** Whole cards drawn again because they had been issued already (since the instance began). */
export function cardRedraws(): u64 {
  return redraws;
}

/** Draws one card into `out` (rows·columns bytes, 0 on free squares); its key words into keysOut[2i], [2i+1]. */
// @ts-ignore: decorator
@inline function drawCard(out: usize, i: i32): void {
  let k0: u64 = 0;
  let k1: u64 = 0;
  for (let c = 0; c < columns; c++) {
    const lo = unchecked(columnLo[c]);
    const n = <u32>unchecked(columnSize[c]);
    let used: u64 = 0;
    let rank: u64 = 0;
    let t = 0;
    for (let r = 0; r < rows; r++) {
      const cell = r * columns + c;
      if (((freeMask >> (<u64>cell)) & 1) != 0) {
        store<u8>(out + <usize>cell, 0);
        continue;
      }
      let v: u32;
      do v = below(n);
      while (((used >> (<u64>v)) & 1) != 0);
      const bit: u64 = (<u64>1) << (<u64>v);
      rank += <u64>(v - <u32>popcnt<u64>(used & (bit - 1))) * unchecked(weight[c * MAX_SIDE + t]);
      used |= bit;
      store<u8>(out + <usize>cell, <u8>(lo + <i32>v));
      t++;
    }
    if (unchecked(keyWord[c]) == 0) k0 += rank * unchecked(keyMultiplier[c]);
    else k1 += rank * unchecked(keyMultiplier[c]);
  }
  unchecked((keysOut[i << 1] = k0));
  unchecked((keysOut[(i << 1) + 1] = k1));
}

/**
 * Draws `count` (1..CARD_BATCH) cards into the cells buffer (card i at i·CARD_STRIDE),
 * each distinct from every card issued in this instance when `unique`. Returns count.
 */
export function generateCards(count: i32, unique: bool): i32 {
  if (count < 1 || count > CARD_BATCH) abort("limit-exceeded: generateCards: count outside 1-4096");
  if (cells == 0) abort("limit-exceeded: generateCards: no shape set");
  const base = changetype<usize>(cellsOut);
  for (let i = 0; i < count; i++) {
    const out = base + <usize>(i * CARD_STRIDE);
    drawCard(out, i);
    if (unique) {
      while (!issueKey(unchecked(keysOut[i << 1]), unchecked(keysOut[(i << 1) + 1]))) {
        redraws++;
        drawCard(out, i);
      }
    }
  }
  return count;
}
