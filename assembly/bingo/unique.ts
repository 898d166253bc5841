// The run's set of cards already issued, so that no card repeats: common/key-set.ts
// (housie's tickets use the same set) with two-word keys. A card's key is its exact rank
// among all ordered cards, as two 64-bit words (shape.ts packs the columns' ranks so that
// each word stays below 2^63); the high word is stored with bit 63 set, so an all-zero
// slot is empty. 16 bytes a slot, at most half full.
import { within } from "../common/guard";
import { KeySet } from "../common/key-set";

/** Largest number of slots: 2^24 (256 MB), for at most 2^23 cards. */
const MAX_SLOTS = 1 << 24;
/** Most cards the set holds (half its slots); the host reads it. */
export const MAX_UNIQUE_CARDS: i32 = MAX_SLOTS >> 1;
const TAG: u64 = (<u64>1) << 63;

const issued = new KeySet(2, 1 << 12, MAX_SLOTS, "limit-exceeded: the uniqueness set holds at most 8388608 cards");

/** Forgets every card (a new run). */
export function clearIssued(): void {
  issued.clear();
}

export function issuedCount(): i32 {
  return issued.used;
}

/** Sizes the set for `cards` more cards at once (so that it does not rehash step by step while generating). */
export function reserveIssued(cards: i32): void {
  within(cards, 0, MAX_UNIQUE_CARDS, "limit-exceeded: reserveIssued: more than 8388608 cards");
  issued.reserve(<i64>issued.used + <i64>cards);
}

/** Adds the key (lo, hi); false, set unchanged, when it was there already. */
export function issueKey(lo: u64, hi: u64): bool {
  return issued.add(lo, hi | TAG);
}

/** Marks a card of an earlier series issued (its key words, from the host). */
export function markIssuedKey(lo: u64, hi: u64): bool {
  return issueKey(lo, hi);
}
