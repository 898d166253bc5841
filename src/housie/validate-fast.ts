// The validator's fast path: one JSONL line in exactly the layout `housie --format jsonl`
// writes (no spaces, keys in order, numbers without leading zeros), checked straight on
// its bytes. It answers only "canonical and every rule holds" (then it fills the serial
// and the tickets' keys) or "look closer": any other line, valid or not, goes to the
// rule-by-rule validator (validate.ts), which parses JSON and words every message. So
// the fast path decides no message, and a test checks that both paths give the same
// report on generated, broken and random lines.
// Not read-series.ts's parseFast: that one allows spaces and writes cells for check and
// audit; this one takes only the exact bytes and makes ticket keys in the same pass (the
// serial's digits are shared: serialWordsFromDigits).
import { serialWordsFromDigits } from "./serial.js";

// TextEncoder, not Buffer: this module runs in browsers too (ASCII either way).
const HEAD = new TextEncoder().encode('{"serial":');
const MIDDLE = new TextEncoder().encode(',"tickets":[');
/** Per number 0..99: its column (0-8), or 9 for none. */
const COLUMN_OF = Uint8Array.from({ length: 100 }, (_, x) => (x < 1 || x > 90 ? 9 : x === 90 ? 8 : Math.floor(x / 10)));
/** Per column, the last number seen plus a stamp that grows by 128 per ticket, so that
 * entries of earlier tickets are always below the current stamp (no reset per ticket). */
const lastInColumn = new Int32Array(9);
let stamp = 0;

/**
 * Checks bytes [start, end) of `b` (one line, without its newline). Returns the number
 * of tickets (6 or 1) when the line is canonical and breaks no rule, with the serial as
 * two 32-bit words (low, high) in `serial` at serialAt and each ticket's key
 * (validTicketKey's words) in `keys` at keysAt + 4 t; returns 0 otherwise.
 */
export function fastValidLine(b: Uint8Array, start: number, end: number, serial: Uint32Array, serialAt: number, keys: Uint32Array, keysAt: number): number {
  let p = start;
  if (end - start < 40) return 0;
  for (let i = 0; i < 10; i++) if (b[p + i] !== HEAD[i]) return 0;
  p += 10;
  const digitsStart = p;
  while (p < end && b[p]! >= 48 && b[p]! <= 57) p++;
  if (!serialWordsFromDigits(b, digitsStart, p, serial, serialAt)) return 0;
  for (let i = 0; i < 12; i++) if (b[p + i] !== MIDDLE[i]) return 0;
  p += 12;
  let seen0 = 0, seen1 = 0, seen2 = 0;
  let tickets = 0;
  for (;;) {
    if (tickets === 6 || b[p++] !== 91) return 0;
    let pattern = 0, k0 = 0, k1 = 0, k2 = 0;
    stamp += 128;
    if (stamp > 0x3fffff00) { stamp = 128; lastInColumn.fill(0); }
    for (let r = 0; r < 3; r++) {
      if (b[p++] !== 91) return 0;
      let filled = 0;
      for (let j = 0; j < 9; j++) {
        const c = b[p]!;
        if (c === 110) {
          if (b[p + 1] !== 117 || b[p + 2] !== 108 || b[p + 3] !== 108) return 0;
          p += 4;
        } else {
          if (c < 49 || c > 57) return 0;
          let x = c - 48;
          const d = b[++p]!;
          if (d >= 48 && d <= 57) { x = x * 10 + d - 48; p++; }
          if (COLUMN_OF[x] !== j || stamp + x <= lastInColumn[j]!) return 0;
          lastInColumn[j] = stamp + x;
          filled++;
          pattern |= 1 << (9 * r + j);
          if (x <= 32) k0 |= 1 << (x - 1);
          else if (x <= 64) k1 |= 1 << (x - 33);
          else k2 |= 1 << (x - 65);
        }
        if (b[p++] !== (j < 8 ? 44 : 93)) return 0;
      }
      if (filled !== 5) return 0;
      if (b[p++] !== (r < 2 ? 44 : 93)) return 0;
    }
    if (((pattern | (pattern >>> 9) | (pattern >>> 18)) & 0x1ff) !== 0x1ff) return 0; // an empty column
    if ((seen0 & k0) | (seen1 & k1) | (seen2 & k2)) return 0; // a number twice in the book
    seen0 |= k0; seen1 |= k1; seen2 |= k2;
    const at = keysAt + 4 * tickets++;
    keys[at] = k0;
    keys[at + 1] = k1;
    keys[at + 2] = k2 | ((pattern & 0x3f) << 26);
    keys[at + 3] = pattern >>> 6;
    const next = b[p++];
    if (next === 93) break;
    if (next !== 44) return 0;
  }
  if (b[p++] !== 125 || p !== end) return 0;
  if (tickets === 6) return (seen0 | 0) === -1 && (seen1 | 0) === -1 && seen2 === 0x3ffffff ? 6 : 0;
  return tickets === 1 ? 1 : 0;
}
