// The completion graph of the sampler, built in the kernel (TS baseline:
// src/tables/sample-graph.ts, the same states in the same order and the same moves in
// the same order, so both engines draw the same tables from a seed). A state is the
// sorted multiset of the columns' need codes; g(S) = Σ_moves mult · g(child) in 128 bits
// (any carry past them is flagged and the host falls back to bigint). States are found
// depth first with a hash table; a state's moves are collected on a stack while its
// children are built and then copied out contiguously, so the walk reads them in order.
import { within } from "../common/guard";
import { multiplyWide, productLo, productHi, overflowed, clearOverflow } from "./wide";

export const GRAPH_MAX_SIZE: i32 = 10;
const CODE_BITS: u64 = 10; // need codes < Π(c_s + 1) <= 2^10 for n <= 10
const MAX_SYMBOLS: i32 = 16;
/** Largest spread array: 512 MiB (one allocation may not pass 1 GiB). */
export const MAX_SPREAD_BYTES: i32 = 1 << 29;

let n: i32 = 0;
let k: i32 = 0;
let maxStates: i32 = 0;
let maxMoves: i32 = 0;

// States: codes (n per state), totals, where their moves are.
export let stateCount: i32 = 0;
export let graphMoveCount: i32 = 0;
export let graphStateCodes = new StaticArray<u16>(0);
export let graphTotalLo = new StaticArray<u64>(0);
export let graphTotalHi = new StaticArray<u64>(0);
export let graphMoveStart = new StaticArray<i32>(0);
export let graphMoveChild = new StaticArray<i32>(0);
export let graphWeightLo = new StaticArray<u64>(0);
export let graphWeightHi = new StaticArray<u64>(0);
export let graphSpreadAt = new StaticArray<i32>(0);
export let graphSpreads = new StaticArray<u8>(0);
let spreadTop: i32 = 0;

// Moves of the states on the current path, before they are copied out.
let stackChild = new StaticArray<i32>(1024);
let stackLo = new StaticArray<u64>(1024);
let stackHi = new StaticArray<u64>(1024);
let stackSpreads = new StaticArray<u8>(1024 * 16);
let stackTop: i32 = 0;
let stackSpreadTop: i32 = 0;
// Addresses of the arrays leaf() touches, as plain integers (reset when they grow): leaf
// is inlined into the deep spreadGroup recursion, whose frames must not hold managed
// references (each would take shadow-stack space, which that depth would overflow).
let stackChildBase: usize = changetype<usize>(stackChild);
let stackLoBase: usize = changetype<usize>(stackLo);
let stackHiBase: usize = changetype<usize>(stackHi);
let stackSpreadsBase: usize = changetype<usize>(stackSpreads);
let stackCap: i32 = 1024;
let stackSpreadCap: i32 = 1024 * 16;
let totalLoBase: usize = 0;
let totalHiBase: usize = 0;

// Hash table: key (two u64) -> state id + 1 (0 = empty).
let tableBits: i32 = 12;
let tableLo = new StaticArray<u64>(1 << 12);
let tableHi = new StaticArray<u64>(1 << 12);
let tableId = new StaticArray<i32>(1 << 12);

// Per depth (rows placed): codes (u16), groups (code, size), the spread being built (u8),
// symbols placed; fixed tables in static memory (memory.data: addresses known when
// compiling, no managed reference in spreadGroup's deep recursion).
const depthCodesBase: usize = memory.data(17 * 16 * sizeof<u16>());
const groupCodeBase: usize = memory.data(17 * 16 * sizeof<i32>());
const groupSizeBase: usize = memory.data(17 * 16 * sizeof<i32>());
const groupCountBase: usize = memory.data(17 * sizeof<i32>());
const spreadBase: usize = memory.data(17 * 16 * MAX_SYMBOLS);
const placedBase: usize = memory.data(17 * MAX_SYMBOLS * sizeof<i32>());
// Each symbol's count and radix, and 0! .. 20!, in static memory too.
const countsBase: usize = memory.data(MAX_SYMBOLS * sizeof<i32>());
const radixBase: usize = memory.data(MAX_SYMBOLS * sizeof<i32>());
const factorialsBase: usize = memory.data(21 * sizeof<u64>());
// @ts-ignore: decorator
@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
// @ts-ignore: decorator
@inline function setI32At(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((<usize>i) << 2), v);
}
// @ts-ignore: decorator
@inline function u8At(base: usize, i: i32): i32 {
  return <i32>load<u8>(base + <usize>i);
}
// @ts-ignore: decorator
@inline function setU8At(base: usize, i: i32, v: i32): void {
  store<u8>(base + <usize>i, <u8>v);
}
// @ts-ignore: decorator
@inline function u16At(base: usize, i: i32): i32 {
  return <i32>load<u16>(base + ((<usize>i) << 1));
}
// @ts-ignore: decorator
@inline function setU16At(base: usize, i: i32, v: i32): void {
  store<u16>(base + ((<usize>i) << 1), <u16>v);
}

/** Set when a limit or 128 bits were exceeded: 1 states, 2 moves, 3 overflow. */
let failure: i32 = 0;

export function graphSetup(size: i32, symbols: i32, statesLimit: i32, movesLimit: i32): void {
  within(size, 1, GRAPH_MAX_SIZE, "limit-exceeded: graphSetup: size past GRAPH_MAX_SIZE");
  within(symbols, 1, MAX_SYMBOLS, "limit-exceeded: graphSetup: symbols past SAMPLE_MAX_SYMBOLS");
  n = size;
  k = symbols;
  maxStates = statesLimit;
  maxMoves = movesLimit;
  let f: u64 = 1;
  store<u64>(factorialsBase, 1);
  for (let i = 1; i <= 20; i++) {
    f *= <u64>i;
    store<u64>(factorialsBase + ((<usize>i) << 3), f);
  }
}
export function graphSetCount(s: i32, count: i32, stride: i32): void {
  within(s, 0, k - 1, "limit-exceeded: graphSetCount: symbol past graphSetup's count");
  within(count, 0, n, "limit-exceeded: graphSetCount: count past graphSetup's size");
  setI32At(countsBase, s, count);
  setI32At(radixBase, s, stride);
}
/** Root need codes, sorted, at depth 0. */
export function graphSetRootCode(j: i32, code: i32): void {
  within(j, 0, n - 1, "limit-exceeded: graphSetRootCode: column past graphSetup's size");
  within(code, 0, (1 << (<i32>CODE_BITS)) - 1, "limit-exceeded: graphSetRootCode: need code past CODE_BITS");
  setU16At(depthCodesBase, j, code);
}

/** A copy of `old`'s first `used` entries in a new array of `cap` entries. */
function grown<T>(old: StaticArray<T>, cap: i32, used: i32): StaticArray<T> {
  const next = new StaticArray<T>(cap);
  memory.copy(changetype<usize>(next), changetype<usize>(old), <usize>used * sizeof<T>());
  return next;
}

function growStates(): void {
  const cap = max(1024, graphTotalLo.length * 2);
  graphStateCodes = grown<u16>(graphStateCodes, cap * n, stateCount * n);
  graphTotalLo = grown<u64>(graphTotalLo, cap, stateCount);
  graphTotalHi = grown<u64>(graphTotalHi, cap, stateCount);
  totalLoBase = changetype<usize>(graphTotalLo);
  totalHiBase = changetype<usize>(graphTotalHi);
  graphMoveStart = grown<i32>(graphMoveStart, cap + 1, stateCount);
}

function growMoves(need: i32, spreadNeed: i32): void {
  if (graphMoveCount + need > graphMoveChild.length) {
    const cap = max(graphMoveCount + need, max(4096, graphMoveChild.length * 2));
    graphMoveChild = grown<i32>(graphMoveChild, cap, graphMoveCount);
    graphWeightLo = grown<u64>(graphWeightLo, cap, graphMoveCount);
    graphWeightHi = grown<u64>(graphWeightHi, cap, graphMoveCount);
    graphSpreadAt = grown<i32>(graphSpreadAt, cap, graphMoveCount);
  }
  if (spreadTop + spreadNeed > graphSpreads.length) {
    if (spreadTop + spreadNeed > MAX_SPREAD_BYTES) {
      failure = 2; // as "too many moves": their spreads outgrow one array
      return;
    }
    const cap = min(MAX_SPREAD_BYTES, max(spreadTop + spreadNeed, max(16384, graphSpreads.length * 2)));
    graphSpreads = grown<u8>(graphSpreads, cap, spreadTop);
  }
}

/** Room for one more move and `spreadBytes` more spread bytes on the stack. */
function growStack(spreadBytes: i32): void {
  if (stackTop == stackCap) {
    const cap = stackTop * 2;
    stackChild = grown<i32>(stackChild, cap, stackTop);
    stackLo = grown<u64>(stackLo, cap, stackTop);
    stackHi = grown<u64>(stackHi, cap, stackTop);
    stackCap = cap;
  }
  if (stackSpreadTop + spreadBytes > stackSpreadCap) {
    stackSpreads = grown<u8>(stackSpreads, stackSpreads.length * 2 + spreadBytes, stackSpreadTop);
    stackSpreadCap = stackSpreads.length;
  }
  stackChildBase = changetype<usize>(stackChild);
  stackLoBase = changetype<usize>(stackLo);
  stackHiBase = changetype<usize>(stackHi);
  stackSpreadsBase = changetype<usize>(stackSpreads);
}

// @ts-ignore: decorator
@inline function slotOf(lo: u64, hi: u64): i32 {
  return <i32>(((lo ^ (hi * 0xc2b2ae3d27d4eb4f)) * 0x9e3779b97f4a7c15) >> (64 - <u64>tableBits));
}

function growTable(): void {
  const oldLo = tableLo,
    oldHi = tableHi,
    oldId = tableId;
  const oldSize = 1 << tableBits;
  tableBits++;
  tableLo = new StaticArray<u64>(1 << tableBits);
  tableHi = new StaticArray<u64>(1 << tableBits);
  tableId = new StaticArray<i32>(1 << tableBits);
  const mask = (1 << tableBits) - 1;
  for (let i = 0; i < oldSize; i++) {
    const id = unchecked(oldId[i]);
    if (id == 0) continue;
    let slot = slotOf(unchecked(oldLo[i]), unchecked(oldHi[i]));
    while (unchecked(tableId[slot]) != 0) slot = (slot + 1) & mask;
    unchecked((tableLo[slot] = oldLo[i]));
    unchecked((tableHi[slot] = oldHi[i]));
    unchecked((tableId[slot] = id));
  }
}

// @ts-ignore: decorator
@inline function digit(code: i32, s: i32): i32 {
  return (code / i32At(radixBase, s)) % (i32At(countsBase, s) + 1);
}

/** Adds the move into depth+1's state (its codes already there) to the stack, if it completes. */
function leaf(depth: i32, left: i32, mult: u64): void {
  const child = visit(depth + 1, left - 1);
  if (failure != 0) return;
  const lo = load<u64>(totalLoBase + ((<usize>child) << 3));
  const hi = load<u64>(totalHiBase + ((<usize>child) << 3));
  if (lo == 0 && hi == 0) return;
  const bytes = i32At(groupCountBase, depth) * k;
  if (stackTop == stackCap || stackSpreadTop + bytes > stackSpreadCap) growStack(bytes);
  multiplyWide(lo, hi, mult, 0);
  store<i32>(stackChildBase + ((<usize>stackTop) << 2), child);
  store<u64>(stackLoBase + ((<usize>stackTop) << 3), productLo);
  store<u64>(stackHiBase + ((<usize>stackTop) << 3), productHi);
  stackTop++;
  memory.copy(stackSpreadsBase + <usize>stackSpreadTop, spreadBase + <usize>(depth * 16 * MAX_SYMBOLS), <usize>bytes);
  stackSpreadTop += bytes;
}

/** Spreads group gi's columns over the symbols from s on (rest columns left), as the TS baseline. */
function spreadGroup(depth: i32, left: i32, gi: i32, s: i32, rest: i32, mult: u64): void {
  const groups = i32At(groupCountBase, depth);
  const gBase = depth * 16;
  const sBase = depth * 16 * MAX_SYMBOLS;
  const pBase = depth * MAX_SYMBOLS;
  if (gi == groups) {
    // The child's codes at depth + 1, sorted.
    const cBase = (depth + 1) * 16;
    let at = 0;
    for (let g = 0; g < groups; g++) {
      const code = i32At(groupCodeBase, gBase + g);
      for (let t = 0; t < k; t++) {
        for (let r = u8At(spreadBase, sBase + g * k + t); r > 0; r--) {
          const value = code - i32At(radixBase, t);
          let i = at++;
          while (i > 0 && u16At(depthCodesBase, cBase + i - 1) > value) {
            setU16At(depthCodesBase, cBase + i, u16At(depthCodesBase, cBase + i - 1));
            i--;
          }
          setU16At(depthCodesBase, cBase + i, value);
        }
      }
    }
    leaf(depth, left, mult);
    return;
  }
  const m = i32At(groupSizeBase, gBase + gi);
  const code = i32At(groupCodeBase, gBase + gi);
  if (s == k - 1 || rest == 0) {
    const last = rest == 0 ? s : k - 1;
    for (let t = s; t < k; t++) setU8At(spreadBase, sBase + gi * k + t, 0);
    if (rest > 0) {
      if (digit(code, last) == 0 || i32At(placedBase, pBase + last) + rest > i32At(countsBase, last)) return;
      setU8At(spreadBase, sBase + gi * k + last, rest);
    }
    let ways = load<u64>(factorialsBase + ((<usize>m) << 3));
    for (let t = 0; t < k; t++) {
      const y = u8At(spreadBase, sBase + gi * k + t);
      setI32At(placedBase, pBase + t, i32At(placedBase, pBase + t) + y);
      ways /= load<u64>(factorialsBase + ((<usize>y) << 3));
    }
    spreadGroup(depth, left, gi + 1, 0, gi + 1 < groups ? i32At(groupSizeBase, gBase + gi + 1) : 0, mult * ways);
    for (let t = 0; t < k; t++) setI32At(placedBase, pBase + t, i32At(placedBase, pBase + t) - u8At(spreadBase, sBase + gi * k + t));
    return;
  }
  const most = digit(code, s) == 0 ? 0 : min(rest, i32At(countsBase, s) - i32At(placedBase, pBase + s));
  for (let y = 0; y <= most; y++) {
    setU8At(spreadBase, sBase + gi * k + s, y);
    spreadGroup(depth, left, gi, s + 1, rest - y, mult);
    if (failure != 0) return;
  }
}

/** The id of the state whose codes are at `depth`, built with its moves if new. */
function visit(depth: i32, left: i32): i32 {
  const base = depth * 16;
  let keyLo: u64 = 0,
    keyHi: u64 = 0;
  for (let j = 0; j < n; j++) {
    const code = <u64>u16At(depthCodesBase, base + j);
    if (j < 6) keyLo |= code << (CODE_BITS * <u64>j);
    else keyHi |= code << (CODE_BITS * <u64>(j - 6));
  }
  const mask = (1 << tableBits) - 1;
  let slot = slotOf(keyLo, keyHi);
  while (true) {
    const id = unchecked(tableId[slot]);
    if (id == 0) break;
    if (unchecked(tableLo[slot]) == keyLo && unchecked(tableHi[slot]) == keyHi) return id - 1;
    slot = (slot + 1) & mask;
  }
  const id = stateCount;
  if (id >= maxStates) {
    failure = 1;
    return 0;
  }
  if (id == graphTotalLo.length) growStates();
  stateCount++;
  unchecked((tableLo[slot] = keyLo));
  unchecked((tableHi[slot] = keyHi));
  unchecked((tableId[slot] = id + 1));
  if (stateCount * 2 > 1 << tableBits) growTable();
  for (let j = 0; j < n; j++) unchecked((graphStateCodes[id * n + j] = <u16>u16At(depthCodesBase, base + j)));
  unchecked((graphTotalLo[id] = left == 0 ? 1 : 0));
  unchecked((graphTotalHi[id] = 0));
  if (left == 0) {
    unchecked((graphMoveStart[id] = graphMoveCount));
    return id;
  }
  // Groups of equal codes.
  let groups = 0;
  for (let j = 0; j < n; j++) {
    const code = u16At(depthCodesBase, base + j);
    if (groups > 0 && i32At(groupCodeBase, base + groups - 1) == code) setI32At(groupSizeBase, base + groups - 1, i32At(groupSizeBase, base + groups - 1) + 1);
    else {
      setI32At(groupCodeBase, base + groups, code);
      setI32At(groupSizeBase, base + groups, 1);
      groups++;
    }
  }
  setI32At(groupCountBase, depth, groups);
  for (let s = 0; s < k; s++) setI32At(placedBase, depth * MAX_SYMBOLS + s, 0);
  const firstMove = stackTop;
  const firstSpread = stackSpreadTop;
  spreadGroup(depth, left, 0, 0, i32At(groupSizeBase, base), 1);
  if (failure != 0) return 0;
  // Copy the moves out, contiguous, and total them.
  const moves = stackTop - firstMove;
  const bytes = stackSpreadTop - firstSpread;
  if (graphMoveCount + moves > maxMoves) {
    failure = 2;
    return 0;
  }
  growMoves(moves, bytes);
  if (failure != 0) return 0;
  unchecked((graphMoveStart[id] = graphMoveCount));
  let totalLo: u64 = 0,
    totalHi: u64 = 0;
  const stride = groups * k;
  for (let i = 0; i < moves; i++) {
    const lo = unchecked(stackLo[firstMove + i]);
    const hi = unchecked(stackHi[firstMove + i]);
    unchecked((graphMoveChild[graphMoveCount] = stackChild[firstMove + i]));
    unchecked((graphWeightLo[graphMoveCount] = lo));
    unchecked((graphWeightHi[graphMoveCount] = hi));
    unchecked((graphSpreadAt[graphMoveCount] = spreadTop + i * stride));
    graphMoveCount++;
    const sumLo = totalLo + lo;
    const carry: u64 = sumLo < totalLo ? 1 : 0;
    const high = totalHi + hi;
    if (high < totalHi) failure = 3;
    const sumHi = high + carry;
    if (sumHi < high) failure = 3;
    totalLo = sumLo;
    totalHi = sumHi;
  }
  memory.copy(changetype<usize>(graphSpreads) + <usize>spreadTop, changetype<usize>(stackSpreads) + <usize>firstSpread, <usize>bytes);
  spreadTop += bytes;
  stackTop = firstMove;
  stackSpreadTop = firstSpread;
  unchecked((graphTotalLo[id] = totalLo));
  unchecked((graphTotalHi[id] = totalHi));
  if (overflowed) failure = 3;
  return id;
}

/**
 * Builds the graph from the root codes set at depth 0 with `rows` rows to place.
 * Returns the number of states, or -1 (too many states), -2 (too many moves), -3 (a
 * count reached 2^128).
 */
export function graphBuild(rows: i32): i32 {
  stateCount = 0;
  graphMoveCount = 0;
  spreadTop = 0;
  stackTop = 0;
  stackSpreadTop = 0;
  failure = 0;
  clearOverflow();
  // The codes array holds n codes per state: make room when n grew since the last build.
  if (graphStateCodes.length < graphTotalLo.length * n) graphStateCodes = new StaticArray<u16>(graphTotalLo.length * n);
  growStack(0); // sets the stack's addresses (and keeps growStack a called function, not inlined)
  for (let i = 0; i < 1 << tableBits; i++) unchecked((tableId[i] = 0));
  visit(0, rows);
  if (failure != 0) return -failure;
  unchecked((graphMoveStart[stateCount] = graphMoveCount));
  return stateCount;
}

export function graphRootTotalLo(): u64 {
  return unchecked(graphTotalLo[0]);
}
export function graphRootTotalHi(): u64 {
  return unchecked(graphTotalHi[0]);
}
