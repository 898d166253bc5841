// Problems past a kernel's fixed arrays: the host reads the limits from the kernel and
// leaves such problems to the TS engine, instead of writing over the kernel's static data.
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli-run.js";

const sampleArgs = (zeros: number, engine: string): string[] => [
  "--size",
  "4",
  "--counts",
  ["1", "1", "1", "1", ...new Array<string>(zeros).fill("0")].join(","),
  "--sample",
  "2",
  "--seed",
  "3",
  "--engine",
  engine,
];

describe("table sampler past the kernel's symbol limit", () => {
  it.each([16, 28])("samples 4 + %i symbols as the ts engine does, exit 0", (zeros) => {
    const wasm = runCli("count-farms", sampleArgs(zeros, "fast"));
    const ts = runCli("count-farms", sampleArgs(zeros, "fast-ts"));
    expect(ts).toMatchObject({ status: 0, stderr: "" });
    expect(wasm).toMatchObject({ status: 0, stderr: "", stdout: ts.stdout });
    expect(wasm.stdout.split("\n\n")).toHaveLength(2);
  });
});
