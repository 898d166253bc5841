// JSON Lines for generated books and tickets, written straight from `cells` as bytes so
// that formatting keeps up with generation:
//   {"serial":S,"tickets":[[[n|null x9] x3] x k]}\n   (k = 6 for a book, 1 for a ticket)

import { cells, BATCH, CELLS_PER_TICKET, CELLS_PER_BOOK } from "./sample";

export const TEXT_CAPACITY = BATCH * 1024; // a book needs at most 6*27*5+80 bytes
export const text = new StaticArray<u8>(TEXT_CAPACITY);
export function textPtr(): usize { return changetype<usize>(text); }

let at = 0;

// @ts-ignore: decorator
@inline function put(byte: i32): void {
  unchecked(text[at++] = <u8>byte);
}

function putAscii(s: string): void {
  for (let i = 0; i < s.length; i++) put(s.charCodeAt(i));
}

function putSerial(serial: u64): void {
  let digits = 1;
  let scale: u64 = 1;
  while (serial / scale >= 10) { scale *= 10; digits++; }
  while (scale > 0) { put(48 + <i32>(serial / scale % 10)); scale /= 10; }
}

function putTicket(from: i32): void {
  put(91); // [
  for (let r = 0; r < 3; r++) {
    if (r > 0) put(44);
    put(91);
    for (let j = 0; j < 9; j++) {
      if (j > 0) put(44);
      const x = <i32>unchecked(cells[from + 9 * r + j]);
      if (x == 0) { put(110); put(117); put(108); put(108); } // null
      else if (x < 10) put(48 + x);
      else { put(48 + x / 10); put(48 + x % 10); }
    }
    put(93);
  }
  put(93);
}

/**
 * Formats `count` groups of `perGroup` tickets (6 = books, 1 = tickets) from `cells`,
 * serials from `firstSerial`; returns the number of bytes written to `text`.
 */
export function formatJsonl(count: i32, perGroup: i32, firstSerial: u64): i32 {
  at = 0;
  for (let g = 0; g < count; g++) {
    putAscii('{"serial":');
    putSerial(firstSerial + <u64>g);
    putAscii(',"tickets":[');
    const base = g * perGroup * CELLS_PER_TICKET;
    for (let t = 0; t < perGroup; t++) {
      if (t > 0) put(44);
      putTicket(base + t * CELLS_PER_TICKET);
    }
    putAscii("]}\n");
  }
  return at;
}
