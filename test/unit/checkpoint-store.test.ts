// The one checkpoint store (src/io/checkpoint-store.ts) under both counters: a flipped bit,
// a cut or an extended file anywhere in a folder is refused in one line naming it, never
// used; a damaged or foreign manifest is refused; a second store on a folder refuses naming
// the first one's pid, a dead run's lock is taken over; a killed write's file is removed
// by the next run; a user's files in the folder survive everything the store does.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError, UsageError } from "../../src/errors.js";
import { canonicalJson, CheckpointStore, FolderInUseError, LOCK, MANIFEST } from "../../src/io/checkpoint-store.js";
import { countSymmetricInFolder } from "../../src/tables/checkpoint.js";
import { countHamiltonianIn, type HamiltonianCountOptions } from "../../src/tours/frontier.js";
import { diskLayers } from "../../src/tours/frontier-disk.js";
import { setHostLayerBytesForTests } from "../../src/tours/frontier-host.js";
import { KNIGHT } from "../../src/tours/leapers.js";
import { HAS_PROC, makeZombie } from "../support/zombie.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-checkpoint-store-"));
});
afterEach(() => {
  setHostLayerBytesForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
});

const IDENTITY = { counter: "test", problem: { size: 3, counts: [1, 2] }, kernel: "0".repeat(64) };
const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

/** `work` on a store of `folder`, its lock given up after. */
function withStore<T>(work: (store: CheckpointStore) => T, folder = dir, identity = IDENTITY): T {
  const store = CheckpointStore.open(folder, identity);
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/** Flips bit `bit` of byte `at` of `path`. */
function flipBit(path: string, at: number, bit: number): void {
  const bytes = readFileSync(path);
  bytes[at] = bytes[at]! ^ (1 << bit);
  writeFileSync(path, bytes);
}

/** Each way of damaging a file: a flipped bit (at a seeded place), the last byte cut, a byte added. */
const DAMAGES: [string, (path: string, seed: number) => void][] = [
  ["a flipped bit", (path, seed) => flipBit(path, seed % readFileSync(path).length, seed % 8)],
  ["cut short", (path) => truncateSync(path, readFileSync(path).length - 1)],
  ["extended", (path) => appendFileSync(path, "\0")],
];

describe("the checkpoint store", () => {
  it("reads back what it wrote, whole or in pieces, and refuses any damaged file in one line", () => {
    const text = "0123456789".repeat(50);
    withStore((store) => {
      store.write("a.bin", [bytesOf(text.slice(0, 123)), bytesOf(text.slice(123))]);
      store.write("empty.bin", []);
      store.commit({ step: 1 });
    });
    withStore((store) => {
      expect(store.resumed).toBe(true);
      expect(store.state()).toEqual({ step: 1 });
      expect(store.diskBytes()).toBe(500);
      expect(new TextDecoder().decode(store.read("a.bin"))).toBe(text);
      for (const piece of [7, 64, 500, 4096]) {
        const target = new Uint8Array(piece);
        let got = "";
        expect(
          store.readPieces(
            "a.bin",
            piece,
            () => target,
            (n) => {
              got += new TextDecoder().decode(target.subarray(0, n));
              return true;
            },
          ),
        ).toBe(true);
        expect(got).toBe(text);
      }
      expect(store.read("empty.bin")).toHaveLength(0);
    });
    const saved = readFileSync(join(dir, "a.bin"));
    for (const [name, damage] of DAMAGES) {
      for (const seed of [0, 137, 499]) {
        writeFileSync(join(dir, "a.bin"), saved);
        damage(join(dir, "a.bin"), seed);
        const refusal = new RegExp(
          `^${join(dir, "a.bin")}: (\\d+ bytes where the manifest says 500|its bytes do not match the sha256 in the manifest): damaged since it was written \\(expected the file as written; delete it and run again, and the count makes it again\\)$`,
        );
        withStore((store) => {
          expect(() => store.read("a.bin"), name).toThrow(refusal);
          expect(() => store.read("a.bin"), name).toThrow(InputError);
          // In pieces, nothing is handed on before the digest is checked.
          for (const piece of [16, 500]) {
            const used: number[] = [];
            expect(
              () =>
                store.readPieces(
                  "a.bin",
                  piece,
                  (n) => new Uint8Array(n),
                  (n) => used.push(n) > 0,
                ),
              name,
            ).toThrow(refusal);
            if (piece === 16) expect(used, name).toEqual([]);
          }
        });
      }
    }
  });

  it("refuses a manifest that is damaged (any bit), not a store's, or another count's", () => {
    withStore((store) => {
      store.write("a.bin", [bytesOf("abc")]);
      store.commit({ shares: 8 });
    });
    const manifest = join(dir, MANIFEST);
    const good = readFileSync(manifest);
    for (let at = 0; at < good.length; at += 7) {
      writeFileSync(manifest, good);
      flipBit(manifest, at, at % 7);
      expect(() => withStore(() => 0), `byte ${at}`).toThrow(
        /manifest\.json: (damaged: its text does not match its own sha256|not the manifest of a tabula checkpoint) \(expected the manifest a count with this folder wrote; its files cannot be checked without it: give an empty folder\)$/,
      );
    }
    for (const foreign of ["", "[]", '{"digest":1}', JSON.stringify({ digest: "0".repeat(64), manifest: { format: "other" } })]) {
      writeFileSync(manifest, foreign);
      expect(() => withStore(() => 0)).toThrow(InputError);
    }
    writeFileSync(manifest, good);
    expect(() => withStore(() => 0, dir, { ...IDENTITY, problem: { size: 4, counts: [1, 2] } })).toThrow(
      new UsageError(`${dir} holds the checkpoint of another count (test: counts 1,2, size 3); give an empty folder or that count's`),
    );
    expect(() => withStore(() => 0, dir, { ...IDENTITY, kernel: "1".repeat(64) })).toThrow(/was made by another build of the kernel/);
    expect(withStore((store) => store.state())).toEqual({ shares: 8 });
    // The problem is compared in canonical form: the order of its keys does not matter.
    expect(withStore((store) => store.resumed, dir, { ...IDENTITY, problem: { counts: [1, 2], size: 3 } })).toBe(true);
    expect(canonicalJson({ b: [1, { d: 1, c: undefined }], a: null })).toBe('{"a":null,"b":[1,{"d":1}]}');
  });

  it("a second store on the folder refuses naming the first one's pid; a dead run's lock is taken over", () => {
    const first = CheckpointStore.open(dir, IDENTITY);
    const refusal = `${dir} is in use by another count (pid ${process.pid}, its lock ${join(dir, LOCK)}); wait for it to end, or remove the lock if that run is gone`;
    expect(() => CheckpointStore.open(dir, IDENTITY)).toThrow(refusal);
    // Typed: a usage error (exit 2) that names the pid (--by-start leaves such a class to its run).
    expect(() => CheckpointStore.open(dir, IDENTITY)).toThrow(expect.objectContaining({ pid: process.pid, name: "UsageError" }));
    expect(() => CheckpointStore.open(dir, IDENTITY)).toThrow(FolderInUseError);
    first.close();
    expect(existsSync(join(dir, LOCK))).toBe(false);
    // A lock left by a process that is gone (a kill -9): its pid is not alive.
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    writeFileSync(join(dir, LOCK), `${JSON.stringify({ pid: dead, host: hostname(), token: "x" })}\n`);
    expect(withStore(() => readFileSync(join(dir, LOCK), "utf8"))).toContain(`"pid":${process.pid}`);
    // A lock cut short as it was made holds nobody.
    writeFileSync(join(dir, LOCK), '{"pi');
    expect(withStore(() => "taken")).toBe("taken");
  });

  it.skipIf(!HAS_PROC)("a lock older than the process its pid now names is stale (the pid given again after a reboot)", () => {
    const lock = (started: string) => writeFileSync(join(dir, LOCK), `${JSON.stringify({ pid: process.pid, host: hostname(), token: "x", started })}\n`);
    lock(new Date(Date.now() - 3_600_000).toISOString());
    // Taken over: the lock is this store's own now, not the old one (token "x").
    expect(withStore(() => readFileSync(join(dir, LOCK), "utf8"))).not.toContain('"token":"x"');
    // Written after this process started: this process holds it.
    lock(new Date().toISOString());
    expect(() => withStore(() => 0)).toThrow(`is in use by another count (pid ${process.pid}`);
  });

  it.skipIf(!HAS_PROC)("a lock whose run is a zombie (killed, not reaped) is taken over, not refused as in use", async () => {
    const { pid, parent } = await makeZombie();
    try {
      writeFileSync(join(dir, LOCK), `${JSON.stringify({ pid, host: hostname(), token: "x" })}\n`);
      expect(withStore(() => readFileSync(join(dir, LOCK), "utf8"))).toContain(`"pid":${process.pid}`);
      // The zombie's parent runs: a lock naming it is refused.
      writeFileSync(join(dir, LOCK), `${JSON.stringify({ pid: parent.pid, host: hostname(), token: "y" })}\n`);
      expect(() => withStore(() => 0)).toThrow(`is in use by another count (pid ${parent.pid}`);
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("removes a killed write's file on the next open, and only files it listed; a user's files survive", () => {
    mkdirSync(join(dir, "start"));
    writeFileSync(join(dir, "start", "mine.txt"), "the user's");
    mkdirSync(join(dir, "step-3"));
    writeFileSync(join(dir, "notes.txt"), "the user's notes");
    writeFileSync(join(dir, "in-the-way.bin"), "the user's");
    const killed = CheckpointStore.open(dir, IDENTITY);
    killed.write("kept.bin", [bytesOf("kept")]);
    killed.commit({ step: 0 });
    killed.write("half.bin", [bytesOf("a write the state never named")]);
    expect(() => killed.write("in-the-way.bin", [bytesOf("x")])).toThrow(
      `${join(dir, "in-the-way.bin")}: a file this count did not write is in the way of its own; move it out of ${dir} or give another folder`,
    );
    killed.close(); // as a kill -9 leaves it: the manifest names half.bin pending
    expect(existsSync(join(dir, "half.bin"))).toBe(true);
    withStore((store) => {
      expect(existsSync(join(dir, "half.bin"))).toBe(false);
      expect(store.names()).toEqual(["kept.bin"]);
      store.reset({ step: -1 });
      expect(store.names()).toEqual([]);
    });
    expect(readdirSync(dir).sort()).toEqual(["in-the-way.bin", MANIFEST, "notes.txt", "start", "step-3"]);
    expect(readFileSync(join(dir, "start", "mine.txt"), "utf8")).toBe("the user's");
  });

  it("refuses a folder of a checkpoint from before the store", () => {
    writeFileSync(join(dir, "count.json"), "{}");
    expect(() => CheckpointStore.open(dir, IDENTITY, "count.json")).toThrow(/count\.json: a checkpoint of an older tabula, whose files this one does not read/);
  });
});

describe("a damaged file anywhere in a counter's folder: refused, never used", () => {
  it("tables: Latin squares of order 7 counted two ways; each file in turn damaged, every way", async () => {
    const problem = { size: 7, counts: [1, 1, 1, 1, 1, 1, 1], given: [] };
    expect(await countSymmetricInFolder(problem, dir, { threads: 1, twoWays: true })).toBe(61479419904000n);
    const files = readdirSync(dir).filter((name) => name.endsWith(".bin"));
    expect(files.length).toBeGreaterThanOrEqual(20);
    let refused = 0;
    for (const [index, file] of files.entries()) {
      const [how, damage] = DAMAGES[index % DAMAGES.length]!;
      const path = join(dir, file);
      const saved = readFileSync(path);
      damage(path, index * 131);
      // Either the run reads the file and refuses it, or it does not need it: never a wrong count.
      const outcome = await countSymmetricInFolder(problem, dir, { threads: 1, twoWays: true }).then(
        (count) => count,
        (error: unknown) => error,
      );
      if (outcome instanceof InputError) {
        expect(outcome.message, `${file} ${how}`).toMatch(new RegExp(`^${path}: .*: damaged since it was written \\(`));
        refused++;
      } else {
        expect(outcome, `${file} ${how}`).toBe(61479419904000n);
      }
      writeFileSync(path, saved);
    }
    // The files a resumed two-ways run reads: the layer before the middle, the 8 shares and the last layer.
    expect(refused).toBeGreaterThanOrEqual(10);
  });

  it("tours: 6×6 knight closed tours stopped after step 20; each chunk of its layer damaged, every way", () => {
    const options: HamiltonianCountOptions = { rows: 6, cols: 6, moves: KNIGHT, closed: true };
    setHostLayerBytesForTests(16 * 1024); // many passes a step: many chunk files
    const store = diskLayers(dir, { test: "store" });
    try {
      expect(() =>
        countHamiltonianIn(options, {
          ...store,
          finished: (checkpoint) => {
            store.finished(checkpoint);
            if (checkpoint.step === 20) throw new Error("stopped");
          },
        }),
      ).toThrow("stopped");
    } finally {
      store.close();
    }
    const files = readdirSync(dir).filter((name) => name.startsWith("step-20.chunk-"));
    expect(files.length).toBeGreaterThan(1);
    for (const [index, file] of files.entries()) {
      for (const [how, damage] of DAMAGES) {
        const path = join(dir, file);
        const saved = readFileSync(path);
        damage(path, index * 977 + 5);
        const again = diskLayers(dir, { test: "store" });
        try {
          expect(() => countHamiltonianIn(options, again), `${file} ${how}`).toThrow(new RegExp(`^${path}: .*: damaged since it was written \\(`));
        } finally {
          again.close();
        }
        writeFileSync(path, saved);
      }
    }
    const whole = diskLayers(dir, { test: "store" });
    try {
      expect(countHamiltonianIn(options, whole).count).toBe(9862n);
    } finally {
      whole.close();
    }
  });
});
