// The bingo WASM kernel's binding (assembly/bingo), typed by the declarations the build
// generates (src/wasm/generated/bingo.ts), and the host side of its random source. Each
// run or check takes an instance of its own, its shape set once (loadShape).
import { Kernel } from "../wasm/load.js";
import { fillRandomWords } from "../core/random.js";
import { bingoConstants, type BingoExports } from "../wasm/generated/bingo.js";
import type { CardShape } from "./shape.js";

export type BingoKernel = BingoExports;

/** The bingo module (a literal URL, so bundlers ship the .wasm as an asset). */
export const bingoModule = new Kernel<BingoKernel>(
  "bingo",
  new URL("../../build/bingo.wasm", import.meta.url),
  (exports) => ({
    random: {
      refill(): void {
        const k = exports();
        fillRandomWords(new Uint32Array(k.memory.buffer, k.randomBlockPtr(), bingoConstants.RANDOM_BLOCK_WORDS));
      },
    },
  }),
  bingoConstants,
);

/** Cards per kernel call, and the bytes a card takes in the kernel's buffers. */
export const CARD_BATCH: number = bingoConstants.CARD_BATCH;
export const CARD_STRIDE: number = bingoConstants.CARD_STRIDE;
/** Most cards one run keeps unique. */
export const MAX_UNIQUE_CARDS: number = bingoConstants.MAX_UNIQUE_CARDS;

/** A fresh instance with `shape` set (checked by the caller: checkCardShape). */
export function shapeKernel(shape: CardShape): BingoKernel {
  const k = bingoModule.instantiate();
  k.setShape(shape.rows, shape.columns);
  shape.columnRanges.forEach(([lo, hi], c) => k.setColumn(c, lo, hi - lo + 1));
  for (const [r, c] of shape.free) k.setFree(r, c);
  k.commitShape();
  k.clearIssued();
  return k;
}
