// The column ranges live once, in the housie kernel (COLUMNS and COLUMN_SIZES, exported
// constants): the TS model (model/columns.ts) is made from the values the build read from
// the module, and the loaded kernel exports the same.
import { describe, expect, it } from "vitest";
import { COLUMNS, COLUMN_FIRST, COLUMN_OF, COLUMN_SIZE, LAST_NUMBER } from "../../src/housie/model/columns.js";
import { housieConstants } from "../../src/wasm/generated/housie.js";
import { housieKernel } from "../../src/housie/kernel.js";

describe("housie columns", () => {
  it("are 1-9, 10-19, …, 70-79, 80-90, from the kernel's constants", () => {
    expect(COLUMNS).toBe(9);
    expect(COLUMN_SIZE).toEqual([9, 10, 10, 10, 10, 10, 10, 10, 11]);
    expect(COLUMN_FIRST).toEqual([1, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect(LAST_NUMBER).toBe(90);
    expect(COLUMN_OF).toHaveLength(91);
    for (let x = 1; x <= 90; x++) expect(COLUMN_OF[x], `number ${x}`).toBe(x === 90 ? 8 : Math.floor(x / 10));
  });

  it("the loaded kernel exports the values the model was made from", () => {
    const k = housieKernel();
    expect(k.COLUMNS.value).toBe(housieConstants.COLUMNS);
    expect(k.COLUMN_SIZES.value).toBe(housieConstants.COLUMN_SIZES);
    expect(k.COLUMN_SIZES.value).toBe(0xbaaaaaaa9n);
  });
});
