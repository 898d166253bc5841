// Long published-value runs of the symmetric method (npm run test:slow).
import { describe, expect, it } from "vitest";
import { countTables } from "../../src/tables/index.js";

describe("Latin squares (OEIS A002860), symmetric method", () => {
  it("order 8: 108776032459082956800 (auto picks the symmetric method)", () => {
    expect(countTables({ size: 8, counts: [1, 1, 1, 1, 1, 1, 1, 1] })).toBe(108776032459082956800n);
  });
});
