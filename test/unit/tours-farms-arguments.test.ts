// The API's argument checks for parseFarmRow, hasTour, countHamiltonian, parseLeapers,
// formatLeapers and countTours(Parallel): a UsageError naming the argument, what was
// expected and what came (src/args.ts), never a TypeError from inside.
import { describe, expect, it } from "vitest";
import { countHamiltonian, countTours, countToursParallel, formatLeapers, hasTour, parseFarmRow, parseLeapers, UsageError } from "../../src/index.js";
import { usageMessage } from "../support/refusal.js";

const message = usageMessage;

describe("argument checks", () => {
  it("parseFarmRow: the text and the line number", () => {
    expect(parseFarmRow("2100221", 3)).toEqual([2, 1, 0, 0, 2, 2, 1]);
    expect(message(() => parseFarmRow("2100221", Object.create(null) as number))).toBe(
      "line: expected a whole number from 1 to 9007199254740991, got {} (an object)",
    );
    expect(message(() => parseFarmRow("2100221", 0))).toMatch(/^line: expected a whole number from 1/);
    expect(message(() => parseFarmRow(42 as unknown as string))).toBe("text: expected a string, got 42");
  });

  it("hasTour: a board side", () => {
    expect([1, 2, 4, 5].map(hasTour)).toEqual([true, false, false, true]);
    expect(message(() => hasTour("5" as unknown as number))).toBe('n: expected a whole number from 1 to 9007199254740991, got "5" (a string)');
    expect(message(() => hasTour(Number.NaN))).toMatch(/^n: expected a whole number from 1 .*, got NaN$/);
  });

  it("parseLeapers and formatLeapers: text and arrays of [a, b]", () => {
    expect(formatLeapers(parseLeapers("2,1+0,3"))).toBe("0,3+1,2");
    expect(message(() => parseLeapers(null as unknown as string))).toBe("text: expected a string, got null");
    expect(message(() => parseLeapers(`1,2+${"9".repeat(5000)}`))).toMatch(
      /^--moves expects leapers a,b joined by \+, like 0,3\+2,2 or 1,2; got "1,2\+9{36}"…$/,
    );
    expect(message(() => formatLeapers("1,2" as unknown as [number, number][]))).toBe('leapers: expected an array of leapers [a, b], got "1,2" (a string)');
    expect(message(() => formatLeapers([[1, 2], [3] as unknown as [number, number]]))).toBe(
      "leapers[1]: expected a leaper [a, b] of two whole numbers, got [3] (an array)",
    );
    expect(message(() => formatLeapers([]))).toMatch(/the move set is empty/);
  });

  it("countHamiltonian: the options object and each option", () => {
    expect(countHamiltonian({ rows: 3, cols: 4, moves: [[1, 2]] }).count).toBe(countHamiltonian({ rows: 3, cols: 4, moves: [[2, 1]], engine: "ts" }).count);
    expect(message(() => countHamiltonian(undefined as never))).toBe("options: expected an object, got undefined");
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, moves: {} as never }))).toBe("moves: expected an array of leapers [a, b], got {} (an object)");
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, closed: "yes" as never }))).toBe('closed: expected true or false, got "yes" (a string)');
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, from: 3 as never }))).toBe("from: expected a square [row, column] of two whole numbers, got 3");
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, to: [0, 0.5] }))).toMatch(/^to: expected a square/);
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, engine: "nope" as never }))).toBe('engine: expected one of "wasm", "ts", got "nope" (a string)');
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, order: "spiral" as never }))).toMatch(/^order: expected one of "greedy", "greedy-plain", "rows"/);
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, memoryCapMiB: Number.NaN }))).toMatch(
      /^memoryCapMiB: expected a whole number from 1 to 4096, got NaN$/,
    );
    expect(message(() => countHamiltonian({ rows: 4, cols: 4, shard: { shard: 2, shards: 2 } }))).toMatch(/part 2 does not exist/);
  });

  it("countTours and countToursParallel: closed, engine and from", async () => {
    expect(message(() => countTours({ size: 5, closed: 1 as never }))).toBe("closed: expected true or false, got 1");
    expect(message(() => countTours({ size: 5, engine: "nope" as never }))).toBe('engine: expected one of "wasm", "ts", got "nope" (a string)');
    expect(message(() => countTours({ size: 5, from: { 0: 1, 1: 1 } as never }))).toMatch(/^from: expected a square \[row, column\]/);
    expect(message(() => countTours({ size: "5" as never }))).toBe('size must be a whole number from 1 to 10, got "5" (a string)');
    await expect(countToursParallel({ size: 5, engine: "nope" as never, threads: 2 })).rejects.toThrow('engine: expected one of "wasm", "ts"');
    await expect(countToursParallel(null as never)).rejects.toThrow("options: expected an object, got null");
  });
});
