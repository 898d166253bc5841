// The run's set of tickets already issued, so that no ticket repeats: common/key-set.ts
// (bingo's cards use the same set) with one-word keys. A ticket's key is its exact rank
// among all tickets (rank.ts, < 2^62), stored plus one so that 0 marks an empty slot:
// 8 bytes a slot, the set at most half full, so 16-32 bytes per issued ticket (32 at most
// once sized by reserveIssued).

import { within } from "../common/guard";
import { KeySet, keySlot } from "../common/key-set";

/** Largest number of slots: 2^25 (256 MB), for at most 2^24 tickets. */
const MAX_SLOTS = 1 << 25;
/** Most tickets the set holds (half its slots); the host reads it. */
export const MAX_UNIQUE_TICKETS: i32 = MAX_SLOTS >> 1;

const issued = new KeySet(1, 1 << 16, MAX_SLOTS, "limit-exceeded: markIssued: tickets past MAX_UNIQUE_TICKETS");

/** Forgets every ticket (a new run). */
export function clearIssued(): void {
  issued.clear();
}

export function issuedCount(): i32 {
  return issued.used;
}
/** Bytes held by the set. */
export function issuedBytes(): i32 {
  return issued.bytes();
}

export function wasIssued(rank: u64): bool {
  return issued.capacity != 0 && issued.find(0, rank + 1) >= 0;
}

/**
 * Sizes the set for `tickets` issued tickets in all (at most 2^24) before the run needs
 * them, in one step, so that it does not grow, and rehash, step by step while generating.
 */
export function reserveIssued(tickets: i32): void {
  within(tickets, 0, MAX_SLOTS, "limit-exceeded: reserveIssued: tickets past the set's slots");
  issued.reserve(tickets);
}

/** Records a ticket issued elsewhere (e.g. an earlier run of the series), once. */
export function markIssuedRank(rank: u64): void {
  if (wasIssued(rank)) return;
  within(issued.used + 1, 1, MAX_UNIQUE_TICKETS, "limit-exceeded: markIssued: tickets past MAX_UNIQUE_TICKETS");
  issued.add(0, rank + 1);
}

/** Where the keys of the book being issued went, to take them out if it is refused. */
const placedSlot = new StaticArray<i32>(8);

/**
 * Issues `books` records in order, `per` (<= 8) tickets each, their ranks (u64s) at
 * `ranks`: a record holding a ticket issued before (by an earlier record of this call
 * too) is refused — none of its tickets stays and refused[b] (u8s) is 1, else 0.
 * Returns the number refused.
 *
 * Each key is checked and put in at once, in one loop over all the ranks, so that the
 * misses of many records are in flight together: a record's keys are looked up and
 * placed without waiting for a decision on the record, because refusals are rare (a
 * repeat among ~10^18 tickets). A refused record's keys are taken out again in reverse
 * order; each went into a slot that was empty, so that gives back the set exactly as it
 * was before the record.
 */
export function issueBatch(ranks: usize, books: i32, per: i32, refused: usize): i32 {
  // Past half full the set only slows, but a full set would probe for ever.
  within(issued.used + books * per, 0, MAX_SLOTS - 1, "limit-exceeded: issueBatch: tickets past the set's slots");
  issued.reserve(<i64>issued.used + <i64>books * <i64>per);
  // The set's one-word slots, probed here directly: the loop below keeps many misses in flight.
  const mask = issued.capacity - 1;
  const base = issued.base;
  let refusals = 0;
  let at = ranks;
  for (let b = 0; b < books; b++) {
    let t = 0;
    for (; t < per; t++) {
      const key = load<u64>(at + ((<usize>t) << 3)) + 1;
      let i = keySlot(0, key, mask, 1);
      let k = load<u64>(base + ((<usize>i) << 3));
      while (k != 0 && k != key) {
        i = (i + 1) & mask;
        k = load<u64>(base + ((<usize>i) << 3));
      }
      if (k == key) break;
      store<u64>(base + ((<usize>i) << 3), key);
      unchecked((placedSlot[t] = i));
    }
    const refuse = t < per;
    if (refuse) {
      for (let u = t - 1; u >= 0; u--) store<u64>(base + ((<usize>unchecked(placedSlot[u])) << 3), 0);
      refusals++;
    }
    store<u8>(refused + <usize>b, <u8>refuse);
    at += (<usize>per) << 3;
  }
  issued.used += (books - refusals) * per;
  return refusals;
}
