// Argument checks of the library API, one module for all of them: each names the
// argument, says what was expected and shows what came (shortened, escaped, with its
// type when the type is the problem: "4" is a string, not a number), as a UsageError.
import { UsageError } from "./errors.js";
import { quoteValue } from "./io/quote.js";
import { MAX_SERIAL } from "./housie/model/serial.js";

/** What `value` is, for a message: `"4" (a string)`, `null`, `NaN`, `[1,2] (an array)`; an object that cannot be read (a proxy whose traps throw) is said so. */
export function describeValue(value: unknown): string {
  try {
    return describeReadable(value);
  } catch {
    return "an object that throws when read (a proxy or a getter)";
  }
}

function describeReadable(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "number") return quoteValue(value) === "null" ? String(value) : quoteValue(value);
  if (typeof value === "bigint") return `${quoteValue(String(value))} (a bigint)`;
  if (typeof value === "string") return `${quoteValue(value)} (a string)`;
  if (typeof value === "function") return "a function";
  if (typeof value === "symbol") return "a symbol";
  if (Array.isArray(value)) return `${quoteValue(value)} (an array)`;
  if (typeof value === "object") return `${quoteValue(value)} (an object)`;
  return quoteValue(value);
}

/** The argument error: `name: expected X, got V`. */
export function argumentError(name: string, expected: string, value: unknown): UsageError {
  return new UsageError(`${name}: expected ${expected}, got ${describeValue(value)}`);
}

/** A whole number (type number) from min to max. */
export function wholeNumber(value: unknown, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw argumentError(name, `a whole number from ${min} to ${max}`, value);
  }
  return value;
}

/** A whole number from min to max, or Infinity (an endless stream). */
export function countOrInfinity(value: unknown, name: string, max = Number.MAX_SAFE_INTEGER): number {
  if (value === Infinity) return value;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
    throw argumentError(name, `a whole number from 0 to ${max}, or Infinity`, value);
  }
  return value;
}

/** One of a few strings. */
export function oneOf<T extends string>(value: unknown, name: string, choices: readonly T[]): T {
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) {
    throw argumentError(name, `one of ${choices.map((c) => `"${c}"`).join(", ")}`, value);
  }
  return value as T;
}

/** How many single-character edits turn `a` into `b` (Levenshtein), for "did you mean". */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

/** The choice nearest to `word` (case aside), if it is near enough to be a likely slip. */
export function nearestChoice(word: string, choices: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const choice of choices) {
    const d = editDistance(word.toLowerCase(), choice.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [choice, d];
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** What went wrong when reading an argument threw (a getter or a proxy's trap). */
function readFailure(name: string, error: unknown): UsageError {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new UsageError(`${name}: reading it threw ${quoteValue(what.length > 80 ? `${what.slice(0, 79)}…` : what)} (expected a plain value)`);
}

/**
 * A copy of an options object's own keys and values, each read once: a getter or a proxy
 * trap that throws becomes a UsageError naming it, and with `known`, a key the function
 * does not know is refused with the nearest known one (or `hints[key]`, where another
 * function is the one that takes it), so that no option is silently ignored.
 */
function snapshot<T extends object>(value: object, name: string, known?: readonly string[], hints: Record<string, string> = {}): T {
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch (error) {
    throw readFailure(name, error);
  }
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    if (known && !known.includes(key)) {
      const hint = Object.hasOwn(hints, key) ? hints[key] : undefined;
      const near = nearestChoice(key, known);
      const shown = quoteValue(key.length > 40 ? `${key.slice(0, 39)}…` : key);
      throw new UsageError(
        `${name}: unknown option ${shown} (${hint ?? (near ? `did you mean "${near}"? ` : "")}${hint ? "" : `expected ${known.length ? known.map((k) => `"${k}"`).join(", ") : "no options"}`})`,
      );
    }
    try {
      copy[key] = (value as Record<string, unknown>)[key];
    } catch (error) {
      throw readFailure(`${name}.${key}`, error);
    }
  }
  return copy as T;
}

/**
 * The option names of T, written once as `{ name: true, … }`: TypeScript refuses the list
 * when it misses an option of T or names one T does not have, so it cannot fall behind.
 */
export function optionKeys<T extends object>(keys: { [K in keyof Required<T> & string]: true }): readonly (keyof T & string)[] {
  return Object.keys(keys) as (keyof T & string)[];
}

/** `value[key]`, where reading it may throw (a getter, a proxy): then a UsageError naming `name`. */
export function property(value: object, key: PropertyKey, name: string): unknown {
  try {
    return (value as Record<PropertyKey, unknown>)[key];
  } catch (error) {
    throw readFailure(name, error);
  }
}

/** Reads every own key of `value` once, so that a getter or a proxy trap that throws is a UsageError here, not a foreign error later. */
export function readable(value: object, name: string): void {
  snapshot(value, name);
  try {
    Object.getPrototypeOf(value);
  } catch (error) {
    throw readFailure(name, error);
  }
}

/**
 * An options object (plain, not null, not an array); undefined gives {}. With `known`
 * (the option names the function takes), a copy read once, unknown keys refused.
 */
export function optionsObject<T extends object>(value: unknown, name: string, known?: readonly string[], hints?: Record<string, string>): Partial<T> {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw argumentError(name, "an options object", value);
  return known ? snapshot<Partial<T>>(value, name, known, hints) : (value as Partial<T>);
}

/** A required object argument; with `known`, a strict options object as optionsObject makes it. */
export function requiredObject<T extends object>(value: unknown, name: string, known?: readonly string[], hints?: Record<string, string>): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw argumentError(name, "an object", value);
  if (known) return snapshot<T>(value, name, known, hints);
  readable(value, name);
  return value as T;
}

/** An array without holes (`[1, , 3]` has one at [1]): a hole is not a value. */
export function denseArray(value: unknown, name: string, expected: string): unknown[] {
  if (!Array.isArray(value)) throw argumentError(name, expected, value);
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) throw new UsageError(`${name}[${i}]: expected ${expected.replace(/^an? array of /, "")}, got a hole (a sparse array)`);
  }
  return value;
}

/** A boolean, or undefined for the default. */
export function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value !== undefined && typeof value !== "boolean") throw argumentError(name, "true or false", value);
  return value;
}

/** A string. */
export function text(value: unknown, name: string): string {
  if (typeof value !== "string") throw argumentError(name, "a string", value);
  return value;
}

/** An array of whole numbers from min to max. */
export function wholeNumbers(value: unknown, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number[] {
  denseArray(value, name, `an array of whole numbers from ${min} to ${max}`).forEach((v, i) => wholeNumber(v, `${name}[${i}]`, min, max));
  return value as number[];
}

/** Most worker threads a pool takes (more only cost memory): a larger request is refused, a default of one per core is capped. */
export const MAX_THREADS = 256;

/** Worker threads: a whole number from 1 to `max` (more threads than that only cost memory). */
export function threadCount(value: unknown, name: string, max = MAX_THREADS): number | undefined {
  if (value === undefined) return undefined;
  return wholeNumber(value, name, 1, max);
}

/** An optional whole number from min to max (undefined: the default). */
export function optionalWholeNumber(value: unknown, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  return value === undefined ? undefined : wholeNumber(value, name, min, max);
}

/** A square: an array of two whole numbers [row, column] (whether it lies on the board is the caller's check). */
export function squareArgument(value: unknown, name: string): readonly [number, number] {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !denseArray(value, name, "a square [row, column] of two whole numbers").every((x) => typeof x === "number" && Number.isInteger(x))
  ) {
    throw argumentError(name, "a square [row, column] of two whole numbers", value);
  }
  return value as unknown as readonly [number, number];
}

/** An array of strings (file names). */
export function textArray(value: unknown, name: string): string[] {
  if (!denseArray(value, name, "an array of strings").every((v) => typeof v === "string")) throw argumentError(name, "an array of strings", value);
  return value as string[];
}

/** A series: JSONL text, or an iterable of batches as readSeries yields. */
export function seriesArgument(value: unknown, name: string): void {
  if (typeof value === "string") return;
  if (value === null || typeof value !== "object" || typeof property(value, Symbol.iterator, name) !== "function") {
    throw argumentError(name, "JSONL text or an iterable of series batches", value);
  }
}

/** A farm row: its text ("2,1,0") or an array of digits. */
export function rowArgument(value: unknown, name: string): void {
  if (typeof value !== "string" && !Array.isArray(value)) throw argumentError(name, "a row as text or an array of digits", value);
}

/** An iterable or async iterable (records, chunks). */
export function iterableArgument(value: unknown, name: string): void {
  const v = value as object | null;
  if (
    v === null ||
    typeof v !== "object" ||
    (typeof property(v, Symbol.iterator, name) !== "function" && typeof property(v, Symbol.asyncIterator, name) !== "function")
  ) {
    throw argumentError(name, "an iterable or async iterable", value);
  }
}

/** A function (a callback). */
export function functionArgument<T extends (...args: never[]) => unknown>(value: unknown, name: string): T {
  if (typeof value !== "function") throw argumentError(name, "a function", value);
  return value as T;
}

/** A string, or undefined for the default. */
export function optionalText(value: unknown, name: string): string | undefined {
  if (value !== undefined && typeof value !== "string") throw argumentError(name, "a string", value);
  return value;
}

/** A finite number from min to max. */
export function finiteNumber(value: unknown, name: string, min = -Number.MAX_VALUE, max = Number.MAX_VALUE): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    const range = max !== Number.MAX_VALUE ? ` from ${min} to ${max}` : min !== -Number.MAX_VALUE ? ` of at least ${min}` : "";
    throw argumentError(name, `a finite number${range}`, value);
  }
  return value;
}

/** Whether `value` is a Uint8Array (false for a proxy whose traps throw, which instanceof would pass on). */
export function isBytes(value: unknown): value is Uint8Array {
  try {
    return value instanceof Uint8Array;
  } catch {
    return false;
  }
}

/** Bytes: a Uint8Array. */
export function bytesArgument(value: unknown, name: string): Uint8Array {
  if (!isBytes(value)) throw argumentError(name, "a Uint8Array", value);
  return value;
}

/** A serial of a book or ticket: a bigint or a safe whole number, from 0 to 2^64-1 (housie/model/serial.ts). */
export function serialArgument(value: unknown, name: string): bigint | number {
  if (typeof value === "bigint" ? value < 0n || value > MAX_SERIAL : !(typeof value === "number" && Number.isSafeInteger(value) && value >= 0)) {
    throw argumentError(name, `a whole number (bigint) from 0 to ${MAX_SERIAL}`, value);
  }
  return value as bigint | number;
}

/** A housie ticket: 3 rows of 9 cells, each a whole number from 1 to 90 or null. */
export function ticketGridArgument(value: unknown, name: string): void {
  const expected = "3 rows of 9 cells, each a number 1..90 or null";
  const ok =
    Array.isArray(value) &&
    value.length === 3 &&
    denseArray(value, name, expected).every(
      (row: unknown, r) =>
        Array.isArray(row) &&
        row.length === 9 &&
        denseArray(row, `${name}[${r}]`, expected).every(
          (cell: unknown) => cell === null || (typeof cell === "number" && Number.isInteger(cell) && cell >= 1 && cell <= 90),
        ),
    );
  if (!ok) throw argumentError(name, expected, value);
}

/** A housie record: `{ serial, tickets }`, a serial and 1 to 6 tickets. */
export function housieRecordArgument(value: unknown, name: string): void {
  const r = requiredObject<{ serial?: unknown; tickets?: unknown; game?: unknown }>(value, name);
  serialArgument(r.serial, `${name}.serial`);
  if (r.game !== undefined) {
    const g = requiredObject<{ number?: unknown; name?: unknown }>(r.game, `${name}.game`);
    wholeNumber(g.number, `${name}.game.number`, 1, 12);
    text(g.name, `${name}.game.name`);
  }
  const tickets = r.tickets;
  if (!Array.isArray(tickets) || tickets.length < 1 || tickets.length > 6) throw argumentError(`${name}.tickets`, "an array of 1 to 6 tickets", tickets);
  denseArray(tickets, `${name}.tickets`, "an array of 1 to 6 tickets").forEach((ticket: unknown, t) => ticketGridArgument(ticket, `${name}.tickets[${t}]`));
}
