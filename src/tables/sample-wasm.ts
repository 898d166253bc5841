// The sampler on the WASM kernel: assembly/tables/sample-graph.ts builds the completion
// graph (128-bit counts; the same states and moves, in the same order, as the bigint
// baseline) and assembly/tables/sample.ts walks it with the same random words, so a seed
// gives the same tables on both engines.
import { seedState } from "../core/random.js";
import { tablesKernel } from "./kernel.js";
import type { NormalizedProblem } from "./problem.js";
import { columnNeeds, needRadix, MAX_GRAPH_MOVES, MAX_GRAPH_STATES } from "./sample-graph.js";
import { KernelError, UsageError } from "../errors.js";
import { fromLimbs } from "../wasm/limbs.js";

/**
 * Guards the rejection loop against problems where no table keeps the rules (it would
 * never end): after REJECTIONS_BEFORE_CHECK (sample.ts) rejections in a row the exact count is
 * computed once; 0 is a UsageError, anything else lets the draws go on unbounded. The
 * count is not computed up front because it can take far longer than sampling.
 */
export interface RuleGuard {
  /** Rejections in a row allowed before check() (0: unbounded). */
  limit(): number;
  check(): void;
}

/** Tables the kernel draws per call. */
const BATCH = 256;

/** The problem whose graph the kernel holds (it holds one at a time). */
let loaded: NormalizedProblem | undefined;
/** The instance holding it (a trapped instance is replaced by a fresh one). */
let loadedOn: object | undefined;

/**
 * Builds the problem's graph in the kernel; returns g(root) (tables, rules ignored), or
 * undefined when the kernel cannot hold it (a count of 2^128 or more). Too many states
 * or moves is a UsageError, as in the baseline.
 */
export function buildKernelGraph(p: NormalizedProblem): bigint | undefined {
  const kernel = tablesKernel();
  const radix = needRadix(p.counts);
  const needs = columnNeeds(p, radix);
  if (!needs) return 0n;
  // Past the kernel's fixed arrays the bigint baseline samples the problem.
  if (p.size > Math.min(kernel.GRAPH_MAX_SIZE.value, kernel.SAMPLE_MAX_SIZE.value) || p.counts.length > kernel.SAMPLE_MAX_SYMBOLS.value) return undefined;
  kernel.graphSetup(p.size, p.counts.length, MAX_GRAPH_STATES, MAX_GRAPH_MOVES);
  p.counts.forEach((c, s) => kernel.graphSetCount(s, c, radix[s]!));
  [...needs].sort((a, b) => a - b).forEach((code, j) => kernel.graphSetRootCode(j, code));
  let states: number;
  try {
    states = kernel.graphBuild(p.size - p.given.length);
  } catch (error) {
    loaded = undefined;
    // Only a graph that outgrew the kernel's memory is too large; any other trap is what it is.
    if (!(error instanceof KernelError) || error.code !== "out-of-memory") throw error;
    throw new UsageError(
      `sampling this problem needs more memory than the WASM kernel has (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); it is too large to sample`,
    );
  }
  loaded = undefined;
  if (states === -1) throw new UsageError(`sampling needs more than ${MAX_GRAPH_STATES} completion states for this problem; it is too large to sample`);
  if (states === -2)
    throw new UsageError(
      `sampling needs more than ${MAX_GRAPH_MOVES} completion moves (or ${kernel.MAX_SPREAD_BYTES.value / 2 ** 20} MiB of them) for this problem; it is too large to sample`,
    );
  if (states < 0) return undefined;
  kernel.sampleSetup(p.size, p.counts.length, p.size - p.given.length, p.given.length, p.distinctRows, p.distinctColumns);
  radix.forEach((stride, s) => kernel.sampleSetRadix(s, stride));
  needs.forEach((code, j) => kernel.sampleSetRootNeed(j, code));
  p.given.forEach((row, i) => row.forEach((symbol, j) => kernel.sampleSetGiven(i, j, symbol)));
  loaded = p;
  loadedOn = kernel;
  return fromLimbs(kernel.graphRootTotalLo(), kernel.graphRootTotalHi());
}

/**
 * A drawer on the kernel, seeded or from the OS CSPRNG (seed undefined): `draw(k)` gives
 * k whole tables (given rows first) as n·n symbol bytes each. If another problem's graph
 * was built since, it is built again.
 */
export function wasmByteSampler(p: NormalizedProblem, seed: bigint | undefined, ruleGuard: RuleGuard): (count: number) => Uint8Array {
  const kernel = tablesKernel();
  if (loaded !== p || loadedOn !== kernel) buildKernelGraph(p);
  if (seed === undefined) kernel.useSystemRandom();
  else kernel.setSeedState(...seedState(seed));
  const n = p.size;
  const givenCells = p.given.length * n;
  const freeCells = (n - p.given.length) * n;
  const given = Uint8Array.from(p.given.flat());
  return (count) => {
    if (tablesKernel() !== kernel)
      throw new KernelError("tables", "invariant-broken", "this sampler's kernel instance trapped and was dropped; prepare the sampler again");
    if (loaded !== p || loadedOn !== kernel) buildKernelGraph(p);
    const tables = new Uint8Array(count * n * n);
    for (let done = 0; done < count;) {
      const now = kernel.sampleTables(Math.min(BATCH, count - done), ruleGuard.limit());
      if (now < Math.min(BATCH, count - done)) ruleGuard.check();
      const out = new Uint8Array(kernel.memory.buffer, kernel.sampleOutputPtr(), now * freeCells);
      for (let t = 0; t < now; t++) {
        const at = (done + t) * n * n;
        tables.set(given, at);
        tables.set(out.subarray(t * freeCells, (t + 1) * freeCells), at + givenCells);
      }
      done += now;
    }
    return tables;
  };
}
