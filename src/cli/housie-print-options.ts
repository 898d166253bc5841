// The options every printed form of tickets shares (PDF and HTML): layout, paper, colours,
// games and the band's text, registered once and turned into PrintOptions.
import { Option, type Command } from "commander";
import { PDF_LAYOUTS, PDF_PAPERS, type PdfLayout, type PdfPaper } from "../housie/output/pdf-options.js";
import { integerOption } from "./program.js";
import type { PrintOptions } from "../housie/output/print-plan.js";

/** The print flags as commander gives them: PrintOptions with the defaults filled in. */
export type PrintFlags = PrintOptions & { paper: PdfPaper; layout: PdfLayout };

/** Adds the print options to a generating command. */
export function addPrintOptions(command: Command): Command {
  return command
    .addOption(new Option("--paper <paper>", "pdf/html: paper size").choices(PDF_PAPERS as string[]).default("a4"))
    .addOption(
      new Option("--layout <layout>", "pdf/html: strip (6 tickets of a book stacked, strips side by side) or sheet (whole books in blocks, 3 a page)")
        .choices(PDF_LAYOUTS as string[])
        .default("strip"),
    )
    .option("--per-page <N>", "pdf/html: strips or books per page (default: as many strips as fit; 3 books on sheets)", integerOption(1, 3))
    .option("--qr", "pdf/html: a QR code of each ticket's series and reference on its stub")
    .option("--colour <COLOUR>", "pdf/html: ticket colour, a name (blue, red, green, ...) or #hex")
    .option(
      "--games <LIST>",
      'a night of several games, e.g. "Red,Blue,Green": --count records for each game, every ticket unique across the night, each record, reference (G2-…) and QR code naming its game; pdf/html print each in its game\'s colour',
    )
    .option("--title <TEXT>", "pdf/html: title on every strip or book band")
    .option("--venue <TEXT>", "pdf/html: venue on every band")
    .option("--date <TEXT>", "pdf/html: date on every band")
    .option("--price <TEXT>", "pdf/html: price on every band")
    .option("--series <ID>", "pdf/html: the series' identity in footers and QR codes (A-Z, 0-9; default from the seed, else random)");
}

/** PrintOptions from the flags; the series identity follows the seed so a replay prints the same. */
export async function printOptions(flags: PrintFlags & { seed?: bigint }): Promise<PrintOptions> {
  const { seriesForSeed } = await import("../housie/output/print-plan.js");
  return {
    paper: flags.paper,
    layout: flags.layout,
    perPage: flags.perPage,
    qr: flags.qr,
    colour: flags.colour,
    games: flags.games,
    title: flags.title,
    venue: flags.venue,
    date: flags.date,
    price: flags.price,
    series: flags.series ?? (flags.seed !== undefined ? seriesForSeed(flags.seed) : undefined),
  };
}
