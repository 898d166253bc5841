// `bingo validate FILE`'s fast pass (Node), as housie's (housie/validate/fast-pass.ts):
// proves a regular file of cards valid without the codec's JSON.parse per line and sets of
// strings, or gives up and leaves the file to the codec (codec.ts), which words every
// finding as before. It reads only lines exactly as `bingo cards -f jsonl` writes them
// ({"serial":S,"ball":B,"card":[[...],...]} with no spaces, LF or CRLF) and checks each
// against its format's rules as it reads — a subset of what the codec accepts; any other
// line, another format, a repeated serial or two cards with one 64-bit fingerprint, and it
// gives up. Memory: 16 bytes a card.
import { readSync } from "node:fs";
import { MAX_SERIAL } from "../housie/model/serial.js";
import { Fingerprints, Serials, proved, withFile } from "../housie/validate/fast-pass.js";
import { cardShapeOf, isFree, type CardShape } from "./shape.js";

const CHUNK_BYTES = 1 << 20;
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
const SERIAL_KEY = ascii('{"serial":');
const BALL_KEY = ascii(',"ball":');

/** What a file proved valid holds. */
export interface ProvedCards {
  cards: number;
  /** The cards' format ("75", "80", "30"). */
  ball: string;
}

/** The format's layout for the reader: free squares, each column's range, the bytes between the ball and the first row. */
interface Layout {
  shape: CardShape;
  ballAndCard: Uint8Array;
  free: boolean[];
  low: number[];
  high: number[];
}

function layoutOf(ball: string): Layout | undefined {
  let shape: CardShape;
  try {
    shape = cardShapeOf(ball);
  } catch {
    return undefined;
  }
  const free: boolean[] = [];
  for (let r = 0; r < shape.rows; r++) for (let c = 0; c < shape.columns; c++) free.push(isFree(shape, r, c));
  return {
    shape,
    free,
    ballAndCard: ascii(`${shape.ball},"card":[`),
    low: shape.columnRanges.map(([lo]) => lo),
    high: shape.columnRanges.map(([, hi]) => hi),
  };
}

/**
 * Reads `file` (a regular file) and returns its cards and format if `bingo validate`
 * finds nothing in it (`ball`: the format it must be, as --ball), else undefined.
 */
export function proveCardFile(file: string, ball?: string): ProvedCards | undefined {
  return withFile(file, (fd) => {
    const reader = new CardReader(ball);
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES + 2);
    let filled = 0;
    let first = true;
    for (;;) {
      const got = readSync(fd, chunk, filled, CHUNK_BYTES - filled, null);
      filled += got;
      if (got === 0) {
        if (filled === 0) break;
        if (chunk[filled - 1] !== 10) chunk[filled++] = 10; // the last line, without its newline
      }
      let start = first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0; // a byte-order mark opening the file
      first = false;
      const end = chunk.lastIndexOf(10, filled - 1) + 1;
      if (end <= start) return undefined; // a line longer than a chunk: not ours
      while (start < end) {
        start = reader.line(chunk, start);
        if (start < 0) return undefined;
      }
      chunk.copyWithin(0, end, filled);
      filled -= end;
      if (got === 0) break;
    }
    if (reader.layout === undefined) return undefined;
    const verdict = proved([{ records: reader.cards, per: 1, ...reader.fingerprints.proof(), ...reader.serials.proof() }]);
    return verdict && { cards: verdict.records, ball: reader.layout.shape.ball };
  });
}

class CardReader {
  cards = 0;
  layout: Layout | undefined;
  readonly fingerprints = new Fingerprints();
  readonly serials = new Serials();

  constructor(private readonly ball: string | undefined) {}

  /** Reads the line at `p` (blank, or a card as written); the next line's start, or -1 to give up. */
  line(b: Uint8Array, p: number): number {
    let q = p;
    while (b[q] === 32 || b[q] === 9 || b[q] === 13) q++;
    if (b[q] === 10) return q + 1; // a blank line
    for (let k = 0; k < SERIAL_KEY.length; k++) if (b[p++] !== SERIAL_KEY[k]) return -1;
    const from = p;
    while (b[p]! >= 48 && b[p]! <= 57) p++;
    const digits = p - from;
    if (digits === 0 || digits > 20 || (b[from] === 48 && digits > 1)) return -1;
    let serial: bigint;
    if (digits <= 15) {
      let n = 0;
      for (let i = from; i < p; i++) n = n * 10 + b[i]! - 48;
      serial = BigInt(n);
    } else {
      serial = BigInt(String.fromCharCode(...b.subarray(from, p)));
      if (serial > MAX_SERIAL) return -1;
    }
    for (let k = 0; k < BALL_KEY.length; k++) if (b[p++] !== BALL_KEY[k]) return -1;
    if (this.layout === undefined) {
      let q2 = p;
      while (b[q2]! >= 48 && b[q2]! <= 57) q2++;
      const ball = String.fromCharCode(...b.subarray(p, q2));
      if (this.ball !== undefined && ball !== this.ball) return -1;
      this.layout = layoutOf(ball);
      if (this.layout === undefined || this.layout.shape.ball !== ball) return -1;
    }
    const { shape, ballAndCard, free, low, high } = this.layout;
    for (let k = 0; k < ballAndCard.length; k++) if (b[p++] !== ballAndCard[k]) return -1;
    // The grid, each square checked as read; two hashes of its numbers make the card's fingerprint.
    let h = 0x9e3779b9;
    let g = 0x7f4a7c15;
    const seen = this.seen;
    seen.fill(0);
    let cell = 0;
    for (let r = 0; r < shape.rows; r++) {
      if (b[p++] !== 91) return -1; // [
      for (let c = 0; c < shape.columns; c++, cell++) {
        let x = 0;
        if (free[cell]) {
          if (b[p] !== 110 || b[p + 1] !== 117 || b[p + 2] !== 108 || b[p + 3] !== 108) return -1; // null
          p += 4;
        } else {
          const d0 = b[p]! - 48;
          if (d0 < 1 || d0 > 9) return -1;
          const d1 = b[p + 1]! - 48;
          if (d1 >= 0 && d1 <= 9) {
            x = d0 * 10 + d1;
            p += 2;
          } else {
            x = d0;
            p++;
          }
          if (x < low[c]! || x > high[c]!) return -1;
          const bit = 1 << (x - low[c]!); // a column's range is at most 20 numbers
          if (seen[c]! & bit) return -1;
          seen[c] = seen[c]! | bit;
        }
        h = Math.imul(h ^ x, 0x85ebca6b);
        h ^= h >>> 13;
        g = Math.imul(g ^ x, 0xcc9e2d51);
        g ^= g >>> 15;
        if (b[p++] !== (c === shape.columns - 1 ? 93 : 44)) return -1; // ] after the row, else ,
      }
      if (b[p++] !== (r === shape.rows - 1 ? 93 : 44)) return -1; // ] after the grid, else ,
    }
    if (b[p++] !== 125) return -1; // }
    if (b[p] === 13) p++; // CRLF
    if (b[p++] !== 10) return -1;
    h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
    g = Math.imul(g ^ (g >>> 16), 0x1b873593);
    this.serials.add(serial);
    if (!this.fingerprints.addOne(h ^ (h >>> 15), g ^ (g >>> 13))) return -1;
    this.cards++;
    return p;
  }

  private readonly seen = new Uint32Array(16);
}
