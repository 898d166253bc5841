// Claim checking: replay a game's calls against a series file and report, for each UK
// prize (one line, two lines, full house), the first call at which any ticket reached
// it and which tickets (ties listed); or, for one reference, what that ticket holds.
// The per-ticket work runs in the WASM kernel (assembly/housie/check.ts); the TS
// baseline below is the same algorithm.
import { optionsObject, seriesArgument, text as checkText, wholeNumbers } from "../../args.js";
import { InputError, UsageError } from "../../errors.js";
import { housieKernel, housieModule, kernelBytes } from "../kernel.js";
import { readSeries } from "../series/read-series.js";
import { CELLS_PER_TICKET, type SeriesBatch } from "../model/cells.js";
import { parseTicketRef, plainRef } from "../model/reference.js";
import { rankTable } from "../game/prizes.js";

/** A housie prize: one line, two lines or full house. */
export type Prize = "one line" | "two lines" | "full house";
/** The prizes in the order a game reaches them. */
export const PRIZES: readonly Prize[] = ["one line", "two lines", "full house"];
/** Rank of a number never called, the kernel's NEVER_CALLED (read once; the TS engine uses it too). */
let never: number | undefined;
const neverCalled = (): number => (never ??= housieModule.constant("NEVER_CALLED"));
/** Winners' references kept per prize; `winnerCount` counts them all. */
const MAX_LISTED_WINNERS = 1000;

/** A prize's first call, the number called then and the tickets reaching it at that call. */
export interface PrizeResult {
  /** Which prize. */
  prize: Prize;
  /** 1-based call at which the first ticket(s) reached the prize, or null if none did. */
  call: number | null;
  /** The number called at that call. */
  number: number | null;
  /** References `serial-ticket` of the tickets reaching it at that call (at most 1,000 listed). */
  winners: string[];
  winnerCount: number;
}

/** One ticket's claim (`ref`): the line holding it in the series, and the call at which it reached each prize (null: not reached). */
export interface TicketClaim {
  ref: string;
  /** 1-based line of the record in the file. */
  line: number;
  /** For each prize, the call at which this ticket reached it, or null. */
  prizes: { prize: Prize; call: number | null }[];
}

/** What `checkClaims` found: the series' size, the calls, each prize's first winners, and the claim when `ref` is given. */
export interface CheckReport {
  /** How many calls were replayed. */
  calls: number;
  /** Books or single tickets in the series. */
  records: number;
  /** Tickets in the series. */
  tickets: number;
  /** One line, two lines and full house, in that order. */
  prizes: PrizeResult[];
  /** With `ref`: the ticket, or null when the series holds no such ticket. */
  claim?: TicketClaim | null;
}

/** Options of `checkClaims`: a ticket reference `ref` ("serial-ticket") to check, and the engine. */
export interface CheckOptions {
  /** A reference `serial-ticket` to look up. */
  ref?: string;
  /** The WASM kernel (default) or the TS baseline: the same answers. */
  engine?: "wasm" | "ts";
}

/**
 * Parses calls, comma- or whitespace-separated (one per line for --calls-file); a
 * repeated call, a number outside 1..90 or anything else is one clear error.
 */
export function parseCalls(text: string, source = "--calls"): number[] {
  checkText(text, "text");
  checkText(source, "source");
  const calls: number[] = [];
  const seen = new Map<number, number>();
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const where = source === "--calls" ? { file: source } : { file: source, line: index + 1 };
    for (const token of raw.split(/[\s,]+/).filter((t) => t !== "")) {
      if (!/^\d+$/.test(token)) throw new InputError(`call ${calls.length + 1} is ${JSON.stringify(token.slice(0, 20))}`, where, "whole numbers from 1 to 90");
      const x = Number(token);
      if (x < 1 || x > 90) throw new InputError(`call ${calls.length + 1} is ${x}`, where, "a number from 1 to 90");
      const first = seen.get(x);
      if (first !== undefined) throw new InputError(`call ${calls.length + 1} repeats ${x} (call ${first})`, where, "each number called at most once");
      calls.push(x);
      seen.set(x, calls.length);
    }
  });
  return calls;
}

/** Parses a reference `S-i` or, as printed, `S-i-c` (the check digit is verified; model/reference.ts). */
export function parseRef(ref: string): { serial: bigint; ticket: number } {
  checkText(ref, "ref");
  const { serial, ticket } = parseTicketRef(ref);
  return { serial, ticket };
}

/**
 * Each ticket's one-line, two-line and full-house calls (NEVER if not reached), and the
 * earliest of each packed one per byte: the TS baseline of the kernel's checkTickets.
 */
export function ticketPrizesTs(cells: Uint8Array, count: number, rank: Uint8Array, out: Uint8Array): number {
  const NEVER = neverCalled();
  let best0 = NEVER;
  let best1 = NEVER;
  let best2 = NEVER;
  for (let t = 0; t < count; t++) {
    const base = t * CELLS_PER_TICKET;
    let r0 = 0;
    let r1 = 0;
    let r2 = 0;
    for (let j = 0; j < 9; j++) {
      const a = rank[cells[base + j]!]!;
      const b = rank[cells[base + 9 + j]!]!;
      const c = rank[cells[base + 18 + j]!]!;
      if (a > r0) r0 = a;
      if (b > r1) r1 = b;
      if (c > r2) r2 = c;
    }
    const lo = Math.min(r0, r1, r2);
    const hi = Math.max(r0, r1, r2);
    const mid = r0 + r1 + r2 - lo - hi;
    out[3 * t] = lo;
    out[3 * t + 1] = mid;
    out[3 * t + 2] = hi;
    if (lo < best0) best0 = lo;
    if (mid < best1) best1 = mid;
    if (hi < best2) best2 = hi;
  }
  return best0 | (best1 << 8) | (best2 << 16);
}

/** Calls as a rank table: number -> 1-based call, NEVER if not called, 0 for a blank. */
/**
 * Replays `calls` against a series (a JSONL file, or batches from readSeries) and
 * reports each prize's first call and winners; with `ref`, that ticket's prizes.
 * Streams the file in constant memory.
 *
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { checkClaims, parseCalls } from "tabula-grids";
 *
 * const examples = "node_modules/tabula-grids/examples/";
 * const report = checkClaims(`${examples}housie-books.jsonl`, parseCalls(readFileSync(`${examples}housie-calls.txt`, "utf8")));
 * report.prizes[0]; // { prize: "one line", call: 43, number: 30, winners: ["3-2"], winnerCount: 1 }
 * ```
 */
export function checkClaims(series: string | Iterable<SeriesBatch>, calls: readonly number[], options: CheckOptions = {}): CheckReport {
  seriesArgument(series, "series");
  wholeNumbers(calls, "calls", 1, 90);
  optionsObject(options, "options");
  parseCalls(calls.join(","));
  const wanted = options.ref === undefined ? undefined : parseRef(options.ref);
  const engine = options.engine ?? "wasm";
  const k = engine === "wasm" ? housieKernel() : undefined;
  const batchTickets = housieModule.constant("CHECK_BATCH_TICKETS");
  if (k) {
    k.clearCalls();
    calls.forEach((x, i) => k.setCall(x, i + 1));
  }
  const rank = rankTable(calls, neverCalled());
  const tsPrizes = new Uint8Array(batchTickets * 3);
  const NEVER = neverCalled();
  const best = [NEVER, NEVER, NEVER];
  const winners: string[][] = [[], [], []];
  const winnerCount = [0, 0, 0];
  let claim: TicketClaim | null = null;
  let records = 0;
  let tickets = 0;
  const batches = typeof series === "string" ? readSeries(series, { batch: Math.floor(batchTickets / 6), engine }) : series;
  for (const batch of batches) {
    const per = batch.ticketsPerRecord;
    // Batches from readSeries fit the kernel; others are taken in kernel-sized slices.
    for (let from = 0; from < batch.count; from += Math.floor(batchTickets / per)) {
      const count = Math.min(batch.count - from, Math.floor(batchTickets / per));
      const n = count * per;
      const cells = batch.cells.subarray(from * per * CELLS_PER_TICKET, (from + count) * per * CELLS_PER_TICKET);
      let prizes: Uint8Array;
      let mins: number;
      if (k) {
        kernelBytes(k.checkCellsPtr(), cells.length).set(cells);
        mins = k.checkTickets(n);
        prizes = kernelBytes(k.checkPrizesPtr(), 3 * n);
      } else {
        mins = ticketPrizesTs(cells, n, rank, tsPrizes);
        prizes = tsPrizes;
      }
      for (let p = 0; p < 3; p++) {
        if (((mins >>> (8 * p)) & 255) > best[p]!) continue; // nothing here beats or ties the best
        for (let t = 0; t < n; t++) {
          const call = prizes[3 * t + p]!;
          if (call > best[p]! || call === NEVER) continue;
          if (call < best[p]!) {
            best[p] = call;
            winners[p] = [];
            winnerCount[p] = 0;
          }
          winnerCount[p]!++;
          if (winners[p]!.length < MAX_LISTED_WINNERS) winners[p]!.push(plainRef(batch.serials[from + Math.floor(t / per)]!, (t % per) + 1));
        }
      }
      if (wanted && claim === null) {
        for (let r = 0; r < count; r++) {
          if (batch.serials[from + r] !== wanted.serial || wanted.ticket > per) continue;
          const t = r * per + wanted.ticket - 1;
          claim = {
            ref: plainRef(wanted.serial, wanted.ticket),
            line: batch.lines[from + r]!,
            prizes: PRIZES.map((prize, p) => ({ prize, call: prizes[3 * t + p] === NEVER ? null : prizes[3 * t + p]! })),
          };
          break;
        }
      }
      records += count;
      tickets += n;
    }
  }
  const report: CheckReport = {
    calls: calls.length,
    records,
    tickets,
    prizes: PRIZES.map((prize, p) => ({
      prize,
      call: best[p] === NEVER ? null : best[p]!,
      number: best[p] === NEVER ? null : calls[best[p]! - 1]!,
      winners: winners[p]!,
      winnerCount: winnerCount[p]!,
    })),
  };
  if (wanted) report.claim = claim;
  return report;
}
