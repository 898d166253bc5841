// The table sampler: exactly uniform (chi-square over every table of small problems, which
// fails on a deliberately biased sampler), every sample valid, seeded runs repeat, and the
// WASM walk gives the TS baseline's tables word for word.
import { describe, expect, it } from "vitest";
import { countTables, listTables, normalizeProblem, sampleTables, type TableProblem } from "../../src/index.js";
import { prepareSampler, tableDrawer } from "../../src/tables/sample.js";
import { randomSource } from "../../src/core/random.js";
import { biasedTableSampler } from "../fixtures/biased-table-sampler.js";
import { slowTest } from "../support/tier.js";

const key = (table: readonly (readonly number[])[]): string => table.map((row) => row.join("")).join("/");

/** Upper 1% point of chi-square with df degrees of freedom (Wilson–Hilferty). */
function chiSquare99(df: number): number {
  const z = 2.3263;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

function isValid(problem: TableProblem, table: number[][]): boolean {
  const p = normalizeProblem(problem);
  const n = p.size;
  const ok = (line: number[]) => p.counts.every((c, s) => line.filter((x) => x === s).length === c);
  const columns = Array.from({ length: n }, (_, j) => table.map((row) => row[j]!));
  return (
    table.length === n &&
    table.every(ok) &&
    columns.every(ok) &&
    p.given.every((row, i) => key([row]) === key([table[i]!])) &&
    (!p.distinctRows || new Set(table.map((r) => r.join(""))).size === n) &&
    (!p.distinctColumns || new Set(columns.map((c) => c.join(""))).size === n)
  );
}

async function everyTable(problem: TableProblem): Promise<string[]> {
  const all: string[] = [];
  for await (const table of listTables(problem)) all.push(key(table));
  return all;
}

/** Chi-square statistic of `draws` tables over all `tables` (each expected equally often). */
function statistic(tables: string[], draws: string[]): number {
  const observed = new Map(tables.map((t) => [t, 0]));
  for (const d of draws) {
    if (!observed.has(d)) throw new Error(`drew a table outside the list: ${d}`);
    observed.set(d, observed.get(d)! + 1);
  }
  const expected = draws.length / tables.length;
  let chi = 0;
  for (const o of observed.values()) chi += (o - expected) ** 2 / expected;
  return chi;
}

const SMALL: { name: string; problem: TableProblem; tables: number }[] = [
  { name: "4×4 (2,2)", problem: { size: 4, counts: [2, 2] }, tables: 72 },
  { name: "5×5 (2,3), one given row", problem: { size: 5, counts: [2, 3], given: ["01101"] }, tables: -1 },
];

describe("sampleTables is exactly uniform", () => {
  for (const { name, problem, tables } of SMALL) {
    it(`${name}: chi-square over every table passes at 99%, and fails for the biased sampler`, async () => {
      const all = await everyTable(problem);
      if (tables > 0) expect(all.length).toBe(tables);
      expect(BigInt(all.length)).toBe(countTables(problem));
      const draws = all.length * 60;
      const uniform: string[] = [];
      for await (const table of sampleTables(problem, { count: draws, seed: 2026n })) uniform.push(key(table));
      const critical = chiSquare99(all.length - 1);
      expect(statistic(all, uniform)).toBeLessThan(critical);

      const biased = biasedTableSampler(normalizeProblem(problem), randomSource(2026n));
      const skewed = Array.from({ length: draws }, () => key(biased()));
      expect(statistic(all, skewed)).toBeGreaterThan(critical);
    });
  }

  it("every sample keeps the rules (distinct rows and columns, counts, given rows), with and without them", async () => {
    const problems: TableProblem[] = [
      { size: 7, counts: [2, 2, 3], given: ["2100221", "0221102"] },
      { size: 6, counts: [2, 2, 2] },
      { size: 6, counts: [3, 3], given: ["000111"], distinctColumns: false },
      { size: 5, counts: [1, 4], distinctRows: false },
    ];
    for (const problem of problems) {
      for await (const table of sampleTables(problem, { count: 300 })) expect(isValid(problem, table)).toBe(true);
    }
  });

  it("seeded runs repeat, and the WASM walk draws the TS baseline's tables", async () => {
    const problem: TableProblem = { size: 7, counts: [2, 2, 3], given: ["2100221"] };
    const run = async (engine: "wasm" | "ts", seed: bigint) => {
      const out: string[] = [];
      for await (const t of sampleTables(problem, { count: 500, seed, engine })) out.push(key(t));
      return out;
    };
    const a = await run("wasm", 7n);
    expect(await run("wasm", 7n)).toEqual(a);
    expect(await run("ts", 7n)).toEqual(a);
    expect(await run("wasm", 8n)).not.toEqual(a);
  });

  it("the kernel's graph and walk agree with the bigint baseline (totals, then the tables of a seed)", () => {
    const problems: TableProblem[] = [
      { size: 6, counts: [2, 2, 2] },
      { size: 6, counts: [3, 3], given: ["000111"], distinctColumns: false },
      { size: 5, counts: [1, 1, 1, 2], distinctRows: false },
      { size: 8, counts: [2, 2, 4], given: ["00112222", "22221100"] },
      { size: 1, counts: [1] },
    ];
    for (const problem of problems) {
      const wasm = prepareSampler(problem, "wasm");
      const ts = prepareSampler(problem, "ts");
      expect([wasm.engine, ts.engine]).toEqual(["wasm", "ts"]);
      expect(wasm.free).toBe(ts.free);
      expect(tableDrawer(wasm, 99n)(200)).toEqual(tableDrawer(ts, 99n)(200));
    }
  });

  it("refuses a problem with no table, and bad seeds", async () => {
    // 3×3 all 0s: one table without the rules, none with them — found after the rejections in a row.
    expect(() => tableDrawer(prepareSampler({ size: 3, counts: [3] }))(1)).toThrow(/nothing to sample/);
    expect(() => tableDrawer(prepareSampler({ size: 3, counts: [3] }, "ts"))(1)).toThrow(/nothing to sample/);
    expect(() => tableDrawer(prepareSampler({ size: 3, counts: [1, 2], given: ["011", "011"], distinctRows: false, distinctColumns: false }))).toThrow(
      /nothing to sample/,
    );
    await expect(sampleTables({ size: 4, counts: [2, 2] }, { count: 1, seed: -1 }).next()).rejects.toThrow(/seed/);
  });
});

describe("listTables", () => {
  const problems: TableProblem[] = [
    { size: 4, counts: [2, 2] },
    { size: 5, counts: [2, 3], given: ["01101"] },
    { size: 6, counts: [2, 2, 2], given: ["001122", "120201"] },
    { size: 6, counts: [3, 3], given: ["000111"], distinctColumns: false },
    { size: 5, counts: [2, 3], distinctRows: false },
    { size: 5, counts: [1, 1, 3], distinctRows: false, distinctColumns: false },
  ];
  for (const problem of problems) {
    // The 6×6 lists (most of the tables) in the slow suite.
    (problem.size === 6 ? slowTest : it)(`lists distinct valid tables, as many as the count: ${JSON.stringify(problem)}`, async () => {
      const seen = new Set<string>();
      for await (const table of listTables(problem)) {
        expect(isValid(problem, table)).toBe(true);
        seen.add(key(table));
      }
      expect(BigInt(seen.size)).toBe(countTables(problem));
    });
  }

  it("refuses more than 10^7 tables unless forced", async () => {
    await expect(listTables({ size: 7, counts: [2, 2, 3] }).next()).rejects.toThrow(/85329417600 tables, more than the listing limit of 10000000/);
    const forced = await listTables({ size: 7, counts: [2, 2, 3] }, { force: true }).next();
    expect(isValid({ size: 7, counts: [2, 2, 3] }, forced.value as number[][])).toBe(true);
  });
});
