// The frontier counter's files hold its entries (key words, then one or two u64 count
// limbs) as records: tag bytes, a nibble a limb giving its length in bytes (0 to 8), then
// each limb's low bytes, little-endian, without its high zero bytes. The keys use few of
// their bits and most counts are small, so 8×8 paths' 24-byte entries take 10 to 12 bytes
// on disk: half the disk and half the reads and writes. The kernel packs and unpacks
// (frontierDiskPack, frontierDiskUnpack, and the bucket splits); this is the same format
// in TS (the baseline the tests hold the kernel to, and the uniform sampler's look-ups),
// and the host's side of the kernel's: records streamed through its input buffer.
import { KernelError } from "../errors.js";
import type { CheckpointStore } from "../io/checkpoint-store.js";
import type { HostTable } from "./frontier-host.js";
import { toursModule } from "./kernel.js";

/** Tag bytes of a record of entries of `entryBytes`: a nibble a limb. */
function tagBytesOf(entryBytes: number): number {
  return (entryBytes / 8 + 1) >> 1;
}

/** Entries of `entryBytes` each (the kernel's layout) packed as records. */
export function packRecords(entries: Uint8Array, entryBytes: number): Uint8Array {
  const limbs = entryBytes / 8;
  const T = tagBytesOf(entryBytes);
  const out = new Uint8Array((entries.length / entryBytes) * (entryBytes + T));
  let p = 0;
  for (let e = 0; e < entries.length; e += entryBytes) {
    const tags = p;
    p += T;
    for (let i = 0; i < limbs; i++) {
      const limb = e + 8 * i; // (bytes copied one by one: no view a limb, in a loop run per state)
      let length = 8;
      while (length > 0 && entries[limb + length - 1] === 0) length--;
      for (let j = 0; j < length; j++) out[p + j] = entries[limb + j]!;
      p += length;
      out[tags + (i >> 1)]! |= length << (4 * (i & 1));
    }
  }
  return out.slice(0, p);
}

/** Records unpacked into entries of `entryBytes`; a record cut short or a limb over 8 bytes is refused (`what` names the bytes). */
export function unpackRecords(records: Uint8Array, entryBytes: number, what: string): Uint8Array {
  const limbs = entryBytes / 8;
  const T = tagBytesOf(entryBytes);
  /** The length of limb i of the record at p. */
  const limbLength = (p: number, i: number): number => ((records[p + (i >> 1)] ?? 0) >> (4 * (i & 1))) & 15;
  // First the records' ends (each checked whole), then the entries in one array.
  const starts: number[] = [];
  for (let p = 0; p < records.length;) {
    let q = p + T;
    for (let i = 0; i < limbs; i++) {
      const length = limbLength(p, i);
      q = length > 8 ? Infinity : q + length;
    }
    if (q > records.length) throw new KernelError("tours", "invariant-broken", `${what}: a record at byte ${p} is damaged or cut short`);
    starts.push(p);
    p = q;
  }
  const out = new Uint8Array(starts.length * entryBytes);
  starts.forEach((p, t) => {
    let q = p + T;
    for (let i = 0; i < limbs; i++) {
      const length = limbLength(p, i);
      out.set(records.subarray(q, q + length), t * entryBytes + 8 * i);
      q += length;
    }
  });
  return out;
}

/** Streams files of records through the kernel's input buffer: `each(n)` per piece of at most `most` entries; false when `each` said so. */
export type RecordStream = (names: readonly string[], most: number, each: (n: number) => boolean) => boolean;

/**
 * The host's side of the kernel's records over `table`'s input buffer: its entries from
 * its start, and the records read from the store into its bytes from `stagingAt` on (the
 * entries a piece unpacks must end before it: the caller's layout says where). `pack`
 * packs n entries at an address into the input buffer, in parts, each handed to `append`
 * with its number of entries (so only when nothing else is in the input buffer).
 */
export function hostRecords(
  store: CheckpointStore,
  table: HostTable,
  stagingAt: number,
): { stream: RecordStream; pack: (address: number, n: number, append: (records: Uint8Array, entries: number) => void) => void } {
  const kernel = toursModule.exports;
  const E = table.entryBytes;
  const most = kernel.frontierDiskRecordMostBytes();
  const inputBytes = table.inputStates * E;
  const stagingBytes = inputBytes - stagingAt;
  if (stagingBytes < 4 * most) throw new KernelError("tours", "invariant-broken", "the input buffer leaves no room to read records");
  const input = (): number => kernel.frontierHostInput() >>> 0;

  const stream: RecordStream = (names, mostStates, each) =>
    names.every((name) => {
      const staging = input() + stagingAt;
      let held = 0; // bytes read and not yet unpacked: a partial record's, at the staging's start
      const whole = store.readPieces(
        name,
        stagingBytes - most,
        (bytes) => table.view(staging + held, bytes),
        (bytes) => {
          held += bytes;
          let from = 0;
          for (;;) {
            const n = kernel.frontierDiskUnpack(staging + from, held - from, input(), mostStates);
            if (n === 0) break;
            from += kernel.frontierDiskUnpacked();
            if (!each(n)) return false;
          }
          if (from > 0) table.view(staging, held).copyWithin(0, from, held);
          held -= from;
          return true;
        },
      );
      if (whole && held !== 0) throw new KernelError("tours", "invariant-broken", `${name} ends inside a record`);
      return whole;
    });

  const pack = (address: number, n: number, append: (records: Uint8Array, entries: number) => void): void => {
    const per = Math.max(1, Math.floor((inputBytes - 8) / most));
    for (let t = 0; t < n; t += per) {
      const m = Math.min(per, n - t);
      const bytes = kernel.frontierDiskPack(address + t * E, m, input());
      append(table.view(input(), bytes), m);
    }
  };
  return { stream, pack };
}
