// Long counts with the layers in bucket files (src/tours/frontier-buckets.ts): the 7×7
// knight's paths (A165134) and the 7×8 paths of both move sets, in bucket files under a
// 128 MiB cap, equal the published or recorded values (docs/results.md) and, where the
// in-memory run is affordable, its states at every step.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countHamiltonian, countHamiltonianIn, type HamiltonianCountOptions } from "../../src/tours/frontier.js";
import { diskBuckets } from "../../src/tours/frontier-buckets.js";
import { KNIGHT } from "../../src/tours/leapers.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tabula-buckets-long-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

let made = 0;
/** The count in bucket files, in a folder of its own (a store resumes a folder's count: two counts in one would meet). */
function inBuckets(options: HamiltonianCountOptions) {
  const store = diskBuckets(join(dir, `c${++made}`), { test: "long", options: JSON.stringify(options) }, {});
  try {
    return countHamiltonianIn({ ...options, memoryCapMiB: 128 }, store);
  } finally {
    store.close();
  }
}

describe("frontier counts in bucket files", () => {
  it("A165134: 165575218320 directed paths of the 7×7 knight graph, the in-memory states at every step", () => {
    const options = { rows: 7, cols: 7, moves: KNIGHT };
    const disk = inBuckets(options);
    expect(disk.count).toBe(165575218320n);
    expect(disk.stepStates).toEqual(countHamiltonian({ ...options, memoryCapMiB: 3000 }).stepStates);
  });

  it("7×8 pen-and-paper paths: 2320308724328, as docs/results.md records", () => {
    expect(inBuckets({ rows: 7, cols: 8 }).count).toBe(2320308724328n);
  });

  // About an hour of CPU (2 757 s in memory); on a shared machine it passed the suite's hour
  // (2026-12-03: step 40 of 56 after 1 384 CPU s, beside two 8×8 counts), so three hours here.
  it("7×8 knight paths: 41332850120656, as docs/results.md records", { timeout: 3 * 3_600_000 }, () => {
    expect(inBuckets({ rows: 7, cols: 8, moves: KNIGHT }).count).toBe(41332850120656n);
  });
});
