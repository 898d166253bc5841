// Host layers in files (src/tours/frontier-disk.ts, `pen-paper count --checkpoint DIR`): a
// count stopped after any step and run again with the same folder goes on from there and
// gives the same count and figures as one run; a folder of another count, a layer file cut
// short and a folder that cannot be one are refused in one line.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError, UsageError } from "../../src/errors.js";
import { countHamiltonian, countHamiltonianIn, type HamiltonianCountOptions } from "../../src/tours/frontier.js";
import { diskLayers, type DiskLayers, type DiskLayersOptions } from "../../src/tours/frontier-disk.js";
import { canonicalJson } from "../../src/io/checkpoint-store.js";
import { readInSlices, writeInSlices } from "../../src/io/folder.js";
import { setHostLayerBytesForTests } from "../../src/tours/frontier-host.js";
import { packRecords, unpackRecords } from "../../src/tours/frontier-records.js";
import { KNIGHT } from "../../src/tours/leapers.js";
import { slowTest } from "../support/tier.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-frontier-disk-"));
});
afterEach(() => {
  setHostLayerBytesForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
});

class Stopped extends Error {}

/** The problem a store is opened for (the CLI gives canonicalFrontierProblem's; any record will do here). */
const PROBLEM = { test: "frontier-disk" };

/** The folder's store for one count in this process: opened, and its lock given up after. */
function inStore<T>(folder: string, count: (store: DiskLayers) => T, options?: DiskLayersOptions): T {
  const store = diskLayers(folder, PROBLEM, options);
  try {
    return count(store);
  } finally {
    store.close();
  }
}

/** A count whose store stops it (as a killed process would) once step `after` is checkpointed. */
function stoppingAfter(folder: string, after: number, options: HamiltonianCountOptions): void {
  inStore(folder, (store) =>
    countHamiltonianIn(options, {
      ...store,
      finished: (checkpoint) => {
        store.finished(checkpoint);
        if (checkpoint.step === after) throw new Stopped();
      },
    }),
  );
}

const countIn = (folder: string, options: HamiltonianCountOptions, storeOptions?: DiskLayersOptions) =>
  inStore(folder, (store) => countHamiltonianIn(options, store), storeOptions);

describe("frontier counts with their layers in files", () => {
  const problems: [string, HamiltonianCountOptions, bigint][] = [
    ["6×6 knight closed tours (A001230)", { rows: 6, cols: 6, moves: KNIGHT, closed: true }, 9862n],
    ["6×6 pen-and-paper paths", { rows: 6, cols: 6 }, 8250272n],
    ["5×5 pen-and-paper from row 1 col 2", { rows: 5, cols: 5, from: [0, 1] }, 548n],
  ];
  for (const [name, options, expected] of problems) {
    // 6×6 paths (the most states) in the slow suite.
    (options.rows === 6 && !options.closed ? slowTest : it)(`${name}: stopped after steps 3, 12 and 20 and resumed, the count and figures of one run`, () => {
      const whole = countHamiltonian(options);
      setHostLayerBytesForTests(64 * 1024); // many passes a step, layers read in many pieces
      for (const after of [3, 12, 20]) expect(() => stoppingAfter(dir, after, options)).toThrow(Stopped);
      const resumed: number[] = [];
      const result = countIn(dir, options, { onResume: (step) => resumed.push(step) });
      expect(resumed).toEqual([20]);
      expect(result.count).toBe(expected);
      expect(whole.count).toBe(expected);
      expect(result.stepStates).toEqual(whole.stepStates);
      expect(result.peakStates).toBe(whole.peakStates);
      expect(result.droppedStates).toBe(whole.droppedStates);
      // Only the last layer is left beside the checkpoint; run again, the count is read off it.
      const last = `step-${whole.stepStates.length - 1}`;
      expect(
        readdirSync(dir)
          .filter((name) => name !== "manifest.json")
          .every((name) => name.startsWith(`${last}.chunk-`)),
      ).toBe(true);
      const again = countIn(dir, options);
      expect(again.count).toBe(expected);
      // Its figures are the whole count's, the arena's peak too, though this run made no step
      // (before 2026-12-03 it said the peak of the run that read the count off, a few MiB).
      expect(again.peakBytes).toBe(result.peakBytes);
      expect(again.peakStates).toBe(result.peakStates);
    });
  }

  it("deletes the files of a step that did not finish, and goes on from the one before", () => {
    const options = { rows: 5, cols: 5 };
    // The files of step 11 made, not yet in the state when the count stops.
    expect(() =>
      inStore(dir, (store) =>
        countHamiltonianIn(options, {
          ...store,
          finished: (checkpoint) => {
            if (checkpoint.step === 10) throw new Stopped();
            store.finished(checkpoint);
          },
        }),
      ),
    ).toThrow(Stopped);
    expect(readdirSync(dir).some((name) => name.startsWith("step-10.chunk-"))).toBe(true);
    expect(countIn(dir, options).count).toBe(12400n);
    expect(readdirSync(dir).some((name) => name.startsWith("step-10.chunk-"))).toBe(false);
  });

  it("a shard's layers: the part after the split step is what is kept", () => {
    const options = { rows: 6, cols: 6, shard: { shard: 1, shards: 3 } };
    const whole = countHamiltonian(options);
    expect(() => stoppingAfter(dir, 30, options)).toThrow(Stopped);
    expect(countIn(dir, options).count).toBe(whole.count);
  });

  it("refuses the folder of another count, a layer file cut short, and a file for a folder", () => {
    expect(() => stoppingAfter(dir, 15, { rows: 5, cols: 5 })).toThrow(Stopped);
    expect(() => countIn(dir, { rows: 5, cols: 5, closed: true })).toThrow(UsageError);
    expect(() => diskLayers(dir, { another: "problem" })).toThrow(/holds the checkpoint of another count/);
    const chunk = readdirSync(dir).find((name) => name.startsWith("step-15.chunk-"))!;
    const file = join(dir, chunk);
    truncateSync(file, readFileSync(file).length - 16);
    expect(() => countIn(dir, { rows: 5, cols: 5 })).toThrow(InputError);
    expect(() => countIn(dir, { rows: 5, cols: 5 })).toThrow(new RegExp(`${chunk}: \\d+ bytes where the manifest says \\d+: damaged since it was written`));
    writeFileSync(join(dir, "manifest.json"), "{ not json");
    expect(() => countIn(dir, { rows: 5, cols: 5 })).toThrow(/manifest\.json: not the manifest of a tabula checkpoint/);
    const notFolder = join(dir, "a-file");
    writeFileSync(notFolder, "");
    expect(() => countIn(notFolder, { rows: 5, cols: 5 })).toThrow(/a-file: .*the count's checkpoint lives there/);
    rmSync(join(dir, "manifest.json"));
    expect(() => countIn(dir, { rows: 5, cols: 5, engine: "ts" })).toThrow(UsageError);
  });

  it("keeps a layer as records (frontier-records.ts), fewer bytes than its entries; a folder of raw entries is refused in one line", () => {
    expect(() => stoppingAfter(dir, 15, { rows: 5, cols: 5 })).toThrow(Stopped);
    type Saved = { manifest: { state: { entryBytes: number; layer: string[]; layerStates: number; records?: string } } };
    const saved = (): Saved => JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Saved;
    const { entryBytes, layer, layerStates, records } = saved().manifest.state;
    expect(records).toBe("packed");
    const files = layer.map((name) => new Uint8Array(readFileSync(join(dir, name))));
    const bytes = files.reduce((sum, file) => sum + file.length, 0);
    expect(layerStates).toBeGreaterThan(100);
    expect(bytes).toBeLessThan(layerStates * entryBytes);
    const entries = files.map((file, i) => unpackRecords(file, entryBytes, layer[i]!));
    expect(entries.reduce((sum, e) => sum + e.length, 0)).toBe(layerStates * entryBytes);
    expect(files.map((file, i) => packRecords(entries[i]!, entryBytes))).toEqual(files);
    expect(countIn(dir, { rows: 5, cols: 5 }).count).toBe(12400n);
    // A folder of an older tabula, whose state has no records field: refused, its files kept.
    rmSync(dir, { recursive: true, force: true });
    expect(() => stoppingAfter(dir, 15, { rows: 5, cols: 5 })).toThrow(Stopped);
    const older = saved().manifest;
    delete older.state.records;
    const body = canonicalJson(older);
    writeFileSync(join(dir, "manifest.json"), JSON.stringify({ digest: createHash("sha256").update(body).digest("hex"), manifest: older }));
    const before = readdirSync(dir).sort();
    expect(() => countIn(dir, { rows: 5, cols: 5 })).toThrow(UsageError);
    expect(() => countIn(dir, { rows: 5, cols: 5 })).toThrow(/holds a checkpoint of an older tabula, whose layer files this one does not read/);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it("writes a chunk in slices (a pass's table can pass the 2 GiB a single write takes)", () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) & 255);
    writeInSlices(join(dir, "chunk"), bytes, 7);
    expect(new Uint8Array(readFileSync(join(dir, "chunk")))).toEqual(bytes);
    // And reads one back in slices (readFileSync refuses a file past 2 GiB: a tables layer can be).
    expect(new Uint8Array(readInSlices(join(dir, "chunk"), 13))).toEqual(bytes);
    expect(readInSlices(join(dir, "chunk"), 1 << 30)).toHaveLength(1000);
  });
});
