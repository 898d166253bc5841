// Reading our JSONL back (for check, audit, --unique-against): the host reads the file
// in chunks into `input`; parseLines turns its complete lines into cells (27 per
// ticket, 0 = blank) and serials, checking every rule of a book or ticket. A line it
// cannot read this way (other key order, other spacing than spaces, a broken rule) stops
// it: the host reads that one with JSON.parse and words the error, then resumes.
import { within } from "../common/guard";
import { COLUMNS, columnFirst, columnSize } from "./patterns";

/** Bytes of input per chunk, and records per call; the wrapper reads both. */
export const READ_CHUNK_BYTES: i32 = 1 << 20;
export const READ_MAX_RECORDS: i32 = 4096;

// The buffers (1.7 MB) are allocated together on first use (any of the pointers or
// parseLines), so that runs that never read a file start without them; they never move.
let input = new StaticArray<u8>(0); // READ_CHUNK_BYTES
let cells = new StaticArray<u8>(0); // READ_MAX_RECORDS * 6 * 27
let serials = new StaticArray<u64>(0); // READ_MAX_RECORDS; exact: serials go up to 2^64-1
let lines = new StaticArray<i32>(0); // READ_MAX_RECORDS
let keys = new StaticArray<u32>(0); // READ_MAX_RECORDS * 6 * 4: each ticket's key, for the host's repeat check
let prints = new StaticArray<u64>(0); // READ_MAX_RECORDS * 6: each ticket's key hashed to 64 bits, for housie validate's fast pass
let readBuffersReady = false;
let serialsBase: usize = 0;
let linesBase: usize = 0;
let keysBase: usize = 0;
let printsBase: usize = 0;

function ensureReadBuffers(): void {
  if (readBuffersReady) return;
  input = new StaticArray<u8>(READ_CHUNK_BYTES);
  cells = new StaticArray<u8>(READ_MAX_RECORDS * 6 * 27);
  serials = new StaticArray<u64>(READ_MAX_RECORDS);
  lines = new StaticArray<i32>(READ_MAX_RECORDS);
  keys = new StaticArray<u32>(READ_MAX_RECORDS * 6 * 4);
  keysBase = changetype<usize>(keys);
  prints = new StaticArray<u64>(READ_MAX_RECORDS * 6);
  printsBase = changetype<usize>(prints);
  serialsBase = changetype<usize>(serials);
  linesBase = changetype<usize>(lines);
  readBuffersReady = true;
}
const columnOf: usize = memory.data(100); // per number 1..90, its column + 1; 0 for 0 and 91..99 (static memory, see draw.ts)
const lastInColumn: usize = memory.data(9); // the compact reader's scratch: a ticket's last number in each column
let stoppedAt: i32 = 0;
let linesRead: i32 = 0;

export function readChunkBytes(): i32 {
  return READ_CHUNK_BYTES;
}
export function readMaxRecords(): i32 {
  return READ_MAX_RECORDS;
}
export function readInputPtr(): usize {
  ensureReadBuffers();
  return changetype<usize>(input);
}
export function readCellsPtr(): usize {
  ensureReadBuffers();
  return changetype<usize>(cells);
}
export function readSerialsPtr(): usize {
  ensureReadBuffers();
  return serialsBase;
}
export function readLinesPtr(): usize {
  ensureReadBuffers();
  return linesBase;
}
/** Each ticket's key, 4 words (numbers 1-32, 33-64, 65-90 with pattern bits 0-5, pattern bits 6-26): the host's ticketKeyFromCells. */
export function readKeysPtr(): usize {
  ensureReadBuffers();
  return keysBase;
}
/** Each ticket's fingerprint (printOf its key), 8 bytes a ticket, beside its key. */
export function readPrintsPtr(): usize {
  ensureReadBuffers();
  return printsBase;
}

// @ts-ignore: decorator
@inline function mix64(h: u64): u64 {
  // murmur3's fmix64
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccd;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53;
  return h ^ (h >> 33);
}

/** A ticket's key (its four words at `key`) hashed to 64 bits, stored beside the key: equal keys, equal fingerprints. */
// @ts-ignore: decorator
@inline function storePrint(key: usize): void {
  const h = mix64(mix64(load<u64>(key) ^ 0x9e3779b97f4a7c15) ^ load<u64>(key, 8));
  store<u64>(printsBase + ((key - keysBase) >> 1), h);
}
/** Where the last parseLines stopped: after its last line, or at the start of a line it could not read. */
export function readStoppedAt(): i32 {
  return stoppedAt;
}
/** Lines (blank ones included) the last parseLines consumed. */
export function readLinesConsumed(): i32 {
  return linesRead;
}

function initColumns(): void {
  if (load<u8>(columnOf + 1) == 1) return;
  for (let j = 0; j < COLUMNS; j++) {
    const first = unchecked(columnFirst[j]);
    for (let x = first; x < first + unchecked(columnSize[j]); x++) store<u8>(columnOf + <usize>x, <u8>(j + 1)); // column + 1
  }
}

/** Every rule of the record's cells at `at` (ranges, 5 per row, columns non-empty and increasing, 1..90 once per book). */
function obeysRules(at: usize, tickets: i32): bool {
  const columns = columnOf;
  let seenLow: u64 = 0;
  let seenHigh: u64 = 0;
  for (let t = 0; t < tickets; t++) {
    const base = at + <usize>t * 27;
    for (let r = 0; r < 3; r++) {
      let filled = 0;
      for (let j = 0; j < 9; j++) {
        const x = <i32>load<u8>(base + <usize>(9 * r + j));
        if (x == 0) continue;
        if (x > 90 || <i32>load<u8>(columns + <usize>x) != j + 1) return false;
        filled++;
        if (x <= 64) {
          const bit: u64 = (<u64>1) << (<u64>(x - 1));
          if (seenLow & bit) return false;
          seenLow |= bit;
        } else {
          const bit: u64 = (<u64>1) << (<u64>(x - 65));
          if (seenHigh & bit) return false;
          seenHigh |= bit;
        }
      }
      if (filled != 5) return false;
    }
    for (let j = 0; j < 9; j++) {
      let last = 0;
      let n = 0;
      for (let r = 0; r < 3; r++) {
        const x = <i32>load<u8>(base + <usize>(9 * r + j));
        if (x == 0) continue;
        if (x <= last) return false;
        last = x;
        n++;
      }
      if (n == 0) return false;
    }
  }
  return tickets != 6 || (seenLow == 0xffffffffffffffff && seenHigh == 0x3ffffff);
}

/** The keys of the record's tickets at `at` (rules obeyed) to `out`, 16 bytes a ticket. */
function writeKeys(at: usize, tickets: i32, out: usize): void {
  for (let t = 0; t < tickets; t++) {
    const base = at + <usize>t * 27;
    let pattern: u32 = 0;
    let low: u64 = 0;
    let high: u32 = 0;
    for (let i = 0; i < 27; i++) {
      const x = <u32>load<u8>(base + <usize>i);
      if (x == 0) continue;
      pattern |= (<u32>1) << (<u32>i);
      if (x <= 64) low |= (<u64>1) << (<u64>(x - 1));
      else high |= (<u32>1) << (x - 65);
    }
    store<u32>(out, <u32>low);
    store<u32>(out, <u32>(low >> 32), 4);
    store<u32>(out, high | ((pattern & 0x3f) << 26), 8);
    store<u32>(out, pattern >> 6, 12);
    storePrint(out);
    out += 16;
  }
}

// Little-endian words of '{"serial":', '"tickets":' and 'null', compared a load at a time.
const SERIAL_WORD: u64 = 0x6c6169726573227b; // {"serial
const SERIAL_TAIL: u16 = 0x3a22; // ":
const NULL_WORD: u32 = 0x6c6c756e; // null

// @ts-ignore: decorator
@inline function isSerialKey(p: usize): bool {
  return load<u64>(p) == SERIAL_WORD && load<u16>(p, 8) == SERIAL_TAIL;
}
// @ts-ignore: decorator
@inline function isTicketsKey(p: usize): bool {
  return load<u64>(p) == 0x7374656b63697422 && load<u16>(p, 8) == 0x3a22;
} // "tickets ":

let nextLine: usize = 0; // set by parseLine: just after the newline ending the line it read
let lineSerial: u64 = 0; // set by parseLine: the serial of the line it read

/**
 * One line of our format starting at p (the chunk ends at `end`) into cells at `out`,
 * its serial into lineSerial; false if it is anything else (a serial of more than 20
 * digits or above 2^64-1 included). Reads up to and including its newline in the same
 * pass (no separate search for line ends).
 */
function parseLine(p: usize, end: usize, out: usize, tickets: i32): bool {
  while (p < end && load<u8>(p) == 32) p++;
  if (end - p < 10 || !isSerialKey(p)) return false;
  p += 10;
  while (p < end && load<u8>(p) == 32) p++;
  let serial: u64 = 0;
  const from = p;
  while (p < end && load<u8>(p) >= 48 && load<u8>(p) <= 57) {
    const d = <u64>(load<u8>(p) - 48);
    if (serial > 1844674407370955161 || (serial == 1844674407370955161 && d > 5)) return false; // past 2^64-1
    serial = serial * 10 + d;
    p++;
  }
  if (p == from || (load<u8>(from) == 48 && p - from > 1)) return false;
  while (p < end && load<u8>(p) == 32) p++;
  if (p >= end || load<u8>(p) != 44) return false;
  p++;
  while (p < end && load<u8>(p) == 32) p++;
  if (end - p < 10 || !isTicketsKey(p)) return false;
  p += 10;
  let depth = 0;
  let c = out;
  const last = out + <usize>(tickets * 27);
  let inRow = 0;
  let rows = 0;
  let seen = 0;
  let afterValue = false;
  let closed = false;
  for (; p < end; p++) {
    const b = <i32>load<u8>(p);
    if (b == 32) continue;
    if (b == 44) {
      if (!afterValue) return false;
      afterValue = false;
    } else if (b == 91) {
      if (afterValue || depth == 3) return false;
      depth++;
      if (depth == 2) rows = 0;
      else if (depth == 3) inRow = 0;
    } else if (b == 93) {
      if (!afterValue) return false;
      if (depth == 3) {
        if (inRow != 9) return false;
        rows++;
      } else if (depth == 2) {
        if (rows != 3) return false;
        seen++;
      } else {
        closed = true;
        break;
      }
      depth--;
    } else if (depth != 3 || afterValue || c == last) {
      return false;
    } else if (b == 110) {
      if (end - p < 4 || load<u32>(p) != NULL_WORD) return false;
      p += 3;
      store<u8>(c++, 0);
      inRow++;
      afterValue = true;
    } else if (b >= 49 && b <= 57) {
      let x = b - 48;
      if (p + 1 < end) {
        const next = <i32>load<u8>(p + 1);
        if (next >= 48 && next <= 57) {
          x = x * 10 + next - 48;
          p++;
        }
      }
      store<u8>(c++, <u8>x);
      inRow++;
      afterValue = true;
    } else {
      return false;
    }
  }
  if (!closed || depth != 1 || seen != tickets || c != last) return false;
  for (p++; p < end && load<u8>(p) == 32; p++);
  if (p >= end || load<u8>(p) != 125) return false;
  for (p++; p < end && (load<u8>(p) == 32 || load<u8>(p) == 9); p++);
  if (p < end && load<u8>(p) == 13) p++; // CRLF
  if (p >= end || load<u8>(p) != 10) return false;
  nextLine = p + 1;
  lineSerial = serial;
  return true;
}

// Little-endian words of ',"tickets":[' (12 bytes).
const TICKETS_HEAD: u64 = 0x74656b636974222c; // ,"ticket
const TICKETS_TAIL: u32 = 0x5b3a2273; // s":[

/**
 * The line at p exactly as formatJsonl writes it ({"serial":S,"tickets":[...]} with no
 * spaces, then LF or CRLF): cells to `out`, keys to `keysOut` (as writeKeys), its serial to
 * lineSerial, every rule of obeysRules checked as the cells are read, branch-free per
 * cell. Returns where the next line starts, or 0 for any other line (parseLine then
 * reads it, spaces and all): it accepts a subset of what parseLine + obeysRules accept,
 * with the same cells, keys and serial.
 */
function parseCompact(p: usize, end: usize, out: usize, keysOut: usize, tickets: i32): usize {
  if (end - p < 24 || !isSerialKey(p)) return 0;
  p += 10;
  let serial: u64 = 0;
  const from = p;
  while (p < end && load<u8>(p) >= 48 && load<u8>(p) <= 57) {
    const d = <u64>(load<u8>(p) - 48);
    if (serial > 1844674407370955161 || (serial == 1844674407370955161 && d > 5)) return 0; // past 2^64-1
    serial = serial * 10 + d;
    p++;
  }
  if (p == from || (load<u8>(from) == 48 && p - from > 1)) return 0;
  if (end - p < 12 || load<u64>(p) != TICKETS_HEAD || load<u32>(p, 8) != TICKETS_TAIL) return 0;
  p += 12;
  const columns = columnOf;
  let ok: u32 = 1;
  let seenLow: u64 = 0;
  let seenHigh: u32 = 0;
  let c = out;
  for (let t = 0; t < tickets; t++) {
    if (end - p < 150 || load<u8>(p) != 91) return 0; // [ (a ticket reads at most 146 bytes, even of garbage: a short end goes to parseLine)
    p++;
    store<u64>(lastInColumn, 0);
    store<u8>(lastInColumn, 0, 8);
    let pattern: u32 = 0;
    let low: u64 = 0;
    let high: u32 = 0;
    for (let r = 0; r < 3; r++) {
      ok &= <u32>(load<u8>(p) == 91); // [
      p++;
      let filled: u32 = 0;
      for (let j = 0; j < 9; j++) {
        // A cell: "null", or 1 to 99 in one or two digits (a third digit fails the separator).
        const word = load<u32>(p);
        const isNull = word == NULL_WORD;
        const d0 = (word & 0xff) - 48;
        const d1 = ((word >> 8) & 0xff) - 48;
        const two = d1 <= 9;
        const x = select<u32>(0, select<u32>(d0 * 10 + d1, d0, two), isNull);
        ok &= <u32>(isNull | (d0 - 1 <= 8));
        p += select<usize>(4, select<usize>(2, 1, two), isNull);
        ok &= <u32>(load<u8>(p) == select<u8>(93, 44, j == 8)); // ] after the row's last cell, else ,
        p++;
        store<u8>(c++, <u8>x);
        // Its rules: in column j's range, below the number above it; the row's count, the ticket's pattern and numbers.
        const isNumber = <u32>(x != 0);
        const last = <u32>load<u8>(lastInColumn + <usize>j);
        ok &= (isNumber ^ 1) | ((<u32>(<u32>load<u8>(columns + <usize>x) == <u32>(j + 1))) & (<u32>(x > last)));
        store<u8>(lastInColumn + <usize>j, <u8>select<u32>(x, last, isNumber));
        filled += isNumber;
        pattern |= isNumber << (<u32>(9 * r + j));
        low |= (<u64>(isNumber & (<u32>(x <= 64)))) << (<u64>(x - 1));
        high |= (isNumber & (<u32>(x > 64))) << (x - 65);
      }
      ok &= (<u32>(filled == 5)) & (<u32>(load<u8>(p) == select<u8>(93, 44, r == 2))); // the ticket's ] after its last row, else ,
      p++;
    }
    ok &= <u32>(((pattern | (pattern >> 9) | (pattern >> 18)) & 0x1ff) == 0x1ff); // no empty column
    ok &= <u32>((seenLow & low) == 0 && (seenHigh & high) == 0); // no number twice in a book
    seenLow |= low;
    seenHigh |= high;
    store<u32>(keysOut, <u32>low);
    store<u32>(keysOut, <u32>(low >> 32), 4);
    store<u32>(keysOut, high | ((pattern & 0x3f) << 26), 8);
    store<u32>(keysOut, pattern >> 6, 12);
    storePrint(keysOut);
    keysOut += 16;
    ok &= <u32>(load<u8>(p) == select<u8>(93, 44, t == tickets - 1)); // the list's ] after the last ticket, else ,
    p++;
    if (ok == 0) return 0;
  }
  if (tickets == 6 && (seenLow != 0xffffffffffffffff || seenHigh != 0x3ffffff)) return 0; // a book holds 1..90
  if (load<u8>(p) != 125) return 0; // }
  p++;
  if (p < end && load<u8>(p) == 13) p++; // CRLF
  if (p >= end || load<u8>(p) != 10) return 0;
  lineSerial = serial;
  return p + 1;
}

/**
 * Parses the complete lines of input[start, end) (end just after a newline) into at most
 * `maxRecords` records of `tickets` tickets; returns how many. Stops early at a line it
 * cannot read (readStoppedAt points at it).
 */
export function parseLines(start: i32, end: i32, tickets: i32, maxRecords: i32): i32 {
  within(end, 0, READ_CHUNK_BYTES, "limit-exceeded: parseLines: end past READ_CHUNK_BYTES");
  within(start, 0, end, "limit-exceeded: parseLines: start past end");
  within(tickets, 1, 6, "limit-exceeded: parseLines: more than 6 tickets a record");
  within(maxRecords, 0, READ_MAX_RECORDS, "limit-exceeded: parseLines: records past READ_MAX_RECORDS");
  initColumns();
  ensureReadBuffers();
  const base = changetype<usize>(input);
  const out = changetype<usize>(cells);
  let p = base + <usize>start;
  const stop = base + <usize>end;
  let records = 0;
  linesRead = 0;
  while (p < stop && records < maxRecords) {
    // A blank line (spaces, tabs, then CRLF or LF) is skipped; any other line is parsed in one pass.
    let q = p;
    while (q < stop && (load<u8>(q) == 32 || load<u8>(q) == 9)) q++;
    if (q < stop && load<u8>(q) == 13) q++;
    if (q >= stop) break; // (cannot happen: the chunk ends with a newline)
    if (load<u8>(q) == 10) {
      linesRead++;
      p = q + 1;
      continue;
    }
    const at = out + <usize>(records * tickets * 27);
    const keysAt = keysBase + <usize>(records * tickets * 16);
    // Our own lines as written take the compact reader; any other line (spaces, a broken rule) the general one.
    let next = parseCompact(p, stop, at, keysAt, tickets);
    if (next == 0) {
      if (!parseLine(p, stop, at, tickets) || !obeysRules(at, tickets)) break;
      writeKeys(at, tickets, keysAt);
      next = nextLine;
    }
    store<u64>(serialsBase + ((<usize>records) << 3), lineSerial);
    store<i32>(linesBase + ((<usize>records) << 2), linesRead + 1);
    records++;
    linesRead++;
    p = next;
  }
  stoppedAt = <i32>(p - base);
  return records;
}
