// Layers of the symmetric tables kernel, byte for byte: the sha256 of each layer's
// matrices and ways (a layer file's body), whole, in 3 shares of the next row and those
// shares merged, as the kernel made them before its layers moved into a raw arena
// (2026-12-02, commit 2add8bf). A change in how the kernel stores its layers must leave
// them, their order included, exactly as they were.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { symLayer, symMergeShares, type SymLayerPart } from "../../src/tables/sym-wasm.js";
import { slowTest } from "../support/tier.js";

const digest = (part: SymLayerPart | undefined): string => {
  expect(part).toBeDefined();
  const ways = Buffer.from(part!.ways.buffer, part!.ways.byteOffset, part!.ways.byteLength);
  return createHash("sha256").update(part!.keys).update(ways).digest("hex").slice(0, 32);
};

interface Golden {
  size: number;
  counts: number[];
  row: number;
  states: number;
  layer: string;
  shares: string[];
  sharesStates: number[];
  merged: string;
  mergedStates: number;
  slow?: boolean;
}

const GOLDEN: Golden[] = [
  {
    size: 8,
    counts: [1, 1, 1, 1, 1, 1, 1, 1],
    row: 3,
    states: 51,
    layer: "201761cec8f0b57248e69c9d3423468c",
    shares: ["358eb527ec797a313afeb3fe048478ac", "bbbb7ca967c02fb122c831ec24c432a9", "45834a884a6b127b9f717107f4403a1d"],
    sharesStates: [190, 189, 187],
    merged: "4f8f58047362ba0e2357c406e67f4667",
    mergedStates: 194,
    slow: true, // the same layers code as the 8×8 (3,2,1,1,1) below, which npm test runs
  },
  {
    size: 8,
    counts: [3, 2, 1, 1, 1],
    row: 4,
    states: 1919,
    layer: "5262c7d1c3884e97d4f5695d474003f2",
    shares: ["77171358e9aed7118f8e486fc87ee981", "ba925a4aa33e5c081244baeb9206365c", "b786a56d302e82e60f94dc7f99f8a221"],
    sharesStates: [691, 689, 692],
    merged: "0f0e1c1815eb666eb3276bb0f30982cd",
    mergedStates: 692,
  },
  {
    size: 9,
    counts: [3, 3, 3],
    row: 4,
    states: 359,
    layer: "828bffb5ea02254d3f6128e853266261",
    shares: ["7934fdba08a4dbbc352d208950385790", "4fc5d2747de64a97f27ca8c76dad2ad6", "2ebb3d20b4019327ebe994b900ae84a7"],
    sharesStates: [359, 358, 359],
    merged: "8ab488dce152a24fb71953f172cfdcd9",
    mergedStates: 359,
  },
  {
    size: 9,
    counts: [2, 2, 2, 2, 1],
    row: 3,
    states: 2844,
    layer: "ff0f9660c4babd08109dcdb86a4a68d4",
    shares: ["64b0330ff41f8cfde864cf20ce6beafe", "826b413ef85703c82cc67bd4c718a867", "df7028f07269842f06b61084b9826e33"],
    sharesStates: [26872, 26872, 26872],
    merged: "6737140c5c98e778e1d41607f9a58660",
    mergedStates: 26880,
    slow: true,
  },
];

describe("symmetric layers, byte for byte as before the raw arena", () => {
  for (const golden of GOLDEN) {
    (golden.slow ? slowTest : it)(
      `${golden.size}×${golden.size} (${golden.counts.join(",")}): layer ${golden.row}, layer ${golden.row + 1} in 3 shares, merged`,
      () => {
        const problem = { size: golden.size, counts: golden.counts, given: [] };
        const layer = symLayer(problem, golden.row)!;
        const shares = [0, 1, 2].map((share) => symLayer(problem, golden.row + 1, share, 3, layer)!);
        const merged = symMergeShares(problem, shares)!;
        expect({
          states: layer.states,
          layer: digest(layer),
          sharesStates: shares.map((s) => s.states),
          shares: shares.map(digest),
          mergedStates: merged.states,
          merged: digest(merged),
        }).toEqual({
          states: golden.states,
          layer: golden.layer,
          sharesStates: golden.sharesStates,
          shares: golden.shares,
          mergedStates: golden.mergedStates,
          merged: golden.merged,
        });
      },
    );
  }
});
