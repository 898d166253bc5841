// JSON Lines for generated books and tickets, written straight from `cells` as bytes so
// that formatting keeps up with generation:
//   {"serial":S,"tickets":[[[n|null x9] x3] x k]}\n   (k = 6 for a book, 1 for a ticket)
// The write position stays in a local (globals cost a memory access each).
import { within } from "../common/guard";

import { cells, BATCH, CELLS_PER_TICKET } from "./sample";

// A book line takes at most 898 bytes (6 tickets of 142, the serial up to 16 digits), a
// ticket line 183; a call formats at most BATCH books or 6 * BATCH tickets.
export const TEXT_CAPACITY = BATCH * 6 * 192;
/** Allocated on first use: a run that never writes JSON Lines (and a single ticket's
 * start-up) does without these 4.7 MB. */
let text = new StaticArray<u8>(0);
function textBase(): usize {
  if (text.length == 0) text = new StaticArray<u8>(TEXT_CAPACITY);
  return changetype<usize>(text);
}
export function textPtr(): usize {
  return textBase();
}

const NULL_BYTES: u32 = 0x6c6c756e; // "null", little-endian
const HEAD = '{"serial":';
const MIDDLE = ',"tickets":[';

function putAscii(p: usize, s: string): usize {
  for (let i = 0; i < s.length; i++) store<u8>(p++, <u8>s.charCodeAt(i));
  return p;
}

function putSerial(p: usize, serial: u64): usize {
  let scale: u64 = 1;
  while (serial / scale >= 10) scale *= 10;
  while (scale > 0) {
    store<u8>(p++, <u8>(48 + ((serial / scale) % 10)));
    scale /= 10;
  }
  return p;
}

/** Per cell value 0..90: its text and a comma ("null,", "7,", "42,"), little-endian in the
 * low bytes, and the text's length in the top byte. Written 8 bytes at a time (the
 * excess is overwritten by what follows), so a cell costs no branch on its value. */
const CELL_TEXT = new StaticArray<u64>(91);
for (let x = 0; x <= 90; x++) {
  let text: u64;
  if (x == 0) text = (<u64>NULL_BYTES) | ((<u64>44) << 32) | ((<u64>5) << 56);
  else if (x < 10) text = (<u64>(48 + x)) | ((<u64>44) << 8) | ((<u64>2) << 56);
  else text = (<u64>(48 + x / 10)) | ((<u64>(48 + (x % 10))) << 8) | ((<u64>44) << 16) | ((<u64>3) << 56);
  unchecked((CELL_TEXT[x] = text));
}

function putTicket(p: usize, from: i32): usize {
  const source = changetype<usize>(cells) + <usize>from;
  store<u8>(p++, 91); // [
  for (let r = 0; r < 3; r++) {
    store<u8>(p++, 91);
    for (let j = 0; j < 9; j++) {
      const text = unchecked(CELL_TEXT[<i32>load<u8>(source + <usize>(9 * r + j))]);
      store<u64>(p, text);
      p += <usize>(text >> 56);
    }
    store<u8>(p - 1, 93); // the last cell's comma becomes the row's ]
    store<u8>(p++, 44);
  }
  store<u8>(p - 1, 93); // the last row's comma becomes the ticket's ]
  return p;
}

/**
 * Formats `count` groups of `perGroup` tickets (6 = books, 1 = tickets) from `cells`,
 * serials from `firstSerial`; returns the number of bytes written to `text`.
 */
export function formatJsonl(count: i32, perGroup: i32, firstSerial: u64): i32 {
  within(perGroup, 1, 6, "limit-exceeded: formatJsonl: more than 6 tickets a record");
  within(count * perGroup, 0, 6 * BATCH, "limit-exceeded: formatJsonl: tickets past 6 * BATCH");
  const start = textBase();
  let p = start;
  for (let g = 0; g < count; g++) {
    p = putAscii(p, HEAD);
    p = putSerial(p, firstSerial + <u64>g);
    p = putAscii(p, MIDDLE);
    const base = g * perGroup * CELLS_PER_TICKET;
    for (let t = 0; t < perGroup; t++) {
      if (t > 0) store<u8>(p++, 44);
      p = putTicket(p, base + t * CELLS_PER_TICKET);
    }
    store<u8>(p++, 93); // ]
    store<u8>(p++, 125); // }
    store<u8>(p++, 10);
  }
  return <i32>(p - start);
}
