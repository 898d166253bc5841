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
    if (p.call === null) { out += `${head} not reached\n`; continue; }
    const more = p.winnerCount > p.winners.length ? ` … and ${p.winnerCount - p.winners.length} more` : "";
    out += `${head} call ${p.call} (number ${p.number}): ${p.winners.map(printed).join(" ")}${more}\n`;
  }
  if (report.claim === null) out += `claim: no such ticket in the series\n`;
  else if (report.claim) {
    const c = report.claim;
    const parts = c.prizes.map((x, p) => {
      if (x.call === null) return `${x.prize}: not reached`;
      const first = report.prizes[p]!.call === x.call ? ", a first winner" : `, after the first winners at call ${report.prizes[p]!.call}`;
      return `${x.prize} at call ${x.call}${first}`;
    });
    out += `claim ${printed(c.ref)} (line ${c.line}): ${parts.join("; ")}\n`;
  }
  return out;
}

/** Registers `check` on the housie program; `done` receives the exit status. */
export function registerHousieCheck(program: Command, done: (status: number) => void): void {
  program
    .command("check")
    .description("replay a game's calls against a series: first winners of one line, two lines and full house, or one claimed ticket's prizes (--ref); exit 1 if the claimed ticket is unknown or holds no prize")
    .argument("<FILE>", "the series as JSON Lines (--format jsonl; '-' for standard input)")
    .option("--calls <LIST>", "the calls in order, e.g. \"17,4,88\"")
    .option("--calls-file <FILE>", "the calls in order, one number per line")
    .option("--ref <S-i-c>", "a claimed ticket: its reference as printed (serial-ticket-check; the check digit is verified)")
    .option("--game <FILE>", "the calls of a game saved by housie call (and its prize set)")
    .option("--prizes <SET>", "uk (one line, two lines, full house) or tambola (early five, four corners, top/middle/bottom line, full house); a claim's verdicts: valid now, late (valid since call k) or not yet")
    .option("--pretty", "group digits in counts")
    .option("--json", "print the report as one JSON object")
    .option("--engine <engine>", "wasm (default) or ts (the baselines of the reader and the checker)", "wasm")
    .action(async (file: string, flags: CheckFlags & { game?: string; prizes?: string; pretty?: boolean }) => {
      if (flags.game !== undefined || flags.prizes !== undefined) {
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
      const claimFails = report.claim === null || (report.claim !== undefined && report.claim.prizes.every((p) => p.call === null));
      done(claimFails ? EXIT_INVALID : EXIT_OK);
    });
}
