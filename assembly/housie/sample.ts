// Exactly uniform books and tickets.
//
// Books: the column-count matrix is drawn exactly by draw.ts, with probability
// proportional to prod_t w(c_t) (see weights.ts); fill.ts then gives each ticket a
// uniform pattern of its vector and splits each column's numbers uniformly among the
// tickets.
//
// Tickets: a vector with probability p(c) prod_j C(n_j, c_j) / T, a uniform pattern of
// it, and a uniform c_j-subset of each column's numbers.
import { within } from "../common/guard";

import { below, below62, next32 } from "../common/random";
import { COLUMNS, patternsOfVector, vectorPatternStart, vectorDigits, columnSize, columnFirst, vectorCount } from "./patterns";
import { ensureWeights, fillingCumulative } from "./weights";
import { clearIssued, issueBatch } from "./unique";
import { rankOfTicketAt } from "./rank";
import { ensureDraw, drawBookVectors } from "./draw";
import { ensureFill, fillBook, keyRank, CELLS_PER_TICKET, CELLS_PER_BOOK } from "./fill";

export { CELLS_PER_TICKET, CELLS_PER_BOOK } from "./fill";
export const BATCH = 4096; // books (or tickets) per call
/** Output: cell values (0 = blank), ticket by ticket, row by row; then 16 bytes of
 * padding for fillBook's last 16-byte store. */
export const cells = new StaticArray<u8>(BATCH * CELLS_PER_BOOK + 16);
export function cellsPtr(): usize {
  return changetype<usize>(cells);
}

const chosen: usize = memory.data(6 * 4); // i32s, static memory (see draw.ts)
const pool = new StaticArray<u8>(11);
let redraws: i64 = 0;

export function redrawCount(): i64 {
  return redraws;
}

/** Starts a new run: no ticket issued yet. Tables are built on first use, by the
 * generator that needs them (single tickets need only the patterns, books about 50 MB). */
export function startRun(): void {
  clearIssued();
  redraws = 0;
}

// @ts-ignore: decorator
@inline function drawPattern(v: i32): u32 {
  const list = patternsOfVector(v); // v's patterns, listed on first use
  return load<u32>(list + ((<usize>below(unchecked(vectorPatternStart[v + 1]) - unchecked(vectorPatternStart[v]))) << 2));
}

/** Sorts pool[from..from+k), k <= 3, with min/max (selects, no branches on the data). */
// @ts-ignore: decorator
@inline function sortSmall(from: i32, k: i32): void {
  if (k < 2) return;
  const x = <u32>unchecked(pool[from]);
  const y = <u32>unchecked(pool[from + 1]);
  let lo = min(x, y);
  let hi = max(x, y);
  if (k == 3) {
    const z = <u32>unchecked(pool[from + 2]);
    const top = max(hi, z);
    const mid = min(hi, z);
    hi = max(lo, mid);
    lo = min(lo, mid);
    unchecked((pool[from + 2] = <u8>top));
  }
  unchecked((pool[from] = <u8>lo));
  unchecked((pool[from + 1] = <u8>hi));
}

/** Rows holding numbers for each 3-bit column mask (bit r = row r), 2 bits per entry. */
const ROWS_OF_MASK: StaticArray<u8> = [0, 0, 1, 0b0100, 2, 0b1000, 0b1001, 0b100100];

/** The 3-bit row mask (bit r = row r) of column j of a row-major pattern. */
// @ts-ignore: decorator
@inline function columnMask(pattern: u32, j: i32): u32 {
  return ((pattern >> (<u32>j)) & 1) | ((pattern >> (<u32>(8 + j))) & 2) | ((pattern >> (<u32>(16 + j))) & 4);
}

/** Writes pool[from..) down column j of the ticket at `at`, in the rows of `mask`. */
// @ts-ignore: decorator
@inline function placeColumn(at: i32, mask: u32, j: i32, from: i32): void {
  let rows = <u32>unchecked(ROWS_OF_MASK[mask]);
  const count = <i32>popcnt<u32>(mask);
  for (let i = 0; i < count; i++) {
    unchecked((cells[at + 9 * <i32>(rows & 3) + j] = pool[from + i]));
    rows >>= 2;
  }
}

/** Candidates' ranks (6 per book, 1 per ticket) and whether each was refused. */
const candidateRanks = new StaticArray<u64>(6 * BATCH);
const refusedFlags = new StaticArray<u8>(6 * BATCH);
export function candidateRanksPtr(): usize {
  return changetype<usize>(candidateRanks);
}
export function refusedFlagsPtr(): usize {
  return changetype<usize>(refusedFlags);
}

/**
 * Issues `records` candidates whose ranks (`per` each) are in candidateRanks, in order
 * (unique.ts issueBatch): refusedFlags[c] = 1 for each one refused. Returns how many.
 * The host calls this directly when another instance drew the candidates.
 */
export function issueCandidates(records: i32, per: i32): i32 {
  within(per, 1, 8, "limit-exceeded: issueCandidates: more than 8 tickets a record");
  within(records * per, 0, 6 * BATCH, "limit-exceeded: issueCandidates: tickets past 6 * BATCH");
  return issueBatch(changetype<usize>(candidateRanks), records, per, changetype<usize>(refusedFlags));
}

/**
 * Issues the `open` candidates in cells from record `first` on (`recordBytes` each,
 * `per` ranks each in candidateRanks) and moves the ones kept up over the refused ones.
 * Returns the index after the last record kept.
 */
function keepIssued(first: i32, open: i32, per: i32, recordBytes: i32): i32 {
  const refusals = issueCandidates(open, per);
  if (refusals == 0) return first + open;
  redraws += refusals;
  const base = changetype<usize>(cells);
  let kept = first;
  for (let c = 0; c < open; c++) {
    if (unchecked(refusedFlags[c])) continue;
    const from = first + c;
    if (kept != from) memory.copy(base + <usize>(kept * recordBytes), base + <usize>(from * recordBytes), recordBytes);
    kept++;
  }
  return kept;
}

/** Draws `count` books into cells from book `first` on; with `ranked`, their tickets'
 * ranks into candidateRanks from 0 on. */
function drawBooks(first: i32, count: i32, ranked: bool): void {
  ensureDraw();
  ensureFill();
  const base = changetype<usize>(cells) + <usize>(first * CELLS_PER_BOOK);
  for (let c = 0; c < count; c++) {
    drawBookVectors(chosen);
    fillBook(base + <usize>(c * CELLS_PER_BOOK), chosen, ranked);
    if (ranked) memory.copy(changetype<usize>(candidateRanks) + ((<usize>(6 * c)) << 3), keyRank, 48);
  }
}

/** Draws `count` tickets into cells from ticket `first` on; with `ranked`, their ranks
 * into candidateRanks from 0 on. */
function drawTickets(first: i32, count: i32, ranked: bool): void {
  ensureWeights();
  for (let c = 0; c < count; c++) {
    const slot = first + c;
    fillTicket(slot);
    if (ranked) unchecked((candidateRanks[c] = rankOfTicketAt(changetype<usize>(cells) + <usize>(slot * CELLS_PER_TICKET))));
  }
}

/**
 * Draws `count` (<= BATCH books, 6 * BATCH tickets) candidates into cells and their
 * ranks into candidateRanks, without looking at the uniqueness set: for a host that
 * issues them elsewhere (another instance's issueCandidates) and keeps the ones not
 * refused, in order — the same records as generateBooks/generateTickets with `unique`.
 */
export function drawCandidates(count: i32, books: bool): void {
  within(count, 0, books ? BATCH : 6 * BATCH, "limit-exceeded: drawCandidates: count past the batch");
  if (books) drawBooks(0, count, true);
  else drawTickets(0, count, true);
}

/**
 * Generates `count` (<= BATCH) books into `cells`. With `unique`, a book that repeats a
 * ticket issued earlier in the run is redrawn whole.
 *
 * With `unique`, every open place gets a candidate book first, then the candidates are
 * issued in order (unique.ts), the refused ones dropped and the later ones moved up, and
 * places still open get new candidates. The random words go to the candidates in the
 * same order as drawing, checking and redrawing book by book would use them (a
 * candidate's draw never depends on the fate of the ones before it), so the books are
 * the same; checking them together lets the set's cache misses overlap.
 */
export function generateBooks(count: i32, unique: bool): i32 {
  return generateRecords(count, unique, true);
}

/** generateBooks and generateTickets: `count` records, candidates first with `unique`. */
function generateRecords(count: i32, unique: bool, books: bool): i32 {
  within(count, 0, books ? BATCH : 6 * BATCH, "limit-exceeded: generate: count past the batch");
  const per = books ? 6 : 1;
  let filled = 0;
  while (filled < count) {
    const open = count - filled;
    if (books) drawBooks(filled, open, unique);
    else drawTickets(filled, open, unique);
    filled = unique ? keepIssued(filled, open, per, per * CELLS_PER_TICKET) : count;
  }
  return count;
}

/** Fills ticket `slot` of `cells` (27 cells each) with a uniform ticket. */
function fillTicket(slot: i32): void {
  const base = slot * CELLS_PER_TICKET;
  for (let i = 0; i < CELLS_PER_TICKET; i++) unchecked((cells[base + i] = 0));
  const vectors = vectorCount();
  const x = below62(unchecked(fillingCumulative[vectors - 1]));
  let lo = 0;
  let hi = vectors - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (unchecked(fillingCumulative[mid]) > x) hi = mid;
    else lo = mid + 1;
  }
  const pattern = drawPattern(lo);
  for (let j = 0; j < COLUMNS; j++) {
    const n = unchecked(columnSize[j]);
    const first = unchecked(columnFirst[j]);
    for (let i = 0; i < n; i++) unchecked((pool[i] = <u8>(first + i)));
    const k = <i32>unchecked(vectorDigits[lo * COLUMNS + j]);
    for (let i = 0; i < k; i++) {
      const r = i + <i32>below(<u32>(n - i));
      const tmp = unchecked(pool[i]);
      unchecked((pool[i] = pool[r]));
      unchecked((pool[r] = tmp));
    }
    sortSmall(0, k);
    placeColumn(base, columnMask(pattern, j), j, 0);
  }
}

/** Generates `count` (<= 6 * BATCH) uniform tickets into `cells`, none repeating with
 * `unique` (candidates first, then issued in order, as generateBooks does). */
export function generateTickets(count: i32, unique: bool): i32 {
  return generateRecords(count, unique, false);
}

/** Test hook: ticket t's rank as the book fill computed it (for the last book drawn with uniqueness). */
export function filledRank(t: i32): u64 {
  return load<u64>(keyRank + ((<usize>t) << 3));
}

/** Test hook: the vectors of the last book drawn. */
export function chosenVector(t: i32): i32 {
  return load<i32>(chosen + ((<usize>t) << 2));
}
/** Test hook: the next raw 32-bit random word. */
export function nextWord(): u32 {
  return next32();
}
