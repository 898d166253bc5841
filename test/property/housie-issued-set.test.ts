// The uniqueness set's batch issue (assembly/housie/unique.ts issueBatch, through issueCandidates) against its TS
// baseline (src/housie/issued-set.ts) and against the plain rule it must keep: records
// are issued in order, and a record with a ticket issued before — by an earlier record of
// the same call too, or twice within itself — is refused and leaves nothing behind.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { housieTestKernel } from "../support/test-kernels.js";
import { IssuedSet, homeSlot } from "../oracles/housie-issued-set.js";

const k = housieTestKernel();

/** Issues `records` in the kernel (through its candidate buffers); returns the refused flags. */
function kernelIssue(records: bigint[][], per: number): number[] {
  new BigUint64Array(k.memory.buffer, k.candidateRanksPtr(), records.length * per).set(records.flat());
  k.issueCandidates(records.length, per);
  return [...new Uint8Array(k.memory.buffer, k.refusedFlagsPtr(), records.length)];
}

function baselineIssue(set: IssuedSet, records: bigint[][], per: number): number[] {
  const ranks = new BigUint64Array(records.flat());
  return [...set.issueBatch(new Uint32Array(ranks.buffer), records.length, per)];
}

/** The rule itself, record by record, on a JS Set. */
function modelIssue(issued: Set<bigint>, records: bigint[][]): number[] {
  return records.map((record) => {
    const refused = record.some((rank, i) => issued.has(rank) || record.indexOf(rank) !== i);
    if (!refused) for (const rank of record) issued.add(rank);
    return refused ? 1 : 0;
  });
}

describe("the uniqueness set's batch issue", () => {
  it("refuses exactly the records the rule refuses, in the kernel and the TS baseline alike", () => {
    // Ranks from a small space (many repeats, across calls, within a call and within a
    // record), or near the top of the 62-bit range; several calls per run.
    const rank = fc.oneof(fc.bigInt({ min: 0n, max: 40n }), fc.bigInt({ min: 2n ** 62n - 30n, max: 2n ** 62n - 1n }));
    const call = (per: number) => fc.array(fc.array(rank, { minLength: per, maxLength: per }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 6).chain((per) => fc.tuple(fc.constant(per), fc.array(call(per), { minLength: 1, maxLength: 4 }))),
        ([per, calls]) => {
          k.startRun();
          const baseline = new IssuedSet();
          const issued = new Set<bigint>();
          for (const records of calls) {
            const expected = modelIssue(issued, records);
            expect(kernelIssue(records, per)).toEqual(expected);
            expect(baselineIssue(baseline, records, per)).toEqual(expected);
          }
          expect(k.issuedCount()).toBe(issued.size);
          expect(baseline.size).toBe(issued.size);
          for (const r of [...issued, 41n, 2n ** 62n - 31n]) {
            expect(k.wasIssued(r) !== 0).toBe(issued.has(r));
            expect(baseline.has(r)).toBe(issued.has(r));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives back the set exactly as it was when a record is refused after placing some keys", () => {
    // 5,000 keys that collide into long probe runs (all in a few home slots of the first
    // table), then records whose last ticket repeats: their first keys must leave no trace.
    k.startRun();
    const baseline = new IssuedSet();
    const clustered: bigint[] = [];
    for (let r = 0n; clustered.length < 3000; r++) if (homeSlot(Number(r + 1n), 0, 0xffff) < 64) clustered.push(r);
    const first = clustered.slice(0, 2000).map((r) => [r]);
    expect(kernelIssue(first, 1)).toEqual(first.map(() => 0));
    baselineIssue(baseline, first, 1);
    const repeats = clustered.slice(2000, 2500).map((r, i) => [r, clustered[2500 + i]!, clustered[i]!]);
    expect(kernelIssue(repeats, 3)).toEqual(repeats.map(() => 1));
    expect(baselineIssue(baseline, repeats, 3)).toEqual(repeats.map(() => 1));
    expect(k.issuedCount()).toBe(2000);
    for (const r of clustered) {
      const inFirst = clustered.indexOf(r) < 2000;
      expect(k.wasIssued(r) !== 0).toBe(inFirst);
      expect(baseline.has(r)).toBe(inFirst);
    }
    // And they can be issued afterwards, once the repeat is gone.
    const fresh = clustered.slice(2000, 2500).map((r, i) => [r, clustered[2500 + i]!]);
    expect(kernelIssue(fresh, 2)).toEqual(fresh.map(() => 0));
    expect(k.issuedCount()).toBe(3000);
  });

  it("keeps every key through growth of the table, in the kernel and the TS baseline", () => {
    k.startRun();
    const baseline = new IssuedSet();
    const records = Array.from({ length: 5000 }, (_, i) => Array.from({ length: 8 }, (_, t) => BigInt(i * 8 + t) * 0x1234567n + 99n));
    for (let at = 0; at < records.length; at += 1000) {
      const part = records.slice(at, at + 1000);
      expect(kernelIssue(part, 8)).toEqual(part.map(() => 0));
      expect(baselineIssue(baseline, part, 8)).toEqual(part.map(() => 0));
    }
    expect(k.issuedCount()).toBe(40000); // 2^16 slots grew to 2^17
    expect(k.issuedBytes()).toBe(8 * 2 ** 17);
    expect(records.flat().every((r) => k.wasIssued(r) !== 0 && baseline.has(r))).toBe(true);
    expect(kernelIssue([records[7]!], 8)).toEqual([1]);
  });
});
