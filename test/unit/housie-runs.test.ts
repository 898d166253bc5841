// Each housie run has a kernel instance of its own (the module compiled once): runs held
// at once interleave without touching each other, and an instance that trapped is dropped.
import { describe, expect, it } from "vitest";
import { generateBooks, iterateBooks, HousieRun, SUPERSEDED } from "../../src/housie/generate/generate.js";
import { housieKernel } from "../../src/housie/kernel.js";

describe("runs held at once", () => {
  it("an iterator and HousieRuns interleaved give each the records it gives alone", () => {
    const alone = (kind: "books" | "tickets", seed: bigint) => new HousieRun(kind, { seed }).nextCells(40).cells;
    const old = iterateBooks(40, { seed: 1n });
    const first = old.next().value!;
    const books = new HousieRun("books", { seed: 2n });
    const tickets = new HousieRun("tickets", { seed: 3n });
    const parts = [books.nextCells(10).cells, tickets.nextCells(20).cells];
    const rest = [...old];
    parts.push(books.nextCells(30).cells, tickets.nextCells(20).cells);
    expect([first, ...rest]).toEqual(generateBooks(40, { seed: 1n }));
    expect(Buffer.concat([parts[0]!, parts[2]!])).toEqual(Buffer.from(alone("books", 2n)));
    expect(Buffer.concat([parts[1]!, parts[3]!])).toEqual(Buffer.from(alone("tickets", 3n)));
  });

  it("a run whose instance trapped is dropped: its next call throws, other runs go on", () => {
    const run = new HousieRun("books", { seed: 4n });
    const other = new HousieRun("books", { seed: 4n });
    run.nextCells(1);
    expect(() => run.kernel.generateBooks(run.batchLimit + 1, true)).toThrow(/limit/);
    expect(run.active).toBe(false);
    expect(() => run.nextCells(1)).toThrow(SUPERSEDED);
    expect(other.nextCells(2).cells).toEqual(new HousieRun("books", { seed: 4n }).nextCells(2).cells);
  });

  it("the shared instance is replaced after a trap, never called again", () => {
    const shared = housieKernel();
    expect(() => shared.setCall(91, 1)).toThrow(/limit/);
    expect(housieKernel()).not.toBe(shared);
  });
});
