// A raw arena of a few regions at the end of the wasm memory, for state layers that
// outgrow the allocator's blocks (StaticArrays stop at 1 GiB: "Invalid length", a bug
// report whatever the memory cap). The regions lie end to end in a fixed order; a region
// that grows moves those above it up by the growth (one memory.copy), so every region's
// bytes, used or not, survive. The arena grows with memory.grow under an exact cap (the
// instance's memory maximum, given by the host): past it, or when the system gives no
// more memory under it, the count stops with one line saying what was asked and held.
// Callers keep no address across a growth: regionAt is read again after one.
import { within } from "../common/guard";

/** Most regions an arena has. */
const MAX_REGIONS: i32 = 8;
/** Each region's capacity in bytes (u64). */
const capsAt: usize = memory.data(MAX_REGIONS * 8);

let regions: i32 = 0;
/** Where the arena starts (0: not yet taken) and the bytes committed to it from there. */
let arenaBase: u64 = 0;
let arenaBytes: u64 = 0;
/** The whole memory's cap in bytes (the instance's maximum; arenaSetCap). */
let capBytes: u64 = (<u64>1) << 30;

/** Sets the memory cap in MiB: the instance's memory maximum, which memory.grow cannot pass. */
export function arenaSetCap(mib: i32): void {
  capBytes = (<u64>mib) << 20;
}

/** Empties the arena into `count` regions of no capacity (the memory taken stays for reuse). */
export function arenaReset(count: i32): void {
  within(count, 1, MAX_REGIONS, "limit-exceeded: arenaReset: regions past MAX_REGIONS");
  regions = count;
  memory.fill(capsAt, 0, <usize>(MAX_REGIONS * 8));
}

/** Bytes of region r. */
// @ts-ignore: decorator
@inline export function regionBytes(r: i32): u64 {
  return load<u64>(capsAt + ((<usize>r) << 3));
}

/** Bytes of the regions below r (r's offset in the arena). */
function offsetOf(r: i32): u64 {
  let off: u64 = 0;
  for (let q = 0; q < r; q++) off += regionBytes(q);
  return off;
}

/** The address of region r (valid until a region grows). */
export function regionAt(r: i32): usize {
  return <usize>(arenaBase + offsetOf(r));
}

/** Bytes the regions take in all. */
function usedBytes(): u64 {
  return offsetOf(regions);
}

const MIB: u64 = 1 << 20;

function mib(bytes: u64): u64 {
  return (bytes + MIB - 1) >> 20;
}

/**
 * Makes region r at least `needed` bytes (keeping its bytes and those above it): twice
 * its size when that fits under the cap, else as much as fits, else the count stops.
 */
export function regionAtLeast(r: i32, needed: u64): void {
  within(r, 0, regions - 1, "limit-exceeded: regionAtLeast: region past arenaReset's");
  const had = regionBytes(r);
  if (needed <= had) return;
  const others = usedBytes() - had;
  let want = had * 2 > needed ? had * 2 : needed;
  if (want < 65536) want = 65536;
  // Past what is committed the arena grows where it is, or starts again at the memory's end if something was put after it.
  const memEnd = (<u64>memory.size()) << 16;
  const base = arenaBase != 0 && arenaBase + arenaBytes == memEnd ? arenaBase : memEnd;
  if (others + want > arenaBytes) {
    const room = capBytes > base + others ? capBytes - base - others : 0;
    if (want > room) want = room > arenaBytes - others ? room : arenaBytes - others;
  }
  if (want < needed) {
    abort(`out-of-memory: cap: ${mib(base + others + needed)} MiB asked for the layers of classes, ${mib(memEnd)} MiB held`);
  }
  ensureArena(others + want, others + needed);
  // The regions above r move up to make room (overlapping copy: memory.copy is a memmove).
  const from = arenaBase + offsetOf(r) + had;
  const above = others - offsetOf(r);
  if (above > 0) memory.copy(<usize>(from + want - had), <usize>from, <usize>above);
  store<u64>(capsAt + ((<usize>r) << 3), want);
}

/** Commits `bytes` of arena (at most the cap), moving it to the memory's end if something was put after it; `needed` is what the messages call asked. */
function ensureArena(bytes: u64, needed: u64): void {
  if (bytes <= arenaBytes) return;
  const memEnd = (<u64>memory.size()) << 16;
  if (arenaBase == 0 || arenaBase + arenaBytes != memEnd) {
    // Something else grew the memory after the arena (or there is none yet): start one at the end.
    if (memEnd + bytes > capBytes) abort(`out-of-memory: cap: ${mib(memEnd + needed)} MiB asked for the layers of classes, ${mib(memEnd)} MiB held`);
    if (!grow(bytes)) refused(memEnd + needed);
    const used = usedBytes();
    if (used > 0) memory.copy(<usize>memEnd, <usize>arenaBase, <usize>used);
    arenaBase = memEnd;
  } else if (!grow(arenaBase + bytes - memEnd)) refused(arenaBase + needed);
  arenaBytes = ((<u64>memory.size()) << 16) - arenaBase;
}

function grow(bytes: u64): bool {
  return memory.grow(<i32>((bytes + 0xffff) >> 16)) >= 0;
}

/** memory.grow failed under the cap: the system's limit (ulimit -v, the machine's memory), not the count's. */
function refused(end: u64): void {
  abort(
    `out-of-memory: the system gave no more memory for the layers of classes (${mib(end)} MiB asked, ${mib((<u64>memory.size()) << 16)} MiB held, under the cap of ${capBytes >> 20} MiB): an address-space limit (ulimit -v) or the machine's memory is below what the count needs`,
  );
}
