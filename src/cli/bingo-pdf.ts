// `bingo cards --format pdf`: the run's cards as print-ready PDF pages, written
// atomically to --out (or to standard output when that is not a terminal).
import { isStandardOutput, openAtomicStream, type AtomicStream } from "../io/atomic-write.js";
import { sourceDateEpoch } from "../housie/output/pdf.js";
import type { PdfPaper } from "../housie/output/pdf-options.js";
import type { CardRun } from "../bingo/generate.js";
import { cardFromCells } from "../bingo/card.js";
import { CardPdfWriter } from "../bingo/pdf.js";
import { cellCount, type CardShape } from "../bingo/shape.js";

const PDF_BATCH = 256; // cards drawn per kernel call: small, pages are the slow part

/** Writes `count` cards of `run` as a PDF; a seeded run is byte-identical across runs (dated SOURCE_DATE_EPOCH or the epoch). */
export async function writeCardPdf(
  shape: CardShape,
  run: CardRun,
  flags: { count: number; out?: string; seed?: bigint; paper: PdfPaper; qr?: boolean },
  progress?: (cards: number) => void,
): Promise<void> {
  const target: AtomicStream | undefined = isStandardOutput(flags.out) ? undefined : await openAtomicStream(flags.out);
  try {
    const stamp =
      flags.seed === undefined
        ? { creationDate: sourceDateEpoch() ?? new Date() }
        : { creationDate: sourceDateEpoch() ?? new Date(0), subject: `${shape.title} bingo cards, seed ${flags.seed}` };
    const writer = new CardPdfWriter(shape, target ? target.stream : process.stdout, { paper: flags.paper, qr: flags.qr, ...stamp });
    const size = cellCount(shape);
    for (let left = flags.count; left > 0;) {
      const n = Math.min(left, PDF_BATCH);
      const { firstSerial, cells } = run.nextCells(n);
      for (let i = 0; i < n; i++) await writer.add({ serial: firstSerial + BigInt(i), ball: shape.ball, card: cardFromCells(shape, cells, i * size) });
      left -= n;
      progress?.(n);
    }
    await writer.finish();
    if (target) await target.commit();
  } catch (error) {
    target?.abort();
    throw error;
  }
}
