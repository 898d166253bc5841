// Kernel module "bingo": cards of any shape src/bingo/shape.ts describes (75-, 80- and
// 30-ball): exactly uniform unique cards, their keys, and pattern claims over a series.
export { setShape, setColumn, setFree, commitShape, MAX_SIDE, MAX_RANGE, MAX_NUMBER } from "./shape";
export { setSeedState, useSystemRandom, randomBlockPtr, RANDOM_BLOCK_WORDS } from "../common/random";
export { generateCards, cardCellsPtr, cardKeysPtr, cardRedraws, CARD_BATCH, CARD_STRIDE } from "./sample";
export { clearIssued, issuedCount, markIssuedKey, reserveIssued, MAX_UNIQUE_CARDS } from "./unique";
export { formatCardsJsonl, cardTextPtr, CARD_TEXT_CAPACITY } from "./jsonl";
export { clearGame, setCardCall, addPattern, checkCards, checkCardsPtr, checkWinsPtr, NEVER_CALLED, MAX_PATTERNS } from "./check";
/** Memory cap in 64 KiB pages (512 MiB): the uniqueness set (256 MB at most) while it moves, and the buffers. */
export const MEMORY_CAP_PAGES: i32 = 8192;
