// The one codec of a card series, for every format: one JSON object per line,
//   {"serial":S,"ball":75,"card":[[row], …]}  (null on free squares),
// read by `bingo validate` (every violation), `check` and `winners` (stopping at the
// first) alike: the same lines, the same rules, the same messages. Framing as the housie
// series codec's: a UTF-8 byte-order mark at the very start is skipped (one anywhere else
// is an error), a line of only spaces, tabs and CRs is blank, a line over MAX_LINE_CHARS is
// an error; serials are read from the line's digits, so 20-digit serials stay exact.
import { InputError } from "../errors.js";
import { shorten } from "../io/quote.js";
import { createReadStream, statSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { readFailure } from "../io/lines.js";
import { MAX_SERIAL } from "../housie/model/serial.js";
import { cellsFromCard, type CardRecord } from "./card.js";
import { cardShapeOf, cellCount, columnName, isFree, shapeOf, type CardShape } from "./shape.js";

/** Longest line read (a card line as written takes under 200 bytes). */
export const MAX_LINE_CHARS = 1 << 16;
/** What a line should be, in messages. */
export const EXPECTED_CARD_LINE = 'one JSON object per line, {"serial": ..., "ball": ..., "card": [[...], ...]}';

/** The rules a card series is held to (the tag printed after each violation). */
export type CardRule = "json" | "record" | "serial" | "ball" | "grid" | "range" | "repeat-in-column" | "free" | "repeated-serial" | "repeated-card";

/** One broken rule on one line. */
export interface CardViolation {
  line: number;
  rule: CardRule;
  problem: string;
  expected: string;
}

/**
 * The record as one JSON line (without its newline), the serial's digits exact.
 *
 * @param r the card's record
 * @example
 * ```ts
 * import { cardToJson, generateCards } from "tabula-grids/bingo";
 *
 * cardToJson(generateCards(75, 1, { seed: 1 })[0]); // '{"serial":1,"ball":75,"card":[[6,29,44,47,70],[5,25,36,49,62],[3,22,null,50,64],[4,26,35,48,68],[15,28,34,59,67]]}'
 * ```
 */
export function cardToJson(r: CardRecord): string {
  return `{"serial":${r.serial},"ball":${r.ball},"card":${JSON.stringify(r.card)}}`;
}

const KEYS = ["serial", "ball", "card"];
const shown = (value: unknown): string => shorten(JSON.stringify(value) ?? String(value), 40);

/**
 * Reads one line: the record and its cells, or the first rule it breaks. `ball` is the
 * series' format when known (the first good line fixes it otherwise, see readCardSeries).
 *
 * @param text one line of a series file
 * @param line its 1-based line, for the violation
 * @param ball the series' format, when known
 * @example
 * ```ts
 * import { parseCardLine } from "tabula-grids/bingo";
 *
 * const read = parseCardLine('{"serial":1,"ball":30,"card":[[1,11,21],[2,12,22],[3,13,23]]}', 1);
 * "record" in read ? read.record.serial : read.problem; // 1n
 * ```
 */
export function parseCardLine(text: string, line: number, ball?: string): { record: CardRecord; shape: CardShape; cells: Uint8Array } | CardViolation {
  const v = (rule: CardRule, problem: string, expected: string): CardViolation => ({ line, rule, problem, expected });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return v("json", `not JSON: ${shorten(text, 40)}`, EXPECTED_CARD_LINE);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return v("record", `not a JSON object: ${shown(value)}`, EXPECTED_CARD_LINE);
  const o = value as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !KEYS.includes(k));
  if (extra !== undefined) return v("record", `unknown key ${shown(extra)}`, "only serial, ball and card");
  const missing = KEYS.find((k) => !(k in o));
  if (missing !== undefined) return v("record", `no ${missing}`, EXPECTED_CARD_LINE);
  // The serial's own digits: JSON.parse rounds numbers past 2^53.
  const digits = /"serial"\s*:\s*([^,}\s]*)/.exec(text)?.[1] ?? "";
  if (typeof o.serial !== "number" || !/^(0|[1-9]\d{0,19})$/.test(digits) || BigInt(digits) > MAX_SERIAL) {
    return v("serial", `serial ${shorten(digits || shown(o.serial), 30)} is not a serial`, `a whole number from 0 to ${MAX_SERIAL}`);
  }
  const serial = BigInt(digits);
  const format = typeof o.ball === "number" || typeof o.ball === "string" ? String(o.ball) : "";
  let shape: CardShape;
  try {
    shape = cardShapeOf(format);
  } catch {
    return v("ball", `ball ${shown(o.ball)} is not a card format`, "75, 80 or 30");
  }
  if (ball !== undefined && shape.ball !== ball) return v("ball", `a ${shape.title} card in a ${shapeOf(ball).title} series`, `ball ${ball} on every line`);
  const card = o.card;
  if (!Array.isArray(card) || card.length !== shape.rows || !card.every((row) => Array.isArray(row) && row.length === shape.columns)) {
    return v(
      "grid",
      `card ${shown(card)} is not ${shape.rows} rows of ${shape.columns}`,
      `${shape.rows} arrays of ${shape.columns} numbers (null on free squares)`,
    );
  }
  const rows = card as unknown[][];
  for (let c = 0; c < shape.columns; c++) {
    const [lo, hi] = shape.columnRanges[c]!;
    const seen = new Set<number>();
    for (let r = 0; r < shape.rows; r++) {
      const cell = rows[r]![c];
      if (isFree(shape, r, c)) {
        if (cell !== null) return v("free", `row ${r + 1}, column ${c + 1} holds ${shown(cell)} on the free square`, "null there");
        continue;
      }
      if (typeof cell !== "number" || !Number.isInteger(cell) || cell < lo || cell > hi) {
        return v("range", `row ${r + 1}, column ${columnName(shape, c)} holds ${shown(cell)}`, `a whole number from ${lo} to ${hi}`);
      }
      if (seen.has(cell)) return v("repeat-in-column", `${cell} twice in column ${columnName(shape, c)}`, "different numbers in a column");
      seen.add(cell);
    }
  }
  const record: CardRecord = { serial, ball: shape.ball, card: rows as (number | null)[][] };
  return { record, shape, cells: cellsFromCard(shape, record.card) };
}

/** A batch of good cards, in file order. */
export interface CardBatch {
  shape: CardShape;
  serials: bigint[];
  /** Card i at i·cellCount(shape). */
  cells: Uint8Array;
  /** Each card's line. */
  lines: number[];
}

export interface ReadCardOptions {
  /** The series' format; default: the first good line's. */
  ball?: string;
  /** Told every violation; throw from it to stop (check, winners); default: throw cardSeriesError. */
  report?: (v: CardViolation) => void;
  /** Cards per batch (default 4096). */
  batch?: number;
  /** The file's name in messages. */
  name?: string;
}

/** A violation as the error that stops a reader: `file:line: problem (expected …) [rule]`. */
export function cardSeriesError(v: CardViolation, file: string): InputError {
  const error = new InputError(v.problem, { file, line: v.line }, v.expected);
  error.message = `${error.message} [${v.rule}]`;
  return error;
}

/**
 * The good cards of a series file ("-": standard input) in batches, every broken rule —
 * repeated serials and repeated cards included — told to `report`.
 *
 * @param file a series file of cards, or "-" for standard input
 * @param options `ball`, `report` (told each violation; default: throw), `batch`, `name`
 * @example
 * ```ts
 * import { writeFileSync } from "node:fs";
 * import { cardToJson, generateCards, readCardSeries } from "tabula-grids/bingo";
 *
 * writeFileSync("cards.jsonl", generateCards(75, 3, { seed: 1 }).map(cardToJson).join("\n") + "\n");
 * let cards = 0;
 * for await (const batch of readCardSeries("cards.jsonl")) cards += batch.serials.length;
 * cards; // 3
 * ```
 */
export async function* readCardSeries(file: string, options: ReadCardOptions = {}): AsyncGenerator<CardBatch> {
  const name = options.name ?? (file === "-" ? "<stdin>" : file);
  const report =
    options.report ??
    ((v: CardViolation) => {
      throw cardSeriesError(v, name);
    });
  const batchSize = options.batch ?? 4096;
  let ball = options.ball;
  const serials = new Set<string>();
  const cards = new Set<string>();
  let batch: CardBatch | undefined;
  let size = 0;
  const ready: CardBatch[] = [];
  /** One line, read synchronously: a card goes into the batch, a broken rule to `report`. */
  const take = (raw: string, number: number, cut: boolean): void => {
    const text = number === 1 && raw.startsWith("\uFEFF") ? raw.slice(1) : raw.endsWith("\r") && !cut ? raw.slice(0, -1) : raw;
    if (/^[ \t\r]*$/.test(text)) return;
    if (cut) return report({ line: number, rule: "json", problem: `line longer than ${MAX_LINE_CHARS} characters`, expected: EXPECTED_CARD_LINE });
    if (text.includes("\uFEFF"))
      return report({ line: number, rule: "json", problem: "a byte-order mark inside the file", expected: "one only at the very start, if any" });
    const read = parseCardLine(text, number, ball);
    if ("rule" in read) return report(read);
    ball ??= read.shape.ball;
    // Sets of strings: the serial's digits, and the card's cells as characters (one per
    // square: the card itself, exact, and far cheaper to hash than its bigint rank).
    const serial = String(read.record.serial);
    if (serials.has(serial)) return report({ line: number, rule: "repeated-serial", problem: `serial ${serial} again`, expected: "each serial once" });
    serials.add(serial);
    const key = String.fromCharCode.apply(null, read.cells as unknown as number[]);
    if (cards.has(key))
      return report({ line: number, rule: "repeated-card", problem: `card ${serial} repeats an earlier card`, expected: "every card different" });
    cards.add(key);
    if (!batch) {
      size = cellCount(read.shape);
      batch = { shape: read.shape, serials: [], cells: new Uint8Array(batchSize * size), lines: [] };
    }
    batch.cells.set(read.cells, batch.serials.length * size);
    batch.serials.push(read.record.serial);
    batch.lines.push(number);
    if (batch.serials.length === batchSize) {
      ready.push(batch);
      batch = { shape: batch.shape, serials: [], cells: new Uint8Array(batchSize * size), lines: [] };
    }
  };
  // Lines are split here, a chunk at a time (a promise per line would cost more than the
  // line); a line past MAX_LINE_CHARS is kept cut and the rest of it skipped as it streams.
  if (file !== "-") {
    // A device never ends (/dev/zero would be read for ever): refused, as a directory is.
    let device = false;
    try {
      const st = statSync(file);
      device = st.isCharacterDevice() || st.isBlockDevice();
    } catch (error) {
      throw readFailure(file, error);
    }
    if (device) throw new InputError("is a device", { file: name }, "a file of cards, or '-' for standard input");
  }
  const stream = file === "-" ? process.stdin : createReadStream(file, { highWaterMark: 1 << 20 });
  const decoder = new StringDecoder("utf8");
  let partial = "";
  let cut = false;
  let number = 1;
  try {
    for await (const chunk of stream) {
      const text = decoder.write(chunk as Buffer);
      let from = 0;
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", from)) {
        const piece = text.slice(from, at);
        const whole = partial === "" ? piece : partial + piece;
        take(cut ? partial : whole.length > MAX_LINE_CHARS ? whole.slice(0, MAX_LINE_CHARS) : whole, number++, cut || whole.length > MAX_LINE_CHARS);
        partial = "";
        cut = false;
        from = at + 1;
      }
      if (!cut) {
        partial += text.slice(from);
        if (partial.length > MAX_LINE_CHARS) {
          partial = partial.slice(0, MAX_LINE_CHARS);
          cut = true;
        }
      }
      while (ready.length > 0) yield ready.shift()!;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined && !(error instanceof InputError)) throw readFailure(file, error);
    throw error;
  } finally {
    if (file !== "-") stream.destroy();
  }
  const rest = partial + (cut ? "" : decoder.end());
  if (rest.length > 0 || cut) take(rest, number, cut);
  while (ready.length > 0) yield ready.shift()!;
  if (batch && batch.serials.length > 0) yield { ...batch, cells: batch.cells.subarray(0, batch.serials.length * size) };
}

/** What `bingo validate` found. */
export interface CardValidation {
  cards: number;
  broken: number;
  ball?: string;
}

/**
 * Every violation of a series file, told to `report` in file order; the counts.
 *
 * @param file a series file of cards, or "-" for standard input
 * @param report told each violation, in file order
 * @param options `ball`: the format the file must hold
 * @example
 * ```ts
 * import { writeFileSync } from "node:fs";
 * import { cardToJson, generateCards, validateCardSeries } from "tabula-grids/bingo";
 *
 * writeFileSync("cards.jsonl", generateCards(75, 3, { seed: 1 }).map(cardToJson).join("\n") + "\n");
 * await validateCardSeries("cards.jsonl", (v) => console.log(v)); // { cards: 3, broken: 0, ball: "75" }
 * ```
 */
export async function validateCardSeries(file: string, report: (v: CardViolation) => void, options: { ball?: string } = {}): Promise<CardValidation> {
  let cards = 0;
  let broken = 0;
  let ball: string | undefined;
  for await (const batch of readCardSeries(file, {
    ball: options.ball,
    report: (v) => {
      broken++;
      report(v);
    },
  })) {
    cards += batch.serials.length;
    ball = batch.shape.ball;
  }
  return { cards, broken, ball };
}
