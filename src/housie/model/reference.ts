// The check digit on every printed reference: Damm's algorithm (H. M. Damm, 2004) over
// the decimal digits of the serial followed by the ticket number. It catches every
// single wrong digit and every swap of two adjacent digits, the two mistakes people
// make reading a reference aloud or typing it; Luhn misses some swaps (09 <-> 90).
// A printed reference is `serial-ticket-check`, e.g. book 1234, ticket 5: `1234-5-9`.
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

/** The Damm check digit of a string of decimal digits (0 for ""). */
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

/** The reference printed on a ticket: `serial-ticket-check` (serial 0 to 2^64-1, ticket 1 to 6). */
export function printedRef(serial: bigint | number, ticket: number): string {
  serialArgument(serial, "serial");
  wholeNumber(ticket, "ticket", 1, 6);
  return `${serial}-${ticket}-${dammDigit(`${serial}${ticket}`)}`;
}

/**
 * The reference without its check digit, `serial-ticket`: how the text and CSV formats
 * and `housie check --json` (checkClaims) name a ticket. Unchecked: the caller has a
 * record's serial and a ticket number 1-6.
 */
export function plainRef(serial: bigint | number, ticket: number): string {
  return `${serial}-${ticket}`;
}

export interface TicketRef {
  serial: bigint;
  /** 1-based ticket of the record. */
  ticket: number;
  /** Whether the reference carried a check digit (then it was right). */
  checked: boolean;
}

/**
 * Reads a reference as printed (`serial-ticket-check`) or without its check digit
 * (`serial-ticket`); a wrong check digit is a UsageError saying the reference was
 * misread or mistyped. Spaces around the parts are allowed (people copy them).
 */
export function parseTicketRef(text: string): TicketRef {
  const shown = JSON.stringify(text.slice(0, 30));
  const m = /^\s*(\d{1,20})\s*-\s*(\d{1,2})\s*(?:-\s*(\d)\s*)?$/.exec(text);
  const serial = m ? parseSerial(m[1]!) : undefined;
  const ticket = m ? Number(m[2]) : 0;
  if (!m || serial === undefined || ticket < 1 || ticket > 6) {
    throw new UsageError(`reference ${shown} is not serial-ticket (expected e.g. 1234-5, or 1234-5-9 with the printed check digit, serial 0 to ${MAX_SERIAL}, ticket 1 to 6)`);
  }
  if (m[3] !== undefined) {
    const want = dammDigit(`${serial}${ticket}`);
    // The right digit is not said: a misread serial would "fix" itself into another ticket.
    if (Number(m[3]) !== want) throw new UsageError(`reference ${shown}: the check digit ${m[3]} does not match (misread or mistyped? read the whole reference again)`);
  }
  return { serial, ticket, checked: m[3] !== undefined };
}
