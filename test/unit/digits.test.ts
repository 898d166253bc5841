import { describe, expect, it } from "vitest";
import { groupDigits } from "../../src/io/digits.js";
import { UsageError } from "../../src/errors.js";

describe("groupDigits", () => {
  it.each([
    [0n, "0"],
    [999n, "999"],
    [1000n, "1,000"],
    [4909920n, "4,909,920"],
    [-1234567n, "-1,234,567"],
    [5524751496156892842531225600n, "5,524,751,496,156,892,842,531,225,600"],
  ])("%s → %s", (n, text) => expect(groupDigits(n)).toBe(text));

  it("groups an exact decimal string of any length without a float in between", () => {
    const big = "1" + "0".repeat(80);
    expect(groupDigits(big).replace(/,/g, "")).toBe(big);
    expect(
      groupDigits(big)
        .split(",")
        .slice(1)
        .every((g) => g.length === 3),
    ).toBe(true);
    expect(groupDigits(12345n, "\u202f")).toBe("12\u202f345");
    expect(groupDigits("12a")).toBe("12a");
  });

  it("refuses what is not a count or a separator with a UsageError (it is public API now)", () => {
    expect(() => groupDigits(null as never)).toThrow(UsageError);
    expect(() => groupDigits({} as never)).toThrow(/n: expected a bigint, a number or a decimal string/);
    expect(() => groupDigits(1000n, 5 as never)).toThrow(/separator: expected a string/);
  });
});
