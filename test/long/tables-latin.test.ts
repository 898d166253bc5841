// Long published-value runs of the symmetric method (npm run test:long).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeLayerFile, tablesKernelDigest } from "../../src/tables/layer-file.js";
import { symMitmSum } from "../../src/tables/sym-wasm.js";
import { countTables } from "../../src/tables/index.js";
import { countSymmetricWasm } from "../../src/tables/sym-wasm.js";
import { normalizeProblem } from "../../src/tables/problem.js";
import { countTablesParallel, splitsSymmetric } from "../../src/tables/parallel.js";

const latin = (n: number) => ({ size: n, counts: new Array<number>(n).fill(1) });

describe("Latin squares (OEIS A002860), symmetric method", () => {
  it("order 8: 108776032459082956800 (auto picks the symmetric method and its kernel)", () => {
    expect(countTables(latin(8))).toBe(108776032459082956800n);
  });

  it("order 8 by the TypeScript baseline of the same method", () => {
    expect(countTables({ ...latin(8), engine: "ts" })).toBe(108776032459082956800n);
  });

  it("order 9: 5524751496156892842531225600, by the kernel, with the classes per layer", () => {
    const layers: number[] = [];
    expect(countTables({ ...latin(9), onLayer: (_placed, _rows, states) => layers.push(states) })).toBe(5524751496156892842531225600n);
    // The (9 - r)-regular bipartite graphs on 9 + 9 vertices up to isomorphism; meeting
    // in the middle, the count places 5 rows and pairs layer 4 with layer 5.
    expect(layers).toEqual([1, 8, 224, 3529, 3529]);
  });

  it("order 9 row by row (the kernel without meeting in the middle), the same count and the layers to row 8", () => {
    const layers: number[] = [];
    expect(countSymmetricWasm(normalizeProblem(latin(9)), (_placed, _rows, states) => layers.push(states))).toBe(5524751496156892842531225600n);
    expect(layers).toEqual([1, 8, 224, 3529, 3529, 224, 8, 1]);
  });

  it("order 9 on two threads: the middle layer in two shares made in workers, the same count", async () => {
    expect(splitsSymmetric(normalizeProblem(latin(9)), "wasm", 2)).toBe(true);
    const progress: [number, number][] = [];
    expect(await countTablesParallel({ ...latin(9), threads: 2, onProgress: (done, all) => progress.push([done, all]) })).toBe(5524751496156892842531225600n);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]); // the two shares, not rows or DP jobs
  });

  // Order 10 took 5.5 CPU hours in parts (docs/tables.md): too long for any suite. Its 8
  // shares of layer 5 (bench/tables-mitm-parts.ts, 560 MB) are summed here when a folder
  // holding them is named, in about 2.5 minutes.
  const parts = process.env.TABULA_LATIN10_PARTS;
  it.runIf(parts)(
    "order 10: 9982437658213039871725064756920320000, summed from the 8 shares of layer 5 in $TABULA_LATIN10_PARTS",
    () => {
      const files = readdirSync(parts!)
        .filter((f) => /^latin10-l5-\d-of-8\.bin$/.test(f))
        .map((f) => join(parts!, f));
      expect(files).toHaveLength(8);
      const decoded = files.map((f) => decodeLayerFile(readFileSync(f), f));
      // Classes are named by the kernel build that made them: parts of another build cannot be
      // summed by this one (the canonical form changed on 2026-11-27 evening).
      const builds = decoded.map((d) => d.kernel ?? "none (before digests)");
      expect(builds, "the shares' kernel builds: make them again with this build (bench/tables-mitm-parts.ts, about 5.5 CPU hours)").toEqual(
        files.map(() => tablesKernelDigest()),
      );
      const shares = decoded.map((d) => d.part);
      expect(symMitmSum({ ...latin(10), given: [] }, shares)).toBe(9982437658213039871725064756920320000n);
    },
    900_000,
  );
});
