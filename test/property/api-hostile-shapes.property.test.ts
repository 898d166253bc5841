// Issue 47's API class: every exported function of the root entry and of the sub-entries,
// fed arrays with holes, options with unknown keys, values of the wrong type, objects
// whose getters throw and proxies whose traps throw (besides frozen objects and null),
// returns or throws one of the library's typed errors, never a foreign one (a TypeError
// from deep inside, the getter's own error). The refusals of unknown keys and holes are
// checked by name in test/unit/api-strict-options.test.ts.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SLOW_WHEN_VALID } from "../support/slow-when-valid.js";
import * as root from "../../src/index.js";
import * as farms from "../../src/farms/index.js";
import * as tables from "../../src/tables/node.js";
import * as housie from "../../src/housie/node.js";
import * as tours from "../../src/tours/node.js";
import * as pdf from "../../src/housie/pdf.js";
import { SLOW } from "../support/tier.js";

const ENTRIES = { root, farms, tables, housie, tours, pdf } as Record<string, Record<string, unknown>>;

const functions = new Map<string, (...args: unknown[]) => unknown>();
for (const entry of Object.values(ENTRIES)) {
  for (const [name, value] of Object.entries(entry)) {
    if (typeof value === "function" && !/^[A-Z]/.test(name)) functions.set(name, value as (...args: unknown[]) => unknown);
  }
}

class Boom extends Error {}
// fast-check reads what it generates (to shrink and print it), so the hostile objects are
// generated as markers and made only for the call (materialize).
const PROXY = Symbol("a proxy whose traps throw");
const GETTER = Symbol("an object whose getter throws");
const throwingProxy = (): object =>
  new Proxy(
    {},
    {
      ownKeys() {
        throw new Boom("ownKeys");
      },
      get() {
        throw new Boom("get");
      },
      has() {
        throw new Boom("has");
      },
      getPrototypeOf() {
        throw new Boom("getPrototypeOf");
      },
    },
  );
function materialize(value: unknown): unknown {
  if (value === PROXY) return throwingProxy();
  if (value && typeof value === "object" && GETTER in value) {
    const key = (value as { [GETTER]: string })[GETTER];
    return Object.defineProperty({}, key, {
      enumerable: true,
      get() {
        throw new Boom("getter");
      },
    });
  }
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    value.forEach((v, i) => (copy[i] = materialize(v))); // holes stay holes
    return copy;
  }
  if (value && typeof value === "object" && !Object.isFrozen(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, materialize(v)]));
  return value;
}
const KEYS = [
  "size",
  "counts",
  "engine",
  "threads",
  "seed",
  "closed",
  "serial",
  "tickets",
  "shard",
  "shards",
  "count",
  "rows",
  "cols",
  "moves",
  "from",
  "paper",
  "qr",
  "prizes",
  "bogus",
  "sizee",
];

const scalar = fc.oneof(
  fc.constantFrom(null, undefined, Number.NaN, Infinity, -1, 0.5, 1e12, "", "4", "x\u0000", true, 10n, -1n, Symbol("s")),
  fc.integer({ min: -3, max: 12 }),
  // Not "-": the readers take it for standard input, and the test worker's may never end.
  fc.string({ maxLength: 6 }).filter((s) => s !== "-"),
);
const holes = fc.array(scalar, { maxLength: 4 }).map((values) => {
  const sparse: unknown[] = [];
  sparse.length = values.length + 2;
  values.forEach((v, i) => (sparse[i * 2 + 1] = v)); // holes at the even indices
  return sparse;
});
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  holes,
  fc.array(holes, { maxLength: 2 }),
  fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(scalar, holes), { maxKeys: 4 }),
  fc.constantFrom(...KEYS).map((key) => ({ [GETTER]: key })),
  fc.constant(PROXY),
  fc.dictionary(
    fc.constantFrom(...KEYS),
    fc.oneof(
      scalar,
      fc.constant(PROXY),
      fc.constantFrom(...KEYS).map((key) => ({ [GETTER]: key })),
    ),
    { maxKeys: 3 },
  ),
  fc.dictionary(fc.constantFrom(...KEYS), scalar, { maxKeys: 3 }).map((o) => Object.freeze(o)),
);

function typed(error: unknown): boolean {
  return error instanceof root.UsageError || error instanceof root.InputError || error instanceof root.KernelError;
}

/** A call's outcome: true for a result or a typed error (also from promises and iterators), else the foreign error. */
async function outcomeOf(call: () => unknown): Promise<true | string> {
  try {
    const result = call();
    if (result instanceof Promise) await result;
    else if (result && typeof (result as Iterator<unknown>).next === "function") {
      const step = (result as Iterator<unknown>).next();
      if (step instanceof Promise) await step;
    }
    return true;
  } catch (error) {
    return typed(error) ? true : `${(error as Error)?.name}: ${String((error as Error)?.message).slice(0, 160)}`;
  }
}

describe("holes, unknown keys, wrong types, throwing getters and proxies get typed errors", () => {
  it("covers the exported functions of every entry", () => {
    expect(functions.size).toBeGreaterThan(80);
  });

  for (const [name, fn] of functions) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 4 }), async (args) => {
          if (SLOW_WHEN_VALID.has(name)) args[0] = null;
          const outcome = await outcomeOf(() => fn(...args.map(materialize)));
          expect(outcome, `${name}(${fc.stringify(args)})`).toBe(true);
        }),
        { numRuns: SLOW ? 60 : 25 }, // 25 hostile argument lists a function in npm test, 60 in the slow suite
      );
    });
  }
});
