// `housie books|tickets --format pdf`: the run's records as print-ready PDF pages,
// written atomically to --out (or to standard output).
import { isStandardOutput, openAtomicStream, type AtomicStream } from "../io/atomic-write.js";
import type { HousieRun } from "../housie/generate/generate.js";
import { ticketsFromCells, CELLS_PER_TICKET, type HousieRecord } from "../housie/model/cells.js";
import { PdfWriter, sourceDateEpoch } from "../housie/output/pdf.js";
import { EXIT_OK } from "./program.js";
import { printOptions, type PrintFlags } from "./housie-print-options.js";

export interface PdfFlags extends PrintFlags {
  count: number;
  out?: string;
  seed?: bigint;
}

/**
 * A seeded series is byte-identical across runs: dated SOURCE_DATE_EPOCH, or the Unix
 * epoch when that is unset, with the seed as its subject (so the /ID follows the seed).
 * Unseeded series are dated now.
 */
function pdfStamp(seed: bigint | undefined): { creationDate: Date; subject?: string } {
  const date = sourceDateEpoch();
  if (seed === undefined) return { creationDate: date ?? new Date() };
  return { creationDate: date ?? new Date(0), subject: `housie series, seed ${seed}` };
}

const PDF_BATCH = 256; // records drawn per kernel call: small, pages are the slow part

/** `tag`: in a night of --games, the record with its game (the i-th record of the run). */
export async function writePdfSeries(
  run: HousieRun,
  flags: PdfFlags,
  progress?: (records: number) => void,
  tag?: (record: HousieRecord, index: number) => HousieRecord,
): Promise<number> {
  const options = await printOptions(flags);
  const target: AtomicStream | undefined = isStandardOutput(flags.out) ? undefined : await openAtomicStream(flags.out);
  try {
    const writer = new PdfWriter(target ? target.stream : process.stdout, { ...options, ...pdfStamp(flags.seed) });
    const per = run.ticketsPerRecord;
    for (let left = flags.count, index = 0; left > 0;) {
      const batch = Math.min(left, PDF_BATCH);
      const { firstSerial, cells } = run.nextCells(batch);
      for (let i = 0; i < batch; i++) {
        const record: HousieRecord = { serial: firstSerial + BigInt(i), tickets: ticketsFromCells(cells, i * per * CELLS_PER_TICKET, per) };
        await writer.add(tag ? tag(record, index + i) : record);
      }
      index += batch;
      left -= batch;
      progress?.(batch);
    }
    await writer.finish();
    if (target) await target.commit();
    return EXIT_OK;
  } catch (error) {
    target?.abort();
    throw error;
  }
}
