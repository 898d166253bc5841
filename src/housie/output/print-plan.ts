// What goes where on printed pages, for every renderer (PDF, HTML, the web app): records
// in, whole pages out, each ticket with its box, printed reference (with check digit),
// colour and QR text. Renderers only draw what a planned page says.
import { UsageError } from "../../errors.js";
import {
  argumentError,
  housieRecordArgument,
  optionalBoolean,
  optionalText,
  optionKeys,
  optionsObject,
  requiredObject,
  text,
  ticketGridArgument,
  wholeNumber,
} from "../../args.js";
import { parseSeed } from "../../core/random.js";
import type { HousieRecord, TicketGrid } from "../model/cells.js";
import { printedRef } from "../model/reference.js";
import { DEFAULT_COLOUR, parseColour, parseGames, type TicketColour } from "./colours.js";
import { BAND_LINES, TYPE, checkBox, cutsFor, pageGeometry, type Box, type Cut, type LayoutOptions, type PageGeometry } from "./layout.js";
import { GAME_PATTERNS, patternFor, type PatternName } from "./patterns.js";
import { mustFit, textWidth } from "./text-metrics.js";

/** The keys of PrintOptions (PdfOptions adds creationDate and subject). */
export const PRINT_KEYS = optionKeys<PrintOptions>({
  colour: true,
  games: true,
  title: true,
  venue: true,
  date: true,
  price: true,
  series: true,
  paper: true,
  layout: true,
  perPage: true,
  qr: true,
});

export interface PrintOptions extends LayoutOptions {
  /** Ticket colour (name or #hex) when there is one game. */
  colour?: string;
  /**
   * Games of the night, e.g. "Red,Blue,Green": a record of a game (HousieRecord.game,
   * as `housie books --games` makes them) is printed once in its game's colour; a
   * record without a game is printed once per game.
   */
  games?: string;
  title?: string;
  venue?: string;
  date?: string;
  price?: string;
  /** The series' identity, printed in each footer and QR code: A-Z and 0-9, 1 to 16 characters. */
  series?: string;
}

export interface PlacedTicket {
  box: Box;
  grid: TicketGrid;
  /** As printed: serial-ticket-check. */
  ref: string;
  colour: TicketColour;
  /** The game's name with --games, else undefined. */
  game?: string;
  /** The game's number (1, 2, ...) with --games, else undefined. */
  gameNumber?: number;
  /** What the ticket's game tab says, large, e.g. "2 Blue" (undefined with one game). */
  gameTab?: string;
  /** The game's pattern in the blank cells ("none" with one game). */
  pattern: PatternName;
  /** The QR code's text: TG1/series/ref (uppercase alphanumeric, the QR's compact mode). */
  qr: string;
}

export interface PlacedGroup {
  box: Box;
  colour: TicketColour;
  /** Band lines: [left, right] of the first and second line. */
  lines: [[string, string], [string, string]];
  tickets: PlacedTicket[];
}

export interface PlannedPage {
  number: number;
  groups: PlacedGroup[];
  /** The cut marks: between groups, and between single tickets (never inside a book). */
  cuts: Cut[];
  footer: string;
}

const SERIES = /^[A-Z0-9]{1,16}$/;

/** The widest a ticket's game tab may be: a third of its reference line. */
export function gameTabRoom(g: PageGeometry): number {
  return (g.ticket.w - g.ticket.stub) / 3;
}
export { GAME_PATTERNS };
/** The band of a group of single tickets from several games. */
const MIXED: TicketColour = { name: "games", ink: "#333333", shade: "#e4e4e4" };
/** Text on a band is at most this many characters (and must fit its line: see mustFit). */
const MAX_TEXT = 80;

/**
 * The series' identity for a seeded run (S + the seed in base 36), so a replay prints the same codes.
 *
 * @param seed the run's seed
 * @example
 * ```ts
 * import { seriesForSeed } from "tabula-grids";
 *
 * seriesForSeed(2026n); // "S1KA"
 * ```
 */
export function seriesForSeed(seed: bigint): string {
  return `S${parseSeed(seed, "seed").toString(36).toUpperCase()}`;
}

/**
 * A fresh random series identity (10 base-36 characters from the CSPRNG) for unseeded runs.
 *
 * @example
 * ```ts
 * import { randomSeries } from "tabula-grids";
 *
 * randomSeries().length; // 10
 * ```
 */
export function randomSeries(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[b % 36]).join("");
}

/** QR error correction: Q, a quarter of a code may be marked or smudged and still scan. */
export const QR_LEVEL = "Q";

/** The text of a QR code: a version tag, the series and the printed reference. */
export function qrText(series: string, ref: string): string {
  return `TG1/${series}/${ref}`;
}

/** A text option on one line: control characters (newlines, escapes) become a space. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

function clean(text: string | undefined, option: string): string {
  if (text === undefined) return "";
  const flat = oneLine(text);
  if (flat.length > MAX_TEXT) throw new UsageError(`${option} is ${flat.length} characters (expected at most ${MAX_TEXT})`);
  return flat;
}

/**
 * Lays records out on pages; `add` returns the pages it completed, `finish` the last.
 *
 * @example
 * ```ts
 * import { generateBooks, PrintPlanner } from "tabula-grids";
 *
 * const planner = new PrintPlanner({ paper: "a4", series: "S1" });
 * const pages = generateBooks(3, { seed: 1n }).flatMap((book) => planner.add(book)); // the pages completed so far
 * pages.length + planner.finish().length; // 2
 * ```
 */
export class PrintPlanner {
  readonly geometry: PageGeometry;
  readonly series: string;
  private readonly colours: TicketColour[];
  private readonly games: boolean;
  private readonly head: string;
  private readonly details: string;
  private page: PlannedPage | undefined;
  private pageNumber = 0;
  private singles: PlacedGroup | undefined; // the group single tickets are filling

  /**
   * @param options the print options: colours, games, title, venue, date, price, series, paper, layout, perPage
   */
  constructor(options: PrintOptions = {}) {
    options = optionsObject<PrintOptions>(options, "options", PRINT_KEYS);
    for (const key of ["colour", "games", "title", "venue", "date", "price", "series"] as const) optionalText(options[key], `options.${key}`);
    optionalBoolean(options.qr, "options.qr");
    this.geometry = pageGeometry({ paper: options.paper, layout: options.layout, perPage: options.perPage, qr: options.qr }); // its own keys only: it is strict
    if (options.games !== undefined && options.colour !== undefined) throw new UsageError("give --colour or --games, not both (each game has its colour)");
    this.games = options.games !== undefined;
    this.colours = options.games !== undefined ? parseGames(options.games) : [parseColour(options.colour ?? DEFAULT_COLOUR)];
    const series = options.series ?? randomSeries();
    if (!SERIES.test(series)) throw new UsageError(`--series ${JSON.stringify(series.slice(0, 30))} (expected 1 to 16 capital letters A-Z and digits)`);
    this.series = series;
    this.head = clean(options.title, "--title") || "Housie";
    this.details = [clean(options.venue, "--venue"), clean(options.date, "--date"), clean(options.price, "--price")].filter((s) => s !== "").join(" · ");
    const band = this.geometry.groups[0]!.w - 2 * BAND_LINES.pad;
    mustFit(this.details, TYPE.details, false, band, "--venue, --date and --price", "the band's second line");
    // The game tab on each ticket's reference line: at most a third of the line.
    for (const [i, c] of this.colours.entries()) {
      if (this.games) mustFit(`${i + 1} ${c.name}`, TYPE.game, true, gameTabRoom(this.geometry), "--games", "a ticket's game tab");
    }
  }

  /** Pages completed by this record (each game's copy of it placed). */
  add(record: HousieRecord): PlannedPage[] {
    housieRecordArgument(record, "record");
    const done: PlannedPage[] = [];
    const book = record.tickets.length === 6;
    const own = record.game;
    for (const gameIndex of this.gamesOf(record)) {
      const colour = this.colours[gameIndex]!;
      const game = this.games ? colour.name : undefined;
      const index = this.games ? gameIndex : undefined;
      if (book) {
        this.singles = undefined;
        const group = this.nextGroup(done, colour, `Book ${record.serial}${game ? ` · ${own ? `G${own.number} ` : ""}${game}` : ""}`, true);
        record.tickets.forEach((grid, i) => group.tickets.push(this.ticket(record.serial, i + 1, grid, colour, game, index, group, own !== undefined)));
      } else {
        // Six tickets fill a group whatever their games; each ticket carries its game's colour and name.
        if (!this.singles || this.singles.tickets.length === 6) {
          this.singles = this.nextGroup(done, this.games ? MIXED : colour, "Tickets", false);
        }
        this.singles.tickets.push(this.ticket(record.serial, 1, record.tickets[0]!, colour, game, index, this.singles, own !== undefined));
      }
    }
    return done;
  }

  /**
   * The games a record is printed for: the one its own game field names (a record made
   * for one game of the night), else every game of --games in turn (the same tickets in
   * each colour), else the one colour.
   */
  private gamesOf(record: HousieRecord): number[] {
    const own: unknown = record.game;
    if (own === undefined || own === null) return this.colours.map((_, i) => i);
    // A night's record (housie books --games) names its game {number, name}; older callers a number or a name.
    const named = typeof own === "object" ? (own as { number: number; name: string }) : undefined;
    const label = named ? `${named.number} (${String(named.name).slice(0, 30)})` : JSON.stringify(String(own).slice(0, 30));
    const at = !this.games
      ? -1
      : named
        ? named.number - 1
        : typeof own === "number"
          ? own - 1
          : this.colours.findIndex((c) => c.name.toLowerCase() === String(own).trim().toLowerCase());
    if (!Number.isInteger(at) || at < 0 || at >= this.colours.length) {
      throw new UsageError(
        `record ${record.serial} is of game ${label}, which --games does not name (expected the --games list the series was made with${this.games ? `: ${this.colours.map((c) => c.name).join(", ")}` : ""})`,
      );
    }
    return [at];
  }

  /** The last, partly filled page (if any). */
  finish(): PlannedPage[] {
    const last = this.page;
    this.page = undefined;
    this.singles = undefined;
    return last ? [this.close(last)] : [];
  }

  /** A full page's cut marks and footer, which say what is true of the page: where to cut. */
  private close(page: PlannedPage): PlannedPage {
    page.cuts = cutsFor(
      this.geometry,
      page.groups.map((g) => g.box),
      this.cutInside.slice(0, page.groups.length),
    );
    const books = this.cutInside.slice(0, page.groups.length).every((inside) => !inside);
    const hint = page.cuts.length === 0 ? "" : books ? " · cut along the marks between books" : " · cut along the marks between tickets";
    page.footer = `Series ${this.series} · page ${page.number}${hint}`;
    return page;
  }

  private readonly cutInside: boolean[] = [];

  private nextGroup(done: PlannedPage[], colour: TicketColour, label: string, book: boolean): PlacedGroup {
    const g = this.geometry;
    if (!this.page || this.page.groups.length === g.groups.length) {
      if (this.page) done.push(this.close(this.page));
      this.pageNumber++;
      this.page = { number: this.pageNumber, groups: [], cuts: [], footer: "" };
    }
    const slot = this.page.groups.length;
    const box = g.groups[slot]!;
    this.cutInside[slot] = !book;
    // The band: the title and the label on the first line, the details on the second; text that does not fit is refused.
    const inner = box.w - 2 * BAND_LINES.pad;
    mustFit(label, TYPE.head, true, inner, this.games ? "--games" : "the label", "the band");
    mustFit(this.head, TYPE.head, true, inner - textWidth(label, TYPE.head, true) - 8, "--title", `the band beside "${label}"`);
    const group: PlacedGroup = {
      box,
      colour,
      lines: [
        [this.head, label],
        [this.details, ""],
      ],
      tickets: [],
    };
    this.page.groups.push(group);
    return group;
  }

  private ticket(
    serial: bigint,
    index: number,
    grid: TicketGrid,
    colour: TicketColour,
    game: string | undefined,
    gameIndex: number | undefined,
    group: PlacedGroup,
    ownGame: boolean,
  ): PlacedTicket {
    const slot = this.page!.groups.length - 1;
    const gameNumber = gameIndex === undefined ? undefined : gameIndex + 1;
    // G2-… when the ticket is its game's own (a night made by --games): the QR names the game too.
    const ref = printedRef(serial, index, ownGame ? gameNumber : undefined);
    const gameTab = game === undefined ? undefined : `${gameNumber} ${game}`;
    return {
      box: this.geometry.tickets[slot]![group.tickets.length]!,
      grid,
      ref,
      colour,
      game,
      gameNumber,
      gameTab,
      pattern: patternFor(gameIndex),
      qr: qrText(this.series, ref),
    };
  }
}

const REF = /^(G\d{1,2}-)?\d{1,20}-[1-6]-\d$/;
const HEX = /^#[0-9a-f]{6}$/i;

function checkColour(value: unknown, name: string): void {
  const c = requiredObject<Partial<TicketColour>>(value, name);
  text(c.name, `${name}.name`);
  for (const k of ["ink", "shade"] as const) if (typeof c[k] !== "string" || !HEX.test(c[k])) throw argumentError(`${name}.${k}`, "a colour #rrggbb", c[k]);
}

function checkLines(value: unknown, name: string): void {
  const ok =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((line: unknown) => Array.isArray(line) && line.length === 2 && line.every((s: unknown) => typeof s === "string"));
  if (!ok) throw argumentError(name, "two lines of two strings", value);
}

function checkTicket(value: unknown, name: string): void {
  const t = requiredObject<Partial<PlacedTicket>>(value, name);
  checkBox(t.box, `${name}.box`);
  ticketGridArgument(t.grid, `${name}.grid`);
  if (typeof t.ref !== "string" || !REF.test(t.ref)) throw argumentError(`${name}.ref`, "a printed reference serial-ticket-check", t.ref);
  checkColour(t.colour, `${name}.colour`);
  optionalText(t.game, `${name}.game`);
  optionalText(t.gameTab, `${name}.gameTab`);
  if (t.gameNumber !== undefined) wholeNumber(t.gameNumber, `${name}.gameNumber`, 1, 12);
  if (t.pattern !== "none" && !GAME_PATTERNS.includes(t.pattern as PatternName))
    throw argumentError(`${name}.pattern`, `"none" or one of ${GAME_PATTERNS.join(", ")}`, t.pattern);
  text(t.qr, `${name}.qr`);
}

/** An argument that must be a page as PrintPlanner plans it. */
export function checkPlannedPage(value: unknown, name: string): PlannedPage {
  const page = requiredObject<Partial<PlannedPage>>(value, name);
  wholeNumber(page.number, `${name}.number`, 1);
  text(page.footer, `${name}.footer`);
  if (!Array.isArray(page.cuts)) throw argumentError(`${name}.cuts`, "an array of cut marks", page.cuts);
  page.cuts.forEach((cut: unknown, i) => {
    const c = requiredObject<Partial<Cut>>(cut, `${name}.cuts[${i}]`);
    for (const k of ["x1", "y1", "x2", "y2"] as const)
      if (typeof c[k] !== "number" || !Number.isFinite(c[k])) throw argumentError(`${name}.cuts[${i}].${k}`, "a finite number", c[k]);
  });
  if (!Array.isArray(page.groups)) throw argumentError(`${name}.groups`, "an array of groups", page.groups);
  page.groups.forEach((group: unknown, i) => {
    const at = `${name}.groups[${i}]`;
    const g = requiredObject<Partial<PlacedGroup>>(group, at);
    checkBox(g.box, `${at}.box`);
    checkColour(g.colour, `${at}.colour`);
    checkLines(g.lines, `${at}.lines`);
    if (!Array.isArray(g.tickets) || g.tickets.length > 6) throw argumentError(`${at}.tickets`, "an array of at most 6 tickets", g.tickets);
    g.tickets.forEach((ticket: unknown, k) => checkTicket(ticket, `${at}.tickets[${k}]`));
  });
  return page as PlannedPage;
}
