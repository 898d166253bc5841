// Exact equality of two long arrays of numbers, bigints or strings (plain or typed), in
// linear time. Vitest's toEqual walks every element through its generic deep equality:
// about 30 µs an element here, 10-20 s for the 735,210 housie patterns. This checks the
// same things toEqual checks on such arrays (the same kind of array, the same length, each
// element the same value) and, on a mismatch, fails with toEqual on a few elements around
// the first difference, so the message shows where and what.
import { expect } from "vitest";

export function expectSameElements(actual: ArrayLike<unknown>, expected: ArrayLike<unknown>, what?: string): void {
  expect(Object.prototype.toString.call(actual), what).toBe(Object.prototype.toString.call(expected));
  expect(actual.length, what).toBe(expected.length);
  let i = 0;
  while (i < actual.length && Object.is(actual[i], expected[i])) i++;
  if (i === actual.length) return;
  const around = (a: ArrayLike<unknown>) => Array.from({ length: Math.min(a.length, i + 4) - Math.max(0, i - 2) }, (_, j) => a[Math.max(0, i - 2) + j]);
  expect({ firstDifferenceAt: i, elements: around(actual) }, what).toEqual({ firstDifferenceAt: i, elements: around(expected) });
  // Equal under toEqual but not Object.is (+0 and -0): still a difference for these arrays.
  throw new Error(`${what ? `${what}: ` : ""}element ${i} differs: ${String(actual[i])} vs ${String(expected[i])}`);
}
