// The caller: draws 1..90 without repetition, from the CSPRNG or, with a seed, from the
// documented xoshiro128** generator (rng.ts) so a game can be replayed, or takes the
// numbers a ball machine drew (call(x), an unseeded game); undo takes back the last call;
// the state is a small JSON object to save and resume (CLI file, web local storage).
import { InputError, UsageError } from "../../errors.js";
import { Xoshiro128, parseSeed } from "../../core/random.js";
import { PRIZE_SET_NAMES, type PrizeSetName } from "./prizes.js";
import { oneOf, optionsObject } from "../../args.js";
import { LAST_NUMBER } from "../model/columns.js";
import { text as checkText } from "../../args.js";

export const GAME_FORMAT = "tabula-grids housie game";

export interface GameState {
  format: typeof GAME_FORMAT;
  version: 1;
  prizes: PrizeSetName;
  /** The seed as decimal text, or null for the CSPRNG. */
  seed: string | null;
  /** Numbers called, in order. */
  calls: number[];
  /** In a night of several games: the game this caller plays, by name or number as on the paper ("Red", "2"); absent otherwise. */
  game?: string;
}

/**
 * The 90 numbers in the order a seed calls them: Fisher-Yates with Lemire's exact draws.
 *
 * @param seed seed 0..2^64-1
 * @example
 * ```ts
 * import { seededOrder } from "tabula-grids";
 *
 * seededOrder(1n).slice(0, 5); // [45, 13, 10, 25, 20]
 * ```
 */
export function seededOrder(seed: bigint): number[] {
  const rng = new Xoshiro128(seed);
  const order = Array.from({ length: LAST_NUMBER }, (_, i) => i + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** A uniform integer in [0, n) from the CSPRNG (rejection: no modulo bias). */
function cryptoBelow(n: number): number {
  const word = new Uint32Array(1);
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    globalThis.crypto.getRandomValues(word);
    if (word[0]! < limit) return word[0]! % n;
  }
}

/** A game's name or number as the paper shows it: 1 to 40 printable characters. */
const GAME_NAME = /^[^\u0000-\u001f\u007f]{1,40}$/;

/** A game's name or number as an operator gives it (--game-name): 1 to 40 printable characters; else one UsageError. */
export function parseGameName(text: string): string {
  const t = String(text).trim();
  if (!GAME_NAME.test(t))
    throw new UsageError(`--game-name ${JSON.stringify(t.slice(0, 40))} (expected the game's name or number as in books --games, e.g. Red or 2)`);
  return t;
}

/**
 * A ball as typed from a physical draw ("17", " 4 "); anything else is one UsageError.
 *
 * @param text the ball as typed
 * @example
 * ```ts
 * import { parseBall } from "tabula-grids";
 *
 * parseBall(" 17 "); // 17
 * ```
 */
export function parseBall(text: string): number {
  checkText(text, "text");
  const t = text.trim();
  if (!/^\d{1,3}$/.test(t) || Number(t) < 1 || Number(t) > LAST_NUMBER)
    throw new UsageError(`${JSON.stringify(t.slice(0, 20))} is not a ball (expected a number from 1 to ${LAST_NUMBER})`);
  return Number(t);
}

/**
 * A game's caller: the order of the 90 balls (from a seed, or typed in from a physical draw), the calls so far, undo, and the game as JSON to save and resume.
 *
 * @example
 * ```ts
 * import { Caller } from "tabula-grids";
 *
 * const game = Caller.start({ seed: 1n, prizes: "uk" });
 * game.next(); // 45
 * game.next(); // 13
 * game.undo(); // 13
 * game.calls; // [45]
 * Caller.resume(JSON.stringify(game)).next(); // 13
 * ```
 */
export class Caller {
  private readonly order: number[] | undefined;

  private constructor(private readonly state: GameState) {
    this.order = state.seed === null ? undefined : seededOrder(BigInt(state.seed));
  }

  /** A new game; a seed makes the calls reproducible. */
  static start(options: { seed?: bigint | string; prizes?: PrizeSetName; game?: string } = {}): Caller {
    options = optionsObject(options, "options", ["seed", "prizes", "game"]);
    if (options.prizes !== undefined) oneOf(options.prizes, "options.prizes", PRIZE_SET_NAMES);
    const seed = options.seed === undefined ? null : parseSeed(options.seed).toString();
    const state: GameState = { format: GAME_FORMAT, version: 1, prizes: options.prizes ?? "uk", seed, calls: [] };
    if (options.game !== undefined) state.game = parseGameName(options.game);
    return new Caller(state);
  }

  /** A saved game (the JSON text of toJSON()); anything else is one InputError. */
  static resume(text: string, file = "game"): Caller {
    let data: unknown;
    try {
      // A leading byte-order mark (an editor's) is skipped, as the series codec skips it.
      data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      throw new InputError("not a saved game (not JSON)", { file }, `a game file written by housie call (${GAME_FORMAT})`);
    }
    const s = data as Partial<GameState> | null;
    const bad = (what: string) => new InputError(what, { file }, `a game file written by housie call (${GAME_FORMAT}, version 1)`);
    if (typeof s !== "object" || s === null || s.format !== GAME_FORMAT || s.version !== 1) throw bad("not a saved game");
    if (!PRIZE_SET_NAMES.includes(s.prizes as PrizeSetName)) throw bad(`prizes ${JSON.stringify(s.prizes)}`);
    if (s.seed !== null && (typeof s.seed !== "string" || !/^\d{1,20}$/.test(s.seed) || BigInt(s.seed) >= 2n ** 64n))
      throw bad(`seed ${JSON.stringify(s.seed)}`);
    const calls = s.calls;
    if (
      !Array.isArray(calls) ||
      calls.length > LAST_NUMBER ||
      calls.some((x) => !Number.isInteger(x) || x < 1 || x > LAST_NUMBER) ||
      new Set(calls).size !== calls.length
    ) {
      throw bad(`its calls are not distinct numbers from 1 to ${LAST_NUMBER}`);
    }
    if (s.game !== undefined && (typeof s.game !== "string" || !GAME_NAME.test(s.game))) throw bad(`game ${JSON.stringify(String(s.game).slice(0, 30))}`);
    const state: GameState = { format: GAME_FORMAT, version: 1, prizes: s.prizes!, seed: s.seed ?? null, calls: [...calls] as number[] };
    if (s.game !== undefined) state.game = s.game;
    const caller = new Caller(state);
    if (caller.order && calls.some((x, i) => caller.order![i] !== x)) throw bad(`its calls do not follow its seed ${s.seed}`);
    return caller;
  }

  get calls(): readonly number[] {
    return this.state.calls;
  }

  get prizes(): PrizeSetName {
    return this.state.prizes;
  }

  get seed(): string | null {
    return this.state.seed;
  }

  /** The game of the night this caller plays, or undefined. */
  get game(): string | undefined {
    return this.state.game;
  }

  /** The last number called, or undefined before the first call. */
  get current(): number | undefined {
    return this.state.calls.at(-1);
  }

  /** Draws the next number; a UsageError once all 90 are called. */
  next(): number {
    const calls = this.state.calls;
    if (calls.length === LAST_NUMBER) throw new UsageError(`all ${LAST_NUMBER} numbers are called (undo, or start a new game)`);
    let x: number;
    if (this.order) {
      x = this.order[calls.length]!;
    } else {
      const called = new Set(calls);
      const left = Array.from({ length: LAST_NUMBER }, (_, i) => i + 1).filter((n) => !called.has(n));
      x = left[cryptoBelow(left.length)]!;
    }
    calls.push(x);
    return x;
  }

  /**
   * Calls `x`, a number drawn by hand or by a ball machine; one UsageError for a seeded
   * game (its seed says the numbers), a number outside 1..90, or one called already.
   */
  call(x: number): number {
    const calls = this.state.calls;
    if (this.state.seed !== null)
      throw new UsageError(`this game calls the numbers of its seed ${this.state.seed}, not drawn ones (start a game without a seed for a ball machine)`);
    if (!Number.isInteger(x) || x < 1 || x > LAST_NUMBER)
      throw new UsageError(`${String(x).slice(0, 20)} is not a ball (expected a number from 1 to ${LAST_NUMBER})`);
    const at = calls.indexOf(x);
    if (at >= 0) throw new UsageError(`${x} is called already (call ${at + 1}); not called again`);
    calls.push(x);
    return x;
  }

  /** Takes back the last call (a seeded game calls it again next); undefined if none. */
  undo(): number | undefined {
    return this.state.calls.pop();
  }

  toJSON(): GameState {
    return { ...this.state, calls: [...this.state.calls] };
  }
}
