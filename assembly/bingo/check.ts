// Pattern claims over a whole series: for each card, the call at which it first covers one
// of the game's patterns (a pattern = a mask of squares; free squares are covered from the
// start). The calls become a rank table (number -> its 1-based call, 255 if never called);
// a pattern is covered at the largest rank of its squares, a card wins at the smallest of
// its patterns' (the TS baseline: src/bingo/claims-ts.ts; a call-by-call replay in tests).
import { within } from "../common/guard";
import { cells, freeMask } from "./shape";
import { CARD_BATCH, CARD_STRIDE } from "./sample";

/** The rank of a number never called (and a card that never wins). */
export const NEVER_CALLED: i32 = 255;
/** Most patterns one game checks at once. */
export const MAX_PATTERNS: i32 = 256;

const callRank = new StaticArray<u8>(256);
const patterns = new StaticArray<u64>(MAX_PATTERNS);
let patternCount: i32 = 0;
const checkIn = new StaticArray<u8>(CARD_BATCH * CARD_STRIDE);
const winsOut = new StaticArray<u8>(CARD_BATCH);
const cellRank = new StaticArray<u32>(CARD_STRIDE);

export function checkCardsPtr(): usize {
  return changetype<usize>(checkIn);
}
export function checkWinsPtr(): usize {
  return changetype<usize>(winsOut);
}

/** Forgets the calls and the patterns. */
export function clearGame(): void {
  for (let x = 0; x < 256; x++) unchecked((callRank[x] = <u8>NEVER_CALLED));
  unchecked((callRank[0] = 0));
  patternCount = 0;
}

/** Number x was the call-th call (1..254). */
export function setCardCall(x: i32, call: i32): void {
  within(x, 1, 255, "limit-exceeded: setCardCall: number outside 1-255");
  within(call, 1, NEVER_CALLED - 1, "limit-exceeded: setCardCall: call past 254");
  unchecked((callRank[x] = <u8>call));
}

/** Adds a pattern: squares as bits r·columns+c, low word (cells 0-31) and high word. */
export function addPattern(low: u32, high: u32): void {
  within(patternCount, 0, MAX_PATTERNS - 1, "limit-exceeded: addPattern: more than 256 patterns");
  unchecked((patterns[patternCount++] = ((<u64>high) << 32) | (<u64>low)));
}

/** The call at which each of the first `count` cards of checkIn wins (NEVER_CALLED if none) into winsOut. */
export function checkCards(count: i32): i32 {
  within(count, 0, CARD_BATCH, "limit-exceeded: checkCards: count outside 0-4096");
  const base = changetype<usize>(checkIn);
  const free = freeMask;
  for (let i = 0; i < count; i++) {
    const card = base + <usize>(i * CARD_STRIDE);
    for (let s = 0; s < cells; s++) {
      const rank = ((free >> (<u64>s)) & 1) != 0 ? 0 : <u32>unchecked(callRank[load<u8>(card + <usize>s)]);
      unchecked((cellRank[s] = rank));
    }
    let best: u32 = <u32>NEVER_CALLED;
    for (let p = 0; p < patternCount; p++) {
      let m = unchecked(patterns[p]);
      let worst: u32 = 0;
      while (m != 0) {
        const r = unchecked(cellRank[<i32>ctz<u64>(m)]);
        if (r > worst) worst = r;
        m &= m - 1;
      }
      if (worst < best) best = worst;
    }
    unchecked((winsOut[i] = <u8>best));
  }
  return count;
}
