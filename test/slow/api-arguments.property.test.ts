// The library API held to the CLI's standard: every exported function of the Node entry,
// called with random argument shapes (null, undefined, wrong types, NaN, ±Infinity, huge,
// negative, fractional, strings, objects, arrays), returns or throws one of the library's
// typed errors (UsageError, InputError, KernelError): never a foreign exception, never a
// hang. The statistics helpers (src/housie/operators/stats.ts) are internal: the entry exports none.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SLOW_WHEN_VALID } from "../support/slow-when-valid.js";
import * as api from "../../src/index.js";

const STATISTICS = ["chiSquareSurvival", "holmAdjust", "normalTwoSided", "upperGammaRegularized", "chiSquareTest", "logGamma"];

/**
 * Known gaps, left for a follow-up (each still throws a foreign error or does not settle
 * for some shape): listed so that the suite runs and a newly broken function fails it.
 * Empty: every exported function checks its arguments.
 */
const KNOWN_GAPS = new Set<string>([]);

const functions = Object.entries(api)
  .filter(([name, value]) => typeof value === "function" && !/^[A-Z]/.test(name) && !KNOWN_GAPS.has(name))
  .map(([name, value]) => [name, value as (...args: unknown[]) => unknown] as const);

const hostileScalar = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    Number.NaN,
    Infinity,
    -Infinity,
    -1,
    0.5,
    1e12,
    -0,
    2 ** 53,
    "",
    " ",
    "4",
    "x\u0000\u001b",
    true,
    false,
    10n,
    -1n,
    2n ** 70n,
  ),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double(),
  // Not "-": the readers take it for standard input, and the test worker's may never end.
  fc.string({ maxLength: 20 }).filter((s) => s !== "-"),
);
const hostileValue = fc.oneof(
  hostileScalar,
  fc.array(hostileScalar, { maxLength: 4 }),
  fc.dictionary(
    fc.constantFrom("size", "counts", "engine", "threads", "seed", "closed", "serial", "tickets", "shard", "shards", "count", "problem"),
    hostileScalar,
    { maxKeys: 4 },
  ),
);

function typed(error: unknown): boolean {
  return error instanceof api.UsageError || error instanceof api.InputError || error instanceof api.KernelError;
}

/** A call's outcome: true for a result or a typed error (also from promises and iterators), else the foreign error. */
async function outcomeOf(call: () => unknown): Promise<true | string> {
  try {
    const result = call();
    if (result instanceof Promise) await result;
    else if (result && typeof (result as Iterator<unknown>).next === "function" && typeof (result as Iterable<unknown>)[Symbol.iterator] === "function") {
      (result as Iterator<unknown>).next();
    }
    return true;
  } catch (error) {
    return typed(error) ? true : `${(error as Error)?.name}: ${String((error as Error)?.message).slice(0, 120)}`;
  }
}

describe("every exported function refuses bad arguments with a typed error", () => {
  it("covers the exported functions", () => {
    expect(functions.length).toBeGreaterThan(40);
  });

  it("leaves the statistics helpers out of the public API (they serve housie audit and the tests)", () => {
    expect(STATISTICS.filter((name) => name in api)).toEqual([]);
  });

  for (const [name, fn] of functions) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(hostileValue, { minLength: 0, maxLength: 3 }), async (args) => {
          // A valid call of a slow function is a real count: keep its first argument refused.
          if (SLOW_WHEN_VALID.has(name)) args[0] = null;
          const outcome = await outcomeOf(() => fn(...args));
          expect(outcome, `${name}(${fc.stringify(args)})`).toBe(true);
        }),
        { numRuns: 40 },
      );
    });
  }
});
