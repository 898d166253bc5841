// Issue 47's API class by example: option objects are strict (an unknown key is a
// UsageError naming it and the nearest known key), holes in arrays are not values, a
// getter or proxy that throws is the caller's error, and each message names the argument,
// what was expected and what came (with its type).
import { describe, expect, it } from "vitest";
import {
  Caller,
  KNIGHT,
  UsageError,
  countHamiltonian,
  countTables,
  countTours,
  generateBooks,
  generateTour,
  htmlPrintFormatter,
  pageGeometry,
  parseShardSpec,
  validateTour,
} from "../../src/index.js";

function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("not refused");
}

describe("unknown options", () => {
  it("countTours({ moves: KNIGHT }) is refused, pointing at countHamiltonian, not the pen-and-paper count", () => {
    const message = refusal(() => countTours({ size: 5, moves: KNIGHT } as never));
    expect(message).toMatch(/^options: unknown option "moves" \(.*countHamiltonian/);
  });

  it("a slip gets the nearest known key", () => {
    expect(refusal(() => countTables({ size: 4, counts: [2, 2], sizee: 4 } as never))).toContain('unknown option "sizee" (did you mean "size"?');
    expect(refusal(() => generateBooks(1, { sed: 1n } as never))).toContain('unknown option "sed" (did you mean "seed"?');
    expect(refusal(() => generateTour({ size: 5, closd: true } as never))).toContain('did you mean "closed"?');
    expect(refusal(() => pageGeometry({ papr: "a4" } as never))).toContain('did you mean "paper"?');
    expect(refusal(() => htmlPrintFormatter({ tilte: "x" } as never))).toContain('did you mean "title"?');
    expect(refusal(() => parseShardSpec({ shard: 0, shards: 2, part: 1 } as never))).toContain('unknown option "part"');
    expect(refusal(() => countTables({ size: 4, counts: [2, 2], threads: 2 } as never))).toContain("countTablesParallel");
  });

  it("a far-off key lists what is known", () => {
    expect(refusal(() => countTours({ size: 5, zzzzzzzz: 1 } as never))).toBe(
      'options: unknown option "zzzzzzzz" (expected "size", "closed", "from", "engine")',
    );
  });
});

describe("Caller.start", () => {
  it("refuses an unknown prize set and a null options object", () => {
    expect(refusal(() => Caller.start({ prizes: "bogus" as never }))).toBe('options.prizes: expected one of "uk", "tambola", got "bogus" (a string)');
    expect(refusal(() => Caller.start(null as never))).toBe("options: expected an options object, got null");
  });
});

describe("holes, wrong types, throwing getters, proxies and frozen objects", () => {
  it("a hole is named by its index", () => {
    expect(refusal(() => countTables({ size: 3, counts: [1, , 2] as never }))).toBe(
      "counts[1]: expected whole numbers from 0 to 9007199254740991, got a hole (a sparse array)",
    );
    expect(refusal(() => countHamiltonian({ rows: 3, cols: 4, moves: [, [1, 2]] as never }))).toMatch(/^moves\[0\]: expected leapers \[a, b\], got a hole/);
    expect(
      refusal(() =>
        validateTour([
          [1, , 3],
          [4, 5, 6],
          [7, 8, 9],
        ] as never),
      ),
    ).toMatch(/^grid\[0\]\[1\]: .*got a hole/);
  });

  it("a wrong type is named", () => {
    expect(refusal(() => countTours({ size: "5" as never }))).toContain('"5" (a string)');
  });

  it("a throwing getter or proxy trap is the argument's fault, named", () => {
    const getter = Object.defineProperty({}, "seed", {
      enumerable: true,
      get() {
        throw new Error("no seed today");
      },
    });
    expect(refusal(() => generateBooks(1, getter))).toBe('options.seed: reading it threw "Error: no seed today" (expected a plain value)');
    const proxy = new Proxy(
      { size: 5 },
      {
        ownKeys() {
          throw new Error("trap");
        },
      },
    );
    expect(refusal(() => countTours(proxy))).toBe('options: reading it threw "Error: trap" (expected a plain value)');
  });

  it("frozen objects are read as they are", () => {
    expect(countTours(Object.freeze({ size: 5, from: Object.freeze([0, 1] as [number, number]) }))).toBe(548n);
  });
});

describe("the HTML <title>", () => {
  it("gets no control bytes from --title: they become spaces, as in the other text options", () => {
    const header = htmlPrintFormatter({ title: "Hall\u001b[31m 7\nnight\u0000", venue: "Tom & Jerry's" }).header();
    expect(header).toContain("<title>Hall [31m 7 night · Tom &amp; Jerry&#39;s</title>");
    expect(header).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });
});
