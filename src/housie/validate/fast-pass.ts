// `housie validate FILE`'s fast pass (Node): proves a regular file valid, or gives up.
// The series codec (series/decoder.ts) words every finding in file order, so it keeps a
// set of every ticket seen and probes it once a ticket — random reads over hundreds of
// megabytes, most of a big file's time. A file written by `housie books` breaks no rule
// at all; proving that needs no set: the kernel reads each line (its parseLines, the
// codec's own fast path, which accepts only lines that break no rule), the serials count
// up or are compared as whole numbers, and each ticket's key leaves a 64-bit fingerprint;
// fingerprints all different mean tickets all different. Anything else — a line the
// kernel does not read, a repeated serial, two equal fingerprints (a repeated ticket or,
// about once in 10^6 files of a million books, two that only share a fingerprint), a read
// error — and the pass gives up: the caller reads the file again with the codec, which
// finds and words every violation exactly as before. Giving up costs the pass's time only.
//
// Memory: the kernel's read buffers, and 16 bytes a ticket (its fingerprint, and a second
// copy while they are sorted into buckets) — the codec's set takes 40 to 80.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { housieKernel } from "../kernel.js";

/** What a file proved valid holds. */
export interface ProvedSeries {
  records: number;
  tickets: number;
}

/** Fingerprints are sorted by their top bits into this many buckets, each then checked in cache. */
const BUCKET_BITS = 10;
/** The most tickets the pass takes on (16 bytes each); a bigger file goes to the codec. */
const MAX_TICKETS = 2 ** 28;

/**
 * Reads `file` (a regular file, not standard input) and returns its records and tickets
 * if it breaks no rule of `housie validate`, else undefined (then ask the codec).
 */
export function proveSeriesFile(file: string): ProvedSeries | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined; // the codec says why
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    return provedFrom(fd);
  } catch {
    return undefined; // a read error: the codec meets it again and says so
  } finally {
    closeSync(fd);
  }
}

/** 64-bit fingerprints of tickets' keys, as (low, high) word pairs, with a count per bucket of their high word. */
class Fingerprints {
  words = new Uint32Array(1 << 16);
  count = 0;
  readonly buckets = new Uint32Array((1 << BUCKET_BITS) + 1);

  /** Adds the fingerprints of `n` keys of 4 words at `keys[0..)`; false past MAX_TICKETS. */
  add(keys: Uint32Array, n: number): boolean {
    if (this.count + n > MAX_TICKETS) return false;
    if (2 * (this.count + n) > this.words.length) {
      let size = this.words.length;
      while (size < 2 * (this.count + n)) size *= 2;
      const bigger = new Uint32Array(size);
      bigger.set(this.words.subarray(0, 2 * this.count));
      this.words = bigger;
    }
    const words = this.words;
    const buckets = this.buckets;
    let at = 2 * this.count;
    for (let i = 0; i < 4 * n; i += 4) {
      const a = keys[i]!, b = keys[i + 1]!, c = keys[i + 2]!, d = keys[i + 3]!;
      // Two different mixes of the four words (murmur3's finaliser constants).
      let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
      h = Math.imul(h ^ (h >>> 16) ^ c, 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13) ^ d, 0xc2b2ae35);
      h ^= h >>> 16;
      let g = Math.imul(d ^ 0x7f4a7c15, 0xcc9e2d51);
      g = Math.imul(g ^ (g >>> 15) ^ c, 0x1b873593);
      g = Math.imul(g ^ (g >>> 13) ^ b, 0xcc9e2d51);
      g = Math.imul(g ^ (g >>> 15) ^ a, 0x1b873593);
      g ^= g >>> 16;
      words[at++] = g;
      words[at++] = h;
      buckets[(h >>> (32 - BUCKET_BITS)) + 1]!++;
    }
    this.count += n;
    return true;
  }

  /** Whether every fingerprint differs from every other: sorted into buckets, then each bucket through a small table. */
  allDifferent(): boolean {
    const n = this.count;
    const buckets = this.buckets;
    const start = new Uint32Array(buckets.length);
    let largest = 0;
    for (let b = 1; b < buckets.length; b++) {
      largest = Math.max(largest, buckets[b]!);
      start[b] = start[b - 1]! + buckets[b]!;
    }
    const sorted = new Uint32Array(2 * n);
    const next = start.slice();
    const words = this.words;
    for (let i = 0; i < 2 * n; i += 2) {
      const to = 2 * next[words[i + 1]! >>> (32 - BUCKET_BITS)]!++;
      sorted[to] = words[i]!;
      sorted[to + 1] = words[i + 1]!;
    }
    let size = 16;
    while (size < 2 * largest) size *= 2;
    const mask = size - 1;
    const table = new Uint32Array(2 * size);
    const used = new Uint8Array(size);
    for (let b = 0; b + 1 < start.length; b++) {
      used.fill(0);
      for (let e = start[b]!; e < start[b + 1]!; e++) {
        const low = sorted[2 * e]!;
        const high = sorted[2 * e + 1]!;
        let slot = (low ^ high) & mask; // the bucket's high bits are shared: mix in the low word
        for (;;) {
          if (used[slot] === 0) {
            used[slot] = 1;
            table[2 * slot] = low;
            table[2 * slot + 1] = high;
            break;
          }
          if (table[2 * slot] === low && table[2 * slot + 1] === high) return false;
          slot = (slot + 1) & mask;
        }
      }
    }
    return true;
  }
}

/** Serials: a counting-up run (checked by its bounds) and the others, kept to be compared once all are read. */
class Serials {
  private first = 0n;
  private last = -1n;
  private live = true;
  private others: bigint[] = [];

  add(serial: bigint): void {
    if (this.live && (this.last < 0n || serial === this.last + 1n)) {
      if (this.last < 0n) this.first = serial;
      this.last = serial;
      return;
    }
    this.live = false;
    this.others.push(serial);
  }

  allDifferent(): boolean {
    if (this.others.length === 0) return true;
    const sorted = BigUint64Array.from(this.others).sort();
    for (let i = 0; i < sorted.length; i++) {
      const s = sorted[i]!;
      if ((i > 0 && s === sorted[i - 1]) || (s >= this.first && s <= this.last)) return false;
    }
    return true;
  }
}

function provedFrom(fd: number): ProvedSeries | undefined {
  const k = housieKernel();
  const size = k.readChunkBytes();
  const maxRecords = k.readMaxRecords();
  const input = k.readInputPtr(); // (allocates the read buffers: the memory does not grow after this)
  const bytes = () => new Uint8Array(k.memory.buffer, input, size);
  const fingerprints = new Fingerprints();
  const serials = new Serials();
  let per = 0; // tickets a record: 6 or 1, from the first record
  let records = 0;
  let filled = 0; // bytes held at the start of the input
  let first = true;
  let ended = false;
  while (!ended) {
    const view = bytes();
    const got = filled < size ? readSync(fd, view, filled, size - filled, null) : 0;
    filled += got;
    if (got === 0) {
      ended = true;
      if (filled === 0) break;
      if (view[filled - 1] !== 10) {
        if (filled === size) return undefined; // no room for the newline the codec adds
        view[filled++] = 10;
      }
    }
    let start = 0;
    if (first && filled >= 3 && view[0] === 0xef && view[1] === 0xbb && view[2] === 0xbf) start = 3; // a byte-order mark opening the file
    first = false;
    const end = view.lastIndexOf(10, filled - 1) + 1;
    if (end <= start) {
      if (filled === size) return undefined; // a line longer than the kernel's input
      continue;
    }
    while (start < end) {
      let n = per === 0 ? 0 : k.parseLines(start, end, per, maxRecords);
      if (per === 0 || (n === 0 && records === 0 && per === 6)) {
        // The first record says books or tickets (as the codec's first line does).
        per = 6;
        n = k.parseLines(start, end, 6, maxRecords);
        if (n === 0 && k.readStoppedAt() < end) {
          per = 1;
          n = k.parseLines(start, end, 1, maxRecords);
        }
      }
      const stopped = k.readStoppedAt();
      if (n === 0 && stopped < end) return undefined; // a line the kernel does not read: the codec's
      if (n > 0) {
        const found = new BigUint64Array(k.memory.buffer, k.readSerialsPtr(), n);
        for (let r = 0; r < n; r++) serials.add(found[r]!);
        if (!fingerprints.add(new Uint32Array(k.memory.buffer, k.readKeysPtr(), 4 * n * per), n * per)) return undefined;
        records += n;
      }
      start = stopped;
    }
    view.copyWithin(0, end, filled);
    filled -= end;
  }
  if (records === 0 || !serials.allDifferent() || !fingerprints.allDifferent()) return undefined;
  return { records, tickets: records * per };
}
