// Layers in bucket files (src/tours/frontier-buckets.ts, `pen-paper count --checkpoint DIR
// --disk MiB`): each step expanded once into bucket files and summed bucket by bucket
// gives the in-memory count, states per step, peak and dead states, with 1, 2 or 64
// buckets or the number chosen from the cap, and when a bucket needs several passes; a
// count stopped at any checkpoint (a segment of an expansion, a merge of a bucket's files)
// goes on to the same figures; expanded in segments, the disk peak is below the last layer
// plus the buckets; under a tight --disk the buckets are merged; a flipped bit in a bucket
// file is refused; the disk cap and bad options are refused in one line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InputError, UsageError } from "../../src/errors.js";
import { setDurableWritesForTests } from "../../src/io/checkpoint-store.js";
import { countHamiltonian, countHamiltonianIn, type HamiltonianCountOptions } from "../../src/tours/frontier.js";
import { diskBuckets, type CheckpointPhase, type DiskBucketsOptions, type StepDisk } from "../../src/tours/frontier-buckets.js";
import { setHostLayerBytesForTests } from "../../src/tours/frontier-host.js";
import { KNIGHT } from "../../src/tours/leapers.js";
import { SLOW, slowTest } from "../support/tier.js";

let dir = "";
// A killed process's writes survive without fsync; thousands of small files would spend most of the time in it.
beforeAll(() => setDurableWritesForTests(false));
afterAll(() => setDurableWritesForTests(true));
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-frontier-buckets-"));
});
afterEach(() => {
  setHostLayerBytesForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
});

class Stopped extends Error {}
const PROBLEM = { test: "frontier-buckets" };

/** The count with its layers in bucket files in `folder` (the lock given up after). */
function inBuckets(folder: string, options: HamiltonianCountOptions, storeOptions: DiskBucketsOptions = {}) {
  const store = diskBuckets(folder, PROBLEM, storeOptions);
  try {
    return countHamiltonianIn(options, store);
  } finally {
    store.close();
  }
}

/** The figures that must not depend on where the layers live. */
const figures = (r: ReturnType<typeof countHamiltonian>) => ({
  count: r.count,
  peakStates: r.peakStates,
  stepStates: r.stepStates,
  droppedStates: r.droppedStates,
});

// Run by the slow suite only (CI), to keep npm test within its budget: the 256 KiB budget,
// the 2^64 switch, a stop after every segment and the disk cap's resume. npm test keeps a
// stop at every kind of phase (segments among them), the flipped bit, and (test/cli/
// pen-paper-disk.test.ts) the disk cap's refusal.
describe("frontier counts with their layers in bucket files", () => {
  const small: [string, HamiltonianCountOptions, bigint, number[]][] = [
    ["6×6 knight paths (A165134)", { rows: 6, cols: 6, moves: KNIGHT }, 6637920n, [1, 2, 64]],
    ["6×6 knight closed tours (A001230)", { rows: 6, cols: 6, moves: KNIGHT, closed: true }, 9862n, [1, 2]],
    ["6×6 pen-and-paper paths", { rows: 6, cols: 6 }, 8250272n, [1, 2]],
    ["6×6 pen-and-paper closed tours", { rows: 6, cols: 6, closed: true }, 13138n, [1, 2, 64]],
    ["7×7 pen-and-paper closed tours", { rows: 7, cols: 7, closed: true }, 5808784n, [1, 2]],
  ];
  // Run by the slow suite only (64 buckets make 64 files a step, a CPU second a board here):
  // 64 buckets, knight paths and 7×7 closed tours; npm test keeps 1 and 2 buckets on the
  // other 6×6 boards.
  const slowOnly = new Set([
    "6×6 knight paths (A165134) with 1",
    "6×6 knight paths (A165134) with 2",
    "6×6 knight paths (A165134) with 64",
    "6×6 pen-and-paper closed tours with 64",
    "7×7 pen-and-paper closed tours with 1",
    "7×7 pen-and-paper closed tours with 2",
  ]);
  for (const [name, options, expected, bucketCounts] of small) {
    for (const buckets of bucketCounts) {
      const test = slowOnly.has(`${name} with ${buckets}`) ? slowTest : it;
      test(`${name} with ${buckets} bucket${buckets === 1 ? "" : "s"}: the in-memory figures`, () => {
        const memory = countHamiltonian(options);
        expect(memory.count).toBe(expected);
        const disk = inBuckets(join(dir, `b${buckets}`), options, { buckets });
        expect(figures(disk)).toEqual(figures(memory));
        expect(disk.peakLayerBytes).toBeGreaterThan(0);
      });
    }
  }

  // About 9 s of CPU: the slow suite runs it.
  slowTest("7×7 pen-and-paper paths, 6×7 knight paths and 7×7 knight closed tours (2 buckets): the in-memory figures", () => {
    for (const [options, buckets, expected] of [
      [{ rows: 7, cols: 7 }, 2, 8642871600n],
      [{ rows: 6, cols: 7, moves: KNIGHT }, 2, 779938932n],
      [{ rows: 7, cols: 7, moves: KNIGHT, closed: true }, 2, 0n],
    ] as const) {
      const memory = countHamiltonian(options);
      const disk = inBuckets(join(dir, `${options.rows}x${options.cols}-${options.moves ? "knight" : "pp"}`), options, { buckets });
      expect(disk.count).toBe(expected);
      expect(figures(disk)).toEqual(figures(memory));
    }
  });

  // One test each: under load the three together passed the 300 s a test is given.
  for (const [name, options, buckets] of [
    ["7×7 pen-and-paper paths in 64 buckets", { rows: 7, cols: 7 }, 64],
    ["7×8 pen-and-paper closed tours in the buckets chosen", { rows: 7, cols: 8, closed: true }, undefined],
    ["7×8 knight closed tours (A193054) in the buckets chosen", { rows: 7, cols: 8, moves: KNIGHT, closed: true }, undefined],
  ] as const) {
    slowTest(`${name}: the in-memory figures`, () => {
      const memory = countHamiltonian(options);
      const disk = inBuckets(join(dir, "slow"), options, buckets ? { buckets } : {});
      expect(figures(disk)).toEqual(figures(memory));
    });
  }

  it("the TS baseline's counts (5×5 pen-and-paper paths, 5×6 knight paths, 6×6 pen-and-paper from a square)", () => {
    // 5×6 knight paths and 6×6 from a square (the TS baseline's longest) in the slow suite.
    for (const options of (
      [
        { rows: 5, cols: 5 },
        { rows: 5, cols: 6, moves: KNIGHT },
        { rows: 6, cols: 6, from: [0, 1] as const },
      ] as HamiltonianCountOptions[]
    ).slice(0, SLOW ? 3 : 1)) {
      const ts = countHamiltonian({ ...options, engine: "ts" });
      expect(inBuckets(join(dir, `ts-${options.rows}x${options.cols}`), options, { buckets: 4 }).count).toBe(ts.count);
    }
  });

  slowTest("under a 256 KiB budget: buckets chosen per step, a bucket summed in several passes, many drains, the same figures", () => {
    const options = { rows: 6, cols: 6 };
    const memory = countHamiltonian(options);
    setHostLayerBytesForTests(256 * 1024);
    const chosen = inBuckets(join(dir, "auto"), options);
    expect(figures(chosen)).toEqual(figures(memory));
    const one = inBuckets(join(dir, "one"), options, { buckets: 1 });
    expect(figures(one)).toEqual(figures(memory));
    expect(one.peakParts).toBeGreaterThan(1); // the one bucket's states did not fit one table
  });

  slowTest("a count past 2^64 goes on in 128-bit counts (3×22 pen-and-paper paths)", () => {
    const options = {
      rows: 3,
      cols: 22,
      moves: [
        [0, 1],
        [1, 1],
      ] as const,
    } as HamiltonianCountOptions;
    const restarts: string[] = [];
    const disk = inBuckets(join(dir, "wide"), options, { buckets: 2, onRestart: (why) => restarts.push(why) });
    expect(disk.count).toBe(174317197359723514052n);
    expect(disk.entryBytes).toBe(countHamiltonian(options).entryBytes);
    expect(restarts.join("\n")).toMatch(/passed 2\^64/);
  });
});

describe("bucketed counts stopped and resumed", () => {
  const options = { rows: 6, cols: 6 };
  /** Runs the count in `folder`, stopped at step `step`'s checkpoint of kind `phase` (the `nth` of that kind). */
  const stopAt = (folder: string, step: number, phase: CheckpointPhase, nth = 1) => {
    let seen = 0;
    expect(() =>
      inBuckets(folder, options, {
        buckets: 4,
        onCheckpoint: (k, p) => {
          if (k === step && p === phase && ++seen === nth) throw new Stopped();
        },
      }),
    ).toThrow(Stopped);
  };

  it("stopped after an expansion, a segment of one, a bucket and a whole step, four times, and resumed: the figures of one run", () => {
    const memory = countHamiltonian(options);
    setHostLayerBytesForTests(64 * 1024);
    const folder = join(dir, "c");
    stopAt(folder, 10, "expanded");
    stopAt(folder, 21, "expanding", 2);
    stopAt(folder, 22, "summed", 2);
    stopAt(folder, 24, "finished");
    const resumed: number[] = [];
    const disk = inBuckets(folder, options, { buckets: 4, onResume: (step) => resumed.push(step) });
    expect(resumed).toEqual([24]);
    expect(figures(disk)).toEqual(figures(memory));
    // Run again, the count is read off the last layer with the whole count's figures, the
    // arena's peak too (before 2026-12-03 it said the peak of the run that read the count off).
    const again = inBuckets(folder, options, { buckets: 4 });
    expect(figures(again)).toEqual(figures(memory));
    expect(again.peakBytes).toBe(disk.peakBytes);
    // Only the store's files are left: the manifest, and the last layer's.
    expect(
      readdirSync(folder)
        .filter((f) => f.endsWith(".bin"))
        .every((f) => f.startsWith("step-35.")),
    ).toBe(true);
  });

  slowTest("stopped after each segment of every step's expansion (a 64 KiB budget) and resumed each time: the figures of one run", () => {
    const memory = countHamiltonian(options);
    setHostLayerBytesForTests(64 * 1024);
    const folder = join(dir, "s");
    // Each run goes on from the last and stops at its first segment committed: every segment once.
    const stops: number[] = [];
    let disk: ReturnType<typeof inBuckets> | undefined;
    while (!disk) {
      try {
        disk = inBuckets(folder, options, {
          onCheckpoint: (k, p) => {
            if (p !== "expanding") return;
            stops.push(k);
            throw new Stopped();
          },
        });
      } catch (error) {
        if (!(error instanceof Stopped)) throw error;
        // Stopped with the next segment's layer files still there: the committed one's gone.
        const layerFiles = readdirSync(folder).filter((f) => /^step-\d+\.chunk-\d+\.bin$/.test(f));
        expect(layerFiles.length).toBeGreaterThan(0);
      }
    }
    expect(stops.length).toBeGreaterThan(10);
    expect(new Set(stops).size).toBeGreaterThan(5); // segments in many steps
    expect(figures(disk)).toEqual(figures(memory));
  });

  slowTest("the disk at a step's peak: about the larger of the last layer and its buckets, not their sum (a 64 KiB budget)", () => {
    setHostLayerBytesForTests(64 * 1024);
    const segmented = new Set<number>();
    const store = diskBuckets(join(dir, "p"), PROBLEM, { onCheckpoint: (k, p) => p === "expanding" && segmented.add(k) });
    let result: ReturnType<typeof countHamiltonianIn>;
    let steps: StepDisk[];
    try {
      result = countHamiltonianIn(options, store);
      steps = store.stepDisk();
    } finally {
      store.close();
    }
    expect(result.count).toBe(8250272n);
    expect(steps.map((s) => s.step)).toEqual(Array.from({ length: 36 }, (_, k) => k));
    expect(segmented.size).toBeGreaterThan(5);
    // The layer each step made is its states as records: fewer bytes than its entries, at least a tag and a count byte each.
    const tagBytes = (result.entryBytes / 8 + 1) >> 1;
    steps.forEach((s, k) => {
      expect(s.layerBytes, `step ${k}`).toBeLessThan(result.stepStates[k]! * result.entryBytes);
      expect(s.layerBytes, `step ${k}`).toBeGreaterThanOrEqual(result.stepStates[k]! * (tagBytes + 1));
    });
    // The layer before a step, and what all the count's files held at its peak.
    const last = (k: number) => (k === 0 ? 0 : steps[k - 1]!.layerBytes);
    for (const s of steps) {
      expect(s.peakDiskBytes).toBeGreaterThanOrEqual(Math.max(last(s.step), s.bucketBytes));
      // Expanded in segments: the layer's first files were gone before the last buckets were written.
      if (segmented.has(s.step)) expect(s.peakDiskBytes, `step ${s.step}`).toBeLessThan(0.9 * (last(s.step) + s.bucketBytes));
    }
    // Kept whole until its successors were all in buckets (as before), the layer and the buckets would have been on disk together.
    const sum = Math.max(...steps.map((s) => last(s.step) + s.bucketBytes));
    expect(result.peakLayerBytes).toBe(Math.max(...steps.map((s) => s.peakDiskBytes)));
    expect(result.peakLayerBytes).toBeLessThan(0.8 * sum);
  });

  // About 9 s of CPU (512 buckets merged): the slow suite runs it.
  slowTest(
    "under a --disk the buckets alone would pass (2 MiB; 3.0 MiB of them unmerged, a 64 KiB budget): merged between segments, stopped at a merge and resumed, the count",
    () => {
      const options = { rows: 6, cols: 7, moves: KNIGHT };
      setHostLayerBytesForTests(64 * 1024);
      const folder = join(dir, "m");
      let merges = 0;
      expect(() =>
        inBuckets(folder, options, {
          diskCapMiB: 2,
          onCheckpoint: (_k, p) => {
            if (p === "merged" && ++merges === 3) throw new Stopped();
          },
        }),
      ).toThrow(Stopped);
      const phases = new Set<CheckpointPhase>();
      const disk = inBuckets(folder, options, { diskCapMiB: 2, onCheckpoint: (_k, p) => phases.add(p) });
      expect(disk.count).toBe(779938932n);
      expect(phases).toContain("merged");
      expect(disk.peakLayerBytes).toBeLessThanOrEqual(2 * 2 ** 20);
    },
  );

  it("a flipped bit in a bucket file: refused naming the file, never summed", () => {
    const folder = join(dir, "c");
    stopAt(folder, 12, "expanded");
    const bucket = readdirSync(folder).find((f) => /^step-12\.bucket-\d+\.segment-\d+\.bin$/.test(f))!;
    const path = join(folder, bucket);
    const bytes = readFileSync(path);
    bytes[bytes.length >> 1]! ^= 4;
    writeFileSync(path, bytes);
    const run = () => inBuckets(folder, options, { buckets: 4 });
    expect(run).toThrow(InputError);
    expect(run).toThrow(new RegExp(`${bucket.replace(/\./g, "\\.")}.*do not match the sha256`));
  });

  slowTest("the disk cap: a count needing more stops in one line saying what it had and needed, and goes on under a larger cap", () => {
    const folder = join(dir, "c");
    // 5×8 knight paths: layers of up to 3 MiB, past the smallest cap, in half the time of 6×7's.
    const options = { rows: 5, cols: 8, moves: KNIGHT };
    const run = () => inBuckets(folder, options, { diskCapMiB: 1 });
    expect(run).toThrow(UsageError);
    expect(run).toThrow(
      /^the count needs more disk than --disk 1 MiB: at step \d+ of 40 its files in .* held [\d.]+ [KM]iB and [\d.]+ [KM]iB more were to be written; its checkpoint is kept: run again with a larger --disk to go on$/,
    );
    const resumed: number[] = [];
    const disk = inBuckets(folder, options, { diskCapMiB: 64, onResume: (step) => resumed.push(step) });
    expect(disk.count).toBe(36122108n);
    expect(resumed.length).toBe(1);
    expect(disk.peakLayerBytes).toBeGreaterThan(2 ** 20);
  });

  it("bad options refused: buckets not a power of two, past 256, an unknown key", () => {
    expect(() => diskBuckets(join(dir, "x"), PROBLEM, { buckets: 3 })).toThrow(/buckets must be a power of two from 1 to 256, got 3/);
    expect(() => diskBuckets(join(dir, "x"), PROBLEM, { buckets: 512 })).toThrow(UsageError);
    expect(() => diskBuckets(join(dir, "x"), PROBLEM, { diskCapMiB: 0 })).toThrow(UsageError);
    expect(() => diskBuckets(join(dir, "x"), PROBLEM, { bucket: 2 } as DiskBucketsOptions)).toThrow(UsageError);
  });
});
