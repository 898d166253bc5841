// `housie check FILE --calls ...`: who won each prize, and is a claimed ticket genuine.
import type { Command } from "commander";
import { EXIT_OK, EXIT_INVALID } from "./program.js";
import { readSmallFile, CALLS_FILE } from "../io/small-file.js";
import type { CheckReport } from "../housie/operators/check.js";
import { UsageError } from "../errors.js";
import { printedRef } from "../housie/model/reference.js";

/** A report's reference `serial-ticket` as printed on the paper, with its check digit. */
function printed(ref: string): string {
  const [serial, ticket] = ref.split("-");
  return printedRef(BigInt(serial!), Number(ticket));
}

interface CheckFlags {
  calls?: string;
  callsFile?: string;
  ref?: string;
  json?: boolean;
  engine: "wasm" | "ts";
}

function describe(report: CheckReport, name: string): string {
  let out = `${name}: ${report.records} records, ${report.tickets} tickets, ${report.calls} calls\n`;
  for (const p of report.prizes) {
    const head = p.prize.padEnd(11);
    if (p.call === null) {
      out += `${head} not reached\n`;
      continue;
    }
    const more = p.winnerCount > p.winners.length ? ` … and ${p.winnerCount - p.winners.length} more` : "";
    out += `${head} call ${p.call} (number ${p.number}): ${p.winners.map(printed).join(" ")}${more}\n`;
  }
  return out;
}

/** Registers `check` on the housie program; `done` receives the exit status. */
export function registerHousieCheck(program: Command, done: (status: number) => void): void {
  program
    .command("check")
    .description(
      "replay a game's calls against a series: first winners of each prize, or judge a claim (--ref): the ticket drawn with the called numbers marked, WINS or NOT A WINNER for each prize; exit 0 a winner, 1 not a winner (or no such ticket), 2 bad input",
    )
    .argument("<FILE>", "the series as JSON Lines (--format jsonl; '-' for standard input)")
    .option("--calls <LIST>", 'the calls in order, e.g. "17,4,88"')
    .option("--calls-file <FILE>", "the calls in order, one number per line")
    .option("--ref <S-i-c>", "a claimed ticket: its reference as printed (serial-ticket-check; the check digit is verified)")
    .option("--game <FILE>", "the calls of a game saved by housie call (and its prize set)")
    .option("--prizes <SET>", "uk (one line, two lines, full house) or tambola (early five, four corners, top/middle/bottom line, full house)")
    .option("--game-name <GAME>", "in a night of several games (books --games): the game played, by name or number (default: the game file's)")
    .option("--prize <NAME>", 'the prize claimed, e.g. "full house": only its verdict, and the exit status is about it')
    .option("--pretty", "group digits in counts")
    .option("--json", "print the report as one JSON object")
    .option("--engine <engine>", "wasm (default) or ts (the baselines of the reader and the checker)", "wasm")
    .action(async (file: string, flags: CheckFlags & { game?: string; prizes?: string; prize?: string; gameName?: string; pretty?: boolean }) => {
      // A claim shown as text goes through the one claim checker's verdicts (housie-claims.ts); --json keeps the API's report.
      if (
        flags.game !== undefined ||
        flags.prizes !== undefined ||
        flags.prize !== undefined ||
        flags.gameName !== undefined ||
        (flags.ref !== undefined && !flags.json)
      ) {
        if (flags.engine !== "wasm" && flags.engine !== "ts") throw new UsageError(`--engine ${flags.engine} (expected wasm or ts)`);
        done((await import("./housie-claims.js")).runClaims(file, flags));
        return;
      }
      const { checkClaims, parseCalls } = await import("../housie/operators/check.js"); // loads only for check: start-up of the other commands
      if ((flags.calls === undefined) === (flags.callsFile === undefined)) throw new UsageError("give the calls with exactly one of --calls or --calls-file");
      if (flags.engine !== "wasm" && flags.engine !== "ts") throw new UsageError(`--engine ${flags.engine} (expected wasm or ts)`);
      const calls = flags.calls !== undefined ? parseCalls(flags.calls) : parseCalls(readSmallFile(flags.callsFile!, CALLS_FILE), flags.callsFile);
      const report = checkClaims(file, calls, { ref: flags.ref, engine: flags.engine });
      // The text names tickets as printed on the paper (serial-ticket-check); --json keeps the API's serial-ticket.
      process.stdout.write(flags.json ? JSON.stringify(report) + "\n" : describe(report, file === "-" ? "<stdin>" : file));
      // With --ref (--json): 0 if the ticket wins a prize (completed it at its first call), 1 if not or unknown.
      const claim = report.claim;
      const wins = claim ? claim.prizes.some((x, p) => x.call !== null && x.call === report.prizes[p]!.call) : false;
      done(claim === undefined || wins ? EXIT_OK : EXIT_INVALID);
    });
}
