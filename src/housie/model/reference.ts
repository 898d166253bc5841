// The check digit on every printed reference: Damm's algorithm (H. M. Damm, 2004) over
// the decimal digits of the serial followed by the ticket number. It catches every
// single wrong digit and every swap of two adjacent digits, the two mistakes people
// make reading a reference aloud or typing it; Luhn misses some swaps (09 <-> 90).
// A printed reference is `serial-ticket-check`, e.g. book 1234, ticket 5: `1234-5-9`;
// in a night of several games (model/game.ts) it starts with its game, `G2-1234-5-9`.
// The check digit covers the serial and the ticket only: the game is checked against
// the record (a ticket of game 2 read as G3 is refused as being of another game).
import { UsageError } from "../../errors.js";
import { argumentError, serialArgument, text, wholeNumber } from "../../args.js";
import { MAX_SERIAL, parseSerial } from "./serial.js";

/** Damm's totally anti-symmetric quasigroup of order 10 (the published table). */
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/**
 * The Damm check digit of a string of decimal digits (0 for "").
 *
 * @param digits decimal digits
 * @example
 * ```ts
 * import { dammDigit } from "tabula-grids";
 *
 * dammDigit("572"); // 4
 * ```
 */
export function dammDigit(digits: string): number {
  text(digits, "digits");
  let interim = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw argumentError("digits", "decimal digits only", digits);
    interim = DAMM[interim]![d]!;
  }
  return interim;
}

/** "G2-" for game 2 of a night, "" without a game. */
function gamePart(game: number | undefined): string {
  if (game === undefined) return "";
  wholeNumber(game, "game", 1, 12);
  return `G${game}-`;
}

/**
 * The reference printed on a ticket: `serial-ticket-check` (serial 0 to 2^64-1, ticket 1 to 6), `G2-serial-ticket-check` in game 2 of a night.
 *
 * @param serial the book's serial
 * @param ticket the ticket in the book, 1 to 6
 * @param game the game of the night, when a night has several
 * @example
 * ```ts
 * import { printedRef } from "tabula-grids";
 *
 * printedRef(1234n, 5); // "1234-5-9"
 * printedRef(1234n, 5, 2); // "G2-1234-5-9"
 * ```
 */
export function printedRef(serial: bigint | number, ticket: number, game?: number): string {
  serialArgument(serial, "serial");
  wholeNumber(ticket, "ticket", 1, 6);
  return `${gamePart(game)}${serial}-${ticket}-${dammDigit(`${serial}${ticket}`)}`;
}

/**
 * The reference without its check digit, `serial-ticket`: how the text and CSV formats
 * and `housie check --json` (checkClaims) name a ticket. Unchecked: the caller has a
 * record's serial and a ticket number 1-6.
 */
export function plainRef(serial: bigint | number, ticket: number, game?: number): string {
  return `${game === undefined ? "" : `G${game}-`}${serial}-${ticket}`;
}

export interface TicketRef {
  serial: bigint;
  /** 1-based ticket of the record. */
  ticket: number;
  /** Whether the reference carried a check digit (then it was right). */
  checked: boolean;
  /** The game it names (`G2-…`), or undefined. */
  game?: number;
}

/**
 * Reads a reference as printed (`serial-ticket-check`) or without its check digit
 * (`serial-ticket`); a wrong check digit is a UsageError saying the reference was
 * misread or mistyped. Spaces around the parts are allowed (people copy them).
 */
export function parseTicketRef(text: string): TicketRef {
  const shown = JSON.stringify(text.slice(0, 30));
  const m = /^\s*(?:[gG]\s*(\d{1,2})\s*-\s*)?(\d{1,20})\s*-\s*(\d{1,2})\s*(?:-\s*(\d)\s*)?$/.exec(text);
  const game = m?.[1] === undefined ? undefined : Number(m[1]);
  const serial = m ? parseSerial(m[2]!) : undefined;
  const ticket = m ? Number(m[3]) : 0;
  if (!m || serial === undefined || ticket < 1 || ticket > 6 || (game !== undefined && (game < 1 || game > 12))) {
    const games = /^\s*[gG]/.test(text) ? ", G2-1234-5-9 in game 2 of a night (games 1 to 12)" : "";
    throw new UsageError(
      `reference ${shown} is not serial-ticket (expected e.g. 1234-5, or 1234-5-9 with the printed check digit${games}, serial 0 to ${MAX_SERIAL}, ticket 1 to 6)`,
    );
  }
  const check = m[4];
  if (check !== undefined) {
    const want = dammDigit(`${serial}${ticket}`);
    // The right digit is not said: a misread serial would "fix" itself into another ticket.
    if (Number(check) !== want)
      throw new UsageError(`reference ${shown}: the check digit ${check} does not match (misread or mistyped? read the whole reference again)`);
  }
  return game === undefined ? { serial, ticket, checked: check !== undefined } : { serial, ticket, checked: check !== undefined, game };
}
