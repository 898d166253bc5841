// markIssued respects the uniqueness set's slot limit: 2^24 tickets fill it, the next one
// is a KernelError "limit-exceeded" instead of the set growing past its slots (where the
// byte size wrapped). Slow: 2^24 calls across the boundary (~30 s).
import { describe, expect, it } from "vitest";
import { KernelError } from "../../src/errors.js";
import { housieKernel, housieModule } from "../../src/housie/kernel.js";

describe("housie uniqueness set limit", () => {
  it("housie: markIssued stops at MAX_UNIQUE_TICKETS instead of growing the set past its slots", () => {
    const k = housieKernel();
    const limit = housieModule.constant("MAX_UNIQUE_TICKETS");
    expect(limit).toBe(2 ** 24);
    k.reserveIssued(limit);
    for (let rank = 0n; rank < BigInt(limit); rank++) k.markIssuedRank(rank);
    expect(k.issuedCount()).toBe(limit);
    expect(() => k.markIssuedRank(BigInt(limit))).toThrow(KernelError);
    expect(() => k.markIssuedRank(BigInt(limit))).toThrow(/limit.*markIssued/);
    expect(k.issuedCount()).toBe(limit);
  });
});
