#!/usr/bin/env node
// bingo: card formats other than UK 90-ball (that is `housie`): US 75-ball (5×5, free
// centre), 80-ball (4×4) and 30-ball speed cards. Exact counts, exactly uniform unique
// cards, validation, and pattern games: who wins at each call, and one claim's verdict.
import { InvalidArgumentError, Option } from "commander";
import { createProgram, integerOption, refuseInapplicable, runMain, seedOption, EXIT_OK, EXIT_INVALID } from "./program.js";
import { readSmallFile } from "../io/small-file.js";
import { checkOutputPath, isStandardOutput } from "../io/atomic-write.js";
import { withPdfkit } from "../housie/pdf-on-demand.js";
import { PDF_PAPERS, type PdfPaper } from "../housie/output/pdf-options.js";
import { writeOutput } from "../io/output.js";
import { quote } from "../io/quote.js";
import { inputName } from "../io/lines.js";
import { groupDigits } from "../io/digits.js";
import { UsageError } from "../errors.js";
import { MAX_SERIAL, parseSerial } from "../housie/model/serial.js";
import { BALLS, cardShapeOf, shapeOf, type BingoBall, type CardShape } from "../bingo/shape.js";
import { CardRun, MAX_UNIQUE_CARDS } from "../bingo/generate.js";
import { CARD_BATCH } from "../bingo/kernel.js";
import { cardFromCells, parseCardRef } from "../bingo/card.js";
import { cardFormatter, cardToText, CARD_FORMATS, type CardFormat } from "../bingo/format.js";
import { PATTERN_HELP, PATTERN_NAMES, parsePatternGame } from "../bingo/patterns.js";

const CARD_BALLS = BALLS.filter((b) => shapeOf(b).engine === "cards");
const ballOption = () => new Option("-b, --ball <N>", `the format: ${CARD_BALLS.join(", ")}-ball (90-ball is the housie command)`).choices([...BALLS]);

function serialOption(value: string): bigint {
  const serial = parseSerial(value);
  if (serial === undefined) throw new InvalidArgumentError(`expected a whole number from 0 to ${MAX_SERIAL}, got ${quote(value)}`);
  return serial;
}

interface CardsFlags {
  ball: BingoBall;
  count: number;
  seed?: bigint;
  format: CardFormat | "pdf";
  out?: string;
  paper: PdfPaper;
  qr?: boolean;
  firstSerial: bigint;
  unique: boolean;
  uniqueAgainst?: string[];
}

async function cards(flags: CardsFlags): Promise<number> {
  const shape = cardShapeOf(flags.ball);
  if (flags.out !== undefined) checkOutputPath(flags.out);
  if (flags.uniqueAgainst && !flags.unique) throw new UsageError("--unique-against needs the uniqueness set (drop --no-unique)");
  const run = new CardRun(shape, { seed: flags.seed, firstSerial: flags.firstSerial, unique: flags.unique });
  if (flags.uniqueAgainst) {
    const { readCardSeries } = await import("../bingo/codec.js");
    for (const file of flags.uniqueAgainst) {
      for await (const batch of readCardSeries(file, { ball: shape.ball })) {
        for (let i = 0; i < batch.serials.length; i++) run.markIssued(batch.cells, i * shape.rows * shape.columns);
      }
    }
  }
  if (flags.count > run.uniqueLeft)
    throw new UsageError(
      `--count ${flags.count} ${shape.title} cards exceeds the ${run.uniqueLeft} one run keeps distinct (expected at most ${run.uniqueLeft}, or --no-unique)`,
    );
  if (flags.unique) run.reserve(flags.count);
  if (flags.format === "pdf") {
    // A PDF's bytes would garble a terminal: a file, or a pipe or redirection.
    if (isStandardOutput(flags.out) && process.stdout.isTTY)
      throw new UsageError("--format pdf writes binary data: give --out FILE, or redirect standard output to a file or pipe");
    const pdf = await withPdfkit(() => import("./bingo-pdf.js")); // pdfkit loads only for pdf
    const bar =
      flags.count >= 5_000
        ? (await import("./progress.js")).terminalBar({
            format: `${shape.title} cards [{bar}] {value}/{total} written, about {eta_formatted} left`,
            clearOnComplete: true,
          })
        : undefined;
    bar?.start(flags.count, 0);
    try {
      await pdf.writeCardPdf(shape, run, flags, (n) => bar?.increment(n));
    } finally {
      bar?.stop();
    }
    return EXIT_OK;
  }
  const formatter = cardFormatter(flags.format, shape, { paper: flags.paper, qr: flags.qr });
  // A bar on a terminal for long runs, as housie shows (shorter runs finish before it helps).
  const bar =
    flags.count >= 100_000
      ? (await import("./progress.js")).terminalBar({ format: `${shape.title} cards [{bar}] {percentage}% {value}/{total} eta {eta}s` })
      : undefined;
  bar?.start(flags.count, 0);
  async function* chunks(): AsyncGenerator<string | Uint8Array> {
    yield formatter.header();
    for (let left = flags.count; left > 0;) {
      const n = Math.min(left, CARD_BATCH);
      if (flags.format === "jsonl")
        yield run.nextJsonl(n).slice(); // copy: the view is reused
      else {
        const { firstSerial, cells } = run.nextCells(n);
        const size = shape.rows * shape.columns;
        let text = "";
        for (let i = 0; i < n; i++)
          text += formatter.record({ serial: firstSerial + BigInt(i), ball: shape.ball, card: cardFromCells(shape, cells, i * size) });
        yield text;
      }
      left -= n;
      bar?.increment(n);
    }
    yield formatter.footer();
  }
  try {
    await writeOutput(chunks(), flags.out);
  } finally {
    bar?.stop();
  }
  return EXIT_OK;
}

interface GameFlags {
  ball?: BingoBall;
  pattern: string;
  calls?: string;
  callsFile?: string;
  ref?: string;
  json?: boolean;
  engine: "wasm" | "ts";
}

/** The calls of --calls or --calls-file, each 1..the format's last ball. */
async function gameCalls(flags: GameFlags, last: number): Promise<number[]> {
  if ((flags.calls === undefined) === (flags.callsFile === undefined)) throw new UsageError("give the calls with exactly one of --calls or --calls-file");
  const { parseCalls } = await import("../housie/operators/check.js");
  return flags.calls !== undefined
    ? parseCalls(flags.calls, "--calls", last)
    : parseCalls(readSmallFile(flags.callsFile!, "a calls file (the numbers in the order called)"), flags.callsFile, last);
}

/** The format of a series file: --ball, else its first line's (read again by the game itself). */
async function seriesShape(file: string, ball: BingoBall | undefined): Promise<CardShape> {
  if (ball !== undefined) return cardShapeOf(ball);
  if (file === "-") throw new UsageError("reading standard input, give the format with --ball");
  const { readCardSeries } = await import("../bingo/codec.js");
  for await (const batch of readCardSeries(file, { batch: 1 })) return batch.shape;
  throw new UsageError(`${file} holds no cards`);
}

async function game(file: string, flags: GameFlags, claim: boolean): Promise<number> {
  if (flags.engine !== "wasm" && flags.engine !== "ts") throw new UsageError(`--engine ${quote(flags.engine)} (expected wasm or ts)`);
  const shape = await seriesShape(file, flags.ball);
  parsePatternGame(shape, flags.pattern); // a bad pattern before any reading
  const calls = await gameCalls(flags, shape.columnRanges.at(-1)![1]);
  const claimed = claim ? parseCardRef(flags.ref!) : undefined;
  const { playGame } = await import("../bingo/claims.js");
  const name = inputName(file);
  const results = await playGame(file, calls, (s) => parsePatternGame(s, flags.pattern), {
    ball: shape.ball,
    claimSerial: claimed?.serial,
    engine: flags.engine,
    name,
  });
  if (flags.json) {
    const { shape: s, ...rest } = results;
    process.stdout.write(JSON.stringify({ ball: s.ball, pattern: flags.pattern, ...rest }) + "\n");
  }
  if (!claim) {
    if (!flags.json) {
      let out = `${name}: ${results.cards} ${shape.title} cards, ${results.calls} calls, pattern ${flags.pattern}\n`;
      out += "call  number  new winners  winners so far  first winners (ref)\n";
      for (const w of results.winningCalls) {
        const more = w.winners > w.first.length ? ` … and ${w.winners - w.first.length} more` : "";
        out += `${String(w.call).padStart(4)}  ${String(w.number ?? "free").padStart(6)}  ${String(w.winners).padStart(11)}  ${String(w.total).padStart(14)}  ${w.first.join(" ")}${more}\n`;
      }
      out += `not won after the last call: ${results.notWon} card(s)\n`;
      process.stdout.write(out);
    }
    return EXIT_OK;
  }
  const c = results.claim;
  if (c === null || c === undefined) {
    if (!flags.json) process.stdout.write(`NOT A WINNER: no card ${claimed!.serial} in ${name}\n`);
    return EXIT_INVALID;
  }
  if (!flags.json) {
    const first = results.winningCalls[0];
    let verdict: string;
    if (c.winCall === null)
      verdict = `NOT A WINNER: card ${c.ref} covers no ${flags.pattern} pattern after ${calls.length} calls; still missing ${c.missing.join(", ")}`;
    else {
      const at = c.winCall === 0 ? "before the first call (free squares)" : `at call ${c.winCall} (number ${calls[c.winCall - 1]})`;
      const firstNote =
        first && first.call < c.winCall
          ? `; the first winners came at call ${first.call} (${first.first.join(" ")}${first.winners > first.first.length ? " …" : ""})`
          : "";
      verdict = `WINS ${flags.pattern} ${at}: card ${c.ref} (line ${c.line})${firstNote}`;
    }
    const called = new Set(calls);
    // The card as printed, the called numbers in [brackets]: what a checker reads off the paper.
    const grid = cardToText(shape, c.card, (x) => (x === null ? "FREE" : called.has(x) ? `[${x}]` : String(x)));
    process.stdout.write(`${verdict}\ncard ${c.ref}, called numbers in [brackets]:\n${grid}`);
  }
  return c.winCall !== null ? EXIT_OK : EXIT_INVALID;
}

async function main(): Promise<number> {
  let status = EXIT_OK;
  const program = createProgram(
    "bingo",
    "bingo cards beside UK 90-ball (housie): 75-ball (5×5, free centre), 80-ball (4×4), 30-ball (3×3); exact counts, exactly uniform unique cards, validation, pattern games",
  );
  program
    .command("cards")
    .description("cards of one format, uniform over all ordered cards (each column's numbers in their squares), unique within the run")
    .addOption(ballOption().makeOptionMandatory())
    .requiredOption("-n, --count <N>", "number of cards", integerOption(1))
    .option("-s, --seed <S>", "seed 0..2^64-1 for the reproducible xoshiro128** generator (default: OS CSPRNG)", seedOption)
    .addOption(new Option("-f, --format <format>", "output format").choices([...CARD_FORMATS, "pdf"]).default("text"))
    .option("-o, --out <FILE>", "write to FILE atomically (temporary file renamed when complete)")
    .addOption(new Option("--paper <paper>", "pdf/html: paper size").choices(PDF_PAPERS as string[]).default("a4"))
    .option("--qr", "pdf/html: a QR code of each card's reference beside it")
    .addOption(
      new Option("--first-serial <N>", `serial of the first card, to continue a series (the last must be at most ${MAX_SERIAL})`)
        .argParser(serialOption)
        .default(1n, "1"),
    )
    .option("--no-unique", "allow cards to repeat within the run (skips the uniqueness set)")
    .option("--unique-against <FILE...>", `repeat no card of these earlier series (JSONL); at most ${MAX_UNIQUE_CARDS} cards in all`)
    .action(async (flags: CardsFlags, self) => {
      if (flags.format !== "pdf" && flags.format !== "html") refuseInapplicable(self, ["paper", "qr"], "--format pdf or html");
      status = await cards(flags);
    });
  program
    .command("count")
    .description("exact numbers of distinct cards of each format, in both conventions")
    .addOption(ballOption())
    .option("--json", "print a JSON object with the numbers as decimal strings")
    .option("--pretty", "group digits in threes (1,234,567)")
    .action(async (flags: { ball?: BingoBall; json?: boolean; pretty?: boolean }) => {
      const { countCards } = await import("../bingo/count.js");
      const balls = flags.ball ? [cardShapeOf(flags.ball).ball] : CARD_BALLS;
      const rows = balls.map((b) => ({ ball: b, ...countCards(shapeOf(b)) }));
      if (flags.json) {
        process.stdout.write(JSON.stringify(Object.fromEntries(rows.map((r) => [r.ball, { ordered: r.ordered.toString(), sets: r.sets.toString() }]))) + "\n");
        return;
      }
      const show = (n: bigint) => (flags.pretty ? groupDigits(n) : n.toString());
      for (const r of rows) {
        process.stdout.write(`${`${shapeOf(r.ball).title} cards, ordered (a column's numbers in their squares)`.padEnd(70)} ${show(r.ordered)}\n`);
        process.stdout.write(`${`${shapeOf(r.ball).title} cards, sets (a column's numbers as a set)`.padEnd(70)} ${show(r.sets)}\n`);
      }
    });
  program
    .command("validate")
    .description("check a JSONL file of cards against every rule of its format; exit 1 if anything is invalid")
    .argument("<FILE>", "JSON Lines file as written by cards -f jsonl ('-' for standard input)")
    .addOption(ballOption())
    .action(async (file: string, flags: { ball?: BingoBall }) => {
      const name = inputName(file);
      const ball = flags.ball && cardShapeOf(flags.ball).ball;
      if (file !== "-") {
        // A file that breaks no rule is proved so without the codec's per-line JSON.parse; any other is read by the codec, which words every finding.
        const proved = (await import("../bingo/fast-pass.js")).proveCardFile(file, ball);
        if (proved) {
          process.stderr.write(`${name}: ${proved.cards} ${shapeOf(proved.ball).title} cards: valid\n`);
          status = EXIT_OK;
          return;
        }
      }
      const { validateCardSeries } = await import("../bingo/codec.js");
      let pending = "";
      const summary = await validateCardSeries(
        file,
        (v) => {
          pending += `${name}:${v.line}: ${v.problem} (expected ${v.expected}) [${v.rule}]\n`;
          if (pending.length > 1 << 16) {
            process.stdout.write(pending);
            pending = "";
          }
        },
        { ball },
      );
      if (pending) process.stdout.write(pending);
      const verdict = summary.broken === 0 ? "valid" : `${summary.broken} rule(s) broken`;
      process.stderr.write(`${name}: ${summary.cards} ${summary.ball ? `${shapeOf(summary.ball).title} ` : ""}cards: ${verdict}\n`);
      status = summary.broken === 0 ? EXIT_OK : EXIT_INVALID;
    });
  program
    .command("audit")
    .description(
      "test a series of cards (anyone's, in this JSONL) against uniform cards: each square's number, and the step between numbers one above the other in a column; exit 1 if any test rejects",
    )
    .argument("<FILE>", "JSON Lines file of cards ('-' for standard input)")
    .addOption(ballOption())
    .option("--alpha <A>", "family-wise significance level over all tests (Holm)", "0.01")
    .option("--json", "print the report as one JSON object")
    .action(async (file: string, flags: { ball?: BingoBall; alpha: string; json?: boolean }) => {
      const alpha = Number(flags.alpha);
      if (!/^\s*(0?\.\d+|\d+(\.\d*)?(e-?\d+)?)\s*$/i.test(flags.alpha) || !(alpha > 0 && alpha < 1))
        throw new UsageError(`--alpha ${quote(flags.alpha)} (expected a number between 0 and 1, e.g. 0.01)`);
      const { auditCards } = await import("../bingo/audit.js");
      const name = inputName(file);
      const report = await auditCards(file, { ball: flags.ball && cardShapeOf(flags.ball).ball, alpha, name });
      if (flags.json) process.stdout.write(JSON.stringify(report) + "\n");
      else {
        let out = `${name}: ${report.cards} ${shapeOf(report.ball).title} cards, ${report.tests.length} tests, alpha ${report.alpha} (Holm)\n`;
        const worst = [...report.tests].sort((a, b) => a.adjusted - b.adjusted).slice(0, 5);
        for (const x of worst)
          out += `${x.reject ? "REJECT" : "ok    "} ${x.family} ${x.name}: chi2 ${x.statistic.toFixed(1)}, df ${x.df}, p ${x.p.toExponential(2)}, adjusted ${x.adjusted.toExponential(2)}\n`;
        if (report.skipped.length > 0) out += `skipped for want of data: ${report.skipped.length} test(s)\n`;
        out += `verdict: ${report.verdict}\n`;
        process.stdout.write(out);
      }
      status = report.verdict === "pass" ? EXIT_OK : EXIT_INVALID;
    });
  const patternHelp = `${PATTERN_NAMES.map((p) => `${p} (${PATTERN_HELP[p]})`).join(", ")}; or a mask of rows of x and . joined by / (x...x/.x.x./..x../.x.x./x...x); several joined by "," win alike`;
  for (const [name, claim] of [
    ["winners", false],
    ["check", true],
  ] as const) {
    const command = program
      .command(name)
      .description(
        claim
          ? "a claimed card's verdict in a pattern game: WINS at call k (exit 0) or NOT A WINNER with the numbers it still lacks (exit 1), the card drawn"
          : "for an operator: how many cards of a series first win a pattern game at each call, and the first winners",
      )
      .argument("<FILE>", "the series as JSON Lines (cards -f jsonl; '-' for standard input, with --ball)")
      .requiredOption("-p, --pattern <P>", patternHelp)
      .option("--calls <LIST>", 'the calls in order, e.g. "17,4,68"')
      .option("--calls-file <FILE>", "the calls in order, one number per line (or separated by commas or spaces)")
      .addOption(ballOption())
      .option("--json", "print the results as one JSON object")
      .addOption(new Option("--engine <engine>", "wasm (default) or ts (the baseline): the same answers").default("wasm"));
    if (claim) command.requiredOption("--ref <S-c>", "the claimed card's reference as printed (serial-check; the check digit is verified)");
    command.action(async (file: string, flags: GameFlags) => {
      status = await game(file, flags, claim);
    });
  }
  await program.parseAsync(process.argv);
  return status;
}

await runMain("bingo", main);
