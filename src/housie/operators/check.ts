// Claim checking: replay a game's calls against a series file and report, for each UK
// prize (one line, two lines, full house), the first call at which any ticket reached
// it and which tickets (ties listed); or, for one reference, what that ticket holds.
// A view of the one claim checker (game/claims.ts replayCalls, the UK prize set, the
// per-ticket work in the kernel's checkTickets or its TS baseline) that names tickets
// `serial-ticket`, without the check digit, as `housie check --json` always has.
import { optionsObject, seriesArgument, text as checkText, wholeNumber, wholeNumbers } from "../../args.js";
import { InputError } from "../../errors.js";
import { readSeries } from "../series/read-series.js";
import type { SeriesBatch } from "../model/cells.js";
import { parseTicketRef, plainRef } from "../model/reference.js";
import { checkedBatches, prizeRows, replayCalls, withoutGames } from "../game/claims.js";
import { NEVER, PRIZE_SETS, prizeBatchTickets } from "../game/prizes.js";

/** A housie prize: one line, two lines or full house. */
export type Prize = "one line" | "two lines" | "full house";
/** The prizes in the order a game reaches them: the UK prize set's (game/prizes.ts). */
export const PRIZES = PRIZE_SETS.uk as readonly Prize[];

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
 * repeated call, a number outside 1..last (90; 75, 80 or 30 for bingo cards) or anything else is one clear error.
 *
 * @param text the calls, separated by commas, spaces or newlines
 * @param source where they came from, for the message ("--calls", a file name)
 * @param last the highest ball: 90, or 75, 80 or 30 for bingo cards
 * @example
 * ```ts
 * import { parseCalls } from "tabula-grids";
 *
 * parseCalls("4, 17 90"); // [4, 17, 90]
 * ```
 */
export function parseCalls(text: string, source = "--calls", last = 90): number[] {
  checkText(text, "text");
  checkText(source, "source");
  wholeNumber(last, "last", 1, 90);
  const calls: number[] = [];
  const seen = new Map<number, number>();
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const where = source === "--calls" ? { file: source } : { file: source, line: index + 1 };
    for (const token of raw.split(/[\s,]+/).filter((t) => t !== "")) {
      if (!/^\d+$/.test(token))
        throw new InputError(`call ${calls.length + 1} is ${JSON.stringify(token.slice(0, 20))}`, where, `whole numbers from 1 to ${last}`);
      const x = Number(token);
      if (x < 1 || x > last) throw new InputError(`call ${calls.length + 1} is ${x}`, where, `a number from 1 to ${last}`);
      const first = seen.get(x);
      if (first !== undefined) throw new InputError(`call ${calls.length + 1} repeats ${x} (call ${first})`, where, "each number called at most once");
      calls.push(x);
      seen.set(x, calls.length);
    }
  });
  return calls;
}

/**
 * Parses a reference `S-i` or, as printed, `S-i-c` (the check digit is verified; model/reference.ts).
 *
 * @param ref the reference, `1234-5` or as printed `1234-5-9`
 * @example
 * ```ts
 * import { parseTicketRef } from "tabula-grids";
 *
 * parseTicketRef("1234-5-9"); // { serial: 1234n, ticket: 5 }
 * ```
 */
export function parseRef(ref: string): { serial: bigint; ticket: number } {
  checkText(ref, "ref");
  const { serial, ticket } = parseTicketRef(ref);
  return { serial, ticket };
}

/**
 * Replays `calls` against a series (a JSONL file, or batches from readSeries) and
 * reports each prize's first call and winners; with `ref`, that ticket's prizes.
 * Streams the file in constant memory.
 *
 * @param series a JSONL file of books or tickets, or batches from readSeries
 * @param calls the numbers called, in order
 * @param options `ref`: a ticket ("serial-ticket") whose prizes to report; `engine`: "wasm" (default) or "ts"
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
  options = optionsObject(options, "options", ["ref", "engine"]);
  parseCalls(calls.join(","));
  const wanted = options.ref === undefined ? undefined : parseRef(options.ref);
  const engine = options.engine ?? "wasm";
  const batches = typeof series === "string" ? readSeries(series, { batch: Math.floor(prizeBatchTickets() / 6), engine }) : checkedBatches(series);
  // The UK prize set of the one claim checker, its references without check digits.
  const replay = replayCalls(withoutGames(batches), calls, "uk", engine === "wasm" ? "wasm" : "ts", wanted);
  const { records, tickets, found } = replay;
  const report: CheckReport = {
    calls: calls.length,
    records,
    tickets,
    prizes: prizeRows(PRIZES, replay, calls, plainRef),
  };
  if (wanted) {
    report.claim = found && {
      ref: plainRef(wanted.serial, wanted.ticket),
      line: found.line,
      prizes: PRIZES.map((prize, p) => ({ prize, call: found.calls[p] === NEVER ? null : found.calls[p]! })),
    };
  }
  return report;
}
