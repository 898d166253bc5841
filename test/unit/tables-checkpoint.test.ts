// A symmetric count kept in a folder (src/tables/checkpoint.ts, `count-farms --checkpoint
// DIR`): the count of one run, whatever was already there (a layer, some shares, all);
// another count's folder, a damaged share and a file for a folder refused in one line;
// the second way (`--two-ways`), resumed from any of its layers, and failing when the
// two ways disagree.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError, UsageError } from "../../src/errors.js";
import { OutputError } from "../../src/io/output-errors.js";
import { checkpointShares, countSymmetricInFolder, tablesStoreIdentity } from "../../src/tables/checkpoint.js";
import { CheckpointStore } from "../../src/io/checkpoint-store.js";
import { durationForPeople } from "../../src/tables/reach.js";
import { countTables } from "../../src/tables/index.js";
import { decodeLayerFile, encodeLayerFile, tablesKernelDigest } from "../../src/tables/layer-file.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-tables-checkpoint-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const LATIN7 = { size: 7, counts: [1, 1, 1, 1, 1, 1, 1], given: [] };
const A002860_7 = 61479419904000n;

describe("symmetric counts kept in a folder", () => {
  it("Latin squares of order 7: made, then again from a folder missing a share, then from a whole one", async () => {
    const lines: string[] = [];
    expect(await countSymmetricInFolder(LATIN7, dir, { threads: 1, onLog: (l) => lines.push(l) })).toBe(A002860_7);
    expect(lines).toHaveLength(3 + 1 + checkpointShares(1));
    expect(lines.slice(0, 4)).toEqual([
      "layer 1 of 3: 1 class",
      expect.stringMatching(/^layer 2 of 3: \d+ classes$/),
      expect.stringMatching(/^layer 3 of 3: \d+ classes$/),
      expect.stringMatching(/^made layer-3\.bin: \d+ classes, [\d.]+ KiB of files$/),
    ]);
    // Each share says how many are done and, but for the last, the time left at this rate.
    expect(lines[4]).toMatch(/^made share-0-of-8\.bin: \d+ classes \(1 of 8 shares; about \d+ s left at this rate\), [\d.]+ KiB of files$/);
    expect(lines[11]).toMatch(/^made share-7-of-8\.bin: \d+ classes \(8 of 8 shares\), [\d.]+ KiB of files$/);
    rmSync(join(dir, "share-5-of-8.bin"));
    lines.length = 0;
    expect(await countSymmetricInFolder(LATIN7, dir, { threads: 1, onLog: (l) => lines.push(l) })).toBe(A002860_7);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^resuming from ${dir}: the middle layer in 8 shares, [\\d.]+ KiB of files$`)),
      expect.stringMatching(/^read layer-3\.bin/),
      "read 7 of 8 shares",
      expect.stringMatching(/^made share-5-of-8\.bin: \d+ classes \(8 of 8 shares\), [\d.]+ KiB of files$/),
    ]);
    expect(existsSync(join(dir, "share-5-of-8.bin"))).toBe(true);
    expect(await countSymmetricInFolder(LATIN7, dir, { threads: 4 })).toBe(A002860_7); // the shares stay 8, whatever the threads now
  });

  it("says the time left for people (reach.ts's durations)", () => {
    expect([0.2, 40, 119, 120, 719, 7199, 7200, 9000, 172800].map(durationForPeople)).toEqual([
      "1 s",
      "40 s",
      "119 s",
      "2 minutes",
      "12 minutes",
      "120 minutes",
      "2 hours",
      "3 hours",
      "2 days",
    ]);
  });

  it("an even size without the rules: 6×6 (2,2,2), the column method's count", async () => {
    const problem = { size: 6, counts: [2, 2, 2], given: [] };
    const expected = countTables({ ...problem, distinctRows: false, distinctColumns: false });
    expect(await countSymmetricInFolder(problem, dir, { threads: 1 })).toBe(expected);
    rmSync(join(dir, "layer-2.bin"));
    expect(await countSymmetricInFolder(problem, dir, { threads: 1 })).toBe(expected);
  });

  it("two ways: Latin squares of order 7 (odd) and 6×6 (2,2,2) (even), each way's files, resumed from any of them", async () => {
    for (const [problem, expected, last] of [
      [LATIN7, A002860_7, 6],
      [{ size: 6, counts: [2, 2, 2], given: [] }, countTables({ size: 6, counts: [2, 2, 2], distinctRows: false, distinctColumns: false }), 5],
    ] as const) {
      rmSync(dir, { recursive: true, force: true });
      const half = Math.ceil(problem.size / 2);
      const lines: string[] = [];
      expect(await countSymmetricInFolder(problem, dir, { threads: 1, twoWays: true, onLog: (l) => lines.push(l) })).toBe(expected);
      expect(lines).toContain(`paired: ${expected}; the second way, row by row from layer ${half}:`);
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^made layer-${half}\\.bin \\(its 8 shares merged\\): \\d+ classes, [\\d.]+ KiB of files$`)),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^made layer-${half + 1}-share-7-of-8\\.bin: \\d+ classes? \\(8 of 8 shares\\), [\\d.]+ KiB of files$`)),
      );
      expect(lines.at(-1)).toBe(`row by row: ${expected}, the same count`);
      for (let row = half; row <= last; row++) expect(existsSync(join(dir, `layer-${row}.bin`)), `layer ${row}`).toBe(true);
      // The last layer's ways are the count (its one row left is forced).
      const saved = decodeLayerFile(readFileSync(join(dir, `layer-${last}.bin`)), "last").part;
      expect(saved.ways.reduce((sum, limb, i) => sum + (i % 2 === 0 ? limb : limb << 64n), 0n)).toBe(expected);
      // Resumed from the last layer, from the layer after the middle, and from a share of it.
      lines.length = 0;
      expect(await countSymmetricInFolder(problem, dir, { threads: 1, twoWays: true, onLog: (l) => lines.push(l) })).toBe(expected);
      expect(lines).toContain(`read layer-${last}.bin: ${saved.states} class${saved.states === 1 ? "" : "es"}`);
      for (let row = half + 1; row <= last; row++) rmSync(join(dir, `layer-${row}.bin`));
      rmSync(join(dir, `layer-${half + 1}-share-2-of-8.bin`));
      lines.length = 0;
      expect(await countSymmetricInFolder(problem, dir, { threads: 2, twoWays: true, onLog: (l) => lines.push(l) })).toBe(expected);
      expect(lines).toContain(`read layer-${half}.bin: ${decodeLayerFile(readFileSync(join(dir, `layer-${half}.bin`)), "middle").part.states} classes`);
      expect(lines).toContain("read 7 of 8 shares");
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^made layer-${half + 1}-share-2-of-8\\.bin: \\d+ classes? \\(8 of 8 shares\\), [\\d.]+ KiB of files$`)),
      );
    }
  });

  it("two ways that disagree end in an Error (a fault), not an input error", async () => {
    const problem = { size: 6, counts: [2, 2, 2], given: [] };
    await countSymmetricInFolder(problem, dir, { threads: 1, twoWays: true });
    // A last layer with one class's ways one more: a valid file (its digest made anew) with a wrong count.
    // (Written through the store, as the count writes it: a file changed behind its back is refused, below.)
    const path = join(dir, "layer-5.bin");
    const { part } = decodeLayerFile(readFileSync(path), path);
    part.ways[0]! += 1n;
    const store = CheckpointStore.open(dir, tablesStoreIdentity(problem));
    store.write("layer-5.bin", [encodeLayerFile(part, tablesKernelDigest())]);
    store.commit(store.state());
    store.close();
    const failure = countSymmetricInFolder(problem, dir, { threads: 1, twoWays: true });
    await expect(failure).rejects.toThrow(/^the two ways to one count disagree: paired \d+, row by row \d+ \(/);
    await expect(failure).rejects.not.toBeInstanceOf(InputError);
    // Without the second way the same folder gives the paired count.
    expect(await countSymmetricInFolder(problem, dir, { threads: 1 })).toBe(countTables({ ...problem, distinctRows: false, distinctColumns: false }));
  });

  it("a --two-ways layer file that holds another row than its name says is refused in one line, not read for ever", async () => {
    await countSymmetricInFolder(LATIN7, dir, { threads: 1, twoWays: true });
    // layer-5.bin's bytes as layer-6.bin, written through the store (its digest right): only the row is wrong.
    const store = CheckpointStore.open(dir, tablesStoreIdentity(LATIN7));
    store.write("layer-6.bin", [store.read("layer-5.bin")]);
    store.commit(store.state());
    store.close();
    const lines: string[] = [];
    const run = countSymmetricInFolder(LATIN7, dir, { threads: 1, twoWays: true, onLog: (l) => lines.push(l) });
    await expect(run).rejects.toThrow(
      new InputError(
        "holds row 5 (share 0 of 1) where its name says row 6 (share 0 of 1)",
        { file: join(dir, "layer-6.bin") },
        "the file this count wrote under that name",
      ),
    );
    expect(lines.filter((l) => l.startsWith("read layer-6"))).toEqual([]);
  });

  it("refuses another count's folder, a damaged share, a folder that is a file and a size below 3", async () => {
    await countSymmetricInFolder(LATIN7, dir, { threads: 1 });
    await expect(countSymmetricInFolder({ size: 7, counts: [2, 2, 3], given: [] }, dir, { threads: 1 })).rejects.toThrow(UsageError);
    const share = join(dir, "share-2-of-8.bin");
    const bytes = readFileSync(share);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    writeFileSync(share, bytes);
    await expect(countSymmetricInFolder(LATIN7, dir, { threads: 1 })).rejects.toThrow(
      /share-2-of-8\.bin: its bytes do not match the sha256 in the manifest: damaged since it was written \(expected the file as written; delete it and run again/,
    );
    // Deleted, as the line says: made again.
    rmSync(share);
    expect(await countSymmetricInFolder(LATIN7, dir, { threads: 1 })).toBe(A002860_7);
    writeFileSync(join(dir, "manifest.json"), "[1, 2");
    await expect(countSymmetricInFolder(LATIN7, dir, { threads: 1 })).rejects.toThrow(InputError);
    await expect(countSymmetricInFolder(LATIN7, join(dir, "manifest.json"), { threads: 1 })).rejects.toThrow(OutputError);
    await expect(countSymmetricInFolder(LATIN7, join(dir, "manifest.json"), { threads: 1 })).rejects.toThrow(/manifest\.json: is a file, not a folder/);
    await expect(countSymmetricInFolder({ size: 2, counts: [1, 1], given: [] }, dir, { threads: 1 })).rejects.toThrow(UsageError);
  });
});
