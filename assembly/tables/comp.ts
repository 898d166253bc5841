// Symbol-count vectors ("comps") as mixed-radix indices: digit s is in 0..counts[s],
// stride of s is Π_{s'<s} (counts[s']+1). The TypeScript side uses the same layout.
import { within } from "../common/guard";
import { i32At, setI32At } from "./raw";

export const MAX_SYMBOLS: i32 = 16;
/** Largest index space: comps × weights must fit the 16-bit column codes. */
export const MAX_SPACE: i32 = 4096;

export let symbols: i32 = 0;
export let space: i32 = 1;
/** Index of the complete column (every symbol at its count). */
export let fullComp: i32 = 0;
/** Each symbol's count and stride, in static memory (read with countOf, strideOf). */
export const countsBase: usize = memory.data(MAX_SYMBOLS * sizeof<i32>());
export const strideBase: usize = memory.data(MAX_SYMBOLS * sizeof<i32>());
// @ts-ignore: decorator
@inline export function countOf(s: i32): i32 {
  return i32At(countsBase, s);
}
// @ts-ignore: decorator
@inline export function strideOf(s: i32): i32 {
  return i32At(strideBase, s);
}
/** digits[idx * symbols + s]: digit s of comp index idx. */
export let digits = new StaticArray<u8>(0);

export function setSymbolCount(s: i32, count: i32): void {
  within(s, 0, MAX_SYMBOLS - 1, "limit-exceeded: setSymbolCount: symbol past MAX_SYMBOLS");
  within(count, 0, MAX_SPACE, "limit-exceeded: setSymbolCount: count past MAX_SPACE");
  setI32At(countsBase, s, count);
}

/** Fixes k = `k` symbols (counts set before); returns the index space, or -1 if too big. */
export function prepareSymbols(k: i32): i32 {
  within(k, 0, MAX_SYMBOLS, "limit-exceeded: prepareSymbols: symbols past MAX_SYMBOLS");
  symbols = k;
  let size = 1;
  for (let s = 0; s < k; s++) {
    setI32At(strideBase, s, size);
    size *= countOf(s) + 1;
    if (size > MAX_SPACE) return -1;
  }
  space = size;
  digits = new StaticArray<u8>(size * k);
  fullComp = 0;
  for (let s = 0; s < k; s++) fullComp += countOf(s) * strideOf(s);
  for (let idx = 0; idx < size; idx++) {
    for (let s = 0; s < k; s++) {
      unchecked((digits[idx * k + s] = <u8>((idx / strideOf(s)) % (countOf(s) + 1))));
    }
  }
  return size;
}
