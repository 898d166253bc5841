// A QR code encoder (ISO/IEC 18004) for the tickets' codes, without a dependency: the
// `qrcode` package brought yargs and a `qrcode` command into every user's project for
// these ~40-character texts. One segment in the most compact mode that holds the whole
// text (numeric, alphanumeric or UTF-8 bytes), the smallest version that fits, and the
// mask of least penalty, as the standard's rules score it. test/unit/housie-qr-encoder
// checks each matrix module for module against the qrcode package and decodes it with jsQR.

/** Error correction: L, M, Q or H (7, 15, 25, 30 % of the code may be lost). */
export type QrLevel = "L" | "M" | "Q" | "H";

/** A QR symbol: `size`×`size` modules, row by row, 1 dark. */
export interface QrMatrix {
  readonly size: number;
  readonly version: number;
  readonly mask: number;
  readonly data: Uint8Array;
}

const LEVELS: readonly QrLevel[] = ["L", "M", "Q", "H"];
/** The format information's two bits of each level. */
const LEVEL_BITS: Record<QrLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

// Per version 1..40 and level L, M, Q, H: the error correction blocks and codewords (the standard's table 9).
const BLOCKS = [
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 2, 4, 1, 2, 4, 4, 2, 4, 4, 4, 2, 4, 6, 5, 2, 4, 6, 6, 2, 5, 8, 8, 4, 5, 8, 8, 4, 5, 8, 11, 4, 8, 10, 11, 4, 9, 12,
  16, 4, 9, 16, 16, 6, 10, 12, 18, 6, 10, 17, 16, 6, 11, 16, 19, 6, 13, 18, 21, 7, 14, 21, 25, 8, 16, 20, 25, 8, 17, 23, 25, 9, 17, 23, 34, 9, 18, 25, 30, 10,
  20, 27, 32, 12, 21, 29, 35, 12, 23, 34, 37, 12, 25, 34, 40, 13, 26, 35, 42, 14, 28, 38, 45, 15, 29, 40, 48, 16, 31, 43, 51, 17, 33, 45, 54, 18, 35, 48, 57,
  19, 37, 51, 60, 19, 38, 53, 63, 20, 40, 56, 66, 21, 43, 59, 70, 22, 45, 62, 74, 24, 47, 65, 77, 25, 49, 68, 81,
];
const EC_CODEWORDS = [
  7, 10, 13, 17, 10, 16, 22, 28, 15, 26, 36, 44, 20, 36, 52, 64, 26, 48, 72, 88, 36, 64, 96, 112, 40, 72, 108, 130, 48, 88, 132, 156, 60, 110, 160, 192, 72,
  130, 192, 224, 80, 150, 224, 264, 96, 176, 260, 308, 104, 198, 288, 352, 120, 216, 320, 384, 132, 240, 360, 432, 144, 280, 408, 480, 168, 308, 448, 532, 180,
  338, 504, 588, 196, 364, 546, 650, 224, 416, 600, 700, 224, 442, 644, 750, 252, 476, 690, 816, 270, 504, 750, 900, 300, 560, 810, 960, 312, 588, 870, 1050,
  336, 644, 952, 1110, 360, 700, 1020, 1200, 390, 728, 1050, 1260, 420, 784, 1140, 1350, 450, 812, 1200, 1440, 480, 868, 1290, 1530, 510, 924, 1350, 1620, 540,
  980, 1440, 1710, 570, 1036, 1530, 1800, 570, 1064, 1590, 1890, 600, 1120, 1680, 1980, 630, 1204, 1770, 2100, 660, 1260, 1860, 2220, 720, 1316, 1950, 2310,
  750, 1372, 2040, 2430,
];

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

type Mode = { bits: number; countBits: [number, number, number]; length: number; write(out: BitWriter): void };

class BitWriter {
  readonly bytes: number[] = [];
  length = 0;
  put(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      if (this.length % 8 === 0) this.bytes.push(0);
      if ((value >>> i) & 1) this.bytes[this.bytes.length - 1]! |= 0x80 >>> (this.length % 8);
      this.length++;
    }
  }
}

/** The most compact single segment that holds all of `text`. */
function segment(text: string): Mode {
  if (/^[0-9]*$/.test(text)) {
    return {
      bits: 1,
      countBits: [10, 12, 14],
      length: text.length,
      write(out) {
        for (let i = 0; i < text.length; i += 3) {
          const group = text.slice(i, i + 3);
          out.put(Number(group), group.length * 3 + 1);
        }
      },
    };
  }
  if ([...text].every((ch) => ALPHANUMERIC.includes(ch))) {
    return {
      bits: 2,
      countBits: [9, 11, 13],
      length: text.length,
      write(out) {
        for (let i = 0; i + 1 < text.length; i += 2) out.put(ALPHANUMERIC.indexOf(text[i]!) * 45 + ALPHANUMERIC.indexOf(text[i + 1]!), 11);
        if (text.length % 2) out.put(ALPHANUMERIC.indexOf(text.at(-1)!), 6);
      },
    };
  }
  const bytes = new TextEncoder().encode(text);
  return {
    bits: 4,
    countBits: [8, 16, 16],
    length: bytes.length,
    write(out) {
      for (const b of bytes) out.put(b, 8);
    },
  };
}

/** Modules of a version that carry codewords (all but finder, timing, alignment, format and version patterns). */
function totalCodewords(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;
  }
  return Math.floor(modules / 8);
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1: exponentials and logarithms.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x = (x << 1) ^ (x & 0x80 ? 0x11d : 0);
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
const mul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

/** The Reed-Solomon remainder of `data` by the generator of degree `degree`. */
function reedSolomon(data: readonly number[], degree: number): number[] {
  let generator = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(generator.length + 1).fill(0);
    generator.forEach((g, j) => {
      next[j]! ^= g;
      next[j + 1]! ^= mul(g, EXP[i]!);
    });
    generator = next;
  }
  const rest = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift()!;
    rest.push(0);
    for (let j = 0; j < degree; j++) rest[j]! ^= mul(generator[j + 1]!, factor);
  }
  return rest;
}

/** The data and error correction codewords of `text`, interleaved as the symbol reads them. */
function codewords(mode: Mode, version: number, level: number): number[] {
  const total = totalCodewords(version);
  const blocks = BLOCKS[(version - 1) * 4 + level]!;
  const dataCount = total - EC_CODEWORDS[(version - 1) * 4 + level]!;
  const out = new BitWriter();
  out.put(mode.bits, 4);
  out.put(mode.length, mode.countBits[version < 10 ? 0 : version < 27 ? 1 : 2]);
  mode.write(out);
  const capacity = dataCount * 8;
  out.put(0, Math.min(4, capacity - out.length)); // terminator
  if (out.length % 8) out.put(0, 8 - (out.length % 8));
  for (let pad = 0xec; out.bytes.length < dataCount; pad ^= 0xec ^ 0x11) out.put(pad, 8);
  const shortBlocks = blocks - (total % blocks);
  const shortData = Math.floor(dataCount / blocks);
  const ecCount = Math.floor(total / blocks) - shortData;
  const data: number[][] = [];
  const ec: number[][] = [];
  for (let b = 0, at = 0; b < blocks; b++) {
    const size = shortData + (b < shortBlocks ? 0 : 1);
    data.push(out.bytes.slice(at, at + size));
    ec.push(reedSolomon(data[b]!, ecCount));
    at += size;
  }
  const result: number[] = [];
  for (let i = 0; i <= shortData; i++) for (const block of data) if (i < block.length) result.push(block[i]!);
  for (let i = 0; i < ecCount; i++) for (const block of ec) result.push(block[i]!);
  return result;
}

/** The BCH code of `value` (`bits` long) by `generator` of degree `degree`, appended. */
function bch(value: number, generator: number, degree: number): number {
  let rest = value << degree;
  for (let bit = 31 - Math.clz32(generator); 31 - Math.clz32(rest) >= bit;) rest ^= generator << (31 - Math.clz32(rest) - bit);
  return (value << degree) | rest;
}

const MASKS: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r * c) % 3) + ((r + c) % 2)) % 2 === 0,
];

/** The standard's penalty of a masked symbol: runs, 2×2 blocks, finder-like patterns, dark balance. */
function penalty(m: Uint8Array, n: number): number {
  let points = 0;
  for (let i = 0; i < n; i++) {
    let rowRun = 0,
      colRun = 0,
      rowLast = -1,
      colLast = -1,
      rowBits = 0,
      colBits = 0;
    for (let j = 0; j < n; j++) {
      const a = m[i * n + j]!;
      const b = m[j * n + i]!;
      if (a === rowLast) rowRun++;
      else {
        if (rowRun >= 5) points += rowRun - 2;
        rowLast = a;
        rowRun = 1;
      }
      if (b === colLast) colRun++;
      else {
        if (colRun >= 5) points += colRun - 2;
        colLast = b;
        colRun = 1;
      }
      rowBits = ((rowBits << 1) & 0x7ff) | a;
      colBits = ((colBits << 1) & 0x7ff) | b;
      if (j >= 10 && (rowBits === 0x5d0 || rowBits === 0x05d)) points += 40;
      if (j >= 10 && (colBits === 0x5d0 || colBits === 0x05d)) points += 40;
    }
    if (rowRun >= 5) points += rowRun - 2;
    if (colRun >= 5) points += colRun - 2;
  }
  let dark = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      dark += m[r * n + c]!;
      if (r < n - 1 && c < n - 1) {
        const sum = m[r * n + c]! + m[r * n + c + 1]! + m[(r + 1) * n + c]! + m[(r + 1) * n + c + 1]!;
        if (sum === 0 || sum === 4) points += 3;
      }
    }
  }
  return points + 10 * Math.abs(Math.ceil((dark * 100) / (n * n) / 5) - 10);
}

/** The alignment patterns' centre coordinates of a version (each pair of them, but those on the finders). */
function alignmentCoordinates(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const coords = [size - 7];
  for (let i = 1; i < count - 1; i++) coords.push(coords[i - 1]! - step);
  coords.push(6);
  return coords.reverse();
}

/** The QR symbol of `text` at error correction `level` (default Q, as the tickets print). */
export function qrMatrix(text: string, level: QrLevel = "Q"): QrMatrix {
  const l = LEVELS.indexOf(level);
  const mode = segment(text);
  let version = 1;
  for (; version <= 40; version++) {
    const bits = 4 + mode.countBits[version < 10 ? 0 : version < 27 ? 1 : 2] + dataBits(mode);
    if (
      mode.length < 1 << mode.countBits[version < 10 ? 0 : version < 27 ? 1 : 2] &&
      bits <= (totalCodewords(version) - EC_CODEWORDS[(version - 1) * 4 + l]!) * 8
    )
      break;
  }
  if (version > 40) throw new RangeError(`a QR code holds at most 2953 bytes; this text needs more`);
  const n = version * 4 + 17;
  const m = new Uint8Array(n * n);
  const fixed = new Uint8Array(n * n); // 1: a function module, never data nor masked
  const set = (r: number, c: number, dark: boolean | number): void => {
    m[r * n + c] = dark ? 1 : 0;
    fixed[r * n + c] = 1;
  };
  for (const [fr, fc] of [
    [0, 0],
    [n - 7, 0],
    [0, n - 7],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        if (fr + r < 0 || fr + r >= n || fc + c < 0 || fc + c >= n) continue;
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        set(fr + r, fc + c, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < n - 8; i++) {
    set(i, 6, i % 2 === 0);
    set(6, i, i % 2 === 0);
  }
  const coords = alignmentCoordinates(version);
  coords.forEach((ar, i) =>
    coords.forEach((ac, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === coords.length - 1) || (i === coords.length - 1 && j === 0)) return;
      for (let r = -2; r <= 2; r++) for (let c = -2; c <= 2; c++) set(ar + r, ac + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
    }),
  );
  const format = (mask: number): void => {
    const bits = bch((LEVEL_BITS[level] << 3) | mask, 0x537, 10) ^ 0x5412;
    for (let i = 0; i < 15; i++) {
      const dark = (bits >> i) & 1;
      set(i < 6 ? i : i < 8 ? i + 1 : n - 15 + i, 8, dark);
      set(8, i < 8 ? n - i - 1 : i < 9 ? 15 - i : 14 - i, dark);
    }
    set(n - 8, 8, 1);
  };
  format(0);
  if (version >= 7) {
    const bits = bch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const dark = (bits >> i) & 1;
      set(Math.floor(i / 3), (i % 3) + n - 11, dark);
      set((i % 3) + n - 11, Math.floor(i / 3), dark);
    }
  }
  const words = codewords(mode, version, l);
  let bit = 0;
  for (let col = n - 1, up = true; col > 0; col -= 2, up = !up) {
    if (col === 6) col--;
    for (let k = 0; k < n; k++) {
      const r = up ? n - 1 - k : k;
      for (const c of [col, col - 1]) {
        if (fixed[r * n + c]) continue;
        m[r * n + c] = bit < words.length * 8 ? (words[bit >> 3]! >>> (7 - (bit & 7))) & 1 : 0;
        bit++;
      }
    }
  }
  const applyMask = (mask: number): void => {
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (!fixed[r * n + c] && MASKS[mask]!(r, c)) m[r * n + c]! ^= 1;
  };
  let best = 0;
  let least = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    format(mask);
    applyMask(mask);
    const p = penalty(m, n);
    applyMask(mask);
    if (p < least) {
      least = p;
      best = mask;
    }
  }
  applyMask(best);
  format(best);
  return { size: n, version, mask: best, data: m };
}

/** Bits of a segment's data (after its mode and count). */
function dataBits(mode: Mode): number {
  const out = new BitWriter();
  mode.write(out);
  return out.length;
}
