// The QR encoder of src/housie/output/qr.ts against the qrcode package (a devDependency
// kept for this cross-check): the same text in the same mode gives the same version,
// mask and every module, across the three modes and versions 1 to 40; and jsQR reads
// each symbol back to its text.
import { describe, expect, it } from "vitest";
import QRCode from "qrcode";
import jsqrModule from "jsqr";
import { qrMatrix, type QrLevel } from "../../src/housie/output/qr.js";

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsqrModule as unknown as { default?: Decode }).default ?? jsqrModule) as unknown as Decode;

/** A deterministic generator of test texts (xorshift32). */
function texts(seed: number, alphabet: string, lengths: number[]): string[] {
  let x = seed;
  const next = (): number => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), x >>> 0);
  return lengths.map((len) => Array.from({ length: len }, () => alphabet[next() % alphabet.length]).join(""));
}

const NUMERIC = "0123456789";
const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
const BYTES = "abcxyz09-_/é€ß ";
const MODES: [string, string, number[]][] = [
  ["numeric", NUMERIC, [1, 2, 3, 7, 41, 100, 400, 1500]],
  ["alphanumeric", ALNUM, [1, 2, 5, 34, 46, 120, 600, 1200]],
  ["byte", BYTES, [1, 10, 17, 60, 200, 500, 900]],
];

/** The mode qrMatrix picks: the most compact that holds the whole text (a short random "byte" text may be all digits). */
const modeOf = (text: string): string => (/^[0-9]*$/.test(text) ? "numeric" : [...text].every((ch) => ALNUM.includes(ch)) ? "alphanumeric" : "byte");

function reference(text: string, level: QrLevel) {
  const segment = { data: text, mode: modeOf(text) } as unknown as QRCode.QRCodeSegment; // qrcode reads a string in any mode
  const code = QRCode.create([segment], { errorCorrectionLevel: level });
  return { version: code.version, mask: code.maskPattern, data: Array.from(code.modules.data as Uint8Array, Number) };
}

describe("qrMatrix", () => {
  for (const [mode, alphabet, lengths] of MODES) {
    for (const level of ["L", "M", "Q", "H"] as QrLevel[]) {
      it(`${mode} texts at level ${level}: the qrcode package's symbol, module for module`, () => {
        for (const text of texts(mode.length * 31 + level.charCodeAt(0), alphabet, lengths)) {
          const mine = qrMatrix(text, level);
          expect({ version: mine.version, mask: mine.mask, data: Array.from(mine.data) }, `${mode} ${text.length}`).toEqual(reference(text, level));
        }
      });
    }
  }

  it("reaches version 40 and refuses more than a symbol holds", () => {
    expect(qrMatrix("7".repeat(7089), "L").version).toBe(40);
    expect(() => qrMatrix("7".repeat(7090), "L")).toThrow(RangeError);
  });

  it("jsQR reads the tickets' codes and other texts back", () => {
    for (const text of ["TG1/HALL7/18446744073709551610-6-4", "TG1/S2026/1-1-7", "hello, wörld", "0123456789"]) {
      const { size, data } = qrMatrix(text);
      const scale = 4;
      const side = (size + 8) * scale;
      const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
      for (let y = 0; y < side; y++) {
        for (let x = 0; x < side; x++) {
          const r = Math.floor(y / scale) - 4;
          const c = Math.floor(x / scale) - 4;
          if (r >= 0 && c >= 0 && r < size && c < size && data[r * size + c]) rgba.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
        }
      }
      expect(jsQR(rgba, side, side)?.data).toBe(text);
    }
  });
});
