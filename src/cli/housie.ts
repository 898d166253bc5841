#!/usr/bin/env node
// housie: exact counts and exactly uniform, unique, validated UK 90-ball bingo tickets and books.
import { InvalidArgumentError, Option, type Command } from "commander";
import { createProgram, integerOption, refuseInapplicable, runMain, seedOption, EXIT_OK, EXIT_INVALID } from "./program.js";
import { checkOutputPath } from "../io/atomic-write.js";
import { writeOutput } from "../io/output.js";
import { quote } from "../io/quote.js";
import { inputName, readFailure } from "../io/lines.js";
import { HousieRun, MAX_UNIQUE_TICKETS } from "../housie/generate/generate.js";
import { ticketsFromCells, ticketsPerRecord, CELLS_PER_TICKET, type HousieKind, type HousieRecord } from "../housie/model/cells.js";
import { formatterFor, FORMATS, type HousieFormat } from "../housie/output/format.js";
import { createReadStream, statSync } from "node:fs";
import { once } from "node:events";
import { MAX_SERIAL, parseSerial, serialOverflow } from "../housie/model/serial.js";
import { UsageError } from "../errors.js";
import { groupDigits } from "../io/digits.js";
import { registerHousieCheck } from "./housie-check.js";
import { registerHousieAudit } from "./housie-audit.js";
import { registerHousieCall } from "./housie-call.js";
import type { PdfFlags } from "./housie-pdf.js";
import { withPdfkit } from "../housie/pdf-on-demand.js";
import { addPrintOptions, printOptions } from "./housie-print-options.js";

interface GenerateFlags extends PdfFlags {
  count: number;
  seed?: bigint;
  format: HousieFormat | "pdf";
  out?: string;
  firstSerial: bigint;
  unique: boolean;
  uniqueAgainst?: string[];
  uniqueThread: "auto" | "on" | "off";
}

/** What the output loop needs of a run, inline (HousieRun) or threaded (ThreadedUniqueRun). */
interface RecordSource {
  readonly ticketsPerRecord: number;
  readonly batchLimit: number;
  nextJsonl(count: number): Uint8Array | Promise<Uint8Array>;
  nextCells(count: number): { firstSerial: bigint; cells: Uint8Array } | Promise<{ firstSerial: bigint; cells: Uint8Array }>;
  close?(): void | Promise<void>;
}

function serialOption(value: string): bigint {
  const serial = parseSerial(value);
  if (serial === undefined) throw new InvalidArgumentError(`expected a whole number from 0 to ${MAX_SERIAL}, got ${quote(value)}`);
  return serial;
}

const PROGRESS_FROM = 100_000; // records: shorter runs finish before a bar helps
const PDF_PROGRESS_FROM = 500; // PDF records: pages take about 5 ms a book

/** The game of each record in a night of --games (model/game.ts), or undefined without --games. */
type GameTagger = ((record: HousieRecord, index: number) => HousieRecord) | undefined;

async function generate(kind: HousieKind, given: GenerateFlags): Promise<number> {
  // --games: --count books (or tickets) for each game, all unique across the night; the games take turns.
  let tag: GameTagger;
  let flags = given;
  if (given.games !== undefined) {
    const { planNight } = await import("../housie/output/night.js"); // the web app's print deals a night the same way
    const night = planNight(given.games);
    if (night.warning !== undefined) process.stderr.write(`housie: warning: ${night.warning}\n`);
    tag = night.tag;
    flags = { ...given, count: night.records(given.count) };
  }
  const overflow = serialOverflow(flags.firstSerial, flags.count);
  if (overflow !== undefined) throw new UsageError(`--first-serial ${flags.firstSerial} --count ${flags.count}: ${overflow}`);
  if (flags.unique && flags.count * ticketsPerRecord(kind) > MAX_UNIQUE_TICKETS) {
    throw new UsageError(
      `--count ${flags.count} ${kind} exceeds the ${MAX_UNIQUE_TICKETS} tickets one run keeps unique (expected at most ${Math.floor(MAX_UNIQUE_TICKETS / ticketsPerRecord(kind))}, or --no-unique)`,
    );
  }
  if (flags.out !== undefined) checkOutputPath(flags.out); // before any work
  if (flags.uniqueAgainst && !flags.unique) throw new UsageError("--unique-against needs the uniqueness set (drop --no-unique)");
  if (flags.format === "pdf") {
    const pdf = await withPdfkit(() => import("./housie-pdf.js")); // pdfkit loads only for pdf
    // Pages are slow (3,000 books take seconds): books written on a terminal from a few hundred on.
    const bar =
      flags.count >= PDF_PROGRESS_FROM
        ? (await import("./progress.js")).terminalBar({ format: `${kind} [{bar}] {value}/{total} written, about {eta_formatted} left`, clearOnComplete: true })
        : undefined;
    bar?.start(flags.count, 0);
    try {
      return await pdf.writePdfSeries(await inlineRun(kind, flags), flags, (records) => bar?.increment(records), tag);
    } finally {
      bar?.stop();
    }
  }
  const run = await startRun(kind, flags);
  const format = flags.format;
  // Modules only some commands need are imported when used, to keep start-up short.
  const bar =
    flags.count >= PROGRESS_FROM
      ? (await import("./progress.js")).terminalBar({ format: `${kind} [{bar}] {value}/{total} written, about {eta_formatted} left` })
      : undefined;
  bar?.start(flags.count, 0);
  async function* chunks(): AsyncGenerator<string | Uint8Array> {
    const formatter = formatterFor(
      format,
      kind,
      format === "html" ? await printOptions(flags) : format === "csv" && flags.games !== undefined ? { games: flags.games } : {},
    );
    yield formatter.header();
    const per = run.ticketsPerRecord;
    let left = flags.count;
    let index = 0;
    // JSONL straight from the kernel, except in a night of games (each record then names its game).
    const kernelJsonl = flags.format === "jsonl" && tag === undefined;
    while (left > 0) {
      const batch = Math.min(left, kernelJsonl ? run.batchLimit : 512, run.batchLimit);
      if (kernelJsonl) {
        yield Buffer.from(await run.nextJsonl(batch)); // copy: the view is reused
      } else {
        const { firstSerial, cells } = await run.nextCells(batch);
        let text = "";
        for (let i = 0; i < batch; i++) {
          const record: HousieRecord = { serial: firstSerial + BigInt(i), tickets: ticketsFromCells(cells, i * per * CELLS_PER_TICKET, per) };
          text += formatter.record(tag ? tag(record, index + i) : record);
        }
        yield text;
      }
      index += batch;
      left -= batch;
      bar?.increment(batch);
    }
    yield formatter.footer();
  }
  try {
    await writeOutput(chunks(), flags.out);
  } finally {
    bar?.stop();
    await run.close?.();
  }
  return EXIT_OK;
}

/**
 * The run for text, JSONL, CSV and HTML: with the uniqueness set on a worker thread when
 * that pays (a long unique run on a machine with 2+ cores, no --unique-against), else in
 * this thread. Both give the same records for a seed.
 */
async function startRun(kind: HousieKind, flags: GenerateFlags): Promise<RecordSource> {
  const per = ticketsPerRecord(kind);
  if (flags.unique && !flags.uniqueAgainst && flags.uniqueThread !== "off") {
    const threaded = await import("../housie/generate/threaded-run.js");
    if (flags.uniqueThread === "on" || threaded.threadedRunPays(flags.count * per)) {
      return threaded.ThreadedUniqueRun.start(kind, flags.count, { seed: flags.seed, firstSerial: flags.firstSerial });
    }
  }
  return inlineRun(kind, flags);
}

/** The run in this thread, with the earlier series loaded and the set sized for --count. */
async function inlineRun(kind: HousieKind, flags: GenerateFlags): Promise<HousieRun> {
  const run = new HousieRun(kind, { seed: flags.seed, firstSerial: flags.firstSerial, unique: flags.unique });
  if (flags.uniqueAgainst)
    (await import("../housie/generate/unique-against.js")).markSeriesIssued(run, flags.uniqueAgainst, {
      limit: MAX_UNIQUE_TICKETS - flags.count * run.ticketsPerRecord,
    });
  run.reserve(flags.count);
  return run;
}

async function main(): Promise<number> {
  let status = EXIT_OK;
  const program = createProgram("housie", "UK 90-ball bingo: exact counts, exactly uniform unique tickets and books, validation");
  for (const kind of ["books", "tickets"] as const) {
    const command = program
      .command(kind)
      .description(
        kind === "books" ? "books (strips) of 6 tickets using 1-90 once, uniform over all ordered books" : "single tickets, uniform over all distinct tickets",
      )
      .requiredOption("-n, --count <N>", `number of ${kind}`, integerOption(1))
      .option("-s, --seed <S>", "seed 0..2^64-1 for the reproducible xoshiro128** generator (default: OS CSPRNG)", seedOption)
      .addOption(new Option("-f, --format <format>", "output format").choices([...FORMATS, "pdf"]).default("text"))
      .option("-o, --out <FILE>", "write to FILE atomically (temporary file renamed when complete)")
      .addOption(
        new Option("--first-serial <N>", `serial of the first record, to continue a series (the last must be at most ${MAX_SERIAL})`)
          .argParser(serialOption)
          .default(1n, "1"),
      )
      .option("--no-unique", "allow tickets to repeat within the run (skips the uniqueness set)")
      .option("--unique-against <FILE...>", "repeat no ticket of these earlier series (JSONL), for linked games and venues")
      .addOption(
        new Option(
          "--unique-thread <when>",
          "run the uniqueness set on a second core: auto (runs of 120,000+ tickets on 2+ cores, not pdf or --unique-against), on, off; same output either way",
        )
          .choices(["auto", "on", "off"])
          .default("auto"),
      );
    addPrintOptions(command).action(async (flags: GenerateFlags, self: Command) => {
      if (flags.format !== "pdf" && flags.format !== "html")
        refuseInapplicable(self, ["paper", "layout", "perPage", "qr", "colour", "title", "venue", "date", "price", "series"], "--format pdf or html");
      status = await generate(kind, flags);
    });
  }
  program
    .command("count")
    .description("exact numbers of patterns, column-count vectors, tickets and books")
    .option("--json", "print a JSON object with the numbers as decimal strings")
    .option("--pretty", "group digits in threes (1,234,567)")
    .addOption(new Option("--engine <engine>", "counting engine").choices(["wasm", "ts"]).default("wasm"))
    .action(async (flags: { json?: boolean; pretty?: boolean; engine: "wasm" | "ts" }) => {
      const { countHousie } = await import("../housie/count/count.js");
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
        const shown = rows.map(([, label, value]) => [label, flags.pretty ? groupDigits(value) : value.toString()] as const);
        for (const [label, value] of shown) process.stdout.write(`${label.padEnd(48)} ${value}\n`);
      }
    });
  program
    .command("validate")
    .description("check a JSONL file of books/tickets against every rule; exit 1 if anything is invalid")
    .argument("<FILE>", "JSON Lines file as written by --format jsonl ('-' for standard input)")
    .action(async (file: string) => {
      const name = inputName(file);
      if (file !== "-") {
        // A file that breaks no rule is proved so without the codec's repeat sets; any other is read by the codec, which words every finding.
        const proved = await (await import("../housie/validate/fast-pass.js")).proveSeriesFileThreaded(file);
        if (proved) {
          process.stderr.write(`${name}: ${proved.records} records, ${proved.tickets} tickets: valid\n`);
          status = EXIT_OK;
          return;
        }
      }
      const input = file === "-" ? process.stdin : createReadStream(file, { highWaterMark: 1 << 20 });
      let bytes: number | undefined;
      if (file !== "-") {
        await once(input, "open").catch((error: NodeJS.ErrnoException) => {
          throw readFailure(file, error);
        });
        bytes = statSync(file).size;
      }
      // Findings are printed as found, in batches: memory stays flat however many lines break.
      let pending = "";
      const { validateJsonlStream } = await import("../housie/validate/validate.js");
      const summary = await validateJsonlStream(
        input,
        (v) => {
          pending += `${name}:${v.line ?? 1}: ${v.problem} (expected ${v.expected}) [${v.rule}]\n`;
          if (pending.length > 1 << 16) {
            process.stdout.write(pending);
            pending = "";
          }
        },
        { bytes },
      ).catch((error: NodeJS.ErrnoException) => {
        throw error.code ? readFailure(file, error) : error;
      });
      if (pending) process.stdout.write(pending);
      const verdict = summary.broken === 0 ? "valid" : `${summary.broken} rule(s) broken`;
      process.stderr.write(`${name}: ${summary.records} records, ${summary.tickets} tickets: ${verdict}\n`);
      status = summary.broken === 0 ? EXIT_OK : EXIT_INVALID;
    });
  registerHousieCheck(program, (s) => {
    status = s;
  });
  registerHousieAudit(program, (s) => {
    status = s;
  });
  registerHousieCall(program, (s) => {
    status = s;
  });
  program
    .command("completion")
    .description('print a bash or zsh completion script: eval "$(housie completion bash)"')
    .argument("<shell>", "bash or zsh")
    .action(async (shell: string) => void process.stdout.write((await import("./completion.js")).completionScript("housie", shell, program)));
  await program.parseAsync(process.argv);
  return status;
}

await runMain("housie", main);
