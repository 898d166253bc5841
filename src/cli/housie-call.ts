// `housie call GAME`: the caller for a hall or a family tambola night. Each run draws the
// next number (or --count N, or --undo the last) and saves the game file atomically;
// --interactive calls on space or Enter, undoes on u, quits on q. The game file is the
// small JSON of game/caller.ts, and `housie check --game GAME` checks claims against it.
import { existsSync, readFileSync } from "node:fs";
import type { Command } from "commander";
import { Caller } from "../housie/game/caller.js";
import { parsePrizeSet, PRIZE_SETS } from "../housie/game/prizes.js";
import { checkOutputName, openAtomicStream } from "../io/atomic-write.js";
import { readFailure } from "../io/lines.js";
import { UsageError } from "../errors.js";
import { integerOption, EXIT_OK } from "./program.js";

interface CallFlags {
  seed?: string;
  prizes?: string;
  count?: number;
  undo?: boolean;
  show?: boolean;
  new?: boolean;
  json?: boolean;
  interactive?: boolean;
}

/** Digits 5 rows high, for the number just called. */
const BIG: Record<string, string[]> = {
  0: ["###", "# #", "# #", "# #", "###"], 1: [" # ", "## ", " # ", " # ", "###"], 2: ["###", "  #", "###", "#  ", "###"],
  3: ["###", "  #", "###", "  #", "###"], 4: ["# #", "# #", "###", "  #", "  #"], 5: ["###", "#  ", "###", "  #", "###"],
  6: ["###", "#  ", "###", "# #", "###"], 7: ["###", "  #", "  #", "  #", "  #"], 8: ["###", "# #", "###", "# #", "###"],
  9: ["###", "# #", "###", "  #", "###"],
};

export function bigNumber(n: number): string {
  const digits = [...String(n)];
  return [0, 1, 2, 3, 4].map((r) => "  " + digits.map((d) => BIG[d]![r]!.replace(/#/g, "██").replace(/ /g, "  ")).join("  ")).join("\n") + "\n";
}

/** The 1-90 board: ten numbers a row, called ones shown, the rest a dot. */
export function board(calls: readonly number[]): string {
  const called = new Set(calls);
  let out = "";
  for (let row = 0; row < 9; row++) {
    const cells: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const x = row * 10 + i;
      cells.push(called.has(x) ? String(x).padStart(2) : " ·");
    }
    out += `  ${cells.join(" ")}\n`;
  }
  return out;
}

function screen(caller: Caller): string {
  const calls = caller.calls;
  const head = calls.length === 0 ? "no numbers called yet" : `call ${calls.length} of 90: ${caller.current}`;
  return `${head}\n${calls.length > 0 ? bigNumber(caller.current!) : ""}\n${board(calls)}\nprizes: ${PRIZE_SETS[caller.prizes].join(", ")}${caller.seed !== null ? ` · seed ${caller.seed}` : ""}\n`;
}

async function save(file: string, caller: Caller): Promise<void> {
  const target = await openAtomicStream(file, "GAME", false);
  try {
    target.stream.write(JSON.stringify(caller.toJSON()) + "\n");
    await target.commit();
  } catch (error) {
    target.abort();
    throw error;
  }
}

function load(file: string, flags: CallFlags): Caller {
  if (flags.new || !existsSync(file)) {
    if (flags.seed !== undefined && !/^\d+$/.test(flags.seed)) throw new UsageError(`--seed ${JSON.stringify(flags.seed.slice(0, 30))} (expected a whole number from 0 to 18446744073709551615)`);
    try {
      return Caller.start({ seed: flags.seed, prizes: flags.prizes === undefined ? undefined : parsePrizeSet(flags.prizes) });
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(`--seed ${flags.seed} (expected a whole number from 0 to 18446744073709551615)`);
      throw error;
    }
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw readFailure(file, error);
  }
  const caller = Caller.resume(text, file);
  if (flags.seed !== undefined && flags.seed !== caller.seed) throw new UsageError(`${file} is a game with ${caller.seed === null ? "no seed" : `seed ${caller.seed}`}, not --seed ${flags.seed} (use --new to start again)`);
  if (flags.prizes !== undefined && parsePrizeSet(flags.prizes) !== caller.prizes) throw new UsageError(`${file} is a game with ${caller.prizes} prizes, not --prizes ${flags.prizes} (use --new to start again)`);
  return caller;
}

async function interactive(file: string, caller: Caller): Promise<void> {
  const stdin = process.stdin;
  if (!stdin.isTTY) throw new UsageError("--interactive needs a terminal (use --count N in scripts)");
  const draw = (note = "") => process.stdout.write(`\x1b[2J\x1b[H${screen(caller)}\nspace/Enter: call · u: undo · q: quit${note ? `\n${note}` : ""}\n`);
  draw();
  stdin.setRawMode(true);
  stdin.resume();
  try {
    for await (const chunk of stdin) {
      const key = String(chunk);
      if (key === "q" || key === "\u0003") break;
      let note = "";
      if (key === " " || key === "\r" || key === "\n") {
        if (caller.calls.length === 90) note = "all 90 numbers are called";
        else caller.next();
      } else if (key === "u") {
        const taken = caller.undo();
        note = taken === undefined ? "nothing to undo" : `took back ${taken}`;
      } else continue;
      await save(file, caller);
      draw(note);
    }
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

/** Registers `call` on the housie program; `done` receives the exit status. */
export function registerHousieCall(program: Command, done: (status: number) => void): void {
  program
    .command("call")
    .description("call a game: draw the next number 1-90 without repetition (CSPRNG, or --seed to replay), save the game to GAME; --undo takes the last call back")
    .argument("<GAME>", "the game file (JSON), created on the first call")
    .option("-s, --seed <S>", "a new game's seed 0..2^64-1: the same seed calls the same numbers (default: OS CSPRNG)")
    .option("--prizes <SET>", "a new game's prizes: uk (one line, two lines, full house) or tambola (early five, four corners, top/middle/bottom line, full house)")
    .option("-n, --count <N>", "call N numbers (default 1)", integerOption(1, 90))
    .option("--undo", "take back the last call")
    .option("--show", "show the game without calling")
    .option("--new", "start GAME afresh even if it exists")
    .option("--json", "print the game as JSON")
    .option("-i, --interactive", "call on space/Enter, undo on u, quit on q (a terminal)")
    .action(async (file: string, flags: CallFlags) => {
      if ([flags.undo, flags.show, flags.count !== undefined, flags.interactive].filter(Boolean).length > 1) throw new UsageError("give at most one of --count, --undo, --show, --interactive");
      checkOutputName(file, "GAME", false); // before reading it: "" and "-" are refused alike
      const caller = load(file, flags);
      if (flags.interactive) {
        await interactive(file, caller);
        done(EXIT_OK);
        return;
      }
      let note = "";
      if (flags.undo) {
        const taken = caller.undo();
        note = taken === undefined ? "nothing to undo\n" : `took back ${taken}\n`;
      } else if (!flags.show) {
        const n = flags.count ?? 1;
        if (caller.calls.length + n > 90) throw new UsageError(`--count ${n}: only ${90 - caller.calls.length} numbers are left to call`);
        for (let i = 0; i < n; i++) caller.next();
      }
      if (!flags.show || !existsSync(file)) await save(file, caller);
      process.stdout.write(flags.json ? JSON.stringify(caller.toJSON()) + "\n" : note + screen(caller));
      done(EXIT_OK);
    });
}
