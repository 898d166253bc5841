// Layers of the symmetric tables kernel cross the WASM boundary in batches (symMoveBuffer,
// symReadOut, symLoadBatch), not one byte a call: read out and loaded back, they are byte
// for byte what the per-byte exports (symStateByte, symLoadByte, kept as the reference)
// give, on layers of size 8 and 9 — whole, in shares, merged, and carried on from a loaded layer.
import { afterEach, describe, expect, it } from "vitest";
import { setSymLayersByteByByteForTests, symLayer, symMergeShares, symMitmSum, type SymLayerPart } from "../../src/tables/sym-wasm.js";
import type { SymProblem } from "../../src/tables/sym-ts.js";

import { slowTest } from "../support/tier.js";
afterEach(() => setSymLayersByteByByteForTests(false));

/** `make` run with the layers moved in batches and one byte a call: both results. */
function bothWays<T>(make: () => T): [T, T] {
  setSymLayersByteByByteForTests(false);
  const bulk = make();
  setSymLayersByteByByteForTests(true);
  const byByte = make();
  setSymLayersByteByByteForTests(false);
  return [bulk, byByte];
}

const bytesOf = (ways: BigUint64Array): Buffer => Buffer.from(ways.buffer, ways.byteOffset, ways.byteLength);

function expectSameLayer(bulk: SymLayerPart | undefined, byByte: SymLayerPart | undefined, what: string): SymLayerPart {
  expect(bulk, what).toBeDefined();
  expect(bulk!.states, what).toBeGreaterThan(0);
  // (Buffer.equals: toEqual walks a typed array element by element, minutes on these.)
  expect(Buffer.from(bulk!.keys).equals(Buffer.from(byByte!.keys)), `${what}: the matrices`).toBe(true);
  expect(bytesOf(bulk!.ways).equals(bytesOf(byByte!.ways)), `${what}: the ways`).toBe(true);
  expect({ ...bulk!, keys: 0, ways: 0 }, what).toEqual({ ...byByte!, keys: 0, ways: 0 });
  return bulk!;
}

/** A layer's classes, each matrix (hex) with its ways, sorted. */
function classes(part: SymLayerPart): string[] {
  const bytes = part.size * part.counts.length;
  return Array.from(
    { length: part.states },
    (_, i) => `${Buffer.from(part.keys.subarray(i * bytes, (i + 1) * bytes)).toString("hex")} ${part.ways[2 * i]} ${part.ways[2 * i + 1]}`,
  ).sort();
}

const PROBLEMS: [string, SymProblem, number][] = [
  ["8×8 Latin squares", { size: 8, counts: [1, 1, 1, 1, 1, 1, 1, 1], given: [] }, 3],
  ["9×9 tables (3,3,3)", { size: 9, counts: [3, 3, 3], given: [] }, 4],
];

describe("symmetric layers moved in bulk", () => {
  for (const [name, problem, row] of PROBLEMS) {
    (row === 4 ? it : slowTest)(`${name}: layer ${row} whole and layer ${row + 1} in 3 shares and merged, the same bytes as one byte a call`, () => {
      const layer = expectSameLayer(...bothWays(() => symLayer(problem, row)), `layer ${row}`);
      const shares = [0, 1, 2].map((share) => expectSameLayer(...bothWays(() => symLayer(problem, row + 1, share, 3, layer)), `share ${share}`));
      const merged = expectSameLayer(...bothWays(() => symMergeShares(problem, shares)), "merged");
      // The merged layer holds the classes of the layer made whole (carried on from the loaded one), in another order.
      expect(classes(merged)).toEqual(classes(symLayer(problem, row + 1, 0, 1, layer)!));
      if (row + 1 === Math.ceil(problem.size / 2)) expect(symMitmSum(problem, shares, layer)).toBeGreaterThan(0n);
    });
  }
});
