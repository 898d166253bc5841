// The card audit passes the generator's series and rejects two biased ones: the probing
// sampler (a repeat nudged to the next number) and cards with each column sorted.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Xoshiro128 } from "../../src/core/random.js";
import { auditCards } from "../../src/bingo/audit.js";
import { cardFromCells } from "../../src/bingo/card.js";
import { cardToJson } from "../../src/bingo/codec.js";
import { CardRun } from "../../src/bingo/generate.js";
import { cellCount, SHAPE_30, SHAPE_75, type CardShape } from "../../src/bingo/shape.js";
import { probingCard } from "../fixtures/bingo-probing-sampler.js";

const dir = mkdtempSync(join(tmpdir(), "bingo-audit-"));
const N = 6000;

function write(name: string, shape: CardShape, cells: Uint8Array): string {
  const size = cellCount(shape);
  const file = join(dir, name);
  writeFileSync(
    file,
    Array.from({ length: N }, (_, i) => cardToJson({ serial: BigInt(i + 1), ball: shape.ball, card: cardFromCells(shape, cells, i * size) }) + "\n").join(""),
  );
  return file;
}

describe("bingo audit", () => {
  it("passes the generator's 75- and 30-ball cards", async () => {
    for (const shape of [SHAPE_75, SHAPE_30]) {
      const report = await auditCards(write(`ok${shape.ball}.jsonl`, shape, new CardRun(shape, { seed: 21 }).nextCells(N).cells));
      expect(report.cards).toBe(N);
      expect(report.verdict).toBe("pass");
    }
  });
  it("rejects a sampler that nudges a repeat to the next number", async () => {
    const random = new Xoshiro128(4n);
    const size = cellCount(SHAPE_30);
    const cells = new Uint8Array(N * size);
    for (let i = 0; i < N; i++) probingCard(SHAPE_30, random, cells, i * size);
    const report = await auditCards(write("probing.jsonl", SHAPE_30, cells));
    expect(report.verdict).toBe("reject");
    expect(report.tests.filter((t) => t.reject).every((t) => t.family === "step")).toBe(true);
  });
  it("rejects cards with sorted columns (uniform as sets, not as printed cards)", async () => {
    const { cells } = new CardRun(SHAPE_75, { seed: 5 }).nextCells(N);
    const size = cellCount(SHAPE_75);
    for (let i = 0; i < N; i++) {
      for (let c = 0; c < 5; c++) {
        const rows = [0, 1, 2, 3, 4].filter((r) => !(r === 2 && c === 2));
        const sorted = rows.map((r) => cells[i * size + r * 5 + c]!).sort((a, b) => a - b);
        rows.forEach((r, k) => (cells[i * size + r * 5 + c] = sorted[k]!));
      }
    }
    expect((await auditCards(write("sorted.jsonl", SHAPE_75, cells))).verdict).toBe("reject");
  });
});
