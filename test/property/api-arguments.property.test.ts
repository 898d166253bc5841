// The library API held to the CLI's standard: every exported function of the Node entry,
// called with random argument shapes (null, undefined, wrong types, NaN, ±Infinity, huge,
// negative, fractional, strings, objects, arrays), returns or throws one of the library's
// typed errors (UsageError, InputError, KernelError): never a foreign exception, never a
// hang. Statistics helpers are left out: they leave the public API (issue 19, item 9).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as api from "../../src/index.js";

const STATISTICS = new Set(["chiSquareSurvival", "holmAdjust", "normalTwoSided", "probabilityValues", "upperGammaRegularized"]);
/** Functions whose valid calls can run long (whole counts): called only with shapes that are refused. */
const SLOW_WHEN_VALID = new Set(["countTables", "countTablesParallel", "countTours", "countToursParallel", "countTourShard", "countHousie", "listTables", "generateTickets", "generateBooks", "auditBooks"]);

const functions = Object.entries(api)
  .filter(([name, value]) => typeof value === "function" && !/^[A-Z]/.test(name) && !STATISTICS.has(name))
  .map(([name, value]) => [name, value as (...args: unknown[]) => unknown] as const);

const hostileScalar = fc.oneof(
  fc.constantFrom(null, undefined, Number.NaN, Infinity, -Infinity, -1, 0.5, 1e12, -0, 2 ** 53, "", " ", "4", "x\u0000\u001b", true, false, 10n, -1n, 2n ** 70n),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double(),
  fc.string({ maxLength: 20 }),
);
const hostileValue = fc.oneof(
  hostileScalar,
  fc.array(hostileScalar, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom("size", "counts", "engine", "threads", "seed", "closed", "serial", "tickets", "shard", "shards", "count", "problem"), hostileScalar, { maxKeys: 4 }),
);

function typed(error: unknown): boolean {
  return error instanceof api.UsageError || error instanceof api.InputError || error instanceof api.KernelError;
}

/** Whether a call's outcome is a result, or a typed error (also for promises and iterators). */
async function outcomeIsTyped(call: () => unknown): Promise<true | string> {
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
  it("lists the functions it covers", () => {
    expect(functions.length).toBeGreaterThan(40);
  });

  for (const [name, fn] of functions) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(hostileValue, { minLength: 0, maxLength: 3 }), async (args) => {
          // A valid call of a slow function is a real count: keep its first argument hostile.
          if (SLOW_WHEN_VALID.has(name) && args.length > 0 && typeof args[0] === "object" && args[0] !== null && !Array.isArray(args[0])) args[0] = null;
          const outcome = await outcomeIsTyped(() => fn(...args));
          expect(outcome, `${name}(${args.map((a) => String(a)).join(", ")})`).toBe(true);
        }),
        { numRuns: 40, interruptAfterTimeLimit: 5_000 },
      );
    });
  }
});
