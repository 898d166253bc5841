// The housie WASM kernel: one instance per process, with the host side of its random
// source (the OS CSPRNG fills the kernel's block whenever it asks).
import type { ASUtil } from "@assemblyscript/loader";
import { randomFillSync } from "node:crypto";
import { loadKernel } from "../wasm/load.js";

export interface HousieKernel {
  memory: { buffer: ArrayBuffer };
  enumeratePatterns(): number;
  vectorCount(): number;
  patternsPtr(): number;
  vectorPatternStartPtr(): number;
  vectorKeyPtr(): number;
  ticketWeightOf(v: number): number;
  fillingWeightOf(v: number): bigint;
  pairSegments(): number;
  segmentCodeAt(s: number): number;
  segmentTotalAt(s: number): number;
  maxPairTotal(): number;
  convolveSegment(s: number): bigint;
  convolutionHighBits(): bigint;
  setSeedState(a: number, b: number, c: number, d: number): void;
  useSystemRandom(): void;
  randomBlockPtr(): number;
  startRun(): void;
  generateBooks(count: number, unique: boolean | number): number;
  generateTickets(count: number, unique: boolean | number): number;
  cellsPtr(): number;
  redrawCount(): bigint;
  drawClassCount(): number;
  drawEntryCount(): number;
  classWeightSumLow(): bigint;
  classWeightSumHigh(): bigint;
  restTestHook(q: number): number;
  restChunkHook(q: number, k: number): number;
  chosenVector(t: number): number;
  nextWord(): number;
  formatJsonl(count: number, perGroup: number, firstSerial: bigint): number;
  textPtr(): number;
  issuedCount(): number;
  markIssuedTicket(low: bigint, high: bigint): void;
  reserveIssued(tickets: number): void;
  checkBatchTickets(): number;
  checkCellsPtr(): number;
  checkPrizesPtr(): number;
  clearCalls(): void;
  setCall(x: number, call: number): void;
  checkTickets(count: number): number;
  readChunkBytes(): number;
  readMaxRecords(): number;
  readInputPtr(): number;
  readCellsPtr(): number;
  readSerialsPtr(): number;
  readLinesPtr(): number;
  readStoppedAt(): number;
  readLinesConsumed(): number;
  parseLines(start: number, end: number, tickets: number, maxRecords: number): number;
}

/** Books (or tickets) the kernel fills per call, and its random block size in words. */
export const KERNEL_BATCH = 4096;
const RANDOM_BLOCK_WORDS = 4096;

let instance: (ASUtil & HousieKernel) | undefined;

/** The shared kernel instance (compiled from assembly/housie). */
export function housieKernel(): ASUtil & HousieKernel {
  if (instance) return instance;
  const refill = (): void => {
    // A fresh view each time: memory.buffer is replaced when the memory grows.
    randomFillSync(new Uint32Array(instance!.memory.buffer, instance!.randomBlockPtr(), RANDOM_BLOCK_WORDS));
  };
  instance = loadKernel<HousieKernel & Record<string, unknown>>("housie", { housie: { refill } }) as unknown as ASUtil & HousieKernel;
  return instance;
}

/** A view of `length` bytes at `ptr` in the kernel's current memory. */
export function kernelBytes(ptr: number, length: number): Uint8Array {
  return new Uint8Array(housieKernel().memory.buffer, ptr, length);
}
