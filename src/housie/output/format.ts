// Output formats for books and tickets. Each is a header, one chunk per record and a
// footer, so that any number of records streams in constant memory.
//  text:  the classic ASCII grid, `+----+` borders, numbers right-aligned in 4-wide cells.
//  jsonl: {"serial":S,"tickets":[ticket...]}, a ticket = 3 rows of 9 (number | null).
//  csv:   serial,ticket,row,c1..c9 - one line per ticket row, blank cells empty;
//         the ticket's reference is serial-ticket.
//  html:  printable pages laid out as the PDF (print-html.ts): strips or sheets, colours,
//         bands, references with check digits; inline CSS only (no scripts, no network assets).
import { argumentError, denseArray, housieRecordArgument, readable } from "../../args.js";
import type { HousieKind, HousieRecord, TicketGrid } from "../model/cells.js";
import { plainRef } from "../model/reference.js";
import { htmlPrintFormatter } from "./print-html.js";
import type { PrintOptions } from "./print-plan.js";

/** The text formats of housie records (PDF is separate: `tabula-grids/housie/pdf`). */
export type HousieFormat = "text" | "jsonl" | "csv" | "html";
/** Every text format's name. */
export const FORMATS: readonly HousieFormat[] = ["text", "jsonl", "csv", "html"];

/** Turns records into one format's text: a header, each record, a footer (HTML pages need both). */
export interface Formatter {
  header(): string;
  record(record: HousieRecord): string;
  footer(): string;
}

const BORDER = "+----+----+----+----+----+----+----+----+----+\n";

/**
 * A ticket as the classic ASCII grid; with `marked` (the numbers called), those show in brackets, [37].
 *
 * @param ticket the ticket's 3 rows of 9 cells
 * @param marked the numbers called, shown in brackets
 * @example
 * ```ts
 * import { generateTickets, ticketToText } from "tabula-grids";
 *
 * const [record] = generateTickets(1, { seed: 1n });
 * ticketToText(record.tickets[0]).split("\n")[1]; // "|  1 | 18 |    |    | 44 | 58 | 64 |    |    |"
 * ticketToText(record.tickets[0], new Set([18])).includes("[18]"); // true
 * ```
 */
export function ticketToText(ticket: TicketGrid, marked?: ReadonlySet<number>): string {
  if (!Array.isArray(ticket) || !denseArray(ticket, "ticket", "3 rows of 9 cells").every((row) => Array.isArray(row)))
    throw argumentError("ticket", "3 rows of 9 cells", ticket);
  if (marked !== undefined && marked !== null && typeof marked === "object") readable(marked, "marked");
  if (marked !== undefined && !(marked instanceof Set)) throw argumentError("marked", "a Set of the numbers called", marked);
  const cell = (x: number | null) => (x === null ? "    " : marked?.has(x) ? `[${String(x).padStart(2)}]` : ` ${String(x).padStart(2)} `);
  let out = BORDER;
  for (const row of ticket) out += "|" + row.map((x) => `${cell(x)}|`).join("") + "\n" + BORDER;
  return out;
}

function label(kind: HousieKind, serial: bigint, index: number, game?: number): string {
  return kind === "books"
    ? `Book ${serial}, ticket ${index + 1} (ref ${plainRef(serial, index + 1, game)})`
    : `Ticket ${serial} (ref ${plainRef(serial, 1, game)})`;
}

/** A record's game in large letters, above its tickets: "=== GAME 2 · BLUE ===" (a photocopy loses the colour, not this). */
function gameBanner(game: NonNullable<HousieRecord["game"]>): string {
  return `=== GAME ${game.number} · ${game.name.toUpperCase()} ===\n`;
}

function textFormatter(kind: HousieKind): Formatter {
  return {
    header: () => "",
    record: (r) => (r.game ? gameBanner(r.game) : "") + r.tickets.map((t, i) => `${label(kind, r.serial, i, r.game?.number)}\n${ticketToText(t)}\n`).join(""),
    footer: () => "",
  };
}

/**
 * The record as one JSON line's text, the serial's digits exact (JSON.stringify cannot take a bigint).
 *
 * @param r a book or a single ticket
 * @example
 * ```ts
 * import { generateTickets, housieRecordToJson } from "tabula-grids";
 *
 * housieRecordToJson(generateTickets(1, { seed: 1n })[0]); // '{"serial":1,"tickets":[[[1,18,null,null,44,58,64,null,null],[3,19,20,36,null,null,null,null,80],[null,null,26,null,47,null,69,72,82]]]}'
 * ```
 */
export function recordToJson(r: HousieRecord): string {
  housieRecordArgument(r, "record");
  const game = r.game ? `,"game":${r.game.number},"gameName":${JSON.stringify(r.game.name)}` : "";
  return `{"serial":${r.serial},"tickets":${JSON.stringify(r.tickets)}${game}}`;
}

function jsonlFormatter(): Formatter {
  return { header: () => "", record: (r) => recordToJson(r) + "\n", footer: () => "" };
}

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvFormatter(games: boolean): Formatter {
  // A night of several games (--games) leads each line with its game's number and name.
  const head = [...(games ? ["game", "game_name"] : []), "serial", "ticket", "row", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"].join(",") + "\n";
  return {
    header: () => head,
    record: (r) => {
      const lead = games && r.game ? `${r.game.number},${csvField(r.game.name)},` : "";
      return r.tickets
        .map((t, i) => t.map((row, k) => `${lead}${r.serial},${i + 1},${k + 1},${row.map((c) => (c === null ? "" : String(c))).join(",")}\n`).join(""))
        .join("");
    },
    footer: () => "",
  };
}

/**
 * The formatter of one text format for books or single tickets, byte for byte what the
 * `housie` command writes.
 *
 * @param format "text", "jsonl", "csv" or "html"
 * @param kind "books" or "tickets"
 * @param print the print options of the printable formats (colours, games, title, paper, …)
 * @example
 * ```ts
 * import { generateBooks, housieFormatter } from "tabula-grids";
 *
 * const csv = housieFormatter("csv", "books");
 * csv.header(); // "serial,ticket,row,c1,c2,c3,c4,c5,c6,c7,c8,c9\n"
 * const text = csv.header() + generateBooks(2).map((book) => csv.record(book)).join("") + csv.footer();
 * ```
 */
export function formatterFor(format: HousieFormat, kind: HousieKind, print: PrintOptions = {}): Formatter {
  switch (format) {
    case "text":
      return textFormatter(kind);
    case "jsonl":
      return jsonlFormatter();
    case "csv":
      return csvFormatter(print.games !== undefined);
    case "html":
      return htmlPrintFormatter(print);
  }
}
