// The file form of a symmetric count's layer (bench/tables-mitm-parts.ts): what is written
// reads back the same, and a short, appended, damaged or malformed file is one InputError
// naming the file, never a part that would be summed.
import { describe, expect, it } from "vitest";
import { decodeLayerFile, encodeLayerFile } from "../../src/tables/layer-file.js";
import type { SymLayerPart } from "../../src/tables/sym-wasm.js";
import { InputError } from "../../src/errors.js";

const KERNEL = "ab".repeat(32);
const part: SymLayerPart = {
  size: 4,
  counts: [2, 1, 1],
  row: 2,
  share: 1,
  shares: 3,
  states: 2,
  keys: Uint8Array.from({ length: 2 * 4 * 3 }, (_, i) => i % 3),
  ways: BigUint64Array.from([5n, 0n, 2n ** 64n - 1n, 7n]),
};

function refusal(data: Uint8Array): InputError {
  try {
    decodeLayerFile(data, "part.bin");
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error("decoded");
}

/** A file of no classes with `header` (padded to the 8-byte boundary where ways would start). */
function withHeader(header: unknown): Uint8Array {
  const text = Buffer.from(JSON.stringify(header));
  const out = Buffer.alloc(Math.ceil((4 + text.length) / 8) * 8);
  out.writeUInt32LE(text.length, 0);
  text.copy(out, 4);
  return out;
}

describe("layer files", () => {
  it("read back the part, the kernel digest and a body digest", () => {
    const file = decodeLayerFile(encodeLayerFile(part, KERNEL), "part.bin");
    expect(file.part).toEqual(part);
    expect(file.kernel).toBe(KERNEL);
    expect(file.body).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuse a file cut short or appended to, naming the file", () => {
    const bytes = encodeLayerFile(part, KERNEL);
    expect(refusal(bytes.subarray(0, bytes.length - 1)).message).toMatch(/^part\.bin: \d+ bytes where its header's 2 classes take \d+/);
    expect(refusal(Buffer.concat([bytes, Buffer.from([0])])).file).toBe("part.bin");
    expect(refusal(bytes.subarray(0, 3)).message).toContain("too short");
  });

  it("refuse a damaged class by the body digest", () => {
    const bytes = Buffer.from(encodeLayerFile(part, KERNEL));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(refusal(bytes).message).toContain("do not match the digest");
  });

  it("refuse headers that are not a layer's", () => {
    const good = { size: 4, counts: [2, 1, 1], row: 2, share: 1, shares: 3, states: 0 };
    expect(decodeLayerFile(withHeader(good), "part.bin").part.states).toBe(0);
    for (const [change, words] of [
      [{ size: "4" }, "header size"],
      [{ counts: [] }, "header counts"],
      [{ counts: [1, -1] }, "header counts"],
      [{ row: 4 }, "header row"],
      [{ share: 3 }, "header share"],
      [{ states: 1.5 }, "header states"],
      [{ kernel: "xyz" }, "header kernel"],
      [{ body: 12 }, "header body"],
    ] as const) {
      expect(refusal(withHeader({ ...good, ...change })).message).toContain(words);
    }
    const notJson = Buffer.from([3, 0, 0, 0, 0x7b, 0x0a, 0x1b]);
    expect(refusal(notJson).message).toBe('part.bin: header is not a JSON object: "{\\n\\x1b" (expected a file written by tables-mitm-parts)');
    expect(refusal(Buffer.from([255, 255, 255, 255, 0])).message).toContain("header length");
  });
});
