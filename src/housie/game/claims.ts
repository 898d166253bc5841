// Claims in a game: replays the calls against the series the game is played with and
// says, for each prize of the set, who completed it first (ties listed) and, for one
// claimed ticket (its printed reference, check digit verified), whether the claim is
// valid now (completed on the last call), late (valid since an earlier call k) or not
// yet. Takes the series as batches of cells (series/read-series.ts in Node, parsed JSONL
// in the browser), twice when a claim's ties are wanted. replayCalls is the one claim
// checker: checkGame words its references as printed, checkClaims (operators/check.ts,
// `housie check`) is a view of it for the UK prizes with references without check digit.
import { CELLS_PER_TICKET, ticketFromCells, type SeriesBatch, type TicketGrid } from "../model/cells.js";
import { argumentError, functionArgument, oneOf, optionalText, optionsObject, requiredObject, text, wholeNumber, wholeNumbers } from "../../args.js";
import { printedRef, parseTicketRef } from "../model/reference.js";
import { LAST_NUMBER } from "../model/columns.js";
import { NEVER, PRIZE_SETS, PRIZE_SET_NAMES, batchPrizeCalls, prizeBatchTickets, type GameEngine, type PrizeSetName } from "./prizes.js";

/** References kept per list; the counts count them all. */
export const MAX_LISTED = 1000;

export interface PrizeWinners {
  prize: string;
  /** The first call at which any ticket completed it, or null. */
  call: number | null;
  number: number | null;
  /** Printed references of the tickets completing it at that call (ties), at most MAX_LISTED. */
  winners: string[];
  winnerCount: number;
}

export type Verdict = "valid now" | "late" | "not yet";

export interface ClaimVerdict {
  prize: string;
  verdict: Verdict;
  /** The call at which this ticket completed the prize, or null. */
  call: number | null;
  /** The first call at which any ticket completed it (earlier than `call`: someone else won first). */
  first: number | null;
  /** Other tickets completing it at the same call as this one, at most MAX_LISTED. */
  ties: string[];
  tieCount: number;
}

export interface ClaimReport {
  ref: string;
  /** 1-based line of its record in the series file. */
  line: number;
  grid: TicketGrid;
  prizes: ClaimVerdict[];
}

export interface GameCheck {
  prizeSet: PrizeSetName;
  calls: number;
  records: number;
  tickets: number;
  prizes: PrizeWinners[];
  /** With a claim: the report, or null when the series holds no such ticket. */
  claim?: ClaimReport | null;
}

/** Options of checkGame: the engine (the housie kernel by default, or the TS baseline). */
export interface GameCheckOptions {
  engine?: GameEngine;
}

/** One kernel-sized slice of a batch: its records from `from`, `count` of them, their prize calls and the slice's earliest calls. */
interface Slice {
  batch: SeriesBatch;
  from: number;
  count: number;
  /** PRIZE_SETS[set].length calls a ticket (NEVER if not complete), a view valid until the next slice. */
  prizes: Uint8Array;
  /** Per prize, the earliest call in the slice (NEVER: none), or 0 when not known (then every ticket is looked at). */
  minima: Uint8Array;
}

/** A series' tickets in kernel-sized slices, each with its prize calls (batchPrizeCalls). */
function* slicesWithPrizes(batches: Iterable<SeriesBatch>, calls: readonly number[], set: PrizeSetName, engine: GameEngine): Generator<Slice> {
  const batchTickets = prizeBatchTickets();
  const scratch = new Uint8Array(batchTickets * PRIZE_SETS[set].length);
  const minima = new Uint8Array(PRIZE_SETS[set].length);
  for (const batch of batches) {
    const per = batch.ticketsPerRecord;
    const step = Math.max(1, Math.floor(batchTickets / per));
    for (let from = 0; from < batch.count; from += step) {
      const count = Math.min(batch.count - from, step);
      const cells = batch.cells.subarray(from * per * CELLS_PER_TICKET, (from + count) * per * CELLS_PER_TICKET);
      yield { batch, from, count, prizes: batchPrizeCalls(set, cells, count * per, calls, engine, scratch, minima), minima };
    }
  }
}

/** A ticket named by its record's serial and its 1-based place in the record. */
export interface TicketAt {
  serial: bigint;
  ticket: number;
}

/** What replaying the calls against a series found, references not yet written. */
export interface Replay {
  records: number;
  tickets: number;
  /** Per prize of the set: the first call at which any ticket completed it (NEVER: none did). */
  best: number[];
  /** Per prize: the tickets completing it at that call, in series order, at most MAX_LISTED. */
  winners: TicketAt[][];
  /** Per prize: how many tickets completed it at that call. */
  winnerCount: number[];
  /** The wanted ticket (if asked for and in the series): its record's line, its grid, the call at which it completes each prize. */
  found: { line: number; grid: TicketGrid; calls: number[] } | null;
}

/** Per prize of a replay: its first call, the number called then and its winners as `ref` writes them (the views' shared rows). */
export function prizeRows<P extends string>(names: readonly P[], replay: Replay, calls: readonly number[], ref: (serial: bigint, ticket: number) => string) {
  return names.map((prize, k) => {
    const call = replay.best[k]!;
    return {
      prize,
      call: call === NEVER ? null : call,
      number: call === NEVER ? null : calls[call - 1]!,
      winners: replay.winners[k]!.map((w) => ref(w.serial, w.ticket)),
      winnerCount: replay.winnerCount[k]!,
    };
  });
}

/**
 * Replays `calls` against `batches` (read once) for the prizes of `set`: each prize's
 * first call and its winners, and where `wanted` is, the calls of that ticket. A slice
 * whose earliest call of a prize is later than the best so far is not looked at for it.
 * The one claim checker: checkGame and checkClaims (operators/check.ts) are views of it.
 */
export function replayCalls(batches: Iterable<SeriesBatch>, calls: readonly number[], set: PrizeSetName, engine: GameEngine, wanted?: TicketAt): Replay {
  const p = PRIZE_SETS[set].length;
  const best = new Array<number>(p).fill(NEVER);
  const winners: TicketAt[][] = PRIZE_SETS[set].map(() => []);
  const winnerCount = new Array<number>(p).fill(0);
  let found: Replay["found"] = null;
  let records = 0;
  let tickets = 0;
  for (const { batch, from, count, prizes, minima } of slicesWithPrizes(batches, calls, set, engine)) {
    const per = batch.ticketsPerRecord;
    const n = count * per;
    for (let k = 0; k < p; k++) {
      const least = minima[k]!;
      if (least > best[k]! || least === NEVER) continue; // nothing here beats or ties the best
      let list = winners[k]!;
      for (let t = 0; t < n; t++) {
        const c = prizes[t * p + k]!;
        if (c === NEVER || c > best[k]!) continue;
        if (c < best[k]!) {
          best[k] = c;
          list = winners[k] = [];
          winnerCount[k] = 0;
        }
        winnerCount[k]!++;
        if (list.length < MAX_LISTED) list.push({ serial: batch.serials[from + Math.floor(t / per)]!, ticket: (t % per) + 1 });
      }
    }
    if (wanted && found === null && wanted.ticket <= per) {
      for (let r = from; r < from + count; r++) {
        if (batch.serials[r] !== wanted.serial) continue;
        const t = (r - from) * per + wanted.ticket - 1;
        found = { line: batch.lines[r]!, grid: ticketFromCells(batch.cells, (r * per + wanted.ticket - 1) * CELLS_PER_TICKET), calls: Array.from(prizes.subarray(t * p, t * p + p)) };
        break;
      }
    }
    records += count;
    tickets += n;
  }
  return { records, tickets, best, winners, winnerCount, found };
}

/** The batches of `series()`, each checked for the shape checkGame reads. */
function seriesBatches(series: () => Iterable<SeriesBatch>): Generator<SeriesBatch> {
  return checkedBatches(series(), "a function returning an iterable of series batches");
}

/** Batches a caller handed in, each checked for the shape the replay reads (checkGame, checkClaims). */
export function* checkedBatches(batches: unknown, expected = "an iterable of series batches"): Generator<SeriesBatch> {
  if (batches === null || typeof batches !== "object" || typeof (batches as Iterable<unknown>)[Symbol.iterator] !== "function") {
    throw argumentError("series", expected, batches);
  }
  for (const batch of batches as Iterable<unknown>) {
    const b = requiredObject<Partial<SeriesBatch>>(batch, "series batch");
    const per = b.ticketsPerRecord;
    if (per !== 1 && per !== 6) throw argumentError("series batch.ticketsPerRecord", "1 or 6", per);
    const count = wholeNumber(b.count, "series batch.count");
    if (!(b.cells instanceof Uint8Array) || b.cells.length < count * per * CELLS_PER_TICKET) throw argumentError("series batch.cells", `a Uint8Array of ${count * per * CELLS_PER_TICKET} cells`, b.cells);
    if (!(b.serials instanceof BigUint64Array) || b.serials.length < count) throw argumentError("series batch.serials", `a BigUint64Array of ${count} serials`, b.serials);
    if (!isArrayLike(b.lines) || b.lines.length < count) throw argumentError("series batch.lines", `${count} line numbers`, b.lines);
    yield b as SeriesBatch;
  }
}

function isArrayLike(value: unknown): value is ArrayLike<number> {
  return Array.isArray(value) || value instanceof Float64Array;
}

/**
 * Replays `calls` against the series from `series()` (called once, twice with a claim)
 * for the prizes of `set`; with `claim` (a reference as printed), that ticket's verdicts.
 */
export function checkGame(series: () => Iterable<SeriesBatch>, calls: readonly number[], set: PrizeSetName, claim?: string, options: GameCheckOptions = {}): GameCheck {
  functionArgument(series, "series");
  wholeNumbers(calls, "calls", 1, LAST_NUMBER);
  if (new Set(calls).size !== calls.length) throw argumentError("calls", `numbers from 1 to ${LAST_NUMBER}, each called at most once`, calls);
  oneOf(set, "set", PRIZE_SET_NAMES);
  optionalText(claim, "claim");
  const wanted = claim === undefined ? undefined : parseTicketRef(claim);
  const { engine = "wasm" } = optionsObject<GameCheckOptions>(options, "options", ["engine"]);
  oneOf(engine, "options.engine", ["wasm", "ts"] as const);
  const names = PRIZE_SETS[set];
  const p = names.length;
  const replay = replayCalls(seriesBatches(series), calls, set, engine, wanted);
  const { records, tickets, found: at } = replay;
  const report: GameCheck = {
    prizeSet: set,
    calls: calls.length,
    records,
    tickets,
    prizes: prizeRows(names, replay, calls, printedRef),
  };
  const found = wanted && at ? { ...at, ref: printedRef(wanted.serial, wanted.ticket) } : null;
  if (!wanted) return report;
  if (found === null) return { ...report, claim: null };
  // Ties: the other tickets completing each prize at the claimed ticket's call.
  const ties: string[][] = names.map(() => []);
  const tieCount = new Array<number>(p).fill(0);
  if (found.calls.some((c) => c !== NEVER)) {
    for (const { batch, from, count, prizes, minima } of slicesWithPrizes(seriesBatches(series), calls, set, engine)) {
      const per = batch.ticketsPerRecord;
      for (let k = 0; k < p; k++) {
        const want = found.calls[k]!;
        if (want === NEVER || minima[k]! > want) continue; // no ticket here completes it at that call
        for (let t = 0; t < count * per; t++) {
          if (prizes[t * p + k] !== want) continue;
          const serial = batch.serials[from + Math.floor(t / per)]!;
          if (serial === wanted.serial && (t % per) + 1 === wanted.ticket) continue; // the claimed ticket itself
          tieCount[k]!++;
          if (ties[k]!.length < MAX_LISTED) ties[k]!.push(printedRef(serial, (t % per) + 1));
        }
      }
    }
  }
  const prizes: ClaimVerdict[] = names.map((prize, k) => {
    const c = found!.calls[k]!;
    const call = c === NEVER ? null : c;
    const verdict: Verdict = call === null ? "not yet" : call === calls.length ? "valid now" : "late";
    return { prize, verdict, call, first: report.prizes[k]!.call, ties: ties[k]!, tieCount: tieCount[k]! };
  });
  return { ...report, claim: { ref: found.ref, line: found.line, grid: found.grid, prizes } };
}

/** One line per verdict, as the CLI and the web app word them. */
export function describeVerdict(v: ClaimVerdict, winners?: PrizeWinners): string {
  checkVerdict(v);
  if (winners !== undefined) checkWinners(winners);
  if (v.call === null) return `${v.prize}: not yet`;
  let text = v.verdict === "valid now" ? `${v.prize}: valid now (call ${v.call})` : `${v.prize}: late claim, valid since call ${v.call}`;
  if (v.first !== null && v.first < v.call) text += `; already won at call ${v.first}${winners ? ` by ${winners.winners.slice(0, 5).join(" ")}${winners.winnerCount > 5 ? ` and ${winners.winnerCount - 5} more` : ""}` : ""}`;
  if (v.tieCount > 0) text += `; tied with ${v.ties.slice(0, 5).join(" ")}${v.tieCount > 5 ? ` and ${v.tieCount - 5} more` : ""}`;
  return text;
}

const VERDICTS: readonly Verdict[] = ["valid now", "late", "not yet"];

function callOrNull(value: unknown, name: string): void {
  if (value !== null) wholeNumber(value, name, 1, LAST_NUMBER);
}

function refList(value: unknown, name: string): void {
  if (!Array.isArray(value)) throw argumentError(name, "an array of references", value);
  value.forEach((ref: unknown, i) => text(ref, `${name}[${i}]`));
}

/** describeVerdict's `v`: a ClaimVerdict as checkGame reports it. */
function checkVerdict(value: unknown): void {
  const v = requiredObject<Partial<ClaimVerdict>>(value, "v");
  text(v.prize, "v.prize");
  oneOf(v.verdict, "v.verdict", VERDICTS);
  callOrNull(v.call, "v.call");
  callOrNull(v.first, "v.first");
  refList(v.ties, "v.ties");
  wholeNumber(v.tieCount, "v.tieCount");
}

/** describeVerdict's `winners`: a PrizeWinners as checkGame reports it. */
function checkWinners(value: unknown): void {
  const w = requiredObject<Partial<PrizeWinners>>(value, "winners");
  refList(w.winners, "winners.winners");
  wholeNumber(w.winnerCount, "winners.winnerCount");
}
