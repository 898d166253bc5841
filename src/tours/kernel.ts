// The tours WASM kernel's typed binding (assembly/tours): generation and path counts.
import { Kernel } from "../wasm/load.js";

interface ToursKernel {
  /** Address of the n*n step numbers (i32, row by row), 0 when no tour was found. */
  generate(n: number, closed: boolean, start: number, seed: number): number;
  countPaths(n: number, start: number, second: number, closed: boolean, session: number): bigint;
  /** Paths that begin start, second, third (a shard's unit of work). */
  countPathsVia(n: number, start: number, second: number, third: number, closed: boolean, session: number): bigint;
  // The frontier counter (assembly/tours/frontier.ts): the graph in steps, then a count.
  frontierBegin(squares: number): void;
  frontierEdge(k: number, y: number): void;
  frontierForce(x: number): void;
  frontierSetMemoryCap(mib: number): void;
  frontierCount(cycles: boolean, width: number, part: number, parts: number): void;
  frontierResultLo(): bigint;
  frontierResultHi(): bigint;
  frontierPeakStates(): number;
  frontierPeakBytes(): bigint;
  frontierSplitStep(): number;
}

/** The tours module (a literal URL, so bundlers ship the .wasm as an asset). */
export const toursModule = new Kernel<ToursKernel>("tours", new URL("../../build/tours.wasm", import.meta.url));
