#!/usr/bin/env node
// housie: exact counts and exactly uniform, unique, validated UK 90-ball bingo tickets and books.
import { InvalidArgumentError, Option } from "commander";
import { SingleBar } from "cli-progress";
import { createProgram, integerOption, runMain, readInputText, EXIT_OK, EXIT_INVALID } from "./program.js";
import { openAtomicStream, writeChunk, type AtomicStream } from "../io/atomic-write.js";
import { countHousie } from "../housie/count.js";
import { HousieRun, ticketsFromCells, CELLS_PER_TICKET, MAX_UNIQUE_TICKETS, type HousieKind } from "../housie/generate.js";
import { formatterFor, FORMATS, type HousieFormat } from "../housie/format.js";
import { validateJsonl } from "../housie/validate.js";
import { parseSeed } from "../housie/rng.js";
import { UsageError } from "../errors.js";
import { registerHousieCheck } from "./housie-check.js";
import { registerHousieAudit } from "./housie-audit.js";
import { markSeriesIssued } from "../housie/unique-against.js";
import { writePdfSeries, type PdfFlags } from "./housie-pdf.js";
import { PDF_LAYOUTS, PDF_PAPERS } from "../housie/pdf.js";

interface GenerateFlags extends PdfFlags {
  count: number;
  seed?: bigint;
  format: HousieFormat | "pdf";
  out?: string;
  firstSerial: number;
  unique: boolean;
  uniqueAgainst?: string[];
}

function seedOption(value: string): bigint {
  try {
    if (!/^\s*\d+\s*$/.test(value)) throw new Error();
    return parseSeed(value);
  } catch {
    throw new InvalidArgumentError(`expected a whole number from 0 to 18446744073709551615, got "${value}"`);
  }
}


const PROGRESS_FROM = 100_000; // records: shorter runs finish before a bar helps

async function generate(kind: HousieKind, flags: GenerateFlags): Promise<number> {
  if (flags.unique && flags.count * (kind === "books" ? 6 : 1) > MAX_UNIQUE_TICKETS) {
    throw new UsageError(`--count ${flags.count} ${kind} exceeds the ${MAX_UNIQUE_TICKETS} tickets one run keeps unique (expected at most ${Math.floor(MAX_UNIQUE_TICKETS / (kind === "books" ? 6 : 1))}, or --no-unique)`);
  }
  if (flags.uniqueAgainst && !flags.unique) throw new UsageError("--unique-against needs the uniqueness set (drop --no-unique)");
  const run = new HousieRun(kind, { seed: flags.seed, firstSerial: flags.firstSerial, unique: flags.unique });
  if (flags.uniqueAgainst) markSeriesIssued(run, flags.uniqueAgainst, { limit: MAX_UNIQUE_TICKETS - flags.count * run.ticketsPerRecord });
  run.reserve(flags.count);
  if (flags.format === "pdf") return writePdfSeries(run, flags);
  const target: AtomicStream | undefined = flags.out ? await openAtomicStream(flags.out) : undefined;
  const stream: NodeJS.WritableStream = target ? target.stream : process.stdout;
  const bar = process.stderr.isTTY && flags.count >= PROGRESS_FROM
    ? new SingleBar({ stream: process.stderr, format: `${kind} [{bar}] {percentage}% {value}/{total} eta {eta}s` })
    : undefined;
  bar?.start(flags.count, 0);
  try {
    const formatter = formatterFor(flags.format, kind);
    await writeChunk(stream, formatter.header());
    const per = run.ticketsPerRecord;
    let left = flags.count;
    while (left > 0) {
      const batch = Math.min(left, flags.format === "jsonl" ? run.batchLimit : 512, run.batchLimit);
      if (flags.format === "jsonl") {
        await writeChunk(stream, Buffer.from(run.nextJsonl(batch))); // copy: the view is reused
      } else {
        const { firstSerial, cells } = run.nextCells(batch);
        let text = "";
        for (let i = 0; i < batch; i++) {
          text += formatter.record({ serial: firstSerial + i, tickets: ticketsFromCells(cells, i * per * CELLS_PER_TICKET, per) });
        }
        await writeChunk(stream, text);
      }
      left -= batch;
      bar?.increment(batch);
    }
    await writeChunk(stream, formatter.footer());
    if (target) await target.commit();
    bar?.stop();
    return EXIT_OK;
  } catch (error) {
    bar?.stop();
    target?.abort();
    throw error;
  }
}

async function main(): Promise<number> {
  let status = EXIT_OK;
  const program = createProgram("housie", "UK 90-ball bingo: exact counts, exactly uniform unique tickets and books, validation");
  for (const kind of ["books", "tickets"] as const) {
    program
      .command(kind)
      .description(kind === "books"
        ? "books (strips) of 6 tickets using 1-90 once, uniform over all ordered books"
        : "single tickets, uniform over all distinct tickets")
      .requiredOption("-n, --count <N>", `number of ${kind}`, integerOption(1))
      .option("-s, --seed <S>", "seed 0..2^64-1 for the reproducible xoshiro128** generator (default: OS CSPRNG)", seedOption)
      .addOption(new Option("-f, --format <format>", "output format").choices([...FORMATS, "pdf"]).default("text"))
      .addOption(new Option("--paper <paper>", "pdf: paper size").choices(PDF_PAPERS as string[]).default("a4"))
      .addOption(new Option("--layout <layout>", "pdf: strip (a book per page) or sheet (tickets fill pages)").choices(PDF_LAYOUTS as string[]).default("strip"))
      .option("--qr", "pdf: a QR code of each ticket's reference on its stub")
      .option("-o, --out <FILE>", "write to FILE atomically (temporary file renamed when complete)")
      .option("--first-serial <N>", "serial of the first record, to continue a series", integerOption(0), 1)
      .option("--no-unique", "allow tickets to repeat within the run (skips the uniqueness set)")
      .option("--unique-against <FILE...>", "repeat no ticket of these earlier series (JSONL), for linked games and venues")
      .action(async (flags: GenerateFlags) => { status = await generate(kind, flags); });
  }
  program
    .command("count")
    .description("exact numbers of patterns, column-count vectors, tickets and books")
    .option("--json", "print a JSON object with the numbers as decimal strings")
    .addOption(new Option("--engine <engine>", "counting engine").choices(["wasm", "ts"]).default("wasm"))
    .action((flags: { json?: boolean; engine: "wasm" | "ts" }) => {
      const c = countHousie({ engine: flags.engine });
      const rows: [string, string, bigint][] = [
        ["patterns", "ticket patterns (3 rows of 5, no empty column)", c.patterns],
        ["vectors", "column-count vectors", c.vectors],
        ["tickets", "distinct single tickets", c.tickets],
        ["orderedBooks", "distinct books, ordered sequences of 6 tickets", c.orderedBooks],
        ["books", "distinct books, unordered sets (ordered / 6!)", c.books],
      ];
      if (flags.json) {
        process.stdout.write(JSON.stringify(Object.fromEntries(rows.map(([key, , value]) => [key, value.toString()]))) + "\n");
      } else {
        for (const [, label, value] of rows) process.stdout.write(`${label.padEnd(48)} ${value}\n`);
      }
    });
  program
    .command("validate")
    .description("check a JSONL file of books/tickets against every rule; exit 1 if anything is invalid")
    .argument("<FILE>", "JSON Lines file as written by --format jsonl ('-' for standard input)")
    .action((file: string) => {
      const name = file === "-" ? "<stdin>" : file;
      const report = validateJsonl(readInputText(file));
      for (const v of report.violations) {
        process.stdout.write(`${name}:${v.line ?? 1}: ${v.problem} (expected ${v.expected}) [${v.rule}]\n`);
      }
      const verdict = report.violations.length === 0 ? "valid" : `${report.violations.length} rule(s) broken`;
      process.stderr.write(`${name}: ${report.records} records, ${report.tickets} tickets: ${verdict}\n`);
      status = report.violations.length === 0 ? EXIT_OK : EXIT_INVALID;
    });
  registerHousieCheck(program, (s) => { status = s; });
  registerHousieAudit(program, (s) => { status = s; });
  await program.parseAsync(process.argv);
  return status;
}

// A closed pipe (`housie books -n 1000000 | head`) ends the run quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

await runMain("housie", main);
