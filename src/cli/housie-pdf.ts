// `housie books|tickets --format pdf`: the run's records as print-ready PDF pages,
// written atomically to --out (or to standard output).
import { openAtomicStream, streamSink, type AtomicStream } from "../io/atomic-write.js";
import { ticketsFromCells, CELLS_PER_TICKET, type HousieRun } from "../housie/generate.js";
import { PdfWriter } from "../housie/pdf.js";
import { EXIT_OK } from "./program.js";
import { printOptions, type PrintFlags } from "./housie-print-options.js";

export interface PdfFlags extends PrintFlags {
  count: number;
  out?: string;
  seed?: bigint;
}

const PDF_BATCH = 256; // records drawn per kernel call: small, pages are the slow part

export async function writePdfSeries(run: HousieRun, flags: PdfFlags, progress?: (records: number) => void): Promise<number> {
  const options = await printOptions(flags);
  const target: AtomicStream | undefined = flags.out ? await openAtomicStream(flags.out) : undefined;
  try {
    const writer = new PdfWriter(streamSink(target ? target.stream : process.stdout), options);
    const per = run.ticketsPerRecord;
    for (let left = flags.count; left > 0;) {
      const batch = Math.min(left, PDF_BATCH);
      const { firstSerial, cells } = run.nextCells(batch);
      for (let i = 0; i < batch; i++) await writer.add({ serial: firstSerial + BigInt(i), tickets: ticketsFromCells(cells, i * per * CELLS_PER_TICKET, per) });
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
