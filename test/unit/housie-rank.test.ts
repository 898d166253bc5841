// The uniqueness set's key: a ticket's exact rank in [0, T). Checked part by part against
// the TS pattern tables: the vector's block, every pattern of a vector, every subset of
// a column, and the rank the book fill computes against the one read back from cells.
import { describe, expect, it } from "vitest";
import { HousieRun, generateBooks, generateTickets, ticketRank } from "../../src/housie/generate/generate.js";
import { ticketsFromCells, type TicketGrid } from "../../src/housie/model/cells.js";
import { housieTestKernel, type HousieTestHooks } from "../support/test-kernels.js";
import { enumeratePatternsTs, weightsOf } from "../../src/housie/count/tables.js";
import { COLUMNS, COLUMN_FIRST, COLUMN_SIZE } from "../../src/housie/model/columns.js";

// filledRank is a test hook: load the test build before anything loads the kernel.
const housieKernel = housieTestKernel;
housieTestKernel();

const T = 3669688706217187500n;
const tables = enumeratePatternsTs();
const weights = weightsOf(tables);
const base: bigint[] = [];
weights.fillingWeight.reduce((sum, f, v) => {
  base[v] = sum;
  return sum + f;
}, 0n);
const vectorOfKey = new Map<number, number>();
for (let v = 0; v < tables.vectors; v++) vectorOfKey.set(tables.vectorKey[v]!, v);

/** The ticket with `pattern` (bit 9r + j) and, in each column, the numbers at `positions` (ascending). */
function ticketOf(pattern: number, positions: number[][]): TicketGrid {
  const grid: TicketGrid = [[], [], []];
  for (let j = 0; j < COLUMNS; j++) {
    let next = 0;
    for (let r = 0; r < 3; r++) grid[r]![j] = (pattern >> (9 * r + j)) & 1 ? COLUMN_FIRST[j]! + positions[j]![next++]! : null;
  }
  return grid;
}

function vectorOf(ticket: TicketGrid): number {
  let key = 0;
  for (let j = 0; j < COLUMNS; j++) key |= [0, 1, 2].filter((r) => ticket[r]![j] !== null).length << (2 * j);
  return vectorOfKey.get(key)!;
}

const lowest = (pattern: number) =>
  Array.from({ length: COLUMNS }, (_, j) => {
    const c = [0, 1, 2].filter((r) => (pattern >> (9 * r + j)) & 1).length;
    return Array.from({ length: c }, (_, i) => i);
  });

describe("ticket ranks", () => {
  it("every pattern of a vector gives its own rank: base(v) + k P(v) + s, k covering 0..p(v)-1", () => {
    for (const v of [0, 1, 500, 777, 1553, ...Array.from({ length: 4 }, (_, d) => tables.vectorType.indexOf(d))]) {
      const start = tables.vectorPatternStart[v]!;
      const end = tables.vectorPatternStart[v + 1]!;
      const perPattern = weights.fillingWeight[v]! / BigInt(end - start);
      const ks = new Set<bigint>();
      const wrong: string[] = []; // one assertion a vector, not two a pattern
      for (let i = start; i < end; i++) {
        const pattern = tables.patterns[i]!;
        const rank = ticketRank(ticketOf(pattern, lowest(pattern)));
        if (!(rank >= base[v]! && rank < base[v]! + weights.fillingWeight[v]!)) wrong.push(`pattern ${i}: rank ${rank} outside its vector's`);
        if ((rank - base[v]!) % perPattern !== 0n) wrong.push(`pattern ${i}: rank ${rank} not a subset rank 0`); // the lowest numbers: subset rank 0
        ks.add((rank - base[v]!) / perPattern);
      }
      expect(wrong).toEqual([]);
      expect(ks.size).toBe(end - start);
      expect([...ks].every((k) => k < BigInt(end - start))).toBe(true);
    }
  });

  it("every subset of a column gives its own rank within the pattern's block", () => {
    const pattern = tables.patterns[tables.vectorPatternStart[tables.vectorType.indexOf(3)]!]!; // three columns of 3
    for (let j = 0; j < COLUMNS; j++) {
      const positions = lowest(pattern);
      const c = positions[j]!.length;
      const n = COLUMN_SIZE[j]!;
      const ranks = new Set<bigint>();
      const pick = (from: number, chosen: number[]): void => {
        if (chosen.length === c) {
          positions[j] = chosen;
          ranks.add(ticketRank(ticketOf(pattern, positions)));
          return;
        }
        for (let x = from; x < n; x++) pick(x + 1, [...chosen, x]);
      };
      pick(0, []);
      const expected = [1, 1, n, (n * (n - 1)) / 2, (n * (n - 1) * (n - 2)) / 6][c + 1]!;
      expect(ranks.size).toBe(expected);
      const v = vectorOf(ticketOf(pattern, positions));
      const block = weights.fillingWeight[v]! / BigInt(tables.vectorPatternStart[v + 1]! - tables.vectorPatternStart[v]!);
      const k = (ticketRank(ticketOf(pattern, lowest(pattern))) - base[v]!) / block;
      expect([...ranks].every((r) => r >= base[v]! + k * block && r < base[v]! + (k + 1n) * block)).toBe(true);
    }
  });

  it("the book fill's ranks equal the ranks read back from its cells; tickets rank below T", () => {
    const run = new HousieRun("books", { seed: 21n });
    const k = run.kernel as typeof run.kernel & HousieTestHooks; // the run's own instance of the test build
    for (let b = 0; b < 300; b++) {
      const tickets = ticketsFromCells(run.nextCells(1).cells, 0, 6);
      const filled = tickets.map((_, t) => BigInt.asUintN(64, k.filledRank(t)));
      expect(tickets.map((t) => ticketRank(t))).toEqual(filled);
    }
    const ranks = generateTickets(2000, { seed: 22n }).map((r) => ticketRank(r.tickets[0]!));
    expect(ranks.every((r) => r >= 0n && r < T)).toBe(true);
    expect(new Set(ranks).size).toBe(2000);
  });

  it("a repeated book is redrawn from the words that follow it, wherever it falls in a call", () => {
    // Without the repeat, book 11 comes from the words after book 10; so with a ticket of
    // book 10 issued before, the run must give books 0-9, then 11, 12, ...
    const plain = generateBooks(52, { seed: 31n, unique: false });
    const expected = [...plain.slice(0, 10), ...plain.slice(11)].map((b) => b.tickets);
    for (const calls of [[51], [11, 40], [10, 41], [1, 50], Array.from({ length: 51 }, () => 1)]) {
      const run = new HousieRun("books", { seed: 31n, issued: [plain[10]!.tickets[2]!] });
      const got = calls.flatMap((n) => {
        const { cells } = run.nextCells(n);
        return Array.from({ length: n }, (_, i) => ticketsFromCells(cells, i * 162, 6));
      });
      expect(run.redraws).toBe(1);
      expect(got).toEqual(expected);
    }
  });

  it("a ticket that breaks a rule cannot be ranked", () => {
    const t = ticketOf(tables.patterns[0]!, lowest(tables.patterns[0]!));
    t[0]![t[0]!.findIndex((x) => x !== null)] = 95;
    expect(() => ticketRank(t)).toThrow(/holds 95/);
  });
});
