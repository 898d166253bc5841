// `housie check --prizes uk|tambola`, `--game GAME`, or any claim (--ref) shown as text:
// prizes and claims through game/claims.ts (either prize set, ties listed). A claim is
// the ticket drawn with the called numbers marked and a verdict per prize that cannot be
// misread (WINS … / NOT A WINNER: …); exit 0 for a winner, 1 for not (documented in
// docs/housie-operators.md).
import { checkGame, describeVerdict, type ClaimReport, type GameCheck } from "../housie/game/claims.js";
import { ticketToText } from "../housie/output/format.js";
import { Caller, parseGameName } from "../housie/game/caller.js";
import { parsePrizeSet, PRIZE_SETS, type PrizeSetName } from "../housie/game/prizes.js";
import { readSeries } from "../housie/series/read-series.js";
import { parseCalls } from "../housie/operators/check.js";
import { inputName } from "../io/lines.js";
import { UsageError } from "../errors.js";
import { groupDigits } from "../io/digits.js";
import { EXIT_INVALID, EXIT_OK } from "./program.js";
import { readSmallFile, CALLS_FILE, GAME_FILE } from "../io/small-file.js";

export interface ClaimFlags {
  calls?: string;
  callsFile?: string;
  game?: string;
  prizes?: string;
  ref?: string;
  json?: boolean;
  pretty?: boolean;
  /** The prize claimed: only its verdict is given, and the exit status is about it. */
  prize?: string;
  engine?: "wasm" | "ts";
  /** The game of the night played (or the game file's). */
  gameName?: string;
}

const grouped = (n: number, pretty: boolean | undefined): string => (pretty ? groupDigits(n) : String(n));

/** The claimed ticket drawn, the called numbers marked, and the verdict of each prize asked about. */
function describeClaim(report: GameCheck, claim: ClaimReport, asked: readonly number[], calls: readonly number[]): string {
  let out = `claim ${claim.ref} (file line ${claim.line}), after ${report.calls} calls:\n`;
  out += ticketToText(claim.grid, new Set(calls)) + "[n]: called\n";
  for (const k of asked) out += `  ${describeVerdict(claim.prizes[k]!, report.prizes[k])}\n`;
  return out;
}

function describe(report: GameCheck, name: string, pretty?: boolean): string {
  const game = report.game ? `, game ${report.game.number} (${report.game.name}) only` : "";
  let out = `${name}: ${grouped(report.records, pretty)} records, ${grouped(report.tickets, pretty)} tickets${game}, ${report.calls} calls, ${report.prizeSet} prizes\n`;
  const width = Math.max(...report.prizes.map((p) => p.prize.length)) + 1;
  for (const p of report.prizes) {
    const head = p.prize.padEnd(width);
    if (p.call === null) {
      out += `${head} not reached\n`;
      continue;
    }
    const more = p.winnerCount > p.winners.length ? ` … and ${grouped(p.winnerCount - p.winners.length, pretty)} more` : "";
    out += `${head} call ${p.call} (number ${p.number}): ${p.winners.join(" ")}${more}\n`;
  }
  if (report.claim === null) out += "claim: no such ticket in the series\n";
  return out;
}

/** The index of the prize named by --prize in the set; a name not in it is one UsageError. */
function prizeIndex(name: string, set: PrizeSetName): number {
  const k = PRIZE_SETS[set].indexOf(name.trim().toLowerCase());
  if (k < 0)
    throw new UsageError(`--prize ${JSON.stringify(name.slice(0, 30))} is not a prize of the ${set} set (expected one of: ${PRIZE_SETS[set].join(", ")})`);
  return k;
}

/** Runs the check; returns the exit status (1: the claimed ticket is unknown or holds no prize). */
export function runClaims(file: string, flags: ClaimFlags): number {
  const sources = [flags.calls, flags.callsFile, flags.game].filter((x) => x !== undefined).length;
  if (sources !== 1) throw new UsageError("give the calls with exactly one of --calls, --calls-file or --game");
  let calls: number[];
  let playing = flags.gameName === undefined ? undefined : parseGameName(flags.gameName);
  let set: PrizeSetName | undefined = flags.prizes === undefined ? undefined : parsePrizeSet(flags.prizes);
  if (flags.game !== undefined) {
    // "-" reads the game from standard input, which then cannot also hold the series.
    if (flags.game === "-" && file === "-") throw new UsageError("--game - and the series both read standard input: give one of them as a file");
    const game = Caller.resume(readSmallFile(flags.game, GAME_FILE), inputName(flags.game));
    calls = [...game.calls];
    set ??= game.prizes;
    if (flags.gameName !== undefined && game.game !== undefined && flags.gameName.trim().toLowerCase() !== game.game.toLowerCase()) {
      throw new UsageError(`${flags.game} is the game ${JSON.stringify(game.game)}, not --game-name ${JSON.stringify(flags.gameName.slice(0, 30))}`);
    }
    playing ??= game.game;
  } else {
    calls = flags.calls !== undefined ? parseCalls(flags.calls) : parseCalls(readSmallFile(flags.callsFile!, CALLS_FILE), flags.callsFile);
  }
  const prizes = set ?? "uk";
  if (flags.prize !== undefined && flags.ref === undefined) throw new UsageError("--prize judges a claim: give the claimed ticket with --ref");
  const asked = flags.prize !== undefined ? [prizeIndex(flags.prize, prizes)] : PRIZE_SETS[prizes].map((_, k) => k);
  const report = checkGame(() => readSeries(file), calls, prizes, flags.ref, { engine: flags.engine, game: playing });
  const claim = report.claim;
  if (flags.json) process.stdout.write(JSON.stringify(report) + "\n");
  else process.stdout.write(describe(report, file === "-" ? "<stdin>" : file, flags.pretty) + (claim ? describeClaim(report, claim, asked, calls) : ""));
  if (claim === undefined) return EXIT_OK;
  // A claim: 0 if the ticket wins (the prize claimed, or any), 1 if not or unknown.
  return claim !== null && asked.some((k) => claim.prizes[k]!.wins) ? EXIT_OK : EXIT_INVALID;
}
