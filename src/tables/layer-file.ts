// The file form of a symmetric count's layer or share (SymLayerPart), for counts split
// across processes and days (bench/tables-mitm-parts.ts): a 4-byte header length, the
// header as JSON, the keys, then the ways 8-byte aligned. The header records the kernel
// build that named the classes and a digest of the body, so a part of another build or a
// damaged file is refused, never summed.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { InputError } from "../errors.js";
import { quote } from "../io/quote.js";
import type { SymLayerPart } from "./sym-wasm.js";

/** What a layer file says besides its classes: the kernel build and the body's digest. */
export interface LayerFile {
  part: SymLayerPart;
  /** sha256 of the tables kernel that made it (absent in files of earlier versions, which are still read). */
  kernel?: string;
  /** sha256 of the keys and ways (absent in files of earlier versions, which are still read). */
  body?: string;
}

const HEADER_LIMIT = 1 << 16;

/** sha256 of the tables kernel build: classes are its canonical forms, so parts of another build are refused. */
export function tablesKernelDigest(): string {
  return createHash("sha256")
    .update(readFileSync(new URL("../../build/tables.wasm", import.meta.url)))
    .digest("hex");
}
const WAY_BYTES = 16; // two u64 limbs a class

function bodyDigest(keys: Uint8Array, ways: Uint8Array): string {
  return createHash("sha256").update(keys).update(ways).digest("hex");
}

function waysBytes(part: SymLayerPart): Uint8Array {
  return new Uint8Array(part.ways.buffer, part.ways.byteOffset, part.ways.byteLength);
}

/** The bytes of a layer file for `part`, made by the kernel build whose digest is `kernel`. */
export function encodeLayerFile(part: SymLayerPart, kernel: string): Uint8Array {
  const ways = waysBytes(part);
  const header = Buffer.from(
    JSON.stringify({
      size: part.size,
      counts: part.counts,
      row: part.row,
      share: part.share,
      shares: part.shares,
      states: part.states,
      kernel,
      body: bodyDigest(part.keys, ways),
    }),
  );
  const keysAt = 4 + header.length;
  const waysAt = Math.ceil((keysAt + part.keys.length) / 8) * 8;
  const out = Buffer.alloc(waysAt + ways.byteLength);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  out.set(part.keys, keysAt);
  out.set(ways, waysAt);
  return out;
}

const isCount = (value: unknown, min: number): value is number => Number.isSafeInteger(value) && (value as number) >= min;
const isDigest = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);

/** Reads a layer file's bytes; anything short, malformed or damaged is an InputError naming `file`. */
export function decodeLayerFile(data: Uint8Array, file: string): LayerFile {
  const bad = (problem: string, expected?: string) => new InputError(problem, { file }, expected);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length < 4) throw bad(`${bytes.length} bytes, too short for a layer file`, "a file written by tables-mitm-parts");
  const headerLength = bytes.readUInt32LE(0);
  if (headerLength > HEADER_LIMIT || 4 + headerLength > bytes.length)
    throw bad(`header length ${headerLength} past the file's ${bytes.length} bytes`, "a file written by tables-mitm-parts");
  const headerText = bytes.subarray(4, 4 + headerLength).toString("utf8");
  let header: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(headerText);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
    header = parsed as Record<string, unknown>;
  } catch {
    throw bad(`header is not a JSON object: ${quote(headerText)}`, "a file written by tables-mitm-parts");
  }
  const { size, counts, row, share, shares, states, kernel, body } = header;
  if (!isCount(size, 2) || size > 64) throw bad(`header size ${quote(String(size))}`, "a table size from 2 to 64");
  if (!Array.isArray(counts) || counts.length === 0 || counts.length > size || !counts.every((c) => isCount(c, 0)))
    throw bad(`header counts ${quote(JSON.stringify(counts) ?? "")}`, "a list of symbol counts");
  if (!isCount(row, 1) || row >= size) throw bad(`header row ${quote(String(row))}`, `a row from 1 to ${size - 1}`);
  if (!isCount(shares, 1) || !isCount(share, 0) || share >= shares)
    throw bad(`header share ${quote(String(share))} of ${quote(String(shares))}`, "a share i of k with 0 ≤ i < k");
  if (!isCount(states, 0)) throw bad(`header states ${quote(String(states))}`, "a number of classes");
  if (kernel !== undefined && !isDigest(kernel)) throw bad(`header kernel ${quote(String(kernel))}`, "a sha256 digest in hex");
  if (body !== undefined && !isDigest(body)) throw bad(`header body ${quote(String(body))}`, "a sha256 digest in hex");
  const keysAt = 4 + headerLength;
  const keyBytes = states * size * counts.length;
  const waysAt = Math.ceil((keysAt + keyBytes) / 8) * 8;
  const length = waysAt + states * WAY_BYTES;
  if (bytes.length !== length)
    throw bad(`${bytes.length} bytes where its header's ${states} classes take ${length}`, "a whole file: was it cut short or appended to?");
  const keys = new Uint8Array(bytes.subarray(keysAt, keysAt + keyBytes)); // copies: the kernel reads them one by one
  const ways = new BigUint64Array(new Uint8Array(bytes.subarray(waysAt, length)).buffer);
  if (body !== undefined && bodyDigest(keys, waysBytes({ ways } as SymLayerPart)) !== body)
    throw bad("its classes do not match the digest in its header", "an undamaged file");
  const part: SymLayerPart = { size, counts: counts as number[], row, share, shares, states, keys, ways };
  return { part, ...(kernel === undefined ? {} : { kernel }), ...(body === undefined ? {} : { body }) };
}
