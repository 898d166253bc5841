// Edge tests of the kernel's 128-bit arithmetic (two u64 limbs, overflow flagged).
import { describe, expect, it } from "vitest";
import { tablesTestKernel } from "../support/test-kernels.js";

const MASK = (1n << 64n) - 1n;
const LIMIT = 1n << 128n;
const k = tablesTestKernel();
const limbs = (x: bigint): [bigint, bigint] => [BigInt.asIntN(64, x & MASK), BigInt.asIntN(64, x >> 64n)];
const product = (): bigint => (BigInt.asUintN(64, k.lastProductHi()) << 64n) | BigInt.asUintN(64, k.lastProductLo());

const EDGES = [0n, 1n, 2n, 0xffffffffn, 1n << 32n, MASK, 1n << 64n, (1n << 64n) + 1n, (1n << 96n) - 1n, LIMIT - 1n, 123456789012345678901234567n];

describe("tables kernel 128-bit arithmetic", () => {
  it("multiplies two 128-bit numbers exactly, flagging results of 2^128 and more", () => {
    for (const a of EDGES) {
      for (const b of EDGES) {
        k.clearOverflow();
        k.multiplyWide(...limbs(a), ...limbs(b));
        const exact = a * b;
        expect(Boolean(k.lastOverflowed()), `${a} × ${b}`).toBe(exact >= LIMIT);
        if (exact < LIMIT) expect(product(), `${a} × ${b}`).toBe(exact);
      }
    }
  });

  it("multiplies by small factors exactly, flagging overflow", () => {
    for (const a of EDGES) {
      for (const w of [1n, 2n, 3n, 120n, 3628800n, 0xffffffffn]) {
        k.clearOverflow();
        k.multiplySmallForTest(...limbs(a), w);
        const exact = a * w;
        expect(Boolean(k.lastOverflowed()), `${a} × ${w}`).toBe(exact >= LIMIT);
        if (exact < LIMIT) expect(product()).toBe(exact);
      }
    }
  });

  it("divides exactly by small divisors", () => {
    for (const q of EDGES) {
      for (const d of [1n, 2n, 7n, 12870n, 0xffffffffn]) {
        if (q * d >= LIMIT) continue;
        k.divideSmall(...limbs(q * d), d);
        expect(product(), `${q * d} / ${d}`).toBe(q);
      }
    }
  });
});
