import { describe, expect, it } from "vitest";
import { generateBooks } from "../../src/housie/generate/generate.js";
import type { HousieRecord, TicketGrid } from "../../src/housie/model/cells.js";
import { validateBook, validateJsonl, type HousieRule } from "../../src/housie/validate/validate.js";

const base = generateBooks(2, { seed: 314n });
const clone = (r: HousieRecord): HousieRecord => structuredClone(r);
const rules = (r: unknown): HousieRule[] => [...new Set(validateBook(r).map((v) => v.rule))];

/** Row and column of the first number in ticket t's column j. */
function firstIn(t: TicketGrid, j: number): number {
  return [0, 1, 2].find((r) => t[r]![j] !== null)!;
}

describe("housie validation rules, one broken book each", () => {
  it("accepts generated books", () => {
    expect(base.flatMap((b) => validateBook(b))).toEqual([]);
  });

  it("range: a number outside its column's range", () => {
    const b = clone(base[0]!);
    const t = b.tickets[0]!;
    t[firstIn(t, 0)]![0] = 0; // top of its column, so the order still holds
    expect(rules(b)).toEqual(["range", "book-numbers"]);
    expect(validateBook(b)[0]!.problem).toMatch(/ticket 1 row \d column 1 holds 0/);
  });

  it("row-count: a row with 4 numbers", () => {
    const b = clone(base[0]!);
    const row = b.tickets[2]![1]!;
    row[row.findIndex((c) => c !== null)] = null;
    expect(rules(b)).toContain("row-count");
    expect(validateBook(b).find((v) => v.rule === "row-count")!.problem).toMatch(/ticket 3 row 2 holds 4 numbers/);
  });

  it("column-count: an empty column (numbers moved within the row)", () => {
    const b = clone(base[0]!);
    const t = b.tickets[0]!;
    // Find a column with one number whose row has a blank in another column; move it there.
    for (let j = 0; j < 9; j++) {
      const filled = [0, 1, 2].filter((r) => t[r]![j] !== null);
      if (filled.length !== 1) continue;
      const r = filled[0]!;
      const k = t[r]!.findIndex((c, i) => c === null && i !== j);
      t[r]![k] = t[r]![j]!;
      t[r]![j] = null;
      break;
    }
    expect(rules(b)).toContain("column-count");
  });

  it("column-order: numbers decreasing down a column", () => {
    const b = clone(base[0]!);
    for (const t of b.tickets) {
      const j = [0, 1, 2, 3, 4, 5, 6, 7, 8].find((c) => [0, 1, 2].filter((r) => t[r]![c] !== null).length >= 2);
      if (j === undefined) continue;
      const rows = [0, 1, 2].filter((r) => t[r]![j] !== null);
      const [a, z] = [rows[0]!, rows[rows.length - 1]!];
      [t[a]![j], t[z]![j]] = [t[z]![j]!, t[a]![j]!];
      break;
    }
    expect(rules(b)).toEqual(["column-order"]);
  });

  it("book-numbers: a number twice in the book, another missing", () => {
    const b = clone(base[0]!);
    const x = b.tickets[0]![firstIn(b.tickets[0]!, 4)]![4]!;
    const other = b.tickets.findIndex((t, i) => i > 0 && t.some((row) => row[4] !== null && row[4] !== x));
    const t = b.tickets[other]!;
    const r = [0, 1, 2].find((row) => t[row]![4] !== null && [0, 1, 2].filter((q) => t[q]![4] !== null).length === 1) ?? firstIn(t, 4);
    const replaced = t[r]![4]!;
    t[r]![4] = x;
    const v = validateBook(b).find((p) => p.rule === "book-numbers");
    expect(v?.problem).toContain(`repeats ${x}`);
    expect(v?.problem).toContain(`lacks ${replaced}`);
  });

  it("shape: wrong numbers of tickets, rows or cells, and non-numbers", () => {
    const b = clone(base[0]!);
    expect(rules({ tickets: b.tickets.slice(0, 5) })).toEqual(["shape"]);
    const c = clone(base[0]!);
    c.tickets[1]![2]!.pop();
    expect(rules(c)).toEqual(["shape"]);
    const d = clone(base[0]!) as unknown as { tickets: unknown[][][] };
    d.tickets[0]![0]![firstIn(base[0]!.tickets[0]!, 0)] = "7";
    expect(rules(d)).toEqual(["shape"]);
  });
});

describe("housie file validation", () => {
  const line = (r: unknown) => JSON.stringify(r, (_key, v: unknown) => (typeof v === "bigint" ? Number(v) : v));

  it("reports duplicate tickets across lines, with the line", () => {
    const dup = clone(base[1]!);
    dup.serial = 9n;
    const report = validateJsonl([line(base[0]), line(base[1]), line(dup)].join("\n") + "\n");
    expect(report.records).toBe(3);
    expect(report.violations.map((v) => [v.line, v.rule])).toEqual(Array.from({ length: 6 }, () => [3, "duplicate-ticket"]));
  });

  it("reports bad JSON, bad serials (serial), repeated ones (duplicate-serial), and an empty file", () => {
    const bad = clone(base[1]!) as unknown as { serial: unknown };
    bad.serial = "x";
    const report = validateJsonl(`${line(base[0])}\nnot json\n${line(bad)}\n${line(base[0])}\n`);
    const found = report.violations.map((v) => [v.line, v.rule]);
    expect(found).toContainEqual([2, "json"]);
    expect(found).toContainEqual([3, "serial"]);
    expect(found).toContainEqual([4, "duplicate-serial"]);
    expect(found).toContainEqual([4, "duplicate-ticket"]);
    expect(validateJsonl("").violations.map((v) => v.rule)).toEqual(["shape"]);
  });
});
