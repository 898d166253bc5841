// JSON Lines for generated cards, written straight from the cells buffer as bytes so that
// formatting keeps up with generation (the TS twin: src/bingo/format.ts cellsToJsonl):
//   {"serial":S,"ball":B,"card":[[n|null x columns] x rows]}\n   (null on free squares)
import { within } from "../common/guard";
import { rows, columns, freeMask } from "./shape";
import { CARD_BATCH, CARD_STRIDE, cardCellsPtr } from "./sample";

/** Bytes a line may take: the serial (20 digits), the ball, 64 cells of "255," and the brackets. */
const LINE_CAPACITY = 448;
export const CARD_TEXT_CAPACITY: i32 = CARD_BATCH * LINE_CAPACITY;
let text = new StaticArray<u8>(0);
function textBase(): usize {
  if (text.length == 0) text = new StaticArray<u8>(CARD_TEXT_CAPACITY);
  return changetype<usize>(text);
}
export function cardTextPtr(): usize {
  return textBase();
}

/** Per value 0..255: its text and a comma ("null," for 0), little-endian, its length in the top byte. */
const CELL_TEXT = new StaticArray<u64>(256);
for (let x = 0; x < 256; x++) {
  let t: u64;
  if (x == 0) t = (<u64>0x6c6c756e) | ((<u64>44) << 32) | ((<u64>5) << 56);
  else if (x < 10) t = (<u64>(48 + x)) | ((<u64>44) << 8) | ((<u64>2) << 56);
  else if (x < 100) t = (<u64>(48 + x / 10)) | ((<u64>(48 + (x % 10))) << 8) | ((<u64>44) << 16) | ((<u64>3) << 56);
  else
    t =
      (<u64>(48 + x / 100)) |
      ((<u64>(48 + ((x / 10) % 10))) << 8) |
      ((<u64>(48 + (x % 10))) << 16) |
      ((<u64>44) << 24) |
      ((<u64>4) << 56);
  unchecked((CELL_TEXT[x] = t));
}

function putAscii(p: usize, s: string): usize {
  for (let i = 0; i < s.length; i++) store<u8>(p++, <u8>s.charCodeAt(i));
  return p;
}

function putNumber(p: usize, n: u64): usize {
  let scale: u64 = 1;
  while (n / scale >= 10) scale *= 10;
  while (scale > 0) {
    store<u8>(p++, <u8>(48 + ((n / scale) % 10)));
    scale /= 10;
  }
  return p;
}

/**
 * Formats the first `count` cards of the cells buffer, serials from `firstSerial`, format
 * `ball`; returns the bytes written at cardTextPtr().
 */
export function formatCardsJsonl(count: i32, firstSerial: u64, ball: i32): i32 {
  within(count, 0, CARD_BATCH, "limit-exceeded: formatCardsJsonl: count outside 0-4096");
  within(ball, 1, 255, "limit-exceeded: formatCardsJsonl: ball outside 1-255");
  const start = textBase();
  const source = cardCellsPtr();
  let p = start;
  for (let i = 0; i < count; i++) {
    p = putAscii(p, '{"serial":');
    p = putNumber(p, firstSerial + <u64>i);
    p = putAscii(p, ',"ball":');
    p = putNumber(p, <u64>ball);
    p = putAscii(p, ',"card":[');
    const card = source + <usize>(i * CARD_STRIDE);
    for (let r = 0; r < rows; r++) {
      store<u8>(p++, 91);
      for (let c = 0; c < columns; c++) {
        const s = r * columns + c;
        const x = ((freeMask >> (<u64>s)) & 1) != 0 ? 0 : <i32>load<u8>(card + <usize>s);
        const t = unchecked(CELL_TEXT[x]);
        store<u64>(p, t);
        p += <usize>(t >> 56);
      }
      store<u8>(p - 1, 93); // the last cell's comma becomes the row's ]
      store<u8>(p++, 44);
    }
    store<u8>(p - 1, 93); // the last row's comma becomes the card's ]
    store<u8>(p++, 125);
    store<u8>(p++, 10);
  }
  return <i32>(p - start);
}
