// A symmetric meet-in-the-middle count (no distinctness rules, nothing given) split into
// parts that run in separate processes, even on separate days: `layer` writes a whole
// layer R to a file (symLayer); each `part` loads it (or builds the layers itself),
// makes its share of layer ⌈n/2⌉ and writes that; `sum` loads every part into one layer
// and pairs it (symMitmSum), the same sum as countSymmetricMitmWasm. Used for the n = 10
// counts that take hours (docs/tables.md). Files are written whole or not at all.
// Usage: tsx bench/tables-mitm-parts.ts layer R FILE N c1 c2 …
//        tsx bench/tables-mitm-parts.ts part I/K[@FROM] FILE N c1 c2 …
//        tsx bench/tables-mitm-parts.ts sum FILE1,FILE2,… N c1 c2 …
import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { createHash } from "node:crypto";
import { symLayer, symMitmSum, type SymLayerPart } from "../src/tables/sym-wasm.js";

const [mode, which = "", ...rest] = process.argv.slice(2);
const file = mode === "part" || mode === "layer" ? (rest.shift() ?? "") : "";
const [n = 0, ...counts] = rest.map(Number);
const problem = { size: n, counts, given: [] };
const started = process.cpuUsage();
const log = (what: string) => {
  const used = process.cpuUsage(started);
  console.log(`${new Date().toISOString()} cpu ${((used.user + used.system) / 1e6).toFixed(1)} s: ${what}`);
};

// Classes are canonical forms of this kernel build: parts made by another build may name
// one class two ways, so a file records the build's digest and parts of two builds are
// refused. (Files written before 2026-11-27 13:15 carry none: said, not refused.)
const kernelDigest = createHash("sha256").update(readFileSync(new URL("../build/tables.wasm", import.meta.url))).digest("hex");

function checkKernel(path: string, digest: string | undefined): void {
  if (digest === undefined) log(`${path}: no kernel digest recorded (written before digests were); taken as this build's`);
  else if (digest !== kernelDigest) throw new Error(`${path} was made by another build of the tables kernel (${digest.slice(0, 12)}…, this one ${kernelDigest.slice(0, 12)}…): its classes may be named differently`);
}

/** A part as a file: a 4-byte header length, the header as JSON, the keys, then the ways (8-byte aligned). */
function writePart(path: string, part: SymLayerPart): void {
  const header = Buffer.from(JSON.stringify({ size: part.size, counts: part.counts, row: part.row, share: part.share, shares: part.shares, states: part.states, kernel: kernelDigest }));
  const keysAt = 4 + header.length;
  const waysAt = Math.ceil((keysAt + part.keys.length) / 8) * 8;
  const out = Buffer.alloc(waysAt + part.ways.byteLength);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  out.set(part.keys, keysAt);
  out.set(new Uint8Array(part.ways.buffer, part.ways.byteOffset, part.ways.byteLength), waysAt);
  writeFileSync(`${path}.partial`, out);
  renameSync(`${path}.partial`, path); // a part file is whole or absent
}

function readPart(path: string): SymLayerPart {
  const data = readFileSync(path);
  const headerLength = data.readUInt32LE(0);
  const { kernel, ...header } = JSON.parse(data.subarray(4, 4 + headerLength).toString()) as Omit<SymLayerPart, "keys" | "ways"> & { kernel?: string };
  checkKernel(path, kernel);
  const keysAt = 4 + headerLength;
  const keyBytes = header.states * header.size * header.counts.length;
  const waysAt = Math.ceil((keysAt + keyBytes) / 8) * 8;
  const keys = new Uint8Array(data.subarray(keysAt, keysAt + keyBytes));
  const ways = new BigUint64Array(new Uint8Array(data.subarray(waysAt, waysAt + header.states * 16)).buffer);
  return { ...header, keys, ways };
}

const onLayer = (row: number, rows: number, states: number) => log(`layer ${row} of ${rows}: ${states} classes`);
if (mode === "layer") {
  const part = symLayer(problem, Number(which), 0, 1, undefined, onLayer);
  if (!part) throw new Error("a count passed 128 bits");
  writePart(file, part);
  log(`wrote ${file}: ${part.states} classes`);
} else if (mode === "part") {
  const [share = -1, shares = 0] = which.split("@")[0]!.split("/").map(Number);
  const fromFile = which.split("@")[1];
  const from = fromFile ? readPart(fromFile) : undefined;
  if (from) log(`read ${fromFile}: layer ${from.row}, ${from.states} classes`);
  const part = symLayer(problem, Math.ceil(n / 2), share, shares, from, onLayer);
  if (!part) throw new Error("a count passed 128 bits");
  writePart(file, part);
  log(`wrote ${file}: ${part.states} classes`);
} else if (mode === "sum") {
  const parts = which.split(",").map(readPart);
  log(`read ${parts.length} parts: ${parts.map((p) => p.states).join(" + ")} classes`);
  const total = symMitmSum(problem, parts);
  if (total === undefined) throw new Error("a count passed 128 bits");
  log(`total: ${total}`);
} else {
  throw new Error("usage: tsx bench/tables-mitm-parts.ts layer R FILE N c1 c2 … | part I/K[@FROM] FILE N c1 c2 … | sum FILE1,FILE2,… N c1 c2 …");
}
