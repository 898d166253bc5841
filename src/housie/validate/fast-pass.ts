// `housie validate FILE`'s fast pass (Node): proves a regular file valid, or gives up.
// The series codec (series/decoder.ts) words every finding in file order, so it keeps a
// set of every ticket seen and probes it once a ticket — random reads over hundreds of
// megabytes, most of a big file's time. A file written by `housie books` breaks no rule
// at all; proving that needs no set: the kernel reads each line (its parseLines, the
// codec's own fast path, which accepts only lines that break no rule), the serials count
// up or are compared as whole numbers, and each ticket's key leaves a 64-bit fingerprint
// (the kernel hashes it as it reads); fingerprints all different mean tickets all different. Anything else — a line the
// kernel does not read, a repeated serial, two equal fingerprints (a repeated ticket or,
// about once in 10^6 files of a million books, two that only share a fingerprint), a read
// error — and the pass gives up: the caller reads the file again with the codec, which
// finds and words every violation exactly as before. Giving up costs the pass's time only.
//
// A big file on a machine with two cores is read in two halves at once (split at a line
// start), the second by a worker thread with its own kernel (fast-pass-worker.ts); the
// halves' serials and fingerprints are then checked together.
//
// Memory: the kernel's read buffers, and 16 bytes a ticket (its fingerprint, and a second
// copy while they are sorted into buckets) — the codec's set takes 40 to 80.
import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { housieKernel } from "../kernel.js";
import { builtWorkerFile } from "../../workers/file.js";

/** What a file proved valid holds. */
export interface ProvedSeries {
  records: number;
  tickets: number;
}

/** Fingerprints are sorted by their top bits into this many buckets, each then checked in cache. */
const BUCKET_BITS = 10;
/** The most tickets the pass takes on (16 bytes each); a bigger file goes to the codec. */
const MAX_TICKETS = 2 ** 28;

/** Files from this size on are read in two halves at once where two cores are free (a worker's start costs about 50 ms). */
const TWO_HALVES_FROM = 64 << 20;

/** What one range of a file held, proved clean line by line (repeats are checked once every range is in). */
export interface RangeProof {
  records: number;
  /** Tickets a record (6 or 1; 0 with no record). */
  per: number;
  /** The fingerprints' words (low, high) and their count per bucket. */
  words: Uint32Array;
  count: number;
  buckets: Uint32Array;
  /** The serials: a counting-up run [first, last] (none when last < first), and the others. */
  first: bigint;
  last: bigint;
  others: BigUint64Array;
}

/**
 * Reads `file` (a regular file, not standard input) and returns its records and tickets
 * if it breaks no rule of `housie validate`, else undefined (then ask the codec).
 */
export function proveSeriesFile(file: string): ProvedSeries | undefined {
  return withFile(file, (fd, size) => {
    const range = proveRange(fd, 0, size);
    return range && proved([range]);
  });
}

/** proveSeriesFile, a file of `twoHalvesFrom` bytes or more read in two halves at once where two cores are free. */
export async function proveSeriesFileThreaded(file: string, twoHalvesFrom = TWO_HALVES_FROM): Promise<ProvedSeries | undefined> {
  const split = withFile(file, (fd, size) => (size >= twoHalvesFrom && availableParallelism() >= 2 ? lineStartNear(fd, size >>> 1, size) : undefined));
  if (split === undefined) return proveSeriesFile(file);
  let worker: Worker;
  try {
    worker = new Worker(builtWorkerFile("housie/validate/fast-pass-worker.js"), { workerData: { file, from: split } });
  } catch {
    return proveSeriesFile(file); // no worker file or no thread: one pass
  }
  const second = new Promise<RangeProof | undefined>((resolve) => {
    worker.once("message", (m: RangeProof | undefined) => resolve(m));
    worker.once("error", () => resolve(undefined)); // the codec meets whatever it was
    worker.once("exit", () => resolve(undefined));
  });
  try {
    const first = withFile(file, (fd) => proveRange(fd, 0, split));
    const rest = await second;
    return first && rest ? proved([first, rest]) : undefined;
  } finally {
    void worker.terminate();
  }
}

/** Runs `use` on the open file (a regular file), or undefined if it cannot be opened or read. */
export function withFile<T>(file: string, use: (fd: number, size: number) => T | undefined): T | undefined {
  let fd: number;
  try {
    if (!statSync(file).isFile()) return undefined; // before opening: a FIFO's open waits for its writer, and is the codec's to read
    fd = openSync(file, "r");
  } catch {
    return undefined; // the codec says why
  }
  try {
    const stat = fstatSync(fd);
    return stat.isFile() ? use(fd, stat.size) : undefined;
  } catch {
    return undefined; // a read error: the codec meets it again and says so
  } finally {
    closeSync(fd);
  }
}

/** The start of the first line after byte `at` (within 1 MB), or undefined. */
function lineStartNear(fd: number, at: number, size: number): number | undefined {
  const look = Buffer.allocUnsafe(1 << 20);
  const got = readSync(fd, look, 0, look.length, at);
  const newline = look.subarray(0, got).indexOf(10);
  return newline < 0 || at + newline + 1 >= size ? undefined : at + newline + 1;
}

/** The verdict on a file's ranges in order: every serial and every ticket's fingerprint different. */
export function proved(ranges: RangeProof[]): ProvedSeries | undefined {
  const per = ranges.find((r) => r.per !== 0)?.per ?? 0;
  const records = ranges.reduce((n, r) => n + r.records, 0);
  if (records === 0 || ranges.some((r) => r.per !== 0 && r.per !== per)) return undefined; // books and tickets mixed: the codec's
  if (!serialsDifferent(ranges) || !fingerprintsDifferent(ranges)) return undefined;
  return { records, tickets: records * per };
}

/** Whether the ranges' runs do not overlap and their other serials are all different and in no run. */
function serialsDifferent(ranges: RangeProof[]): boolean {
  const runs = ranges
    .filter((r) => r.last >= r.first)
    .map((r) => [r.first, r.last] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  for (let i = 1; i < runs.length; i++) if (runs[i]![0] <= runs[i - 1]![1]) return false;
  const others = new BigUint64Array(ranges.reduce((n, r) => n + r.others.length, 0));
  let at = 0;
  for (const r of ranges) {
    others.set(r.others, at);
    at += r.others.length;
  }
  others.sort();
  let run = 0;
  for (let i = 0; i < others.length; i++) {
    const s = others[i]!;
    if (i > 0 && s === others[i - 1]) return false;
    while (run < runs.length && runs[run]![1] < s) run++;
    if (run < runs.length && runs[run]![0] <= s) return false;
  }
  return true;
}

/** 64-bit fingerprints of tickets' keys, as (low, high) word pairs, with a count per bucket of their high word. */
export class Fingerprints {
  words = new Uint32Array(1 << 16);
  count = 0;
  readonly buckets = new Uint32Array((1 << BUCKET_BITS) + 1);

  /** Adds `n` fingerprints, two words each (low, high) at `prints[0..)`, as the kernel writes them; false past MAX_TICKETS. */
  add(prints: Uint32Array, n: number): boolean {
    if (this.count + n > MAX_TICKETS) return false;
    if (2 * (this.count + n) > this.words.length) {
      let size = this.words.length;
      while (size < 2 * (this.count + n)) size *= 2;
      const bigger = new Uint32Array(size);
      bigger.set(this.words.subarray(0, 2 * this.count));
      this.words = bigger;
    }
    this.words.set(prints.subarray(0, 2 * n), 2 * this.count);
    const buckets = this.buckets;
    for (let i = 1; i < 2 * n; i += 2) buckets[(prints[i]! >>> (32 - BUCKET_BITS)) + 1]!++;
    this.count += n;
    return true;
  }

  /** Adds one fingerprint (two 32-bit words, e.g. bingo's cards: fast-pass.ts there); false past MAX_TICKETS. */
  addOne(low: number, high: number): boolean {
    if (this.count === MAX_TICKETS) return false;
    if (2 * this.count + 2 > this.words.length) {
      const bigger = new Uint32Array(2 * this.words.length);
      bigger.set(this.words);
      this.words = bigger;
    }
    this.words[2 * this.count] = low;
    this.words[2 * this.count + 1] = high;
    this.buckets[(high >>> (32 - BUCKET_BITS)) + 1]!++;
    this.count++;
    return true;
  }

  /** The range's proof (the words trimmed to the fingerprints held). */
  proof(): Pick<RangeProof, "words" | "count" | "buckets"> {
    return { words: this.words.subarray(0, 2 * this.count), count: this.count, buckets: this.buckets };
  }
}

/** Whether every fingerprint of the ranges differs from every other: sorted into buckets, then each bucket through a small table. */
function fingerprintsDifferent(ranges: RangeProof[]): boolean {
  const n = ranges.reduce((sum, r) => sum + r.count, 0);
  const start = new Uint32Array((1 << BUCKET_BITS) + 1);
  let largest = 0;
  for (let b = 1; b < start.length; b++) {
    let size = 0;
    for (const r of ranges) size += r.buckets[b]!;
    largest = Math.max(largest, size);
    start[b] = start[b - 1]! + size;
  }
  const sorted = new Uint32Array(2 * n);
  const next = start.slice();
  for (const { words, count } of ranges) {
    for (let i = 0; i < 2 * count; i += 2) {
      const to = 2 * next[words[i + 1]! >>> (32 - BUCKET_BITS)]!++;
      sorted[to] = words[i]!;
      sorted[to + 1] = words[i + 1]!;
    }
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

/** A range's serials: a counting-up run, checked by its bounds, and the others, kept to be compared once every range is in. */
export class Serials {
  first = 0n;
  last = -1n;
  private live = true;
  private others: bigint[] = [];

  add(serial: bigint): void {
    if (this.live && (this.last < this.first || serial === this.last + 1n)) {
      if (this.last < this.first) this.first = serial;
      this.last = serial;
      return;
    }
    this.live = false;
    this.others.push(serial);
  }

  proof(): Pick<RangeProof, "first" | "last" | "others"> {
    return { first: this.first, last: this.last, others: BigUint64Array.from(this.others) };
  }
}

/**
 * Reads bytes [from, to) of the open file (`from` a line start: 0 for the file's start,
 * where a byte-order mark is skipped; `to` its end or just after a newline), every line
 * by the kernel; undefined at the first line it does not read, or past MAX_TICKETS.
 */
export function proveRange(fd: number, from: number, to: number): RangeProof | undefined {
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
  let first = from === 0;
  let ended = false;
  let position = from;
  while (!ended) {
    const view = bytes();
    const got = filled < size && position < to ? readSync(fd, view, filled, Math.min(size - filled, to - position), position) : 0;
    filled += got;
    position += got;
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
        if (!fingerprints.add(new Uint32Array(k.memory.buffer, k.readPrintsPtr(), 2 * n * per), n * per)) return undefined;
        records += n;
      }
      start = stopped;
    }
    view.copyWithin(0, end, filled);
    filled -= end;
  }
  return { records, per: records === 0 ? 0 : per, ...fingerprints.proof(), ...serials.proof() };
}
