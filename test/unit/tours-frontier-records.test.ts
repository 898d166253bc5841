// The frontier counter's records on disk (src/tours/frontier-records.ts): the kernel's
// packing and unpacking against the TS codec, byte for byte, for keys of one to several
// words and 64- and 128-bit counts; partial records left for the next read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KernelError } from "../../src/errors.js";
import { packRecords, unpackRecords } from "../../src/tours/frontier-records.js";
import { toursModule } from "../../src/tours/kernel.js";

const kernel = toursModule.exports;
const INPUT_STATES = 4096;

/** The kernel set up for entries of a frontier `width` wide (its key words) and the count width; returns the entry bytes. */
function setUp(width: number, wide: boolean): number {
  kernel.frontierBegin(4);
  kernel.frontierSetMemoryCap(64);
  kernel.frontierSetWideCounts(wide);
  return kernel.frontierHostBegin(false, width, INPUT_STATES);
}

const bytes = (address: number, length: number) => new Uint8Array(kernel.memory.buffer as ArrayBuffer, address >>> 0, length);

/** Entries of `entryBytes` whose limbs have every length from 0 to 8 bytes (a limb of length l: its byte l − 1 not 0). */
const entriesOf = (entryBytes: number, n: number) =>
  fc
    .array(fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 255 })), { minLength: entryBytes / 8, maxLength: entryBytes / 8 }), {
      minLength: 1,
      maxLength: n,
    })
    .map((list) => {
      const out = new Uint8Array(list.length * entryBytes);
      list.forEach((limbs, t) =>
        limbs.forEach(([length, top], i) => {
          const at = t * entryBytes + 8 * i;
          for (let j = 0; j < length; j++) out[at + j] = j === length - 1 ? top : (t * 31 + i * 7 + j * 13) & 255;
        }),
      );
      return out;
    });

describe("frontier records", () => {
  it.each([
    [10, false],
    [40, false],
    [40, true],
    [100, true],
  ])("a frontier %i wide, 128-bit counts %s: the kernel packs as the TS codec, and unpacks to the entries", (width, wide) => {
    const E = setUp(width, wide);
    const most = kernel.frontierDiskRecordMostBytes();
    expect(most).toBe(E + ((E / 8 + 1) >> 1));
    fc.assert(
      fc.property(entriesOf(E, 200), (entries) => {
        const n = entries.length / E;
        const input = kernel.frontierHostInput() >>> 0;
        const records = input + 1024 * E;
        const back = input + 2048 * E;
        bytes(input, entries.length).set(entries);
        const length = kernel.frontierDiskPack(input, n, records);
        const packed = packRecords(entries, E);
        expect(bytes(records, length)).toEqual(packed);
        expect(length).toBeLessThanOrEqual(n * most);
        // Unpacked whole, by the kernel and by TS.
        expect(kernel.frontierDiskUnpack(records, length, back, n + 5)).toBe(n);
        expect(kernel.frontierDiskUnpacked()).toBe(length);
        expect(bytes(back, n * E)).toEqual(entries);
        expect(unpackRecords(packed, E, "test")).toEqual(entries);
        // A read that ends inside the last record: the others, that record's bytes left.
        const lastLength = packRecords(entries.subarray((n - 1) * E), E).length;
        expect(kernel.frontierDiskUnpack(records, length - 1, back, n)).toBe(n - 1);
        expect(kernel.frontierDiskUnpacked()).toBe(length - lastLength);
        // At most `most` entries a call.
        expect(kernel.frontierDiskUnpack(records, length, back, 1)).toBe(1);
        expect(kernel.frontierDiskUnpacked()).toBe(packRecords(entries.subarray(0, E), E).length);
      }),
      { numRuns: 30 },
    );
  });

  it("8×8 paths' keys and small counts take well under half their 24 bytes", () => {
    const E = 24;
    const entry = new Uint8Array(E);
    new DataView(entry.buffer).setBigUint64(0, (1n << 62n) - 12345n, true); // a key's first word, nearly full
    new DataView(entry.buffer).setBigUint64(8, 1n, true); // its second, one bit
    new DataView(entry.buffer).setBigUint64(16, 200n, true); // a count of one byte
    expect(packRecords(entry, E).length).toBe(2 + 8 + 1 + 1);
  });

  it("the TS codec refuses records cut short or damaged, naming them", () => {
    const entries = new Uint8Array(32).fill(7);
    const packed = packRecords(entries, 16);
    expect(() => unpackRecords(packed.subarray(0, packed.length - 1), 16, "f.bin")).toThrow(KernelError);
    expect(() => unpackRecords(packed.subarray(0, packed.length - 1), 16, "f.bin")).toThrow(/f\.bin: a record at byte 17/);
    const damaged = packed.slice();
    damaged[0] = 0x9f; // a limb of 15 bytes
    expect(() => unpackRecords(damaged, 16, "f.bin")).toThrow(/f\.bin: a record at byte 0 is damaged/);
  });
});
