// `housie call GAME`: the caller for a hall or a family tambola night. Each run draws the
// next number (or --count N, or --undo the last), or takes the numbers a ball machine drew
// (--drawn, or --enter: typed one by one), and saves the game file atomically after every
// call; --interactive calls on space or Enter, undoes on u, quits on q. A run holds the
// game's lock (GAME.lock) from reading the file to saving it, so two callers of one game
// never lose a call. The game file is the small JSON of game/caller.ts, read size-capped
// (io/small-file.ts), and `housie check --game GAME` checks claims against it.
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { Caller, parseBall } from "../housie/game/caller.js";
import { parsePrizeSet, PRIZE_SETS } from "../housie/game/prizes.js";
import { checkOutputName, openAtomicStream } from "../io/atomic-write.js";
import { lockFile, lockStillHeld, unlockFile, type FileLock } from "../io/file-lock.js";
import { readSmallFile, refuseIrregular, GAME_FILE } from "../io/small-file.js";
import { InputError, UsageError } from "../errors.js";
import { integerOption, EXIT_OK, EXIT_BAD_INPUT } from "./program.js";

interface CallFlags {
  seed?: string;
  prizes?: string;
  count?: number;
  undo?: boolean;
  show?: boolean;
  new?: boolean;
  json?: boolean;
  interactive?: boolean;
  drawn?: string;
  enter?: boolean;
  gameName?: string;
}

/** Digits 5 rows high, for the number just called. */
const BIG: Record<string, string[]> = {
  0: ["###", "# #", "# #", "# #", "###"],
  1: [" # ", "## ", " # ", " # ", "###"],
  2: ["###", "  #", "###", "#  ", "###"],
  3: ["###", "  #", "###", "  #", "###"],
  4: ["# #", "# #", "###", "  #", "  #"],
  5: ["###", "#  ", "###", "  #", "###"],
  6: ["###", "#  ", "###", "# #", "###"],
  7: ["###", "  #", "  #", "  #", "  #"],
  8: ["###", "# #", "###", "# #", "###"],
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
  return `${head}\n${calls.length > 0 ? bigNumber(caller.current!) : ""}\n${board(calls)}\nprizes: ${PRIZE_SETS[caller.prizes].join(", ")}${caller.seed !== null ? ` · seed ${caller.seed}` : ""}${caller.game !== undefined ? ` · game ${caller.game}` : ""}\n`;
}

async function save(file: string, caller: Caller, lock: FileLock): Promise<void> {
  const target = await openAtomicStream(file, "GAME", false);
  try {
    target.stream.write(JSON.stringify(caller.toJSON()) + "\n");
    // A lock broken as stale while we held it (a race of a rare kind): refuse rather than overwrite another's call.
    if (!lockStillHeld(lock))
      throw new InputError(
        `its lock ${lock.path} was taken by another caller; this change is not saved`,
        { file },
        "one caller at a time: run the command again",
      );
    await target.commit();
  } catch (error) {
    target.abort();
    throw error;
  }
}

function load(file: string, flags: CallFlags): Caller {
  if (flags.new || !existsSync(file)) {
    if (flags.seed !== undefined && !/^\d+$/.test(flags.seed))
      throw new UsageError(`--seed ${JSON.stringify(flags.seed.slice(0, 30))} (expected a whole number from 0 to 18446744073709551615)`);
    try {
      return Caller.start({ seed: flags.seed, prizes: flags.prizes === undefined ? undefined : parsePrizeSet(flags.prizes), game: flags.gameName });
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(`--seed ${flags.seed} (expected a whole number from 0 to 18446744073709551615)`);
      throw error;
    }
  }
  const caller = Caller.resume(readSmallFile(file, GAME_FILE), file);
  if (flags.seed !== undefined && flags.seed !== caller.seed)
    throw new UsageError(
      `${file} is a game with ${caller.seed === null ? "no seed" : `seed ${caller.seed}`}, not --seed ${flags.seed} (use --new to start again)`,
    );
  if (flags.gameName !== undefined && flags.gameName.trim() !== caller.game)
    throw new UsageError(
      `${file} is ${caller.game === undefined ? "a game without a name" : `the game ${JSON.stringify(caller.game)}`}, not --game-name ${JSON.stringify(flags.gameName.slice(0, 30))} (use --new to start again)`,
    );
  if (flags.prizes !== undefined && parsePrizeSet(flags.prizes) !== caller.prizes)
    throw new UsageError(`${file} is a game with ${caller.prizes} prizes, not --prizes ${flags.prizes} (use --new to start again)`);
  return caller;
}

async function interactive(file: string, caller: Caller, lock: FileLock): Promise<void> {
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
      await save(file, caller, lock);
      draw(note);
    }
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

/**
 * --drawn "17" or "17,4": the balls a machine drew, each called and the game saved;
 * a repeat or a number outside 1..90 stops the run with one line, the calls before it saved.
 */
async function drawn(file: string, caller: Caller, lock: FileLock, list: string): Promise<string> {
  let note = "";
  for (const part of list.split(/[\s,]+/).filter((p) => p !== "")) {
    const x = caller.call(parseBall(part));
    await save(file, caller, lock);
    note += `called ${x}\n`;
  }
  if (note === "") throw new UsageError(`--drawn ${JSON.stringify(list.slice(0, 20))} names no ball (expected numbers from 1 to 90, e.g. --drawn 17)`);
  return note;
}

/**
 * --enter: balls typed one a line as a ball machine draws them (a terminal or a pipe);
 * "u" undoes, "q" or the end of input stops. Each call is saved at once; a repeat, a
 * number outside 1..90 or other text is refused with one line and the session goes on.
 * Returns the exit status: 2 if any entry was refused, else 0.
 */
async function enter(file: string, caller: Caller, lock: FileLock): Promise<number> {
  const tty = process.stdin.isTTY === true;
  const prompt = () => {
    if (tty) process.stdout.write(`call ${caller.calls.length + 1}> `);
  };
  let status = EXIT_OK;
  if (tty) process.stdout.write(`${screen(caller)}\ntype each ball drawn and Enter · u: undo · q: quit\n`);
  prompt();
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const raw of lines) {
    const entry = raw.trim();
    if (entry === "q") break;
    if (entry !== "") {
      try {
        if (entry === "u") {
          const taken = caller.undo();
          process.stdout.write(taken === undefined ? "nothing to undo\n" : `took back ${taken}\n`);
        } else {
          const x = caller.call(parseBall(entry));
          process.stdout.write(`call ${caller.calls.length} of 90: ${x}\n`);
        }
        await save(file, caller, lock);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        process.stderr.write(`housie: ${error.message}\n`);
        status = EXIT_BAD_INPUT;
      }
    }
    prompt();
  }
  lines.close();
  return status;
}

/** Registers `call` on the housie program; `done` receives the exit status. */
export function registerHousieCall(program: Command, done: (status: number) => void): void {
  program
    .command("call")
    .description(
      "call a game: draw the next number 1-90 without repetition (CSPRNG, or --seed to replay), save the game to GAME; --undo takes the last call back",
    )
    .argument("<GAME>", "the game file (JSON), created on the first call")
    .option("-s, --seed <S>", "a new game's seed 0..2^64-1: the same seed calls the same numbers (default: OS CSPRNG)")
    .option(
      "--prizes <SET>",
      "a new game's prizes: uk (one line, two lines, full house) or tambola (early five, four corners, top/middle/bottom line, full house)",
    )
    .option("-n, --count <N>", "call N numbers (default 1)", integerOption(1, 90))
    .option("--undo", "take back the last call")
    .option("--show", "show the game without calling")
    .option("--new", "start GAME afresh even if it exists")
    .option("--json", "print the game as JSON")
    .option("-i, --interactive", "call on space/Enter, undo on u, quit on q (a terminal)")
    .option(
      "--game-name <GAME>",
      "a new game's game of the night, by name or number as in books --games (e.g. Red or 2): claims are checked against its tickets only",
    )
    .option("-d, --drawn <N>", 'call the ball(s) a machine drew, e.g. 17 or "17,4" (an unseeded game); a repeat or a number outside 1-90 is refused')
    .option("-e, --enter", "type each ball a machine draws, one a line (u: undo, q: quit); every call saved at once")
    .action(async (file: string, flags: CallFlags) => {
      const modes = [flags.undo, flags.show, flags.count !== undefined, flags.interactive, flags.drawn !== undefined, flags.enter];
      if (modes.filter(Boolean).length > 1) throw new UsageError("give at most one of --count, --undo, --show, --interactive, --drawn, --enter");
      checkOutputName(file, "GAME", false); // before reading it: "" and "-" are refused alike
      refuseIrregular(file, GAME_FILE); // a FIFO or a device: before its lock is made beside it
      // --show of a saved game only reads: no lock, so a projector can show a game another terminal calls.
      const lock = flags.show && existsSync(file) ? undefined : await lockFile(file);
      try {
        done(await run(file, flags, lock));
      } finally {
        if (lock) unlockFile(lock);
      }
    });
}

/** One run of `housie call` on a game, under its lock (except --show); returns the exit status. */
async function run(file: string, flags: CallFlags, lock: FileLock | undefined): Promise<number> {
  const caller = load(file, flags);
  if (!lock) {
    process.stdout.write(flags.json ? JSON.stringify(caller.toJSON()) + "\n" : screen(caller));
    return EXIT_OK;
  }
  if (flags.interactive) {
    await interactive(file, caller, lock);
    return EXIT_OK;
  }
  if (flags.enter) return enter(file, caller, lock);
  let note = "";
  if (flags.drawn !== undefined) {
    note = await drawn(file, caller, lock, flags.drawn);
  } else {
    if (flags.undo) {
      const taken = caller.undo();
      note = taken === undefined ? "nothing to undo\n" : `took back ${taken}\n`;
    } else if (!flags.show) {
      const n = flags.count ?? 1;
      if (caller.calls.length + n > 90) throw new UsageError(`--count ${n}: only ${90 - caller.calls.length} numbers are left to call`);
      for (let i = 0; i < n; i++) caller.next();
    }
    await save(file, caller, lock);
  }
  process.stdout.write(flags.json ? JSON.stringify(caller.toJSON()) + "\n" : note + screen(caller));
  return EXIT_OK;
}
