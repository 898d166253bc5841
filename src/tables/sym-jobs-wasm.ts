// The symmetric method for the column method's jobs, in the kernel (assembly/tables/sym.ts
// in weighted mode; countJobSymTs in sym-jobs-ts.ts is its baseline, with the same
// contract as countJobTs): a job's compressed columns carry their weight as entry 0, a
// cell of its own, and each part of λ places one row λ_j times. The walk over the
// partitions goes depth first, so partitions with a common prefix share its layers: a
// layer with more than one part to follow is saved in the kernel and restored before each.
// One leaf is met in the middle instead of walked: λ = 1^rows of a job with nothing
// placed (no given rows), where the bottom rows read upwards are the same process as the
// top ones. The kernel places ⌈rows/2⌉ single rows and pairs each class with its
// complement's (needs → counts − needs, each column keeping its weight), as the whole-
// table count does (sym-wasm.ts), under the group of weight-preserving column
// permutations and equal-count symbol permutations, |G| = Π_w (columns of weight w)! ·
// Π m_j!. Those leaves are the heaviest (10×10 (2,2,2,2,2): about 95% of the work).
import { countingKernel, countMemoryCapMiB, symCountError } from "./kernel.js";
import { symLimits, symPairSum } from "./sym-wasm.js";
import { symmetryOrder } from "./sym-ts.js";
import { countJobSymTs } from "./sym-jobs-ts.js";
import { partitionsInLeafOrder } from "./partitions.js";
import { fromLimbs } from "../wasm/limbs.js";
import { factorial } from "../math.js";
import { KernelError } from "../errors.js";
import type { JobShape } from "./dp-ts.js";

/** A count of the walk passed 128 bits: the job is counted again in bigint TypeScript. */
class PastWideCounts extends Error {}

/** N(λ) for every partition λ of job.rows, in leaf order (0 where not computed); exact. */
export function countJobSymWasm(counts: readonly number[], job: JobShape): bigint[] {
  const n = job.columns.length;
  const k = counts.length;
  const { maxSize, maxSymbols } = symLimits();
  if (n > maxSize || k + 1 > maxSymbols) {
    throw new KernelError(
      "tables",
      "limit-exceeded",
      `the symmetric kernel counts a job of up to ${maxSize} columns and ${maxSymbols - 1} symbols (this one: ${n} columns, ${k} symbols); use the ts engine`,
    );
  }
  const kernel = countingKernel();
  const values = new Map<string, bigint>();
  const fromScratch = nothingPlaced(job) && job.rows >= 2;
  try {
    // The walk leaves out λ = 1^rows when nothing is placed; it is met in the middle after.
    const lowestFirstPart = fromScratch ? 2 : 1;
    if (job.firstPart === 0 || job.firstPart >= lowestFirstPart) {
      setupWeighted(counts, job);
      walk(kernel, job, values, lowestFirstPart);
    }
    if (fromScratch && job.firstPart <= 1) values.set(new Array<number>(job.rows).fill(1).join(","), meetInTheMiddle(kernel, counts, job));
  } catch (error) {
    if (error instanceof PastWideCounts) return countJobSymTs(counts, job);
    throw symCountError(error);
  }
  return partitionsInLeafOrder(job.rows).map((parts) => values.get(parts.join(",")) ?? 0n);
}

/** Whether no column has anything placed yet (no given rows): every column needs each symbol's full count. */
function nothingPlaced(job: JobShape): boolean {
  return job.columns.every((column) => column.comp.every((placed) => placed === 0));
}

/** N(1^rows) of a job with nothing placed, by meeting in the middle (see the top of this file). */
function meetInTheMiddle(kernel: ReturnType<typeof countingKernel>, counts: readonly number[], job: JobShape): bigint {
  setupWeighted(counts, job);
  for (let placed = 0; placed < Math.ceil(job.rows / 2); placed++) {
    if (kernel.symStepPart(1) < 0) throw new PastWideCounts();
  }
  const byWeight = new Map<number, number>();
  for (const { weight } of job.columns) byWeight.set(weight, (byWeight.get(weight) ?? 0) + 1);
  let group = symmetryOrder(0, counts); // 0! · Π m_j!: the equal-count symbols
  for (const columns of byWeight.values()) group *= factorial(columns);
  return symPairSum(job.rows, group);
}

/** The job's start state in weighted mode: entry 0 the weight, then the symbols in increasing count order (ties by index). */
function setupWeighted(counts: readonly number[], job: JobShape): void {
  const kernel = countingKernel();
  const order = [...counts.keys()].sort((a, b) => counts[a]! - counts[b]! || a - b);
  kernel.symSetMemoryCap(countMemoryCapMiB());
  kernel.symSetup(job.columns.length, counts.length + 1);
  kernel.symSetWeighted();
  order.forEach((s, p) => kernel.symSetCount(p + 1, counts[s]!));
  job.columns.forEach((column, i) => {
    kernel.symSetNeed(i, 0, column.weight);
    order.forEach((s, p) => kernel.symSetNeed(i, p + 1, counts[s]! - column.comp[s]!));
  });
  kernel.symBegin();
}

/** Parts in nonincreasing order (the first at least lowestFirstPart), depth first, from the kernel's current layer; each leaf's total into `values`. */
function walk(kernel: ReturnType<typeof countingKernel>, job: JobShape, values: Map<string, bigint>, lowestFirstPart: number): void {
  const prefix: number[] = [];
  const visit = (left: number, maxPart: number, states: number): void => {
    if (left === 0) {
      if (kernel.symTotal() < 0) throw new PastWideCounts();
      values.set(prefix.join(","), fromLimbs(kernel.symTotalLo(), kernel.symTotalHi()));
      return;
    }
    if (prefix.length + left < job.minParts || states === 0) return;
    const first = prefix.length === 0 && job.firstPart > 0;
    const top = first ? job.firstPart : Math.min(maxPart, left);
    const bottom = first ? job.firstPart : prefix.length === 0 ? lowestFirstPart : 1;
    const save = top > bottom;
    if (save) kernel.symSave();
    for (let part = top; part >= bottom; part--) {
      if (save && part < top) kernel.symRestore();
      const next = kernel.symStepPart(part);
      if (next < 0) throw new PastWideCounts();
      prefix.push(part);
      visit(left - part, part, next);
      prefix.pop();
    }
    if (save) kernel.symDrop();
  };
  visit(job.rows, job.rows, 1);
}
