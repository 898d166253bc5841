// Hamiltonian cycles and paths by frontier dynamic programming (the method and the state
// are described in src/tours/frontier-ts.ts, the TS baseline; this is the same DP).
// The host gives the graph in processing order: frontierBegin(size), then for every step
// k in increasing order its earlier neighbours (frontierEdge(k, y), y < k), then the
// squares that must be path ends (frontierForce), then frontierCount.
// The graph and the per-step tables are fixed-size, in static memory (memory.data). The
// states live in one arena at the end of the wasm memory, outside the allocator (see
// "Memory" below): per entry the packed key (2 bits of spent ends, then a few bits per
// frontier slot) and a 64- or 128-bit count. The arena stays under the memory cap, else
// "limit-exceeded"; a count past 2^128 is "limit-exceeded" too (the host says so).

import { within } from "../common/guard";
import { copySmall } from "../common/small-copy";

/** Largest board (squares), frontier and edge count the counter takes (the host reads them). */
export const FRONTIER_MAX_SQUARES: i32 = 4096;
export const FRONTIER_MAX_WIDTH: i32 = 160;
export const FRONTIER_MAX_EDGES: i32 = 1 << 18;
/** Default cap on the state tables' memory, in MiB (frontierSetMemoryCap changes it). */
export const FRONTIER_DEFAULT_CAP_MIB: i32 = 2048;
/** A split run (shard) cuts at the first step with at least this many states per part (as the TS baseline). */
export const FRONTIER_SPLIT_STATES_PER_PART: i32 = 64;

const MAX_KEY_WORDS: i32 = 12;
const CODE_FREE: i32 = 0;
const CODE_FULL: i32 = 1;
const CODE_END: i32 = 2;
const CODE_LABEL: i32 = 3;
const NONE: i32 = -1;
const END: i32 = -2;

// Raw accessors of the fixed tables (memory.data): module-level StaticArrays are managed
// globals, and the incremental runtime spills them to the shadow stack on every read.
// @ts-ignore: decorator
@inline function get(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function put(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((<usize>i) << 2), v);
}
// @ts-ignore: decorator
@inline function get8(base: usize, i: i32): u8 {
  return load<u8>(base + <usize>i);
}
// @ts-ignore: decorator
@inline function put8(base: usize, i: i32, v: u8): void {
  store<u8>(base + <usize>i, v);
}
// @ts-ignore: decorator
@inline function get32(base: usize, i: i32): u32 {
  return load<u32>(base + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function put32(base: usize, i: i32, v: u32): void {
  store<u32>(base + ((<usize>i) << 2), v);
}
// @ts-ignore: decorator
@inline function get64(base: usize, i: i32): u64 {
  return load<u64>(base + ((<usize>i) << 3));
}
// @ts-ignore: decorator
@inline function put64(base: usize, i: i32, v: u64): void {
  store<u64>(base + ((<usize>i) << 3), v);
}

/** Bytes of a table with one 32-bit value per frontier slot (the new square included). */
const SLOT_BYTES: i32 = 4 * (FRONTIER_MAX_WIDTH + 2);

// The graph, in steps.
let size: i32 = 0;
let edgeCount: i32 = 0;
/** Step k's earlier neighbours are earlier[earlierStart[k] .. earlierStart[k + 1]). */
const earlierStart: usize = memory.data(<i32>sizeof<i32>() * (FRONTIER_MAX_SQUARES + 1));
// The edge list is fixed-size too, but 1 MiB: as static memory every instance (a tour's
// generation, the search counter) would start with it, so it is one unmanaged block taken
// by the first frontierBegin and kept (the arena then starts past it, at the memory's end).
let earlier: usize = 0;
const laterCount: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES); // neighbours after each square
const forced: usize = memory.data(<i32>sizeof<u8>() * FRONTIER_MAX_SQUARES);
let forcedCount: i32 = 0;

// Per step: the frontier (steps, increasing) with the new square appended, and per slot facts.
const frontier: usize = memory.data(SLOT_BYTES);
const remaining: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES); // neighbours not yet taken
const retiring: usize = memory.data(<i32>sizeof<u8>() * (FRONTIER_MAX_WIDTH + 2));
const maxDeg: usize = memory.data(SLOT_BYTES);
const nbrSlots: usize = memory.data(SLOT_BYTES);
const openSlots: usize = memory.data(SLOT_BYTES);
let nbrCount: i32 = 0;

// One state, decoded.
const deg: usize = memory.data(SLOT_BYTES);
const mate: usize = memory.data(SLOT_BYTES);
const labelAt: usize = memory.data(SLOT_BYTES);
const firstSlot: usize = memory.data(<i32>sizeof<i32>() * (FRONTIER_MAX_WIDTH + 8));
/** A slot index past every real one (slots are 0 .. FRONTIER_MAX_WIDTH): where the branch-free loops write what they do not keep. */
const SPARE_SLOT: i32 = FRONTIER_MAX_WIDTH + 1;
/** A label past every real one (labels are below CODE_LABEL + FRONTIER_MAX_WIDTH / 2 + 1), likewise for firstSlot. */
const SPARE_LABEL: i32 = FRONTIER_MAX_WIDTH + 7;
const codes: usize = memory.data(SLOT_BYTES);

// Key layout: bits per code, and each slot's word and shift (no code straddles words).
let codeBits: i32 = 1;
let keyWords: i32 = 1;
let entryBytes: usize = 24;
const slotWord: usize = memory.data(SLOT_BYTES);
const slotShift: usize = memory.data(SLOT_BYTES);
const keyBuf: usize = memory.data(<i32>sizeof<u64>() * MAX_KEY_WORDS);

// Memory. The states of a step live in one arena of raw wasm memory, laid out as
//   [ cur: the last step's states, packed | next: this step's, packed | H: open-addressing hash table ]
// (H is drained onto next's end after each pass, in place: an entry only moves down.)
// An entry is the packed key (keyWords u64) and its count: one u64 limb (narrow, the
// default: 8 bytes less per state) or two (wide, 128-bit; the host reruns wide when a
// narrow count would pass 2^64). Packed layers have no empty slots, so a state costs
// entryBytes in cur and next and only the part being built sits in H at load < 0.75.
// When H for the whole next step would not fit beside cur and next under the cap, the
// step runs in passes: each reads all of cur, makes every successor, and keeps only those
// whose key's hash has its top 32 bits in the pass's range (the slot uses the low bits);
// H is then packed onto the end of next and cleared. This is exact: a successor's range
// is a function of its key alone, so every contribution to one key lands in the same
// pass and is summed there, and the ranges are disjoint and cover every key, so next
// holds each state once with its full count. The cost is one step's work per pass.
// The arena is taken from the end of the wasm memory (memory.grow, outside the
// allocator, whose blocks stop at 1 GiB) and reused by the next count.
let capBytes: u64 = (<u64>FRONTIER_DEFAULT_CAP_MIB) << 20;
let wideCounts = false;
let countLimbs: i32 = 1;
let arenaBase: u64 = 0;
let arenaBytes: u64 = 0; // committed: the arena ends at arenaBase + arenaBytes
let liveBytes: u64 = 0; // bytes from arenaBase that hold data (copied if the arena moves)
let hOff: u64 = 0;
let hCapacity: i32 = 0;
let hCount: i32 = 0;
let curOff: u64 = 0;
let nextOff: u64 = 0;
let nextCount: i32 = 0;
let parts: i32 = 1; // passes of the current step
/** Top 32 bits of a key's hash: a pass keeps the keys in [rangeLo, rangeLo + rangeWidth). */
const HASH_SPAN: u64 = (<u64>1) << 32;
let rangeLo: u64 = 0;
let rangeWidth: u64 = HASH_SPAN;
let partial = false; // the current pass keeps only its range
let overflowed = false; // H passed its load limit in this pass
let step: i32 = 0;

let resultLo: u64 = 0;
let resultHi: u64 = 0;
let peakStates: i32 = 0;
let peakParts: i32 = 1;
let splitStep: i32 = -1;
/** States after each step of the last count (what the growth looks like). */
const stepStates: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES);
export function frontierStepStates(k: i32): i32 {
  return k >= 0 && k < size ? get(stepStates, k) : 0;
}

// ---- what a state's future needs (pruning): a state is dropped as soon as no completion
// of it can exist, so its descendants are never made. Two facts, both necessary for a
// Hamiltonian path or cycle through the unprocessed squares U:
// 1. Starved squares. A square of U can only still be joined to squares of U and to open
//    frontier slots (degree below its maximum). With fewer than two such neighbours it can
//    only be an end of the path (one) or never be covered (none). Each such square, like a
//    free frontier slot with one neighbour left, spends an end: more than the ends left
//    and the state is dead; a cycle has none to spend.
// 2. Colour balance (bipartite graphs: every leaper a,b with a + b odd, the knight among
//    them; found by 2-colouring the graph, σ = ±1). Every edge joins two colours, so the
//    completion inside U is runs of alternating squares; a run's colour excess is half the
//    sum of σ over its two terminations, where a termination at an open slot x counts
//    −σ(x) and one at a path end e in U counts σ(e). Summing over all runs:
//      2·Σ_U σ − Π = Σ over the ends still to come of σ(end),   Π = Σ_slots (2 − deg)·(−σ),
//    as a slot that becomes an end gives up one port (+σ). With r ends still to come (some
//    of known squares and colours: forced ends, starved squares, one-neighbour slots) the
//    rest must make up the difference: |diff| ≤ r and diff ≡ r (mod 2). Cycles: diff = 0.
// The TS baseline (frontier-ts.ts) does not prune: it keeps every state the rules allow,
// so the engines' equal counts also check these prunes.
let pruneOn = true;
/** Turns the pruning of dead states on (default) or off (for measurements; counts are equal). */
export function frontierSetPrune(on: bool): void {
  pruneOn = on;
}
let bipartite = false;
const colour: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES); // σ of each step: +1 or -1
const ufParent: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES);
const ufParity: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES);
const colourAfter: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES); // Σ σ over the steps after k
// Per step: the squares of U with fewer than two neighbours in U, and their open-slot candidates.
const critSquare: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES);
const critInU: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_SQUARES); // its neighbours in U (0 or 1)
const critStart: usize = memory.data(<i32>sizeof<i32>() * (FRONTIER_MAX_SQUARES + 1));
// Frontier slots (0 .. v) next to them: up to an edge each, so like the edge list one
// unmanaged block taken by the first frontierBegin.
let critSlot: usize = 0;
let critCount: i32 = 0;
let forcedLeftSum: i32 = 0; // Σ σ over forced ends not yet retired
let uBalance2: i32 = 0; // 2 · Σ_U σ after this step
let prunedStates: u64 = 0;
// Every pass of a step makes (and prunes) all its successors, whatever part they hash to,
// so a step's dropped successors are those of its first pass, counted once the step is done.
let passPruned: u64 = 0;
/** Successor states dropped as dead by the pruning in the last count (each once, however many passes its step took). */
export function frontierPrunedStates(): u64 {
  return prunedStates;
}

/** Root of x in the parity union-find; its parity to the root is left in ufParity[x]. */
function ufFind(x: i32): i32 {
  let root = x,
    parity = 0;
  while (get(ufParent, root) != root) {
    parity ^= get(ufParity, root);
    root = get(ufParent, root);
  }
  // Path compression: each node on the way points at the root with its parity to it.
  let node = x,
    p = parity;
  while (get(ufParent, node) != root) {
    const up = get(ufParent, node),
      q = p ^ get(ufParity, node);
    put(ufParent, node, root);
    put(ufParity, node, p);
    node = up;
    p = q;
  }
  return root;
}

/** 2-colours the graph (any proper colouring serves); false if it has an odd cycle. */
function colourGraph(): bool {
  for (let i = 0; i < size; i++) {
    put(ufParent, i, i);
    put(ufParity, i, 0);
  }
  for (let k = 0; k < size; k++) {
    for (let e = get(earlierStart, k); e < get(earlierStart, k + 1); e++) {
      const y = get(earlier, e);
      const rk = ufFind(k),
        pk = k == rk ? 0 : get(ufParity, k);
      const ry = ufFind(y),
        py = y == ry ? 0 : get(ufParity, y);
      if (rk == ry) {
        if (pk == py) return false;
        continue;
      }
      put(ufParent, rk, ry);
      put(ufParity, rk, pk ^ py ^ 1);
    }
  }
  let sum = 0;
  for (let k = size - 1; k >= 0; k--) {
    put(colourAfter, k, sum);
    const r = ufFind(k);
    const c = (k == r ? 0 : get(ufParity, k)) == 0 ? 1 : -1;
    put(colour, k, c);
    sum += c;
  }
  return true;
}

/** Per step k (after its slots are known, v = the new square's slot): what the pruning reads. */
function prepareViability(k: i32, v: i32): void {
  critCount = 0;
  put(critStart, 0, 0);
  let slots = 0;
  for (let w = k + 1; w < size; w++) {
    let inU = get(laterCount, w);
    const a = get(earlierStart, w),
      b = get(earlierStart, w + 1);
    for (let e = a; e < b; e++) if (get(earlier, e) > k) inU++;
    if (inU >= 2) continue;
    for (let e = a; e < b; e++) {
      const y = get(earlier, e);
      if (y > k) continue;
      let lo = 0,
        hi = v;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (get(frontier, mid) < y) lo = mid + 1;
        else hi = mid;
      }
      put(critSlot, slots++, lo);
    }
    put(critSquare, critCount, w);
    put(critInU, critCount, inU);
    critCount++;
    put(critStart, critCount, slots);
  }
  forcedLeftSum = 0;
  if (bipartite) {
    for (let x = 0; x < size; x++) {
      if (get8(forced, x) == 0) continue;
      if (x > k || get(remaining, x) > 0) forcedLeftSum += get(colour, x);
    }
  }
  uBalance2 = bipartite ? 2 * get(colourAfter, k) : 0;
}

/** False if the state just made (wdeg/wmate after apply, s ends spent) has no completion. */
// @ts-ignore: decorator
@inline function viable(s: i32): bool {
  let known = 0,
    knownSum = 0;
  for (let r = 0; r < mustEndCount; r++) {
    const i = get(mustEndList, r);
    if (get(wdeg, i) != 0) continue;
    known++;
    if (bipartite) knownSum += get(colour, get(frontier, i));
  }
  for (let c = 0; c < critCount; c++) {
    // Every candidate counted (no early exit): the loop's length is then the same for
    // every state of the step, and its branches are predicted.
    let avail = get(critInU, c);
    const b = get(critStart, c + 1);
    for (let e = get(critStart, c); e < b; e++) {
      const i = get(critSlot, e);
      avail += <i32>(get(wdeg, i) < get(maxDeg, i));
    }
    if (avail >= 2) continue;
    if (avail == 0 || cycles) return false;
    const w = get(critSquare, c);
    if (get8(forced, w) != 0) continue; // an end already, counted with the forced ones
    known++;
    if (bipartite) knownSum += get(colour, w);
  }
  const free = budget - s - known;
  if (free < 0) return false;
  if (!bipartite) return true;
  let ports = 0;
  for (let slot = 0; slot < stayCount; slot++) {
    const i = get(stayList, slot);
    ports -= (2 - get(wdeg, i)) * get(colour, get(frontier, i));
  }
  const diff = uBalance2 - ports - forcedLeftSum - knownSum;
  return (diff < 0 ? -diff : diff) <= free && ((free - diff) & 1) == 0;
}

// The host hears of each finished step (long counts show their progress).
// @ts-ignore: decorator
@external("frontier", "progress")
declare function hostProgress(step: i32, states: i32, passes: i32): void;

/** Starts a graph of `squares` vertices (steps 0 .. squares-1). */
export function frontierBegin(squares: i32): void {
  if (squares < 1 || squares > FRONTIER_MAX_SQUARES) abort(`limit-exceeded: the frontier counter takes 1 to ${FRONTIER_MAX_SQUARES} squares, not ${squares}`);
  if (earlier == 0) earlier = heap.alloc(<usize>sizeof<i32>() * FRONTIER_MAX_EDGES);
  if (critSlot == 0) critSlot = heap.alloc(<usize>sizeof<i32>() * FRONTIER_MAX_EDGES);
  size = squares;
  edgeCount = 0;
  forcedCount = 0;
  for (let i = 0; i <= squares; i++) put(earlierStart, i, 0);
  for (let i = 0; i < squares; i++) {
    put(laterCount, i, 0);
    put8(forced, i, 0);
  }
}

/** Edge between step k and an earlier step y; calls in increasing k. */
export function frontierEdge(k: i32, y: i32): void {
  within(k, 1, size - 1, "limit-exceeded: frontierEdge: step past frontierBegin's squares");
  within(y, 0, k - 1, "limit-exceeded: frontierEdge: the earlier step is not before the step");
  if (edgeCount >= FRONTIER_MAX_EDGES) abort(`limit-exceeded: more than ${FRONTIER_MAX_EDGES} edges`);
  put(earlier, edgeCount++, y);
  put(earlierStart, k + 1, edgeCount);
  put(laterCount, y, get(laterCount, y) + 1);
}

/** Step x's square must be an end of the path. */
export function frontierForce(x: i32): void {
  within(x, 0, size - 1, "limit-exceeded: frontierForce: step past frontierBegin's squares");
  if (get8(forced, x) == 0) forcedCount++;
  put8(forced, x, 1);
}

/** Cap on the state arena's memory in MiB (at most the 4 GiB a wasm32 memory holds). */
export function frontierSetMemoryCap(mib: i32): void {
  within(mib, 1, 4096, "limit-exceeded: frontierSetMemoryCap: MiB past the 4 GiB memory");
  capBytes = (<u64>mib) << 20;
}

/** Counts in two u64 limbs (128-bit) instead of one. */
export function frontierSetWideCounts(wide: bool): void {
  wideCounts = wide;
}

export function frontierResultLo(): u64 {
  return resultLo;
}
export function frontierResultHi(): u64 {
  return resultHi;
}
export function frontierPeakStates(): i32 {
  return peakStates;
}
export function frontierSplitStep(): i32 {
  return splitStep;
}
/** Most passes one step needed in the last count (1: the next step's table always fit). */
export function frontierPeakParts(): i32 {
  return peakParts;
}
/** Bytes per state of the last count (key and count). */
export function frontierEntryBytes(): i32 {
  return <i32>entryBytes;
}
/** Bytes the arena held at most during the last count. */
let peakBytes: u64 = 0;
export function frontierPeakBytes(): u64 {
  return peakBytes;
}

// ---- the arena

function outOfReach(bytes: u64): void {
  abort(
    `limit-exceeded: the state tables need more than ${<i32>(arenaCap() >> 20)} MiB at step ${step} of ${size} (${curStates} states, then ${nextCount} and more; ${<i32>(bytes >> 20)} MiB asked); the board is out of reach in one run, raise --memory or split it with --shard`,
  );
}

/**
 * The memory could not grow though the cap allows it: the system refused (an address-space
 * limit such as `ulimit -v`, or the machine's memory), which no --memory above this fixes.
 */
function systemRefused(bytes: u64, end: u64): void {
  if (end > (<u64>1) << 32) outOfReach(bytes); // past the 4 GiB a wasm32 memory holds: the kernel's own wall, not the system's
  abort(
    `out-of-memory: the system gave no more memory for the state tables at step ${step} of ${size} (${<i32>(bytes >> 20)} MiB asked, ${<i32>(((<u64>memory.size()) << 16) >> 20)} MiB held, under the cap of ${<i32>(capBytes >> 20)} MiB): an address-space limit (ulimit -v) or the machine's memory is below what the count needs`,
  );
}

/** Where the arena starts, or will: its base while it ends the memory, else the memory's end (it moves there). */
function arenaStart(): u64 {
  const memEnd = (<u64>memory.size()) << 16;
  return arenaBase != 0 && arenaBase + arenaBytes == memEnd ? arenaBase : memEnd;
}

/**
 * Bytes the arena may take: the cap, or what the 4 GiB of a wasm32 memory leave above
 * the arena's start (static data, the allocator's heap and the edge lists lie below it,
 * about 4 MiB) when that is less. Before, a cap of 4096 MiB was taken as all arena: a
 * step sized its table to room the memory did not have and failed where passes fit.
 */
function arenaCap(): u64 {
  const start = arenaStart();
  const left = (<u64>MEMORY_PAGES) << 16 > start ? ((<u64>MEMORY_PAGES) << 16) - start : 0;
  return min<u64>(capBytes, left);
}
/** 64 KiB pages a wasm32 memory holds (the tours module's MEMORY_CAP_PAGES). */
const MEMORY_PAGES: i32 = 65536;
/** Bytes the state arena may take under the memory cap (the host sizes its buffers to it). */
export function frontierArenaCap(): u64 {
  return arenaCap();
}

/** Makes the arena at least `bytes` long (under the cap), moving it to the memory's end if it cannot grow in place. */
function ensureArena(bytes: u64): void {
  if (bytes > arenaCap()) outOfReach(bytes);
  if (bytes > peakBytes) peakBytes = bytes;
  if (bytes <= arenaBytes) return;
  const memEnd = (<u64>memory.size()) << 16;
  if (arenaBase == 0 || arenaBase + arenaBytes != memEnd) {
    // Something else grew the memory after the arena: start a new one at the end.
    const base = memEnd;
    if (!grow(base + bytes - memEnd)) systemRefused(bytes, base + bytes);
    if (liveBytes > 0) memory.copy(<usize>base, <usize>arenaBase, <usize>liveBytes);
    arenaBase = base;
  } else if (!grow(arenaBase + bytes - memEnd)) systemRefused(bytes, arenaBase + bytes);
  arenaBytes = ((<u64>memory.size()) << 16) - arenaBase;
}

function grow(bytes: u64): bool {
  const pages = <i32>((bytes + 0xffff) >> 16);
  return memory.grow(pages) >= 0;
}

// @ts-ignore: decorator
@inline function at(off: u64): usize {
  return <usize>(arenaBase + off);
}

// @ts-ignore: decorator
@inline function hashKey(at: usize): u64 {
  let h: u64 = 0x9e3779b97f4a7c15;
  for (let w = 0; w < keyWords; w++) {
    h = (h ^ load<u64>(at + ((<usize>w) << 3))) * 0xff51afd7ed558ccd;
    h ^= h >> 32;
  }
  // A last mix (murmur3's fmix64) so the top bits, which choose a pass's range, depend on
  // every bit of the key: a product alone carries a key's high bits only upward, and the
  // ranges of a split step held their states most unevenly (94 % in the first quarter).
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53;
  h ^= h >> 33;
  return h;
}

/** Whether the table entry at `e` holds the key at `k` (the staged inserts and the ways' lookup of keyBuf share it). */
// @ts-ignore: decorator
@inline function sameKeyAt(e: usize, k: usize): bool {
  for (let w = 0; w < keyWords; w++) if (load<u64>(e + ((<usize>w) << 3)) != load<u64>(k + ((<usize>w) << 3))) return false;
  return true;
}

// Inserts are staged in groups of STAGE: a first loop reads each staged key's home slot
// (loads that do not depend on one another, so their cache misses overlap), a second
// inserts them in the order they came, as one at a time did: the same table, the same
// layers. A table of gigabytes misses the caches on nearly every insert, and one miss at
// a time was most of the CPU of an 8×8 paths step.
const STAGE: i32 = 32;
const stageKeys: usize = memory.data(<i32>sizeof<u64>() * MAX_KEY_WORDS * STAGE);
const stageLo: usize = memory.data(<i32>sizeof<u64>() * STAGE);
const stageHi: usize = memory.data(<i32>sizeof<u64>() * STAGE);
const stageSlot: usize = memory.data(<i32>sizeof<i32>() * STAGE);
let staged: i32 = 0;
let touched: u64 = 0; // (the first loop's loads, kept so they are not optimised away)

/** Stages count (lo, hi) for the entry of the key at `key` in H, if it is in this pass's part; a full stage is inserted. */
// @ts-ignore: decorator
@inline function insert(key: usize, lo: u64, hi: u64): void {
  const h = hashKey(key);
  if (partial && (h >> 32) - rangeLo >= rangeWidth) return; // (unsigned: below rangeLo wraps past the width)
  if (overflowed) return;
  // Any capacity: the low 32 bits of the hash scaled to it (the part used the top 32).
  put(stageSlot, staged, <i32>(((h & 0xffffffff) * <u64>hCapacity) >> 32));
  const k = stageKeys + ((<usize>(staged * MAX_KEY_WORDS)) << 3);
  for (let w = 0; w < keyWords; w++) store<u64>(k + ((<usize>w) << 3), load<u64>(key + ((<usize>w) << 3)));
  put64(stageLo, staged, lo);
  put64(stageHi, staged, hi);
  if (++staged == STAGE) flushStaged();
}

/** Inserts the staged entries into H, in the order they were staged. */
function flushStaged(): void {
  const hBase = at(hOff);
  const E = entryBytes;
  let sum: u64 = 0;
  for (let i = 0; i < staged; i++) sum += load<u64>(hBase + <usize>get(stageSlot, i) * E);
  touched += sum;
  for (let i = 0; i < staged; i++) {
    insertAt(get(stageSlot, i), stageKeys + ((<usize>(i * MAX_KEY_WORDS)) << 3), get64(stageLo, i), get64(stageHi, i));
  }
  staged = 0;
}

/** Adds count (lo, hi) to the entry of the key at `k` in H, probing from `slot`. */
// @ts-ignore: decorator
@inline function insertAt(slot: i32, k: usize, lo: u64, hi: u64): void {
  if (overflowed) return;
  const hBase = at(hOff);
  const countOffset = (<usize>keyWords) << 3;
  if (keyWords == 1 && !wideCounts) {
    // The common entry (a one-word key and a 64-bit count, 16 bytes), key in a register.
    const key = load<u64>(k);
    while (true) {
      const e = hBase + ((<usize>slot) << 4);
      const old = load<u64>(e, 8);
      if (old == 0) {
        if (<i64>hCount * 4 >= <i64>hCapacity * 3) {
          overflowed = true;
          return;
        }
        store<u64>(e, key);
        store<u64>(e, lo, 8);
        hCount++;
        return;
      }
      if (load<u64>(e) == key) {
        const sum = old + lo;
        if (sum < old) abort("limit-exceeded: a count passed 2^64 (narrow counts; the host reruns with 128-bit counts)");
        store<u64>(e, sum, 8);
        return;
      }
      if (++slot == hCapacity) slot = 0;
    }
  }
  while (true) {
    const e = hBase + <usize>slot * entryBytes;
    const countAt = e + countOffset;
    const oldLo = load<u64>(countAt);
    const oldHi = wideCounts ? load<u64>(countAt, 8) : 0;
    if (oldLo == 0 && oldHi == 0) {
      if (<i64>hCount * 4 >= <i64>hCapacity * 3) {
        overflowed = true; // the pass runs again with a larger table or a smaller range
        return;
      }
      for (let w = 0; w < keyWords; w++) store<u64>(e + ((<usize>w) << 3), load<u64>(k + ((<usize>w) << 3)));
      store<u64>(countAt, lo);
      if (wideCounts) store<u64>(countAt, hi, 8);
      hCount++;
      return;
    }
    if (sameKeyAt(e, k)) {
      const sumLo = oldLo + lo;
      const carry: u64 = sumLo < oldLo ? 1 : 0;
      if (!wideCounts) {
        if (carry != 0) abort("limit-exceeded: a count passed 2^64 (narrow counts; the host reruns with 128-bit counts)");
        store<u64>(countAt, sumLo);
        return;
      }
      const t = oldHi + hi;
      const sumHi = t + carry;
      if (t < oldHi || sumHi < t) abort("limit-exceeded: a count passed 2^128");
      store<u64>(countAt, sumLo);
      store<u64>(countAt, sumHi, 8);
      return;
    }
    if (++slot == hCapacity) slot = 0;
  }
}

/** Packs H's entries onto the end of next, which is where H starts (in place: an entry only moves down). */
function drainTable(): void {
  packTable();
  nextCount += hCount;
  hCount = 0;
  liveBytes = nextOff + <u64>nextCount * entryBytes;
}

/** Packs H's hCount entries at H's start, in place. */
function packTable(): void {
  const hBase = at(hOff);
  const countOffset = (<usize>keyWords) << 3;
  let d = hBase;
  if (keyWords == 1 && !wideCounts) {
    // The common entry (16 bytes) moved as one v128: memory.copy per entry calls out of
    // the wasm code, and that call was 5 % of a 6×6 paths count.
    for (let i = 0; i < hCapacity; i++) {
      const e = hBase + ((<usize>i) << 4);
      if (load<u64>(e, 8) == 0) continue;
      v128.store(d, v128.load(e));
      d += 16;
    }
    return;
  }
  for (let i = 0; i < hCapacity; i++) {
    const e = hBase + <usize>i * entryBytes;
    if (load<u64>(e + countOffset) == 0 && (!wideCounts || load<u64>(e + countOffset, 8) == 0)) continue;
    if (d != e) copySmall(d, e, entryBytes);
    d += entryBytes;
  }
}

// ---- one step

let slotsBefore: i32 = 0; // frontier squares before this step; the new square is slot slotsBefore
let last = false;
let cycles = false;
let budget: i32 = 0;

/** Reads entry e's key into spent and the codes of slots 0 .. slotsBefore-1; returns spent. */
function decode(e: usize): i32 {
  const spent = cycles ? 0 : <i32>(load<u64>(e) & 3);
  const mask: u64 = ((<u64>1) << codeBits) - 1;
  // The layout of frontierCount: slots in order, a new word when a code would straddle.
  let wordAt = e;
  let word = load<u64>(wordAt);
  let shift = cycles ? 0 : 2;
  for (let i = 0; i < slotsBefore; i++) {
    if (shift + codeBits > 64) {
      wordAt += 8;
      word = load<u64>(wordAt);
      shift = 0;
    }
    put(codes, i, <i32>((word >> (<u64>shift)) & mask));
    shift += codeBits;
  }
  return spent;
}

// A choice of edges is tried on a copy of the decoded state (wdeg, wmate: apply, viable
// and the packing read and write only these), so a state is decoded once for all its
// choices. Copying a frontier's slots (v128 at a time) costs less than logging each
// change and undoing it after, as this did before.
const wdeg: usize = memory.data(SLOT_BYTES + 16);
const wmate: usize = memory.data(SLOT_BYTES + 16);

/** Copies deg and mate of slots 0 .. n-1 (rounded up to 4) to wdeg and wmate. */
// @ts-ignore: decorator
@inline function copyState(n: i32): void {
  for (let b = 0; b < n << 2; b += 16) {
    v128.store(wdeg + <usize>b, v128.load(deg + <usize>b));
    v128.store(wmate + <usize>b, v128.load(mate + <usize>b));
  }
}

// Per step: the slots that leave the frontier, the free ones that can only be ends, the ones that stay.
const retiringList: usize = memory.data(SLOT_BYTES);
const mustEndList: usize = memory.data(SLOT_BYTES);
const stayList: usize = memory.data(SLOT_BYTES);
let retiringCount: i32 = 0;
let mustEndCount: i32 = 0;
let stayCount: i32 = 0;
const labelStamp: usize = memory.data(SLOT_BYTES);
/** Per slot: its position among the stays, -1 for the others and SPARE_SLOT (set per step). */
const stayPos: usize = memory.data(SLOT_BYTES);
let stamp: u32 = 0;

/** Applies the chosen edges (0, 1 or 2 slots joined to the new square) and the retirements; the spent ends, or -1 if illegal. */
// @ts-ignore: decorator
@inline function apply(spent: i32, edges: i32, u1: i32, u2: i32): i32 {
  const v = slotsBefore;
  for (let j = 0; j < edges; j++) {
    const u = j == 0 ? u1 : u2;
    const a = get(wmate, v),
      b = get(wmate, u);
    if (a == u) {
      if (!cycles || !last) return -1; // a cycle closes only at the last square
      put(wdeg, v, get(wdeg, v) + 1);
      put(wdeg, u, get(wdeg, u) + 1);
      put(wmate, v, NONE);
      put(wmate, u, NONE);
      continue;
    }
    if (a == END && b == END && !last) return -1;
    if (a != END) put(wmate, a, b);
    if (b != END) put(wmate, b, a);
    const dv = get(wdeg, v) + 1,
      du = get(wdeg, u) + 1;
    put(wdeg, v, dv);
    put(wdeg, u, du);
    if (dv == 2) put(wmate, v, NONE);
    if (du == 2) put(wmate, u, NONE);
  }
  let s = spent;
  for (let r = 0; r < retiringCount; r++) {
    const i = get(retiringList, r);
    const d = get(wdeg, i);
    if (d == 2) continue;
    if (d == 0 || cycles) return -1;
    if (get8(forced, get(frontier, i)) == 0 && ++s > budget) return -1;
    const m = get(wmate, i);
    if (m == END) {
      if (!last) return -1;
    } else {
      put(wmate, m, END);
    }
    put(wmate, i, NONE);
  }
  let must = s;
  for (let r = 0; r < mustEndCount; r++) if (get(wdeg, get(mustEndList, r)) == 0 && ++must > budget) return -1;
  return s;
}

/** Tries one choice of edges; inserts the state it makes. */
function attempt(spent: i32, edges: i32, u1: i32, u2: i32, lo: u64, hi: u64): void {
  copyState(slotsBefore + 1);
  let s = apply(spent, edges, u1, u2);
  if (s >= 0 && pruneOn && !viable(s)) {
    passPruned++;
    s = -1;
  }
  if (s >= 0) {
    // Packed as frontierCount lays keys out (decode's order), in a register.
    let acc: u64 = <u64>s;
    let shift = cycles ? 0 : 2;
    let w = 0;
    let nextLabel = CODE_LABEL;
    if (stayCount > 64 && ++stamp == 0) {
      // (wrapped: a stamp left from 2^32 attempts ago must not pass for this one's)
      memory.fill(labelStamp, 0, SLOT_BYTES);
      stamp = 1;
    }
    if (stayCount <= 64) {
      // Labels without memory round trips: a pair's label is CODE_LABEL + the number of
      // pairs opened before its first slot (the order of first appearance), counted in a
      // mask of the positions that open a pair. Which of free, full, end or paired a slot
      // is follows no pattern, so codes are chosen by selects: branches and the label
      // table's stores and loads made the loop that this replaces 40 % of a 6×6 count.
      // One pass: a slot's label needs only the openings before it (a pair's first slot
      // is never after the slot being packed).
      // (Globals read once: in the loop they are reloaded every slot.)
      const n = stayCount,
        bits = codeBits;
      let opening: u64 = 0;
      for (let p = 0; p < n; p++) {
        const i = get(stayList, p);
        const m = get(wmate, i);
        const d = get(wdeg, i);
        const q = get(stayPos, select<i32>(m, SPARE_SLOT, d == 1 && m >= 0)); // (unpaired: stayPos[SPARE_SLOT] = -1)
        opening |= (<u64>(q > p)) << (<u64>p);
        const first = min(p, q);
        const label = CODE_LABEL + <i32>popcnt(opening & (((<u64>1) << (<u64>first)) - 1));
        const code = select<i32>(label, select<i32>(CODE_END, d >> 1, d == 1), q >= 0);
        if (shift + bits > 64) {
          put64(keyBuf, w++, acc);
          acc = 0;
          shift = 0;
        }
        acc |= (<u64>code) << (<u64>shift);
        shift += bits;
      }
    } else
      for (let slot = 0; slot < stayCount; slot++) {
        // (More stays than a mask holds: labels by first appearance in labelAt, stamped
        // per attempt; still by selects, an unpaired slot writing to SPARE_SLOT.)
        const i = get(stayList, slot);
        const d = get(wdeg, i);
        const m = get(wmate, i);
        const paired = d == 1 && m >= 0;
        const opened = paired && get32(labelStamp, i) != stamp;
        const code = select<i32>(select<i32>(nextLabel, get(labelAt, i), opened), select<i32>(CODE_END, d >> 1, d == 1), paired);
        const target = select<i32>(m, SPARE_SLOT, opened);
        put(labelAt, target, nextLabel);
        put32(labelStamp, target, stamp);
        nextLabel += <i32>opened;
        if (shift + codeBits > 64) {
          put64(keyBuf, w++, acc);
          acc = 0;
          shift = 0;
        }
        acc |= (<u64>code) << (<u64>shift);
        shift += codeBits;
      }
    put64(keyBuf, w++, acc);
    for (; w < keyWords; w++) put64(keyBuf, w, 0);
    if (waysMode) addWays();
    else insert(keyBuf, lo, hi);
  }
}

let growth: f64 = 1; // states of the last step over the step before

/** Moves cur (packed) to the arena's start; next starts empty behind it. */
function placeLayers(): void {
  const curBytes = <u64>curStates * entryBytes;
  if (curOff != 0) memory.copy(at(0), at(curOff), <usize>curBytes);
  curOff = 0;
  nextOff = curBytes;
  nextCount = 0;
  liveBytes = nextOff;
}

/** An empty H of `capacity` entries just behind next's end; false if it would pass the cap. */
function placeTable(capacity: i32): bool {
  const E = <u64>entryBytes;
  hOff = nextOff + <u64>nextCount * E;
  const end = hOff + <u64>capacity * E;
  if (end > arenaCap()) return false;
  ensureArena(end);
  hCapacity = capacity;
  hCount = 0;
  staged = 0; // (a stage left by a count that stopped midway belongs to no table)
  memory.fill(at(hOff), 0, <usize>(<u64>capacity * E));
  return true;
}

/** One pass over cur: every state's successors go to insert (which keeps this pass's part). */
function expandAll(v: i32): void {
  const countOffset = (<usize>keyWords) << 3;
  const curBase = at(curOff);
  const bits = codeBits;
  const mask: u64 = ((<u64>1) << bits) - 1;
  for (let t = 0; t < curStates && !overflowed; t++) {
    const e = curBase + <usize>t * entryBytes;
    const lo = load<u64>(e + countOffset),
      hi = wideCounts ? load<u64>(e + countOffset, 8) : 0;
    // The key read slot by slot as decode does (frontierCount's layout), straight into
    // deg and mate. Labels are numbered in order of first appearance, so a label equal to
    // the next unseen one opens a pair and any other closes the pair it names.
    const spent = cycles ? 0 : <i32>(load<u64>(e) & 3);
    let wordAt = e;
    let word = load<u64>(wordAt);
    let shift = cycles ? 0 : 2;
    let unseen = CODE_LABEL;
    for (let i = 0; i < v; i++) {
      if (shift + bits > 64) {
        wordAt += 8;
        word = load<u64>(wordAt);
        shift = 0;
      }
      const code = <i32>((word >> (<u64>shift)) & mask);
      shift += bits;
      // Without branches, as attempt packs: free (degree 0, its own mate), full (2,
      // NONE), end (1, END) or a label (1) that opens a pair (its mate is set when the
      // pair closes) or closes the pair opened at firstSlot[code].
      const label = code >= CODE_LABEL;
      const opens = label && code == unseen;
      const closes = label && !opens;
      const j = get(firstSlot, code);
      put(deg, i, select<i32>(1, code << 1, code >= CODE_END));
      put(mate, i, select<i32>(j, select<i32>(i, select<i32>(NONE, END, code == CODE_FULL), code == CODE_FREE), closes));
      put(mate, select<i32>(j, SPARE_SLOT, closes), i);
      put(firstSlot, select<i32>(code, SPARE_LABEL, opens), i);
      unseen += <i32>opens;
    }
    put(deg, v, 0);
    put(mate, v, v);
    let open = 0;
    for (let j = 0; j < nbrCount; j++) {
      const u = get(nbrSlots, j);
      if (get(deg, u) < get(maxDeg, u)) {
        put(openBit, u, open < 32 ? 1 << open : 0);
        put(openSlots, open++, u);
      }
    }
    if (waysMode) {
      waysLo = 0;
      waysHi = 0;
    }
    if (open <= 32 && !chooseFilter(spent, v)) {
      for (let x = 0; x < open; x++) put(openBit, get(openSlots, x), 0);
      continue; // no choice of edges is legal: every one would fail in apply
    }
    if (open > 32) {
      // (more open neighbours than a mask holds: apply alone judges every choice)
      fMust = 0;
      fSpendPick = 0;
      fSpendSkip = 0;
      fZeroSkip = 0;
      fEnds = -8;
      fMustEnds = 0;
      fVEnd = 0;
      fVZero = 0;
      fVMinEdges = 0;
    }
    if (fits(0, 0)) attempt(spent, 0, 0, 0, lo, hi);
    const pairs = get(maxDeg, v) >= 2;
    for (let x = 0; x < open; x++) {
      const ux = get(openSlots, x);
      const bx = get(openBit, ux);
      if (fits(1, bx)) attempt(spent, 1, ux, 0, lo, hi);
      if (!pairs) continue;
      const mx = get(mate, ux);
      for (let y = x + 1; y < open; y++) {
        const uy = get(openSlots, y);
        // Joining the two ends of one piece closes a cycle, joining two pieces that each
        // end at a retired square finishes the path: both only at the last square (apply
        // would refuse them too, after the work of trying).
        if (!last && (mx == uy || (mx == END && get(mate, uy) == END))) continue;
        if (fits(2, bx | get(openBit, uy))) attempt(spent, 2, ux, uy, lo, hi);
      }
    }
    for (let x = 0; x < open; x++) put(openBit, get(openSlots, x), 0);
    if (waysMode) keepWays(e);
  }
  flushStaged();
}

// ---- which choices of edges can be legal, judged per state before any is tried. Most
// choices apply refuses fail on the squares that leave the frontier at this step or must
// become ends (43 % of all tried on 6×6 paths, 56 % on 7×7 cycles), and whether they fail
// there depends only on which open slots are picked (a slot gains at most one edge, to
// the new square): a retiring slot of degree 0 must be picked (else it is never covered),
// one of degree 1 must be picked for a cycle or when its piece's other end has left
// (else it is an end too early), and is otherwise an end unless picked; a must-end slot
// of degree 0 is one more end unless picked. Each open slot is one bit (openBit), so a
// choice is checked with a few masks and popcounts, the same conditions apply checks
// (apply still checks every choice tried; this only skips the ones it would refuse).
const openBit: usize = memory.data(SLOT_BYTES); // per slot: its bit in this state's open list, else 0
let fMust: u32 = 0; // open slots every legal choice picks
let fSpendPick: u32 = 0; // open slots that become ends if picked
let fSpendSkip: u32 = 0; // open slots that become ends if not picked
let fZeroSkip: u32 = 0; // open must-end slots that stay free (one more end to come) if not picked
let fEnds: i32 = 0; // ends spent whatever is picked, less the budget (a choice needs ≤ 0 in all)
let fMustEnds: i32 = 0; // free must-end slots that no choice can reach
let fVEnd: i32 = 0; // 1 if the new square retires and is not forced: one edge makes it an end
let fVZero: i32 = 0; // 1 if the new square must be an end: no edge leaves it free, one more end
let fVMinEdges: i32 = 0; // edges the new square needs (it retires: 1, or 2 for a cycle)

/** Sets the masks of this state (deg, mate decoded, openBit set); false if no choice is legal. */
function chooseFilter(spent: i32, v: i32): bool {
  let must: u32 = 0,
    spendPick: u32 = 0,
    spendSkip: u32 = 0,
    ends = spent;
  fVMinEdges = 0;
  fVEnd = 0;
  for (let r = 0; r < retiringCount; r++) {
    const i = get(retiringList, r);
    const forcedEnd = get8(forced, get(frontier, i)) != 0;
    if (i == v) {
      fVMinEdges = cycles ? 2 : 1;
      if (!cycles && !forcedEnd) fVEnd = 1;
      continue;
    }
    const d = get(deg, i);
    if (d == 2) continue;
    const bit = <u32>get(openBit, i);
    if (cycles && d == 0) return false; // one edge at most: an end, and a cycle has none
    if (bit == 0) {
      if (d == 0 || cycles) return false;
      if (get(mate, i) == END && !last) return false;
      if (!forcedEnd) ends++;
    } else if (d == 0) {
      must |= bit;
      if (!forcedEnd) spendPick |= bit;
    } else if (cycles || (get(mate, i) == END && !last)) must |= bit;
    else spendSkip |= bit; // (a forced slot of degree 1 is not open)
  }
  let zeroSkip: u32 = 0,
    mustEnds = 0;
  fVZero = 0;
  for (let r = 0; r < mustEndCount; r++) {
    const i = get(mustEndList, r);
    if (i == v) {
      fVZero = 1;
      continue;
    }
    if (get(deg, i) != 0) continue;
    const bit = <u32>get(openBit, i);
    if (bit == 0) mustEnds++;
    else zeroSkip |= bit;
  }
  fMust = must;
  fSpendPick = spendPick;
  fSpendSkip = spendSkip;
  fZeroSkip = zeroSkip;
  fEnds = ends - budget;
  fMustEnds = mustEnds;
  if (popcnt(must) > 2) return false;
  return true;
}

/** Whether picking the open slots `picked` (`edges` of them) can pass apply's checks. */
// @ts-ignore: decorator
@inline function fits(edges: i32, picked: u32): bool {
  if ((picked & fMust) != fMust || edges < fVMinEdges) return false;
  const over = fEnds + <i32>popcnt(fSpendPick & picked) + <i32>popcnt(fSpendSkip & ~picked) + (edges == 1 ? fVEnd : 0);
  return over <= 0 && over + fMustEnds + <i32>popcnt(fZeroSkip & ~picked) + (edges == 0 ? fVZero : 0) <= 0;
}

/** Sets up step k (the new square's slot, its neighbours, the slots that retire); once per step. */
function stepBegin(k: i32): void {
  last = k == size - 1;
  const v = slotsBefore;
  put(frontier, v, k);
  // Earlier neighbours of k are frontier squares; their slots (the frontier is increasing).
  nbrCount = 0;
  put(remaining, k, get(laterCount, k));
  const edgesEnd = get(earlierStart, k + 1);
  for (let e = get(earlierStart, k); e < edgesEnd; e++) {
    const y = get(earlier, e);
    put(remaining, y, get(remaining, y) - 1);
    let lo = 0,
      hi = v - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (get(frontier, mid) < y) lo = mid + 1;
      else hi = mid;
    }
    put(nbrSlots, nbrCount++, lo);
  }
  retiringCount = 0;
  mustEndCount = 0;
  stayCount = 0;
  for (let i = 0; i <= v; i++) {
    const x = get(frontier, i);
    const left = get(remaining, x);
    put8(retiring, i, left == 0 ? 1 : 0);
    if (left == 0) put(retiringList, retiringCount++, i);
    put(stayPos, i, left == 0 ? -1 : stayCount);
    if (left != 0) put(stayList, stayCount++, i);
    if (left == 1 && get8(forced, x) == 0) put(mustEndList, mustEndCount++, i);
    put(maxDeg, i, get8(forced, x) != 0 ? 1 : 2);
  }
  put(stayPos, SPARE_SLOT, -1);
  if (pruneOn) prepareViability(k, v);
}

/** Ends step k (nextStates states made from curStates): the growth and the new frontier, the squares that stay. */
function stepEnd(nextStates: i32): void {
  growth = curStates > 0 ? <f64>nextStates / <f64>curStates : 1;
  keepStayingSlots();
}

/** The new frontier: the squares that stay. */
function keepStayingSlots(): void {
  const v = slotsBefore;
  let w = 0;
  for (let i = 0; i <= v; i++) if (get8(retiring, i) == 0) put(frontier, w++, get(frontier, i));
  slotsBefore = w;
}

/** Processes step k: every state of the current table into the next. */
function processStep(k: i32): void {
  stepBegin(k);
  const v = slotsBefore;
  // The layout for this step: cur packed at the arena's start, next packed behind it, H
  // behind next. H is sized for the next step's states at load 0.5 (linear probing slows
  // fast past that: 0.8 made whole counts twice as slow) when that fits under the cap;
  // else the step runs in passes, each keeping the successors whose hash's top 32 bits
  // fall in its range [rangeLo, rangeLo + rangeWidth), the ranges one after another from
  // 0 to 2^32. A pass's table gets the room behind next and a range holding about 0.6 of
  // it; the next pass starts where it ended, so a pass never has to be redone because a
  // later one ran short of room (restarting the whole step with more parts would redo
  // every pass done so far, over and over under a tight cap). How many states a range
  // holds is a guess at first (the last step's growth), then measured: the ranges done
  // are a hash-uniform sample of next. A pass whose states outgrow its table runs again
  // with a table twice as large, or, when that does not fit, half the range.
  const E = <u64>entryBytes;
  let estimate = max<f64>(1024, <f64>curStates * max<f64>(1.0, growth) * 1.1);
  placeLayers();
  let passes = 0;
  let stepPruned: u64 = 0;
  rangeLo = 0;
  while (rangeLo < HASH_SPAN) {
    const doneFraction = <f64>rangeLo / <f64>HASH_SPAN;
    // The ranges done are a sample of next: the guess gives way to it (a guess far too high
    // would otherwise keep each pass's range small while its states are few).
    if (rangeLo > 0) estimate = max<f64>(1024, <f64>nextCount / doneFraction);
    if (rangeLo > 0 && nextCount >= 4096) {
      // From the ranges done, next as a whole is about `estimate` states. When that is a
      // quarter more than the room there is for it, no passes fit it (passes shrink the
      // table, never next), and the board is refused now. The margin keeps a count that
      // could still fit from being refused by an uneven sample: with 4096 states or more
      // seen, a share 25 % off its expected size is dozens of standard deviations away.
      const room = (<f64>arenaCap() - <f64>nextOff) / <f64>E - 1024;
      if (estimate > 1.25 * room) outOfReach(<u64>(<f64>nextOff + estimate * <f64>E));
    }
    const remaining = max<f64>(1, estimate * (1 - doneFraction));
    const tableRoom = Math.floor((<f64>arenaCap() - <f64>nextOff - <f64>nextCount * <f64>E) / <f64>E);
    // Even the smallest table does not fit beside the layers: out of reach.
    if (tableRoom < 1024) outOfReach(nextOff + <u64>(nextCount + 1024) * E);
    let capacity: f64;
    if (remaining / 0.5 <= tableRoom) {
      capacity = max<f64>(1024, remaining / 0.5);
      rangeWidth = HASH_SPAN - rangeLo;
    } else {
      capacity = min<f64>(tableRoom, 2e9);
      const share = min<f64>(1, (capacity * 0.6) / remaining);
      rangeWidth = max<u64>(1, <u64>(share * <f64>(HASH_SPAN - rangeLo)));
    }
    while (true) {
      if (!placeTable(<i32>capacity)) outOfReach(hOff + <u64>capacity * E); // (cannot happen: capacity ≤ tableRoom)
      partial = rangeLo > 0 || rangeWidth < HASH_SPAN;
      overflowed = false;
      passPruned = 0;
      expandAll(v);
      if (!overflowed) break;
      // The range grew past its table (more than estimated): again with a table twice as
      // large (behind next, so nothing moves) if it fits, else with all the room and half
      // the range.
      const most = min<f64>(tableRoom, 2e9);
      if (capacity * 2 <= most) capacity *= 2;
      else if (rangeWidth > 1) {
        capacity = most;
        rangeWidth >>= 1;
      } else outOfReach(nextOff + <u64>(nextCount + <i32>capacity) * E);
    }
    if (passes == 0) stepPruned = passPruned; // every whole pass makes (and prunes) every successor
    drainTable();
    passes++;
    rangeLo += rangeWidth;
  }
  partial = false;
  parts = passes;
  if (parts > peakParts) peakParts = parts;
  prunedStates += stepPruned;
  stepEnd(nextCount);
}

/** Keeps only the states of shard `part` of `shards` (the TS baseline's partOf hash), packed. */
function keepPart(part: i32, shards: i32): void {
  const E = <usize>entryBytes;
  const base = at(curOff);
  let kept = 0;
  for (let t = 0; t < curStates; t++) {
    const e = base + <usize>t * E;
    let h: u32 = <u32>decode(e);
    for (let i = 0; i < slotsBefore; i++) h = h * 31 + <u32>get(codes, i);
    if (h % <u32>shards != <u32>part) continue;
    if (kept != t) memory.copy(base + <usize>kept * E, e, E);
    kept++;
  }
  curStates = kept;
}

let curStates: i32 = 0;

function bitsFor(values: i32): i32 {
  let b = 1;
  while (1 << b < values) b++;
  return b;
}

/**
 * Counts Hamiltonian cycles (cycles = true) or paths (with the forced ends) of the graph
 * given since frontierBegin, with frontier width at most `width`. With shards > 1 only
 * the states of shard `shard` go on after the split step. The count is read with
 * frontierResultLo/Hi.
 */
export function frontierCount(cycleMode: bool, width: i32, shard: i32, shards: i32): void {
  setupCount(cycleMode, width);
  // The start: one empty state with count 1, packed at the arena's start.
  liveBytes = 0;
  curOff = 0;
  nextCount = 0;
  curStates = 0;
  ensureArena(<u64>entryBytes);
  memory.fill(at(0), 0, entryBytes);
  store<u64>(at(0) + ((<usize>keyWords) << 3), 1);
  curStates = 1;
  liveBytes = <u64>entryBytes;
  slotsBefore = 0;
  for (let k = 0; k < size; k++) {
    step = k;
    processStep(k);
    curOff = nextOff;
    curStates = nextCount;
    nextCount = 0;
    if (curStates > peakStates) peakStates = curStates;
    put(stepStates, k, curStates);
    hostProgress(k, curStates, parts);
    if (shards > 1 && splitStep < 0 && (curStates >= FRONTIER_SPLIT_STATES_PER_PART * shards || k == size - 1)) {
      splitStep = k;
      keepPart(shard, shards);
    }
  }
  resultLo = 0;
  resultHi = 0;
  const countOffset = (<usize>keyWords) << 3;
  const base = at(curOff);
  for (let t = 0; t < curStates; t++) {
    const e = base + <usize>t * entryBytes;
    const lo = load<u64>(e + countOffset),
      hi = wideCounts ? load<u64>(e + countOffset, 8) : 0;
    const sumLo = resultLo + lo;
    const carry: u64 = sumLo < resultLo ? 1 : 0;
    const h = resultHi + hi;
    const sumHi = h + carry;
    if (h < resultHi || sumHi < h) abort("limit-exceeded: a count passed 2^128");
    resultLo = sumLo;
    resultHi = sumHi;
  }
  liveBytes = 0;
}

/** What frontierCount and frontierHostBegin share: the key layout, the per-count tables, the colouring. */
function setupCount(cycleMode: bool, width: i32): void {
  if (width > FRONTIER_MAX_WIDTH) abort(`limit-exceeded: the frontier of ${width} squares is wider than ${FRONTIER_MAX_WIDTH}`);
  cycles = cycleMode;
  budget = cycles ? 0 : 2 - forcedCount;
  codeBits = bitsFor(CODE_LABEL + ((width + 2) >> 1));
  // Paths: spent ends in bits 0-1 of word 0, then the slots (cycles spend none: slots
  // from bit 0). A state has at most `width` slots (the frontier after a step).
  let word = 0,
    shift = cycles ? 0 : 2;
  for (let i = 0; i < max(width, 1); i++) {
    if (shift + codeBits > 64) {
      word++;
      shift = 0;
    }
    put(slotWord, i, word);
    put(slotShift, i, shift);
    shift += codeBits;
  }
  keyWords = word + 1;
  if (keyWords > MAX_KEY_WORDS) abort(`limit-exceeded: the frontier of ${width} squares needs keys longer than ${MAX_KEY_WORDS} words`);
  countLimbs = wideCounts ? 2 : 1;
  entryBytes = (<usize>keyWords + <usize>countLimbs) << 3;
  peakBytes = 0;
  peakStates = 1;
  peakParts = 1;
  splitStep = -1;
  step = 0;
  growth = 1;
  for (let i = 0; i < size; i++) {
    put(remaining, i, 0);
    put(stepStates, i, 0);
  }
  // A step without earlier neighbours set no start of its own: it starts where the last ended.
  for (let i = 1; i <= size; i++) if (get(earlierStart, i) < get(earlierStart, i - 1)) put(earlierStart, i, get(earlierStart, i - 1));
  bipartite = pruneOn && colourGraph();
  prunedStates = 0;
}

// ---- host layers. A layer here lives in the arena, so the 4 GiB of a wasm32 memory bound
// it (about 130 M states of 16 bytes with a step's table beside it). With host layers the
// host keeps the layers (packed entries, as here, in chunks of its own memory) and the
// arena holds only an input buffer and one pass's table:
//   [ input: up to inputStates entries | H ]
// A step is frontierHostStepBegin(k), then per pass (a range of key hashes, as the passes
// of processStep): frontierHostPass, the whole last layer streamed through the input
// buffer (frontierHostExpand per piece), frontierHostDrain and the host copies the
// packed table out (frontierHostTable); then frontierHostStepEnd. The counts, the ranges
// and the pruning are processStep's: only where the layers live differs.
let hostInputStates: i32 = 0;

/**
 * Starts a count whose layers the host keeps (the graph given as for frontierCount): the
 * arena gets an input buffer of `inputStates` entries. Returns the bytes per entry.
 */
export function frontierHostBegin(cycleMode: bool, width: i32, inputStates: i32): i32 {
  setupCount(cycleMode, width);
  within(inputStates, 1, 1 << 28, "limit-exceeded: frontierHostBegin: input buffer of 1 to 2^28 entries");
  hostInputStates = inputStates;
  liveBytes = 0;
  curOff = 0;
  nextOff = 0;
  nextCount = 0;
  curStates = 0;
  hCount = 0;
  hCapacity = 0;
  hOff = <u64>inputStates * entryBytes;
  slotsBefore = 0;
  ensureArena(hOff);
  return <i32>entryBytes;
}

/** Where the host writes the states to expand (valid until the next frontierHostPass). */
export function frontierHostInput(): usize {
  return at(0);
}

/** Sets up step k (once per step, before its passes). */
export function frontierHostStepBegin(k: i32): void {
  within(k, 0, size - 1, "limit-exceeded: frontierHostStepBegin: step past frontierBegin's squares");
  step = k;
  stepBegin(k);
}

/**
 * Starts a pass of the step: an empty table of `capacity` entries behind the input buffer,
 * keeping the successors whose key hash has its top 32 bits in [lo, lo + width). False if
 * the table would pass the cap.
 */
export function frontierHostPass(lo: u64, width: u64, capacity: i32): bool {
  rangeLo = lo;
  rangeWidth = width;
  partial = lo > 0 || width < HASH_SPAN;
  overflowed = false;
  passPruned = 0;
  nextOff = <u64>hostInputStates * entryBytes;
  nextCount = 0;
  if (capacity < 1) return false;
  return placeTable(capacity);
}

/** Expands the `n` states of the input buffer into the pass's table; false if the table filled (the pass must run again with a smaller range). */
export function frontierHostExpand(n: i32): bool {
  within(n, 0, hostInputStates, "limit-exceeded: frontierHostExpand: more states than the input buffer holds");
  curOff = 0;
  curStates = n;
  expandAll(slotsBefore);
  return !overflowed;
}

/** Successors dropped as dead in this pass so far. */
export function frontierHostPruned(): u64 {
  return passPruned;
}

/** Packs the pass's table at frontierHostTable and returns its states (the host copies them out). */
export function frontierHostDrain(): i32 {
  packTable();
  const n = hCount;
  hCount = 0;
  return n;
}

/** Where frontierHostDrain packed the pass's states. */
export function frontierHostTable(): usize {
  return at(hOff);
}

/** Ends step k: the growth (for the next step's guesses) and the new frontier. */
export function frontierHostStepEnd(before: f64, after: f64): void {
  growth = before > 0 ? after / before : 1;
  keepStayingSlots();
}

/** Keeps, packed, the input buffer's `n` states that are in shard `part` of `shards` (as frontierCount's split); returns how many. */
export function frontierHostKeepPart(n: i32, part: i32, shards: i32): i32 {
  within(n, 0, hostInputStates, "limit-exceeded: frontierHostKeepPart: more states than the input buffer holds");
  curOff = 0;
  curStates = n;
  keepPart(part, shards);
  return curStates;
}

// ---- disk buckets. For layers past the host's memory the host keeps them in files and
// makes each step in two phases (src/tours/frontier-buckets.ts): the last layer streamed
// once through the input buffer into one table over all keys (frontierHostPass over the
// whole range, frontierHostExpand) that the host empties into bucket files whenever a
// piece could fill it past half (frontierHostDrain, then frontierDiskSplit groups the
// packed states by bucket); then each bucket's files streamed through the input buffer
// into a table of its keys alone (frontierHostPass over the bucket's range,
// frontierDiskSum), drained into the new layer. A bucket is the keys whose hash's top
// 32 bits lie in one of 2^s equal ranges: the ranges of the passes, so a bucket too large
// for its table is summed in several passes over halves of its range, as processStep does.

/** Most buckets a step's states are split into (a power of two; the host keeps a file open per bucket, well under the usual limit of 1024 open files). */
export const FRONTIER_MAX_BUCKETS: i32 = 256;
const bucketStart: usize = memory.data(<i32>sizeof<i32>() * (FRONTIER_MAX_BUCKETS + 1));

/** States in the pass's table now (the host drains it before a piece could fill it). */
export function frontierHostTableStates(): i32 {
  return hCount;
}

/**
 * Groups the `n` states frontierHostDrain packed at frontierHostTable by bucket (the top
 * `bits` bits of their key's hash: 2^bits buckets) and packs them as records for the
 * files (see "Records on disk" below); returns where the records start. Bucket b's are
 * the bytes frontierDiskBucketOffset(b) to frontierDiskBucketOffset(b + 1) from there.
 * Needs 2n entries of table room (n ≤ capacity / 2).
 */
export function frontierDiskSplit(n: i32, bits: i32): usize {
  within(bits, 0, 8, "limit-exceeded: frontierDiskSplit: more than FRONTIER_MAX_BUCKETS buckets");
  within(n, 0, hCapacity >> 1, "limit-exceeded: frontierDiskSplit: more states than half the table");
  return splitAndPack(at(hOff), n, bits);
}

/**
 * The `n` entries at `from` grouped by bucket into the room behind them, then packed as
 * records back from `from` on, bucket after bucket; bucketStart becomes each bucket's byte
 * offset. The records may run past n entries' bytes but never reach an entry not yet
 * packed: a record is at most T bytes longer than its entry (T, its tag bytes, at most 7),
 * it is copied out before it is written, and n·T + 8 ≤ n·E, so the writes (with their
 * 8-byte stores) stay behind the next grouped entry, at n·E + (t + 1)·E.
 */
function splitAndPack(from: usize, n: i32, bits: i32): usize {
  const E = <usize>entryBytes;
  const grouped = from + <usize>n * E;
  groupByBucket(from, n, bits, grouped);
  const buckets = 1 << bits;
  let out = from;
  let t = 0;
  for (let b = 0; b < buckets; b++) {
    const end = get(bucketStart, b + 1);
    put(bucketStart, b, <i32>(out - from));
    for (; t < end; t++) {
      copySmall(recordBuf, grouped + <usize>t * E, E);
      out = packRecord(recordBuf, out);
    }
  }
  put(bucketStart, buckets, <i32>(out - from));
  return from;
}

/** Copies the `n` packed states at `from` to `to`, grouped by bucket (the top `bits` bits of their key's hash); bucketStart says where each bucket's begin. */
function groupByBucket(from: usize, n: i32, bits: i32, to: usize): void {
  const buckets = 1 << bits;
  const E = <usize>entryBytes;
  const drop = <u64>(64 - bits);
  for (let b = 0; b <= buckets; b++) put(bucketStart, b, 0);
  // Counts per bucket, shifted by one, then their running sums: each bucket's first entry.
  for (let t = 0; t < n; t++) {
    const b = bits == 0 ? 0 : <i32>(hashKey(from + <usize>t * E) >> drop);
    put(bucketStart, b + 1, get(bucketStart, b + 1) + 1);
  }
  for (let b = 0; b < buckets; b++) put(bucketStart, b + 1, get(bucketStart, b + 1) + get(bucketStart, b));
  // Then each state placed at its bucket's cursor: a stable grouping in one pass.
  for (let b = 0; b < buckets; b++) put(bucketCursor, b, get(bucketStart, b));
  for (let t = 0; t < n; t++) {
    const e = from + <usize>t * E;
    const b = bits == 0 ? 0 : <i32>(hashKey(e) >> drop);
    const c = get(bucketCursor, b);
    put(bucketCursor, b, c + 1);
    copySmall(to + <usize>c * E, e, E);
  }
}
const bucketCursor: usize = memory.data(<i32>sizeof<i32>() * FRONTIER_MAX_BUCKETS);

/** Byte offset of bucket b's records among those frontierDiskSplit or frontierWaysSplit packed (b = 2^bits: their length). */
export function frontierDiskBucketOffset(b: i32): i32 {
  within(b, 0, FRONTIER_MAX_BUCKETS, "limit-exceeded: frontierDiskBucketOffset: bucket past FRONTIER_MAX_BUCKETS");
  return get(bucketStart, b);
}

// ---- records on disk. The files hold each entry as a record: tag bytes, a nibble a limb
// (the key's words, then the count's limbs) giving the limb's length in bytes (0 to 8),
// then the limbs' low bytes, little-endian, without their high zero bytes. Keys use few
// of their bits and most counts are small: 8×8 paths' 24-byte entries take 10 to 12 bytes.
// A record is self-delimiting, so a file is its records end to end (the host cuts its
// reads anywhere and keeps a partial record's bytes for the next read). The TS codec
// (src/tours/frontier-records.ts) is the same format.
const recordBuf: usize = memory.data(<i32>sizeof<u64>() * (MAX_KEY_WORDS + 2));
let unpackedBytes: i32 = 0;

// Tag bytes of a record: a nibble a limb.
// @ts-ignore: decorator
@inline function tagBytes(): usize {
  return (<usize>(keyWords + countLimbs) + 1) >> 1;
}

// Bytes of a limb without its high zero bytes (0 for 0).
// @ts-ignore: decorator
@inline function limbLength(v: u64): usize {
  return <usize>((71 - <u32>clz(v)) >> 3);
}

/** Packs the entry at e as a record at out (its 8-byte stores write up to 7 bytes past the record); returns the record's end. */
function packRecord(e: usize, out: usize): usize {
  const limbs = keyWords + countLimbs;
  let p = out + tagBytes();
  for (let i = 0; i < limbs; i += 2) {
    const a = load<u64>(e + ((<usize>i) << 3));
    const la = limbLength(a);
    store<u64>(p, a);
    p += la;
    let tag = <u32>la;
    if (i + 1 < limbs) {
      const b = load<u64>(e + ((<usize>(i + 1)) << 3));
      const lb = limbLength(b);
      store<u64>(p, b);
      p += lb;
      tag |= (<u32>lb) << 4;
    }
    store<u8>(out + ((<usize>i) >> 1), <u8>tag);
  }
  return p;
}

/** Most bytes a record takes (the host sizes its buffers by it). */
export function frontierDiskRecordMostBytes(): i32 {
  return <i32>(entryBytes + tagBytes());
}

/**
 * Packs the `n` entries at `from` as records at `to` (room for n · frontierDiskRecordMostBytes()
 * + 8 bytes, apart from the entries); returns the records' bytes.
 */
export function frontierDiskPack(from: usize, n: i32, to: usize): i32 {
  within(n, 0, 1 << 28, "limit-exceeded: frontierDiskPack: more than 2^28 entries");
  const E = <usize>entryBytes;
  let out = to;
  for (let t = 0; t < n; t++) out = packRecord(from + <usize>t * E, out);
  return <i32>(out - to);
}

/**
 * Unpacks the whole records among the `bytes` at `from` into entries at `to`, at most
 * `most` of them; returns how many (frontierDiskUnpacked: the bytes they took). It may
 * read up to 7 bytes past the records (the host's buffers lie inside the arena).
 */
export function frontierDiskUnpack(from: usize, bytes: i32, to: usize, most: i32): i32 {
  const limbs = keyWords + countLimbs;
  const T = tagBytes();
  const E = <usize>entryBytes;
  const end = from + <usize>bytes;
  let p = from;
  let n = 0;
  while (n < most && p + T <= end) {
    let length = T;
    for (let i: usize = 0; i < T; i++) {
      const tag = <usize>load<u8>(p + i);
      length += (tag & 15) + (tag >> 4);
    }
    if (p + length > end) break; // a partial record: the host reads on
    let q = p + T;
    const e = to + <usize>n * E;
    for (let i = 0; i < limbs; i++) {
      const tag = <u32>load<u8>(p + ((<usize>i) >> 1));
      const l = (i & 1) != 0 ? tag >> 4 : tag & 15;
      if (l > 8) abort("invariant-broken: a record's limb is longer than 8 bytes");
      const v: u64 = l == 0 ? 0 : load<u64>(q) & ((<u64>-1) >> (<u64>(64 - (l << 3))));
      store<u64>(e + ((<usize>i) << 3), v);
      q += <usize>l;
    }
    p = q;
    n++;
  }
  unpackedBytes = <i32>(p - from);
  return n;
}

/** Bytes the last frontierDiskUnpack took. */
export function frontierDiskUnpacked(): i32 {
  return unpackedBytes;
}

/**
 * Adds the `n` states of the input buffer (packed entries: a key and its count) into the
 * pass's table, each to the entry of its key, keeping those of the pass's range; false if
 * the table filled (the pass runs again with a larger table or half the range).
 */
export function frontierDiskSum(n: i32): bool {
  within(n, 0, hostInputStates, "limit-exceeded: frontierDiskSum: more states than the input buffer holds");
  const E = <usize>entryBytes;
  const countOffset = (<usize>keyWords) << 3;
  const base = at(0);
  for (let t = 0; t < n && !overflowed; t++) {
    const e = base + <usize>t * E;
    insert(e, load<u64>(e + countOffset), wideCounts ? load<u64>(e + countOffset, 8) : 0);
  }
  flushStaged();
  return !overflowed;
}

// ---- ways onward (the uniform sampler's backward pass on disk, src/tours/uniform-disk.ts).
// A state's ways onward are the completions from it to the end: 1 for every state of the
// last layer, then for layer k the sum of its successors' ways in layer k + 1 (a successor
// absent there is dead: no completion). Layer k + 1's ways are loaded into the table
// (frontierHostPass over the whole range, frontierDiskSum: the entries are (key, ways) in
// the count's layout); frontierWaysStep(k) sets up step k; then layer k's states, streamed
// through the input buffer, are expanded as a count expands them (the same successors,
// the same pruning), each successor looked up instead of inserted, and the states with
// ways kept as (key, ways) entries, grouped by bucket for the host's files.
let waysMode = false;
let waysLo: u64 = 0;
let waysHi: u64 = 0;
let waysKept: i32 = 0;

/** Adds the ways of keyBuf's state in the table (none if it is absent: a dead successor) to the state's. */
function addWays(): void {
  const h = hashKey(keyBuf);
  const hBase = at(hOff);
  const countOffset = (<usize>keyWords) << 3;
  let slot = <i32>(((h & 0xffffffff) * <u64>hCapacity) >> 32);
  while (true) {
    const e = hBase + <usize>slot * entryBytes;
    const lo = load<u64>(e + countOffset);
    const hi = wideCounts ? load<u64>(e + countOffset, 8) : 0;
    if (lo == 0 && hi == 0) return; // an empty slot: not in the layer
    if (sameKeyAt(e, keyBuf)) {
      // Ways onward never pass the count (each is at most it), so a carry past the width is a broken invariant.
      const sumLo = waysLo + lo;
      const carry: u64 = sumLo < waysLo ? 1 : 0;
      const t = waysHi + hi;
      const sumHi = t + carry;
      if ((!wideCounts && carry != 0) || t < waysHi || sumHi < t) abort("invariant-broken: ways onward passed the count's width");
      waysLo = sumLo;
      waysHi = sumHi;
      return;
    }
    if (++slot == hCapacity) slot = 0;
  }
}

/** Writes the state at e with its ways (if any) as the next kept entry, in place (kept ≤ the state's index). */
function keepWays(e: usize): void {
  if (waysLo == 0 && waysHi == 0) return; // dead: dropped
  const E = <usize>entryBytes;
  const to = at(curOff) + <usize>waysKept * E;
  const countOffset = (<usize>keyWords) << 3;
  if (to != e) memory.copy(to, e, countOffset);
  store<u64>(to + countOffset, waysLo);
  if (wideCounts) store<u64>(to + countOffset, waysHi, 8);
  waysKept++;
}

/** Sets up step k for the backward pass: the frontier after steps 0 .. k-1 replayed from the graph (the steps come in decreasing order). */
export function frontierWaysStep(k: i32): void {
  within(k, 0, size - 1, "limit-exceeded: frontierWaysStep: step past frontierBegin's squares");
  for (let i = 0; i < size; i++) put(remaining, i, 0);
  slotsBefore = 0;
  for (let j = 0; j < k; j++) {
    step = j;
    stepBegin(j);
    keepStayingSlots();
  }
  step = k;
  stepBegin(k);
}

/**
 * Replaces the `n` states of the input buffer (at most half of it) with the live ones and
 * their ways onward, packed at its start, looking their successors up in the table;
 * returns how many.
 */
export function frontierWaysExpand(n: i32): i32 {
  within(n, 0, hostInputStates >> 1, "limit-exceeded: frontierWaysExpand: more states than half the input buffer");
  curOff = 0;
  curStates = n;
  overflowed = false;
  waysKept = 0;
  waysMode = true;
  expandAll(slotsBefore);
  waysMode = false;
  return waysKept;
}

/** Groups the input buffer's first `n` states (at most half of it) by bucket and packs them as records, as frontierDiskSplit does; returns where they start. */
export function frontierWaysSplit(n: i32, bits: i32): usize {
  within(bits, 0, 8, "limit-exceeded: frontierWaysSplit: more than FRONTIER_MAX_BUCKETS buckets");
  within(n, 0, hostInputStates >> 1, "limit-exceeded: frontierWaysSplit: more states than half the input buffer");
  return splitAndPack(at(0), n, bits);
}
