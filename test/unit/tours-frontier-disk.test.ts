// Host layers in files (src/tours/frontier-disk.ts, `pen-paper count --checkpoint DIR`): a
// count stopped after any step and run again with the same folder goes on from there and
// gives the same count and figures as one run; a folder of another count, a layer file cut
// short and a folder that cannot be one are refused in one line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError, UsageError } from "../../src/errors.js";
import { countHamiltonian, countHamiltonianIn, type HamiltonianCountOptions } from "../../src/tours/frontier.js";
import { diskLayers } from "../../src/tours/frontier-disk.js";
import { readInSlices, writeInSlices } from "../../src/io/folder.js";
import { setHostLayerBytesForTests, type HostLayerStore } from "../../src/tours/frontier-host.js";
import { KNIGHT } from "../../src/tours/leapers.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-frontier-disk-"));
});
afterEach(() => {
  setHostLayerBytesForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
});

class Stopped extends Error {}

/** The store in `folder`, which stops the count (as a killed process would) once step `after` is checkpointed. */
function stoppingAfter(folder: string, after: number): HostLayerStore {
  const store = diskLayers(folder);
  return { ...store, finished: (checkpoint) => {
    store.finished(checkpoint);
    if (checkpoint.step === after) throw new Stopped();
  } };
}

describe("frontier counts with their layers in files", () => {
  const problems: [string, HamiltonianCountOptions, bigint][] = [
    ["6×6 knight closed tours (A001230)", { rows: 6, cols: 6, moves: KNIGHT, closed: true }, 9862n],
    ["6×6 pen-and-paper paths", { rows: 6, cols: 6 }, 8250272n],
    ["5×5 pen-and-paper from row 1 col 2", { rows: 5, cols: 5, from: [0, 1] }, 548n],
  ];
  for (const [name, options, expected] of problems) {
    it(`${name}: stopped after steps 3, 12 and 20 and resumed, the count and figures of one run`, () => {
      const whole = countHamiltonian(options);
      setHostLayerBytesForTests(64 * 1024); // many passes a step, layers read in many pieces
      for (const after of [3, 12, 20]) expect(() => countHamiltonianIn(options, stoppingAfter(dir, after))).toThrow(Stopped);
      const resumed: number[] = [];
      const result = countHamiltonianIn(options, diskLayers(dir, (step) => resumed.push(step)));
      expect(resumed).toEqual([20]);
      expect(result.count).toBe(expected);
      expect(whole.count).toBe(expected);
      expect(result.stepStates).toEqual(whole.stepStates);
      expect(result.peakStates).toBe(whole.peakStates);
      expect(result.droppedStates).toBe(whole.droppedStates);
      // Only the last layer is left beside the checkpoint; run again, the count is read off it.
      expect(readdirSync(dir).sort()).toEqual(["checkpoint.json", `step-${whole.stepStates.length - 1}`]);
      expect(countHamiltonianIn(options, diskLayers(dir)).count).toBe(expected);
    });
  }

  it("deletes the files of a step that did not finish, and goes on from the one before", () => {
    const options = { rows: 5, cols: 5 };
    expect(() => countHamiltonianIn(options, stoppingAfter(dir, 9))).toThrow(Stopped);
    writeFileSync(join(dir, "step-10"), "a step cut off mid-way"); // (a folder there, in a real stop)
    expect(countHamiltonianIn(options, diskLayers(dir)).count).toBe(12400n);
  });

  it("a shard's layers: the part after the split step is what is kept", () => {
    const options = { rows: 6, cols: 6, shard: { shard: 1, shards: 3 } };
    const whole = countHamiltonian(options);
    expect(() => countHamiltonianIn(options, stoppingAfter(dir, 30))).toThrow(Stopped);
    expect(countHamiltonianIn(options, diskLayers(dir)).count).toBe(whole.count);
  });

  it("refuses the folder of another count, a layer file cut short, and a file for a folder", () => {
    expect(() => countHamiltonianIn({ rows: 5, cols: 5 }, stoppingAfter(dir, 15))).toThrow(Stopped);
    expect(() => countHamiltonianIn({ rows: 5, cols: 5, closed: true }, diskLayers(dir))).toThrow(UsageError);
    expect(() => countHamiltonianIn({ rows: 5, cols: 5, moves: KNIGHT }, diskLayers(dir))).toThrow(/holds the checkpoint of another count/);
    const checkpoint = JSON.parse(readFileSync(join(dir, "checkpoint.json"), "utf8")) as { layer: { folder: string; files: { name: string; bytes: number }[] } };
    const file = join(dir, checkpoint.layer.folder, checkpoint.layer.files[0]!.name);
    truncateSync(file, checkpoint.layer.files[0]!.bytes - 16);
    expect(() => countHamiltonianIn({ rows: 5, cols: 5 }, diskLayers(dir))).toThrow(InputError);
    writeFileSync(join(dir, "checkpoint.json"), "{ not json");
    expect(() => countHamiltonianIn({ rows: 5, cols: 5 }, diskLayers(dir))).toThrow(/not a checkpoint of a frontier count/);
    const notFolder = join(dir, "a-file");
    writeFileSync(notFolder, "");
    expect(() => countHamiltonianIn({ rows: 5, cols: 5 }, diskLayers(notFolder))).toThrow(/a-file: .*the count's layers and checkpoint live there/);
    expect(() => countHamiltonianIn({ rows: 5, cols: 5, engine: "ts" }, diskLayers(dir))).toThrow(UsageError);
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
