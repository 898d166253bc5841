// Every kernel in real Chromium, through the package's browser entry points, compared
// with Node: the ten contest answers, a table count past 2^64, the housie counts, seeded
// books byte for byte, a 1000×1000 tour that validates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HousieRun } from "../../src/housie/generate/generate.js";
import { generateTour } from "../../src/tours/generate.js";
import { countTables } from "../../src/tables/count.js";
import { chromiumAvailable } from "../support/chromium.js";
import { SAMPLES } from "../support/farms-samples.js";
import { openSuite, ROOT, type SuitePage } from "./harness.js";

const hex = (cells: Uint8Array) => Array.from(cells, (c) => c.toString(16).padStart(2, "0")).join("");

describe.skipIf(!chromiumAvailable())("kernels in Chromium", () => {
  let suite: SuitePage;
  beforeAll(async () => {
    suite = await openSuite();
  });
  afterAll(async () => {
    await suite?.close();
  });

  it("answers the ten contest cases of examples/challenge24-2008.txt", async () => {
    const input = readFileSync(join(ROOT, "examples/challenge24-2008.txt"), "utf8");
    expect(await suite.call<string[]>("contestAnswers", input)).toEqual(SAMPLES.map(([, , n]) => String(n)));
  });

  it("counts a general table past 2^64, equal to Node's", async () => {
    const problem = { size: 9, counts: [3, 3, 3] };
    const count = BigInt(await suite.call<string>("tableCount", problem));
    expect(count).toBeGreaterThan(1n << 64n);
    expect(count).toBe(countTables(problem));
  });

  it("countTablesParallel falls back to one thread with the same answer", async () => {
    const problem = { size: 6, counts: [1, 1, 1, 1, 1, 1] };
    expect(await suite.call<string>("tableCountParallel", problem, 4)).toBe("812851200");
  });

  it("gives the exact housie counts", async () => {
    const counts = await suite.call<Record<string, string>>("housieCounts");
    expect(counts.patterns).toBe("735210");
    expect(counts.tickets).toBe("3669688706217187500");
    expect(counts.orderedBooks).toBe("467711541132248468278363019351514108076722415153589853880320000000000000000000");
  });

  it("draws seeded books and tickets byte-identical to Node's", async () => {
    for (const [kind, seed, count] of [
      ["books", "42", 1000],
      ["tickets", "18446744073709551615", 3000],
    ] as const) {
      const mine = hex(new HousieRun(kind, { seed: BigInt(seed) }).nextCells(count).cells);
      expect(await suite.call<string>("seededCells", kind, seed, count)).toBe(mine);
    }
  });

  it("draws books from the browser's crypto.getRandomValues", async () => {
    expect(await suite.call<number>("unseededBooks", 100)).toBe(100 * 162);
  });

  it("generates a 1000×1000 tour that validates, the same as Node's", async () => {
    const result = await suite.call<{ ok: boolean; problem?: string; checksum: string }>("tour", 1000, false, 0);
    expect(result.problem).toBeUndefined();
    expect(result.ok).toBe(true);
    const grid = generateTour({ size: 1000 });
    let checksum = 0n;
    for (let i = 0; i < grid.length; i++) checksum = (checksum * 1000003n + BigInt(grid[i]!)) % (1n << 61n);
    expect(result.checksum).toBe(String(checksum));
    const closed = await suite.call<{ ok: boolean; closed: boolean }>("tour", 101, true, 9);
    expect(closed).toMatchObject({ ok: true, closed: true });
  });

  it("countToursParallel falls back to one thread (5×5 open tours)", async () => {
    const { countTours } = await import("../../src/tours/count-core.js");
    expect(await suite.call<string>("tourCountParallel", 5)).toBe(String(countTours({ size: 5 })));
  });
});
