// Uniform tours from layers on disk (src/tours/uniform-disk.ts): the same tours as the
// memory sampler for the same seeds (its main exactness check), the kernel's ways onward
// against the TS Map pass, every walk through the disk layers one tour of the brute-force
// list with probability exactly 1/N; a second sampler on the folder draws without
// counting; stopped at every phase and resumed; a flipped bit, the disk cap and the memory
// cap refused in one line, the checkpoint kept.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InputError, UsageError } from "../../src/errors.js";
import { setDurableWritesForTests } from "../../src/io/checkpoint-store.js";
import { setHostLayerBytesForTests } from "../../src/tours/frontier-host.js";
import { KNIGHT, PEN_PAPER_LEAPERS, type Leaper } from "../../src/tours/leapers.js";
import { buildTourLayers, uniformTourSampler } from "../../src/tours/uniform.js";
import { diskTourLayers, setWaysBucketBytesForTests, uniformTourSamplerOnDisk, type UniformDiskOptions } from "../../src/tours/uniform-disk.js";
import { bruteForce, edgesKey, everyWalk, isTour, pathEdges } from "../support/uniform-walks.js";
import { slowTest } from "../support/tier.js";

let dir = "";
// A killed process's writes survive without fsync; tests write hundreds of small files.
beforeAll(() => setDurableWritesForTests(false));
afterAll(() => setDurableWritesForTests(true));
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-uniform-disk-"));
});
afterEach(() => {
  setHostLayerBytesForTests(undefined);
  setWaysBucketBytesForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
});

interface Board {
  rows: number;
  cols: number;
  moves: readonly Leaper[];
  closed: boolean;
}

/** `count` draws of seed `seed` from the disk sampler on `folder` (the lock given up after), as strings. */
function drawOnDisk(board: Board, folder: string, count: number, seed: bigint, extra: Partial<UniformDiskOptions> = {}): string[] {
  const sampler = uniformTourSamplerOnDisk({ ...board, checkpoint: folder, ...extra });
  try {
    return [...sampler.samples(count, seed)].map((grid) => grid.join(","));
  } finally {
    sampler.close();
  }
}

const inMemory = (board: Board, count: number, seed: bigint): string[] => [...uniformTourSampler(board).samples(count, seed)].map((grid) => grid.join(","));

const BOARDS: [string, Board][] = [
  ["5×5 pen-and-paper closed", { rows: 5, cols: 5, moves: PEN_PAPER_LEAPERS, closed: true }],
  ["4×5 pen-and-paper open", { rows: 4, cols: 5, moves: PEN_PAPER_LEAPERS, closed: false }],
  ["3×4 knight open", { rows: 3, cols: 4, moves: KNIGHT, closed: false }],
  ["6×6 knight closed", { rows: 6, cols: 6, moves: KNIGHT, closed: true }],
];

describe("uniform tours on disk: the memory sampler's tours", () => {
  // The closed boards (a CPU second together) in the slow suite; the open ones here.
  for (const [name, board] of BOARDS) {
    (board.closed ? slowTest : it)(
      `${name}: the same count, live states and tours for the same seeds; every draw a tour; drawn again from the folder alone`,
      () => {
        const memory = uniformTourSampler(board);
        const folder = join(dir, "d");
        const disk = uniformTourSamplerOnDisk({ ...board, checkpoint: folder });
        try {
          expect([disk.count, disk.keptStates, disk.peakStates]).toEqual([memory.count, memory.keptStates, memory.peakStates]);
          const drawn = [...disk.samples(30, 2026n)];
          for (const grid of drawn) expect(isTour(grid, board.rows, board.cols, board.moves, board.closed)).toBe(true);
          expect(drawn.map((g) => g.join(","))).toEqual(inMemory(board, 30, 2026n));
        } finally {
          disk.close();
        }
        // A second sampler on the folder: no count, no backward pass, the same tours.
        const heard: string[] = [];
        expect(drawOnDisk(board, folder, 30, 7n, { onProgress: (phase) => heard.push(phase) })).toEqual(inMemory(board, 30, 7n));
        expect(heard).toEqual([]);
      },
    );
  }

  it("the kernel's ways onward are the TS Map pass's, layer by layer, with many buckets and pieces (5×6 pen-and-paper open)", () => {
    const board = { rows: 5, cols: 6, moves: PEN_PAPER_LEAPERS, closed: false };
    const memory = buildTourLayers({ ...board, engine: "ts" });
    setHostLayerBytesForTests(64 * 1024); // input pieces of a few hundred states
    setWaysBucketBytesForTests(512); // up to 64 buckets a layer here
    const disk = diskTourLayers({ ...board, checkpoint: join(dir, "d") });
    try {
      expect(disk.count).toBe(56728n);
      expect(readdirSync(join(dir, "d")).filter((f) => f.startsWith("ways-")).length).toBeGreaterThan(200);
      const differing: string[] = []; // one assertion over all states (an expect a state cost more than the pass)
      for (let k = 0; k <= memory.plan.size; k++) {
        for (const [key, ways] of memory.onward[k] as Map<string, bigint>) {
          const onDisk = disk.onward[k]!.get(key);
          if (onDisk !== ways) differing.push(`layer ${k}, state ${key}: ${onDisk} on disk, ${ways} in memory`);
        }
      }
      expect(differing).toEqual([]);
      expect(disk.keptStates).toBe(memory.keptStates); // and no state more on disk
    } finally {
      disk.close();
    }
  });

  // A CPU second: the slow suite runs it (the 64→128-bit switch of the count itself is in
  // tours-frontier.test.ts and, for bucket files, in the slow suite too).
  slowTest("128-bit counts: 3×22 with the king's moves (87,158,598,679,861,757,026 paths, past 2^64) draws the memory sampler's tours", () => {
    const board = {
      rows: 3,
      cols: 22,
      moves: [
        [0, 1],
        [1, 1],
      ] as Leaper[],
      closed: false,
    };
    const folder = join(dir, "wide");
    const disk = uniformTourSamplerOnDisk({ ...board, checkpoint: folder });
    try {
      expect(disk.count).toBe(87158598679861757026n);
      expect(JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")).manifest.state.wide).toBe(true);
      expect([...disk.samples(5, 1n)].map((g) => g.join(","))).toEqual(inMemory(board, 5, 1n));
    } finally {
      disk.close();
    }
  });

  it("every walk through the disk layers is one tour of the brute-force list, with probability exactly 1/N (4×5 pen-and-paper open)", () => {
    const listed = bruteForce(4, 5, PEN_PAPER_LEAPERS, false);
    setWaysBucketBytesForTests(64);
    const layers = diskTourLayers({ rows: 4, cols: 5, checkpoint: join(dir, "d") });
    try {
      expect(layers.count).toBe(72n);
      const walks = everyWalk(layers);
      expect(walks.length).toBe(72);
      for (const walk of walks) expect(walk.num * 72n).toBe(walk.den);
      const keys = new Set(walks.map((w) => edgesKey(w.edges)));
      expect(keys.size).toBe(72);
      expect([...keys].sort()).toEqual([...new Set(listed.map((g) => edgesKey(pathEdges(g.split(",").map(Number)))))].sort());
    } finally {
      layers.close();
    }
  });

  slowTest("6×6 pen-and-paper open and 6×6 knight open (streamed in pieces of a 1 MiB budget): the memory sampler's tours", () => {
    setHostLayerBytesForTests(1 << 20);
    for (const board of [
      { rows: 6, cols: 6, moves: PEN_PAPER_LEAPERS, closed: false },
      { rows: 6, cols: 6, moves: KNIGHT, closed: false },
    ]) {
      const folder = join(dir, `${board.moves.length}`);
      expect(drawOnDisk(board, folder, 10, 5n)).toEqual(inMemory(board, 10, 5n));
    }
  });
});

class Stopped extends Error {}

describe("uniform tours on disk: stopped and resumed, damaged, capped", () => {
  const board = { rows: 6, cols: 6, moves: KNIGHT, closed: true };
  /** Runs the sampler on `folder`, stopped at the `nth` checkpoint of `phase` at step `step`. */
  const stopAt = (folder: string, phase: string, step: number, nth = 1) => {
    let seen = 0;
    expect(() =>
      uniformTourSamplerOnDisk({
        ...board,
        checkpoint: folder,
        onCheckpoint: (p, k) => {
          if (p === phase && k === step && ++seen === nth) throw new Stopped();
        },
      }),
    ).toThrow(Stopped);
  };

  it("stopped after a count's expansion, a bucket, a step, and after layers of ways: goes on to the same tours", () => {
    setHostLayerBytesForTests(256 * 1024);
    const folder = join(dir, "d");
    stopAt(folder, "expanded", 10);
    stopAt(folder, "summed", 20);
    stopAt(folder, "finished", 30);
    stopAt(folder, "ways", 30);
    stopAt(folder, "ways", 12);
    const resumed: string[] = [];
    expect(drawOnDisk(board, folder, 20, 3n, { onResume: (line) => resumed.push(line) })).toEqual(inMemory(board, 20, 3n));
    expect(resumed).toEqual([expect.stringMatching(/^resuming from .*: the ways onward of layers 12 to 36 written/)]);
    // Only the ways are left: the count's layers were let go as the backward pass went.
    expect(readdirSync(folder).filter((f) => f.endsWith(".bin") && !f.startsWith("ways-"))).toEqual([]);
  });

  it("a flipped bit in a ways file: the draw refused naming the file; in a count's layer: the backward pass refused", () => {
    const folder = join(dir, "d");
    drawOnDisk(board, folder, 1, 1n);
    const ways = readdirSync(folder).find((f) => /^ways-20\.bucket-\d+\.bin$/.test(f))!;
    const path = join(folder, ways);
    const bytes = readFileSync(path);
    bytes[bytes.length >> 1]! ^= 8;
    writeFileSync(path, bytes);
    const draw = () => drawOnDisk(board, folder, 20, 1n);
    expect(draw).toThrow(InputError);
    expect(draw).toThrow(new RegExp(`${ways.replace(/\./g, "\\.")}.*do not match the sha256`));

    const other = join(dir, "e");
    stopAt(other, "ways", 25);
    const layer = readdirSync(other).find((f) => /^step-20\.chunk-\d+\.bin$/.test(f))!;
    const at = join(other, layer);
    const layerBytes = readFileSync(at);
    layerBytes[3]! ^= 1;
    writeFileSync(at, layerBytes);
    expect(() => drawOnDisk(board, other, 1, 1n)).toThrow(new RegExp(`${layer.replace(/\./g, "\\.")}.*do not match the sha256`));
  });

  // A few CPU seconds (the whole 6×7 count and draw after the refusal): the slow suite runs it;
  // npm test keeps the counter's own disk cap (test/cli/pen-paper-disk.test.ts).
  slowTest("the disk cap: refused in one line with the checkpoint kept, then goes on under a larger cap", () => {
    const folder = join(dir, "d");
    const open = { rows: 6, cols: 7, moves: PEN_PAPER_LEAPERS, closed: false }; // over 1 MiB of files at the peak
    const run = (diskCapMiB: number) => drawOnDisk(open, folder, 5, 4n, { diskCapMiB });
    expect(() => run(1)).toThrow(UsageError);
    expect(() => run(1)).toThrow(/^the count needs more disk than --disk 1 MiB: .* its checkpoint is kept: run again with a larger --disk to go on$/);
    expect(run(64)).toEqual(inMemory(open, 5, 4n));
  });

  it("the memory cap: a layer's ways past the kernel's table refused in one line, the checkpoint kept", () => {
    const folder = join(dir, "d");
    const open = { rows: 5, cols: 6, moves: PEN_PAPER_LEAPERS, closed: false };
    setHostLayerBytesForTests(32 * 1024); // a table of 1,536 states
    const run = () => drawOnDisk(open, folder, 5, 4n);
    expect(run).toThrow(UsageError);
    expect(run).toThrow(
      /^the ways onward of layer \d+ of 30 \(\d+ live states\) need a table of .*, more than the memory cap of 2048 MiB holds beside the input buffer \(.*\); raise --memory \(at most 4096\): the checkpoint in .* is kept$/,
    );
    setHostLayerBytesForTests(undefined);
    expect(run()).toEqual(inMemory(open, 5, 4n));
  });

  it("bad options refused: no folder, an unknown key, a cap out of range", () => {
    expect(() => uniformTourSamplerOnDisk({ rows: 5, cols: 5, checkpoint: "" })).toThrow(/checkpoint: expected a folder/);
    expect(() => uniformTourSamplerOnDisk({ rows: 5, cols: 5, checkpoint: join(dir, "x"), maxStates: 5 } as never)).toThrow(UsageError);
    expect(() => uniformTourSamplerOnDisk({ rows: 5, cols: 5, checkpoint: join(dir, "x"), memoryCapMiB: 5000 })).toThrow(/memoryCapMiB/);
    expect(() => uniformTourSamplerOnDisk({ rows: 0, cols: 5, checkpoint: join(dir, "x") })).toThrow(/rows: expected a whole number from 1 to 64/);
    expect(
      Array.from(
        uniformTourSamplerOnDisk({ rows: 1, cols: 1, checkpoint: join(dir, "x") })
          .samples(1)
          .next().value!,
      ),
    ).toEqual([1]);
  });
});
