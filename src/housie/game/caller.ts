// The caller: draws 1..90 without repetition, from the CSPRNG or, with a seed, from the
// documented xoshiro128** generator (rng.ts) so a game can be replayed; undo takes back
// the last call; the state is a small JSON object to save and resume (CLI file, web
// local storage).
import { InputError, UsageError } from "../../errors.js";
import { Xoshiro128, parseSeed } from "../../core/random.js";
import { PRIZE_SET_NAMES, type PrizeSetName } from "./prizes.js";
import { oneOf, optionsObject } from "../../args.js";
import { LAST_NUMBER } from "../model/columns.js";

export const GAME_FORMAT = "tabula-grids housie game";

export interface GameState {
  format: typeof GAME_FORMAT;
  version: 1;
  prizes: PrizeSetName;
  /** The seed as decimal text, or null for the CSPRNG. */
  seed: string | null;
  /** Numbers called, in order. */
  calls: number[];
}

/** The 90 numbers in the order a seed calls them: Fisher-Yates with Lemire's exact draws. */
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

export class Caller {
  private readonly order: number[] | undefined;

  private constructor(private readonly state: GameState) {
    this.order = state.seed === null ? undefined : seededOrder(BigInt(state.seed));
  }

  /** A new game; a seed makes the calls reproducible. */
  static start(options: { seed?: bigint | string; prizes?: PrizeSetName } = {}): Caller {
    options = optionsObject(options, "options", ["seed", "prizes"]);
    if (options.prizes !== undefined) oneOf(options.prizes, "options.prizes", PRIZE_SET_NAMES);
    const seed = options.seed === undefined ? null : parseSeed(options.seed).toString();
    return new Caller({ format: GAME_FORMAT, version: 1, prizes: options.prizes ?? "uk", seed, calls: [] });
  }

  /** A saved game (the JSON text of toJSON()); anything else is one InputError. */
  static resume(text: string, file = "game"): Caller {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new InputError("not a saved game (not JSON)", { file }, `a game file written by housie call (${GAME_FORMAT})`);
    }
    const s = data as Partial<GameState> | null;
    const bad = (what: string) => new InputError(what, { file }, `a game file written by housie call (${GAME_FORMAT}, version 1)`);
    if (typeof s !== "object" || s === null || s.format !== GAME_FORMAT || s.version !== 1) throw bad("not a saved game");
    if (!PRIZE_SET_NAMES.includes(s.prizes as PrizeSetName)) throw bad(`prizes ${JSON.stringify(s.prizes)}`);
    if (s.seed !== null && (typeof s.seed !== "string" || !/^\d{1,20}$/.test(s.seed) || BigInt(s.seed) >= 2n ** 64n)) throw bad(`seed ${JSON.stringify(s.seed)}`);
    const calls = s.calls;
    if (!Array.isArray(calls) || calls.length > LAST_NUMBER || calls.some((x) => !Number.isInteger(x) || x < 1 || x > LAST_NUMBER) || new Set(calls).size !== calls.length) {
      throw bad(`its calls are not distinct numbers from 1 to ${LAST_NUMBER}`);
    }
    const caller = new Caller({ format: GAME_FORMAT, version: 1, prizes: s.prizes!, seed: s.seed ?? null, calls: [...calls] as number[] });
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

  /** Takes back the last call (a seeded game calls it again next); undefined if none. */
  undo(): number | undefined {
    return this.state.calls.pop();
  }

  toJSON(): GameState {
    return { ...this.state, calls: [...this.state.calls] };
  }
}
