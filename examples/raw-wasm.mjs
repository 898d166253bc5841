// The raw farms kernel, with nothing from tabula but its .wasm file: plain
// WebAssembly.instantiate, the one import every kernel has (env.abort), and the ABI of
// countPublishedSets from docs/wasm-abi.md. Prints 4909920, the first contest answer.
// Run: node examples/raw-wasm.mjs (Deno and Bun run it too).
import { readFile } from "node:fs/promises";

const bytes = await readFile(new URL(import.meta.resolve("tabula-grids/wasm/farms")));
const { instance } = await WebAssembly.instantiate(bytes, {
  env: {
    abort() {
      throw new Error("the farms kernel aborted");
    },
  },
});

// A row is seven symbols 0..2; its code packs them two bits per column, column 0 lowest.
const rowCode = (row) => [...row].reduce((code, symbol, column) => code | (Number(symbol) << (2 * column)), 0);

// The kernel returns the completions divided by 5! (the five free rows in any order).
const sets = instance.exports.countPublishedSets(rowCode("2100221"), rowCode("0221102"));
console.log(String(sets * 120n));
