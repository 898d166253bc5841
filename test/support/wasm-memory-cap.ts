// A kernel's memory cap, read from and written into its compiled module: the memory's
// maximum (the build's --maximumMemory) and the MEMORY_CAP_PAGES constant the host reads
// to word an out-of-memory trap (src/wasm/load.ts). A test lowers both in a copy of a
// release kernel to reach the cap in a second instead of filling 1 GiB; the module is
// otherwise the release build, byte for byte. Values are rewritten in place as LEB128 of
// the same length (padding is valid wasm), so no section moves.

interface Leb {
  value: number;
  at: number;
  length: number;
}

function readLeb(bytes: Uint8Array, at: number, signed = false): Leb {
  let value = 0;
  let shift = 0;
  let i = at;
  let byte: number;
  do {
    byte = bytes[i++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  if (signed && byte & 0x40) value -= 2 ** shift;
  return { value, at, length: i - at };
}

function writeLeb(bytes: Uint8Array, leb: Leb, value: number): void {
  if (value < 0 || value >= 2 ** (7 * leb.length - 1)) throw new Error(`${value} does not fit ${leb.length} LEB128 bytes`);
  for (let i = 0; i < leb.length; i++) bytes[leb.at + i] = (Math.floor(value / 2 ** (7 * i)) & 0x7f) | (i < leb.length - 1 ? 0x80 : 0);
}

function skipName(bytes: Uint8Array, at: number): number {
  const n = readLeb(bytes, at);
  return at + n.length + n.value;
}

/** The positions of the memory's maximum and of MEMORY_CAP_PAGES's i32.const in `wasm`. */
function capFields(wasm: Uint8Array): { maximum: Leb; constant: Leb } {
  const sections = new Map<number, number>(); // id -> payload start
  for (let at = 8; at < wasm.length;) {
    const id = wasm[at]!;
    const size = readLeb(wasm, at + 1);
    sections.set(id, at + 1 + size.length);
    at += 1 + size.length + size.value;
  }
  let importedGlobals = 0;
  if (sections.has(2)) {
    let at = sections.get(2)!;
    const count = readLeb(wasm, at);
    at += count.length;
    for (let i = 0; i < count.value; i++) {
      at = skipName(wasm, skipName(wasm, at));
      const kind = wasm[at++]!;
      if (kind === 0) at += readLeb(wasm, at).length;
      else if (kind === 1 || kind === 2) {
        if (kind === 1) at++; // reference type
        const flags = wasm[at++]!;
        at += readLeb(wasm, at).length;
        if (flags & 1) at += readLeb(wasm, at).length;
      } else if (kind === 3) { at += 2; importedGlobals++; }
      else throw new Error(`import kind ${kind}`);
    }
  }
  let memAt = sections.get(5);
  if (memAt === undefined) throw new Error("the module defines no memory");
  memAt += readLeb(wasm, memAt).length; // count (1)
  const flags = wasm[memAt++]!;
  if (!(flags & 1)) throw new Error("the memory has no maximum");
  const maximum = readLeb(wasm, memAt + readLeb(wasm, memAt).length);

  let exportAt = sections.get(7)!;
  const exports = readLeb(wasm, exportAt);
  exportAt += exports.length;
  let capIndex = -1;
  for (let i = 0; i < exports.value; i++) {
    const len = readLeb(wasm, exportAt);
    const name = new TextDecoder().decode(wasm.subarray(exportAt + len.length, exportAt + len.length + len.value));
    exportAt += len.length + len.value;
    const kind = wasm[exportAt++]!;
    const index = readLeb(wasm, exportAt);
    exportAt += index.length;
    if (kind === 3 && name === "MEMORY_CAP_PAGES") capIndex = index.value;
  }
  if (capIndex < importedGlobals) throw new Error("the module exports no MEMORY_CAP_PAGES global of its own");
  let at = sections.get(6)!;
  at += readLeb(wasm, at).length;
  for (let g = importedGlobals; ; g++) {
    at += 2; // value type, mutability
    const op = wasm[at++]!;
    if (g === capIndex) {
      if (op !== 0x41) throw new Error("MEMORY_CAP_PAGES is not an i32.const");
      return { maximum, constant: readLeb(wasm, at, true) };
    }
    if (op === 0x41 || op === 0x42) at += readLeb(wasm, at, true).length;
    else if (op === 0x43) at += 4;
    else if (op === 0x44) at += 8;
    else if (op === 0x23 || op === 0xd2) at += readLeb(wasm, at).length;
    else if (op === 0xd0) at += 1;
    else throw new Error(`global initialiser opcode ${op}`);
    if (wasm[at++] !== 0x0b) throw new Error("a global initialiser longer than one instruction");
  }
}

/** The memory's maximum and MEMORY_CAP_PAGES of a compiled kernel, in 64 KiB pages. */
export function memoryCap(wasm: Uint8Array): { maximum: number; constant: number } {
  const { maximum, constant } = capFields(wasm);
  return { maximum: maximum.value, constant: constant.value };
}

/** A copy of `wasm` whose memory maximum and MEMORY_CAP_PAGES are both `pages`. */
export function withMemoryCap(wasm: Uint8Array, pages: number): Uint8Array {
  const copy = Uint8Array.from(wasm);
  const { maximum, constant } = capFields(copy);
  writeLeb(copy, maximum, pages);
  writeLeb(copy, constant, pages);
  return copy;
}
