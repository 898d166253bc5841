// Claim checking: for each ticket, the call at which it completes one line, two lines
// and a full house. Instead of replaying the calls against per-row bit masks (90 steps
// per ticket), the calls become a rank table (number -> its 1-based call, 255 if never
// called): a row is complete at the largest rank of its numbers (one load per cell, a
// blank ranks 0), and a ticket's three row completions in order are its prizes:
// smallest = one line, middle = two lines, largest = full house. Tambola's six prizes come
// from the same table (checkTambola): early five is the fifth smallest rank of the ticket's
// fifteen numbers, four corners the largest rank of the top and bottom rows' end numbers.
import { within } from "../common/guard";

/** Tickets per call of checkTickets; the wrapper reads it, never copies it. */
export const CHECK_BATCH_TICKETS: i32 = 6 * 4096;
/** The rank of a number never called. */
export const NEVER_CALLED: i32 = 255;

/** Prizes per ticket that checkTambola writes: early five, four corners, top, middle, bottom line, full house. */
export const TAMBOLA_PRIZES: i32 = 6;

const rank = new StaticArray<u8>(128);
// Allocated together on first use (0.7 MB only the check command needs); they never move.
let checkCells = new StaticArray<u8>(0); // CHECK_BATCH_TICKETS * 27
let prizes = new StaticArray<u8>(0); // CHECK_BATCH_TICKETS * 3
let tambolaPrizes = new StaticArray<u8>(0); // CHECK_BATCH_TICKETS * TAMBOLA_PRIZES
let checkBuffersReady = false;
let tambolaBufferReady = false;

function ensureCheckBuffers(): void {
  if (checkBuffersReady) return;
  checkCells = new StaticArray<u8>(CHECK_BATCH_TICKETS * 27);
  prizes = new StaticArray<u8>(CHECK_BATCH_TICKETS * 3);
  checkBuffersReady = true;
}

function ensureTambolaBuffer(): void {
  if (tambolaBufferReady) return;
  tambolaPrizes = new StaticArray<u8>(CHECK_BATCH_TICKETS * TAMBOLA_PRIZES);
  tambolaBufferReady = true;
}

export function checkCellsPtr(): usize {
  ensureCheckBuffers();
  return changetype<usize>(checkCells);
}
export function checkPrizesPtr(): usize {
  ensureCheckBuffers();
  return changetype<usize>(prizes);
}
export function checkTambolaPtr(): usize {
  ensureTambolaBuffer();
  return changetype<usize>(tambolaPrizes);
}

/** Forgets the calls: every number uncalled. Index 0 (a blank) ranks 0, below any call. */
export function clearCalls(): void {
  for (let x = 0; x < 128; x++) unchecked((rank[x] = <u8>NEVER_CALLED));
  unchecked((rank[0] = 0));
}

/** Number x (1..90) was the call-th call (1..90). */
export function setCall(x: i32, call: i32): void {
  within(x, 1, 90, "limit-exceeded: setCall: number outside 1-90");
  within(call, 1, <i32>NEVER_CALLED - 1, "limit-exceeded: setCall: call past 254");
  unchecked((rank[x] = <u8>call));
}

// @ts-ignore: decorator
@inline function maxU8(a: u32, b: u32): u32 {
  return a > b ? a : b;
}
// @ts-ignore: decorator
@inline function minU8(a: u32, b: u32): u32 {
  return a < b ? a : b;
}

/**
 * For `count` tickets in checkCells (27 cells each, 0 = blank), writes each ticket's
 * one-line, two-line and full-house calls (255 = not reached) to prizes. Returns the
 * batch's earliest call of each prize, one per byte (one line lowest).
 */
export function checkTickets(count: i32): u32 {
  within(count, 0, CHECK_BATCH_TICKETS, "limit-exceeded: checkTickets: count past CHECK_BATCH_TICKETS");
  ensureCheckBuffers();
  const cells = changetype<usize>(checkCells);
  const out = changetype<usize>(prizes);
  const ranks = changetype<usize>(rank);
  let best0: u32 = 255;
  let best1: u32 = 255;
  let best2: u32 = 255;
  for (let t = 0; t < count; t++) {
    const base = cells + <usize>t * 27;
    let r0: u32 = 0;
    let r1: u32 = 0;
    let r2: u32 = 0;
    for (let j: usize = 0; j < 9; j++) {
      r0 = maxU8(r0, load<u8>(ranks + <usize>load<u8>(base + j)));
      r1 = maxU8(r1, load<u8>(ranks + <usize>load<u8>(base + 9 + j)));
      r2 = maxU8(r2, load<u8>(ranks + <usize>load<u8>(base + 18 + j)));
    }
    const lo = minU8(r0, minU8(r1, r2));
    const hi = maxU8(r0, maxU8(r1, r2));
    const mid = r0 + r1 + r2 - lo - hi;
    const o = out + <usize>t * 3;
    store<u8>(o, <u8>lo);
    store<u8>(o, <u8>mid, 1);
    store<u8>(o, <u8>hi, 2);
    best0 = minU8(best0, lo);
    best1 = minU8(best1, mid);
    best2 = minU8(best2, hi);
  }
  return best0 | (best1 << 8) | (best2 << 16);
}

/**
 * For `count` tickets in checkCells, writes each ticket's tambola prize calls (early five,
 * four corners, top line, middle line, bottom line, full house; 255 = not reached) to the
 * tambola buffer, TAMBOLA_PRIZES bytes a ticket. Returns the batch's earliest early five,
 * four corners and full house, one per byte (a pre-filter, as checkTickets's is).
 */
export function checkTambola(count: i32): u32 {
  within(count, 0, CHECK_BATCH_TICKETS, "limit-exceeded: checkTambola: count past CHECK_BATCH_TICKETS");
  ensureCheckBuffers();
  ensureTambolaBuffer();
  const cells = changetype<usize>(checkCells);
  const out = changetype<usize>(tambolaPrizes);
  const ranks = changetype<usize>(rank);
  let bestFive: u32 = 255;
  let bestCorners: u32 = 255;
  let bestFull: u32 = 255;
  for (let t = 0; t < count; t++) {
    const base = cells + <usize>t * 27;
    // The five smallest ranks so far, a0 <= a1 <= ... <= a4, kept by a branch-free
    // insertion (each new rank k: a_i = max(a_(i-1), min(a_i, k)), top first); a blank
    // takes part as 255, above any call.
    let a0: u32 = 255;
    let a1: u32 = 255;
    let a2: u32 = 255;
    let a3: u32 = 255;
    let a4: u32 = 255;
    let r0: u32 = 0;
    let r1: u32 = 0;
    let r2: u32 = 0;
    for (let c: usize = 0; c < 27; c++) {
      const x = <usize>load<u8>(base + c);
      const k = <u32>load<u8>(ranks + x); // a blank ranks 0: below any call, right for the lines
      if (c < 9) r0 = maxU8(r0, k);
      else if (c < 18) r1 = maxU8(r1, k);
      else r2 = maxU8(r2, k);
      const v = select<u32>(255, k, x == 0);
      a4 = maxU8(a3, minU8(a4, v));
      a3 = maxU8(a2, minU8(a3, v));
      a2 = maxU8(a1, minU8(a2, v));
      a1 = maxU8(a0, minU8(a1, v));
      a0 = minU8(a0, v);
    }
    // Corners: the first and last numbers of the top (cells 0-8) and bottom (18-26) rows.
    let corners: u32 = 0;
    for (let row: usize = 0; row < 27; row += 18) {
      let first: usize = 0;
      while (first < 8 && load<u8>(base + row + first) == 0) first++;
      let last: usize = 8;
      while (last > 0 && load<u8>(base + row + last) == 0) last--;
      corners = maxU8(corners, load<u8>(ranks + <usize>load<u8>(base + row + first)));
      corners = maxU8(corners, load<u8>(ranks + <usize>load<u8>(base + row + last)));
    }
    const full = maxU8(r0, maxU8(r1, r2));
    const o = out + <usize>t * TAMBOLA_PRIZES;
    store<u8>(o, <u8>a4);
    store<u8>(o, <u8>corners, 1);
    store<u8>(o, <u8>r0, 2);
    store<u8>(o, <u8>r1, 3);
    store<u8>(o, <u8>r2, 4);
    store<u8>(o, <u8>full, 5);
    bestFive = minU8(bestFive, a4);
    bestCorners = minU8(bestCorners, corners);
    bestFull = minU8(bestFull, full);
  }
  return bestFive | (bestCorners << 8) | (bestFull << 16);
}
