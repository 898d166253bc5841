// `housie check --prizes uk|tambola` or `--game GAME`: prizes and claims through
// game/claims.ts (either prize set; verdicts valid now / late / not yet, ties listed).
import { readFileSync } from "node:fs";
import { checkGame, describeVerdict, type GameCheck } from "../housie/game/claims.js";
import { Caller } from "../housie/game/caller.js";
import { parsePrizeSet, type PrizeSetName } from "../housie/game/prizes.js";
import { readSeries } from "../housie/series/read-series.js";
import { parseCalls } from "../housie/operators/check.js";
import { inputName, readFailure } from "../io/lines.js";
import { UsageError } from "../errors.js";
import { groupDigits } from "../io/digits.js";
import { EXIT_INVALID, EXIT_OK, readInputText } from "./program.js";

export interface ClaimFlags {
  calls?: string;
  callsFile?: string;
  game?: string;
  prizes?: string;
  ref?: string;
  json?: boolean;
  pretty?: boolean;
}

const grouped = (n: number, pretty: boolean | undefined): string => (pretty ? groupDigits(n) : String(n));

function describe(report: GameCheck, name: string, pretty?: boolean): string {
  let out = `${name}: ${grouped(report.records, pretty)} records, ${grouped(report.tickets, pretty)} tickets, ${report.calls} calls, ${report.prizeSet} prizes\n`;
  const width = Math.max(...report.prizes.map((p) => p.prize.length)) + 1;
  for (const p of report.prizes) {
    const head = p.prize.padEnd(width);
    if (p.call === null) { out += `${head} not reached\n`; continue; }
    const more = p.winnerCount > p.winners.length ? ` … and ${grouped(p.winnerCount - p.winners.length, pretty)} more` : "";
    out += `${head} call ${p.call} (number ${p.number}): ${p.winners.join(" ")}${more}\n`;
  }
  if (report.claim === null) out += "claim: no such ticket in the series\n";
  else if (report.claim) {
    out += `claim ${report.claim.ref} (line ${report.claim.line}):\n`;
    report.claim.prizes.forEach((v, k) => { out += `  ${describeVerdict(v, report.prizes[k])}\n`; });
  }
  return out;
}

/** Runs the check; returns the exit status (1: the claimed ticket is unknown or holds no prize). */
export function runClaims(file: string, flags: ClaimFlags): number {
  const sources = [flags.calls, flags.callsFile, flags.game].filter((x) => x !== undefined).length;
  if (sources !== 1) throw new UsageError("give the calls with exactly one of --calls, --calls-file or --game");
  let calls: number[];
  let set: PrizeSetName | undefined = flags.prizes === undefined ? undefined : parsePrizeSet(flags.prizes);
  if (flags.game !== undefined) {
    // "-" reads the game from standard input, which then cannot also hold the series.
    if (flags.game === "-" && file === "-") throw new UsageError("--game - and the series both read standard input: give one of them as a file");
    let text: string;
    try {
      text = readFileSync(flags.game === "-" ? 0 : flags.game, "utf8");
    } catch (error) {
      throw readFailure(flags.game, error);
    }
    const game = Caller.resume(text, inputName(flags.game));
    calls = [...game.calls];
    set ??= game.prizes;
  } else {
    calls = flags.calls !== undefined ? parseCalls(flags.calls) : parseCalls(readInputText(flags.callsFile!), flags.callsFile);
  }
  const report = checkGame(() => readSeries(file), calls, set ?? "uk", flags.ref);
  process.stdout.write(flags.json ? JSON.stringify(report) + "\n" : describe(report, file === "-" ? "<stdin>" : file, flags.pretty));
  const fails = report.claim === null || (report.claim !== undefined && report.claim.prizes.every((v) => v.call === null));
  return fails ? EXIT_INVALID : EXIT_OK;
}
