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
import { describeGame, namesGame, wrongGame, type NightGame } from "../model/game.js";
import { UsageError } from "../../errors.js";
import {
  NEVER,
  PRIZE_SETS,
  PRIZE_SET_NAMES,
  batchPrizeCalls,
  prizeBatchTickets,
  prizeNeeds,
  type GameEngine,
  type PrizeNeeds,
  type PrizeSetName,
} from "./prizes.js";

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
  /** Whether this ticket wins the prize: it completed it at the first call any ticket did (ties share). */
  wins: boolean;
  /** When it completed the prize: valid now (at the last call), late (earlier; a winner only if `wins`) or not yet. */
  verdict: Verdict;
  /** The call at which this ticket completed the prize, or null. */
  call: number | null;
  /** The first call at which any ticket completed it (earlier than `call`: someone else won first). */
  first: number | null;
  /** Other tickets completing it at the same call as this one, at most MAX_LISTED. */
  ties: string[];
  tieCount: number;
  /** What the ticket still needs for the prize (count 0 once complete). */
  needs: PrizeNeeds;
}

export interface ClaimReport {
  ref: string;
  /** 1-based line of its record in the series file. */
  line: number;
  grid: TicketGrid;
  prizes: ClaimVerdict[];
  /** Whether the ticket wins any prize of the set. */
  wins: boolean;
}

export interface GameCheck {
  prizeSet: PrizeSetName;
  /** In a night of several games: the game checked (only its tickets count). */
  game?: NightGame;
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
  /**
   * The game of the night being played, by name or number ("Red", "2"), when the series
   * is a night of several games (housie books --games): only its tickets can win, and a
   * claim with a ticket of another game is refused naming both games.
   */
  game?: string;
}

/** What the game filter learnt while the series went by. */
interface GameScan {
  /** The number of the game played, once resolved from the series' names. */
  number: number | undefined;
  /** Whether any record of the series has a game. */
  games: boolean;
  names: readonly string[];
  /** The claimed ticket's record's game (0: none), if it went by. */
  wantedGame: number | undefined;
}

/** A batch with only the records of rows `keep`. */
function subBatch(batch: SeriesBatch, keep: number[]): SeriesBatch {
  const per = batch.ticketsPerRecord;
  const size = per * CELLS_PER_TICKET;
  const cells = new Uint8Array(keep.length * size);
  const serials = new BigUint64Array(keep.length);
  const lines = new Float64Array(keep.length);
  const games = new Uint8Array(keep.length);
  keep.forEach((r, i) => {
    cells.set(batch.cells.subarray(r * size, (r + 1) * size), i * size);
    serials[i] = batch.serials[r]!;
    lines[i] = batch.lines[r]!;
    games[i] = batch.games![r]!;
  });
  return { count: keep.length, ticketsPerRecord: per, cells, serials, lines, games, gameNames: batch.gameNames };
}

/**
 * The batches with only the records of the game played (all of them in a series without
 * games), noting in `scan` the series' games and the claimed ticket's game.
 */
function* onlyGame(batches: Iterable<SeriesBatch>, playing: string | undefined, wanted: TicketAt | undefined, scan: GameScan): Generator<SeriesBatch> {
  for (const batch of batches) {
    const games = batch.games;
    const names = batch.gameNames ?? [];
    scan.names = names;
    if (wanted && scan.wantedGame === undefined) {
      for (let r = 0; r < batch.count; r++)
        if (batch.serials[r] === wanted.serial) {
          scan.wantedGame = games?.[r] ?? 0;
          break;
        }
    }
    if (!games || !games.subarray(0, batch.count).some((g) => g !== 0)) {
      yield batch;
      continue;
    }
    scan.games = true;
    if (playing === undefined) {
      throw new UsageError(
        `the series is a night of games (${gameList(names)}): say which game this is (housie call GAME --game-name NAME, or check --game-name NAME)`,
      );
    }
    scan.number ??= names.findIndex((name, i) => name !== undefined && namesGame(playing, { number: i, name }));
    if (scan.number < 0) scan.number = undefined;
    const keep: number[] = [];
    for (let r = 0; r < batch.count; r++) if (games[r] === scan.number) keep.push(r);
    if (keep.length === batch.count) yield batch;
    else if (keep.length > 0) yield subBatch(batch, keep);
  }
}

/** The batches of a series read without saying the game played: a night of games is refused (its games' tickets would all count). */
export function withoutGames(batches: Iterable<SeriesBatch>): Generator<SeriesBatch> {
  return onlyGame(batches, undefined, undefined, { number: undefined, games: false, names: [], wantedGame: undefined });
}

/** The series' games in words: "1 Red, 2 Blue". */
function gameList(names: readonly string[]): string {
  return names.flatMap((n, i) => (n === undefined ? [] : [`${i} ${n}`])).join(", ");
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
        found = {
          line: batch.lines[r]!,
          grid: ticketFromCells(batch.cells, (r * per + wanted.ticket - 1) * CELLS_PER_TICKET),
          calls: Array.from(prizes.subarray(t * p, t * p + p)),
        };
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
    if (!(b.cells instanceof Uint8Array) || b.cells.length < count * per * CELLS_PER_TICKET)
      throw argumentError("series batch.cells", `a Uint8Array of ${count * per * CELLS_PER_TICKET} cells`, b.cells);
    if (!(b.serials instanceof BigUint64Array) || b.serials.length < count)
      throw argumentError("series batch.serials", `a BigUint64Array of ${count} serials`, b.serials);
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
 *
 * @param series called once (twice with a claim) for the series' batches, e.g. `() => readSeries(file)`
 * @param calls the numbers called, in order
 * @param set the prizes: "uk" or "tambola"
 * @param claim a ticket's reference as printed, to judge its claims
 * @param options `engine`: "wasm" (default) or "ts"
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { checkGame, describeVerdict, parseCalls, readSeries } from "tabula-grids";
 *
 * const examples = "node_modules/tabula-grids/examples/";
 * const calls = parseCalls(readFileSync(`${examples}housie-calls.txt`, "utf8"));
 * const game = checkGame(() => readSeries(`${examples}housie-books.jsonl`), calls, "uk");
 * game.prizes.map((prize) => prize.call); // [43, 61, 72]: one line, two lines, full house
 * ```
 */
export function checkGame(
  series: () => Iterable<SeriesBatch>,
  calls: readonly number[],
  set: PrizeSetName,
  claim?: string,
  options: GameCheckOptions = {},
): GameCheck {
  functionArgument(series, "series");
  wholeNumbers(calls, "calls", 1, LAST_NUMBER);
  if (new Set(calls).size !== calls.length) throw argumentError("calls", `numbers from 1 to ${LAST_NUMBER}, each called at most once`, calls);
  oneOf(set, "set", PRIZE_SET_NAMES);
  optionalText(claim, "claim");
  const wanted = claim === undefined ? undefined : parseTicketRef(claim);
  const { engine = "wasm", game: playing } = optionsObject<GameCheckOptions>(options, "options", ["engine", "game"]);
  oneOf(engine, "options.engine", ["wasm", "ts"] as const);
  optionalText(playing, "options.game");
  const names = PRIZE_SETS[set];
  const p = names.length;
  const scan: GameScan = { number: undefined, games: false, names: [], wantedGame: undefined };
  const replay = replayCalls(onlyGame(seriesBatches(series), playing, wanted, scan), calls, set, engine, wanted);
  if (scan.games && scan.number === undefined)
    throw new UsageError(`the series has no game ${JSON.stringify(playing!.slice(0, 30))} (its games: ${gameList(scan.names)})`);
  const number = scan.number;
  const game = number === undefined ? undefined : { number, name: scan.names[number]! };
  if (wanted) {
    // The reference's game (G3-…), the ticket's own, the game played: all one, or one line naming both.
    const its = scan.wantedGame ? { number: scan.wantedGame, name: scan.names[scan.wantedGame]! } : undefined;
    if (wanted.game !== undefined && scan.wantedGame !== undefined && wanted.game !== scan.wantedGame) {
      throw new UsageError(
        `reference ${JSON.stringify(claim!.trim().slice(0, 40))} names game ${wanted.game}, but ticket ${wanted.serial}-${wanted.ticket} is of ${its ? describeGame(its) : "no game"} (misread? read the whole reference again)`,
      );
    }
    if (scan.games && scan.wantedGame !== undefined && scan.wantedGame !== number)
      throw wrongGame(printedRef(wanted.serial, wanted.ticket, its?.number), its, game!);
  }
  const ref = (serial: bigint, ticket: number) => printedRef(serial, ticket, game?.number);
  const { records, tickets, found: at } = replay;
  const report: GameCheck = {
    prizeSet: set,
    calls: calls.length,
    records,
    tickets,
    prizes: prizeRows(names, replay, calls, ref),
  };
  if (game) report.game = game;
  const found = wanted && at ? { ...at, ref: ref(wanted.serial, wanted.ticket) } : null;
  if (!wanted) return report;
  if (found === null) return { ...report, claim: null };
  // Ties: the other tickets completing each prize at the claimed ticket's call.
  const ties: string[][] = names.map(() => []);
  const tieCount = new Array<number>(p).fill(0);
  if (found.calls.some((c) => c !== NEVER)) {
    for (const { batch, from, count, prizes, minima } of slicesWithPrizes(
      onlyGame(seriesBatches(series), playing, undefined, { ...scan }),
      calls,
      set,
      engine,
    )) {
      const per = batch.ticketsPerRecord;
      for (let k = 0; k < p; k++) {
        const want = found.calls[k]!;
        if (want === NEVER || minima[k]! > want) continue; // no ticket here completes it at that call
        for (let t = 0; t < count * per; t++) {
          if (prizes[t * p + k] !== want) continue;
          const serial = batch.serials[from + Math.floor(t / per)]!;
          if (serial === wanted.serial && (t % per) + 1 === wanted.ticket) continue; // the claimed ticket itself
          tieCount[k]!++;
          if (ties[k]!.length < MAX_LISTED) ties[k]!.push(ref(serial, (t % per) + 1));
        }
      }
    }
  }
  const called = new Set(calls);
  const prizes: ClaimVerdict[] = names.map((prize, k) => {
    const c = found!.calls[k]!;
    const call = c === NEVER ? null : c;
    const verdict: Verdict = call === null ? "not yet" : call === calls.length ? "valid now" : "late";
    const first = report.prizes[k]!.call;
    return {
      prize,
      wins: call !== null && call === first,
      verdict,
      call,
      first,
      ties: ties[k]!,
      tieCount: tieCount[k]!,
      needs: prizeNeeds(set, k, found!.grid, called),
    };
  });
  return { ...report, claim: { ref: found.ref, line: found.line, grid: found.grid, prizes, wins: prizes.some((v) => v.wins) } };
}

/** Up to five references, then "and N more". */
function someOf(refs: readonly string[], count: number): string {
  return `${refs.slice(0, 5).join(" ")}${count > 5 ? ` and ${count - 5} more` : ""}`;
}

/** "14, 27 more", "3 more numbers": what a ticket still needs. */
function needsText(needs: PrizeNeeds): string {
  if (needs.numbers.length === 0) return `${needs.count} more number${needs.count === 1 ? "" : "s"}`;
  return `${needs.numbers.join(", ")} more`;
}

/**
 * One line per verdict that cannot be misread, as the CLI and the web app word them:
 * "WINS full house at call 53", "NOT A WINNER: early five went to 82-6-1 at call 7",
 * "NOT A WINNER: one line needs 14, 27 more". `winners` names who won it first.
 *
 * @param v a claim's verdict, from checkGame
 * @param winners that prize's first winners, to name them
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { checkGame, describeVerdict, parseCalls, readSeries } from "tabula-grids";
 *
 * const examples = "node_modules/tabula-grids/examples/";
 * const calls = parseCalls(readFileSync(`${examples}housie-calls.txt`, "utf8"));
 * const game = checkGame(() => readSeries(`${examples}housie-books.jsonl`), calls, "uk", "1-1-7");
 * describeVerdict(game.claim.prizes[2], game.prizes[2]); // "NOT A WINNER: full house went to 2-6-4 at call 72 (this ticket completed it later, at call 86)"
 * ```
 */
export function describeVerdict(v: ClaimVerdict, winners?: PrizeWinners): string {
  checkVerdict(v);
  if (winners !== undefined) checkWinners(winners);
  const who = winners && winners.winnerCount > 0 ? someOf(winners.winners, winners.winnerCount) : "another ticket";
  if (v.wins) {
    let line = `WINS ${v.prize} at call ${v.call}`;
    if (v.tieCount > 0) line += `, shared with ${someOf(v.ties, v.tieCount)}`;
    if (v.verdict === "late") line += " (a late claim)";
    return line;
  }
  if (v.call !== null) return `NOT A WINNER: ${v.prize} went to ${who} at call ${v.first} (this ticket completed it later, at call ${v.call})`;
  let line = `NOT A WINNER: ${v.prize} needs ${needsText(v.needs)}`;
  if (v.first !== null) line += `; it went to ${who} at call ${v.first}`;
  return line;
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
  if (typeof v.wins !== "boolean") throw argumentError("v.wins", "true or false", v.wins);
  const needs = requiredObject<Partial<PrizeNeeds>>(v.needs, "v.needs");
  wholeNumber(needs.count, "v.needs.count", 0, LAST_NUMBER);
  wholeNumbers(needs.numbers, "v.needs.numbers", 1, LAST_NUMBER);
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
