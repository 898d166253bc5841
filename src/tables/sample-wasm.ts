// The sampler's walk in the WASM kernel (assembly/tables/sample.ts): the host copies the
// completion graph in as flat arrays with 128-bit weights and hands the kernel its random
// source (the same seeded words as the TS baseline, or the OS CSPRNG).
import { seedState } from "../housie/rng.js";
import { tablesKernel } from "./kernel.js";
import type { PreparedSampler } from "./sample.js";

interface SampleKernel extends Record<string, unknown> {
  memory: { buffer: ArrayBuffer };
  sampleReserve(states: number, moves: number, spreadBytes: number, n: number, k: number, rows: number, given: number, rowsDiffer: boolean, columnsDiffer: boolean): void;
  sampleSetRadix(s: number, stride: number): void;
  sampleSetRootNeed(j: number, code: number): void;
  sampleSetGiven(i: number, j: number, symbol: number): void;
  stateMoveStartPtr(): number;
  stateTotalLoPtr(): number;
  stateTotalHiPtr(): number;
  moveChildPtr(): number;
  moveWeightLoPtr(): number;
  moveWeightHiPtr(): number;
  moveSpreadAtPtr(): number;
  spreadsPtr(): number;
  sampleOutputPtr(): number;
  sampleTables(count: number): void;
  sampleRejected(): bigint;
  setSeedState(a: number, b: number, c: number, d: number): void;
  useSystemRandom(): void;
}

const LIMIT_128 = 1n << 128n;
/** Tables the kernel draws per call. */
const BATCH = 256;

let loadedGraph: PreparedSampler | undefined;

function copyGraph(kernel: SampleKernel, prepared: PreparedSampler): void {
  const { graph, problem: p } = prepared;
  const k = p.counts.length;
  let moves = 0;
  let spreadBytes = 0;
  for (const state of graph.states) {
    moves += state.moves.length;
    for (const move of state.moves) spreadBytes += move.spread.length;
  }
  kernel.sampleReserve(graph.states.length, moves, spreadBytes, p.size, k, graph.rows, p.given.length, p.distinctRows, p.distinctColumns);
  graph.radix.forEach((stride, s) => kernel.sampleSetRadix(s, stride));
  graph.rootNeeds.forEach((code, j) => kernel.sampleSetRootNeed(j, code));
  p.given.forEach((row, i) => row.forEach((symbol, j) => kernel.sampleSetGiven(i, j, symbol)));
  const buffer = kernel.memory.buffer;
  const moveStart = new Int32Array(buffer, kernel.stateMoveStartPtr(), graph.states.length + 1);
  const totalLo = new BigUint64Array(buffer, kernel.stateTotalLoPtr(), graph.states.length);
  const totalHi = new BigUint64Array(buffer, kernel.stateTotalHiPtr(), graph.states.length);
  const child = new Int32Array(buffer, kernel.moveChildPtr(), moves);
  const weightLo = new BigUint64Array(buffer, kernel.moveWeightLoPtr(), moves);
  const weightHi = new BigUint64Array(buffer, kernel.moveWeightHiPtr(), moves);
  const spreadAt = new Int32Array(buffer, kernel.moveSpreadAtPtr(), moves);
  const spreads = new Uint8Array(buffer, kernel.spreadsPtr(), spreadBytes);
  let m = 0;
  let at = 0;
  graph.states.forEach((state, i) => {
    moveStart[i] = m;
    totalLo[i] = BigInt.asUintN(64, state.total);
    totalHi[i] = state.total >> 64n;
    for (const move of state.moves) {
      child[m] = move.child;
      weightLo[m] = BigInt.asUintN(64, move.weight);
      weightHi[m] = move.weight >> 64n;
      spreadAt[m] = at;
      spreads.set(move.spread, at);
      at += move.spread.length;
      m++;
    }
  });
  moveStart[graph.states.length] = m;
}

/**
 * A drawer of whole tables on the kernel (given rows first), seeded or from the OS CSPRNG
 * (seed undefined), or undefined when the kernel cannot take the problem (counts of 2^128
 * or more). One drawer at a time: the kernel holds one graph and one generator state.
 */
export function wasmSampler(prepared: PreparedSampler, seed: bigint | undefined): ((count: number) => number[][][]) | undefined {
  if (prepared.free >= LIMIT_128 || prepared.problem.size > 16) return undefined;
  const kernel = tablesKernel<SampleKernel>();
  const { problem: p, graph } = prepared;
  copyGraph(kernel, prepared);
  if (seed === undefined) kernel.useSystemRandom();
  else kernel.setSeedState(...seedState(seed));
  const cells = graph.rows * p.size;
  return (count) => {
    const tables: number[][][] = [];
    for (let done = 0; done < count; ) {
      const now = Math.min(BATCH, count - done);
      kernel.sampleTables(now);
      const out = new Uint8Array(kernel.memory.buffer, kernel.sampleOutputPtr(), now * cells);
      for (let t = 0; t < now; t++) {
        const table = p.given.map((row) => [...row]);
        for (let r = 0; r < graph.rows; r++) table.push(Array.from(out.subarray(t * cells + r * p.size, t * cells + (r + 1) * p.size)));
        tables.push(table);
      }
      done += now;
    }
    return tables;
  };
}
