// Output formats for books and tickets. Each is a header, one chunk per record and a
// footer, so that any number of records streams in constant memory.
//  text:  the classic ASCII grid, `+----+` borders, numbers right-aligned in 4-wide cells.
//  jsonl: {"serial":S,"tickets":[ticket...]}, a ticket = 3 rows of 9 (number | null).
//  csv:   serial,ticket,row,c1..c9 - one line per ticket row, blank cells empty;
//         the ticket's reference is serial-ticket.
//  html:  printable A4 pages, a book or six single tickets per page, serials visible,
//         inline CSS only (no scripts, no network assets).
import { argumentError, requiredObject } from "../args.js";
import type { HousieKind, HousieRecord, TicketGrid } from "./generate.js";

export type HousieFormat = "text" | "jsonl" | "csv" | "html";
export const FORMATS: readonly HousieFormat[] = ["text", "jsonl", "csv", "html"];

export interface Formatter {
  header(): string;
  record(record: HousieRecord): string;
  footer(): string;
}

const BORDER = "+----+----+----+----+----+----+----+----+----+\n";

/** A ticket as the classic ASCII grid. */
export function ticketToText(ticket: TicketGrid): string {
  if (!Array.isArray(ticket) || !ticket.every((row) => Array.isArray(row))) throw argumentError("ticket", "3 rows of 9 cells", ticket);
  let out = BORDER;
  for (const row of ticket) {
    out += "|" + row.map((cell) => ` ${cell === null ? "  " : String(cell).padStart(2)} |`).join("") + "\n" + BORDER;
  }
  return out;
}

function label(kind: HousieKind, serial: bigint, index: number): string {
  return kind === "books" ? `Book ${serial}, ticket ${index + 1} (ref ${serial}-${index + 1})` : `Ticket ${serial} (ref ${serial}-1)`;
}

function textFormatter(kind: HousieKind): Formatter {
  return {
    header: () => "",
    record: (r) => r.tickets.map((t, i) => `${label(kind, r.serial, i)}\n${ticketToText(t)}\n`).join(""),
    footer: () => "",
  };
}

/** The record as one JSON line's text, the serial's digits exact (JSON.stringify cannot take a bigint). */
export function recordToJson(r: HousieRecord): string {
  requiredObject(r, "record");
  return `{"serial":${r.serial},"tickets":${JSON.stringify(r.tickets)}}`;
}

function jsonlFormatter(): Formatter {
  return { header: () => "", record: (r) => recordToJson(r) + "\n", footer: () => "" };
}

function csvFormatter(): Formatter {
  const head = ["serial", "ticket", "row", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"].join(",") + "\n";
  return {
    header: () => head,
    record: (r) => r.tickets.map((t, i) => t.map((row, k) => `${r.serial},${i + 1},${k + 1},${row.map((c) => (c === null ? "" : String(c))).join(",")}\n`).join("")).join(""),
    footer: () => "",
  };
}

const HTML_HEAD = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Housie</title>
<style>
@page { size: A4; margin: 12mm; }
body { font-family: Arial, Helvetica, sans-serif; margin: 0; }
section { page-break-after: always; break-after: page; }
h2 { font-size: 11pt; margin: 3mm 0 1mm; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; margin-bottom: 3mm; }
td { border: 0.4mm solid #000; height: 12mm; text-align: center; font-size: 16pt; font-weight: bold; }
td.blank { background: #eee; }
</style></head><body>
`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A book per page, or six single tickets per page. */
function htmlFormatter(kind: HousieKind): Formatter {
  let onPage = 0;
  const perPage = kind === "books" ? 1 : 6;
  return {
    header: () => HTML_HEAD,
    record: (r) => {
      let out = onPage === 0 ? "<section>\n" : "";
      r.tickets.forEach((t, i) => {
        out += `<h2>${escapeHtml(label(kind, r.serial, i))}</h2>\n<table>`;
        for (const row of t) out += "<tr>" + row.map((c) => (c === null ? '<td class="blank"></td>' : `<td>${c}</td>`)).join("") + "</tr>";
        out += "</table>\n";
      });
      onPage = (onPage + 1) % perPage;
      return out + (onPage === 0 ? "</section>\n" : "");
    },
    footer: () => (onPage === 0 ? "" : "</section>\n") + "</body></html>\n",
  };
}

export function formatterFor(format: HousieFormat, kind: HousieKind): Formatter {
  switch (format) {
    case "text": return textFormatter(kind);
    case "jsonl": return jsonlFormatter();
    case "csv": return csvFormatter();
    case "html": return htmlFormatter(kind);
  }
}
