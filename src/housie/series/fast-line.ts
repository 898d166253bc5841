// The series codec's fast path in TypeScript: the twin of the kernel's line parser
// (assembly/housie/read.ts), used where the kernel is not loaded (a browser before
// ready()) or when asked for (engine "ts"). It reads one line of our JSONL into raw
// cells and a serial, or answers "not mine" and leaves the line to the slow path
// (decoder.ts), which words every message.
import { CELLS_PER_TICKET } from "../model/cells.js";
import { serialWordsFromDigits } from "../model/serial.js";

// TextEncoder, not Buffer: the validator runs in browsers too (ASCII either way).
const SERIAL_PREFIX = new TextEncoder().encode('{"serial":');
const TICKETS_KEY = new TextEncoder().encode('"tickets":');

/**
 * Byte-level parse of our own JSONL line (spaces allowed between tokens, keys in our
 * order) into cells at `at` and the serial into serialWords[2 * index] (low, high 32
 * bits); false when the line is anything else (the caller then takes the general path,
 * which also words the error). One pass, a small state machine: depth 1 is the ticket
 * list, 2 a ticket, 3 a row of 9 cells.
 * The TS twin of the kernel's parseLine (assembly/housie/read.ts): the same lines, the
 * same cells and serial (a test feeds both the same mutated lines).
 */
export function parseLineTs(
  bytes: Uint8Array,
  start: number,
  end: number,
  cells: Uint8Array,
  at: number,
  tickets: number,
  serialWords: Uint32Array,
  index: number,
): boolean {
  let i = start;
  while (i < end && bytes[i] === 32) i++;
  for (let k = 0; k < SERIAL_PREFIX.length; k++) if (bytes[i++] !== SERIAL_PREFIX[k]) return false;
  while (i < end && bytes[i] === 32) i++;
  const digitsFrom = i;
  while (i < end && bytes[i]! >= 48 && bytes[i]! <= 57) i++;
  if (!serialWordsFromDigits(bytes, digitsFrom, i, serialWords, 2 * index)) return false;
  while (i < end && bytes[i] === 32) i++;
  if (bytes[i++] !== 44) return false; // ,
  while (i < end && bytes[i] === 32) i++;
  for (let k = 0; k < TICKETS_KEY.length; k++) if (bytes[i++] !== TICKETS_KEY[k]) return false;
  let depth = 0;
  let c = at;
  const last = at + tickets * CELLS_PER_TICKET;
  let inRow = 0;
  let rows = 0;
  let seen = 0; // tickets closed
  let afterValue = false; // a value or ']' was just read: a ',' or ']' must follow
  for (; i < end; i++) {
    const b = bytes[i]!;
    if (b === 32) continue;
    if (b === 44) {
      // ,
      if (!afterValue) return false;
      afterValue = false;
    } else if (b === 91) {
      // [
      if (afterValue || depth === 3) return false;
      depth++;
      if (depth === 2) rows = 0;
      else if (depth === 3) inRow = 0;
    } else if (b === 93) {
      // ]
      if (!afterValue) return false; // no empty lists, no trailing commas
      if (depth === 3) {
        if (inRow !== 9) return false;
        rows++;
      } else if (depth === 2) {
        if (rows !== 3) return false;
        seen++;
      } else break;
      depth--;
      afterValue = true;
    } else if (depth !== 3 || afterValue || c === last) {
      return false;
    } else if (b === 110) {
      // null
      if (bytes[i + 1] !== 117 || bytes[i + 2] !== 108 || bytes[i + 3] !== 108) return false;
      i += 3;
      cells[c++] = 0;
      inRow++;
      afterValue = true;
    } else if (b >= 49 && b <= 57) {
      let x = b - 48;
      const next = bytes[i + 1]!;
      if (next >= 48 && next <= 57) {
        x = x * 10 + next - 48;
        i++;
      }
      cells[c++] = x;
      inRow++;
      afterValue = true;
    } else {
      return false;
    }
  }
  if (depth !== 1 || seen !== tickets || c !== last) return false;
  for (i++; i < end && bytes[i] === 32; i++);
  if (bytes[i++] !== 125) return false; // }
  while (i < end && (bytes[i] === 32 || bytes[i] === 9)) i++;
  return i === end;
}
