// A symmetric meet-in-the-middle count (no distinctness rules, nothing given) split into
// parts that run in separate processes, even on separate days: `layer` writes a whole
// layer R to a file (symLayer); each `part` loads it (or builds the layers itself),
// makes its share of layer ⌈n/2⌉ and writes that; `sum` loads every part into one layer
// and pairs it (symMitmSum), the same sum as countSymmetricMitmWasm. Used for the n = 10
// counts that take hours (docs/tables.md). Files are written whole or not at all
// (src/tables/layer-file.ts); bad arguments and bad files end in one line and exit 2.
// Usage: tsx bench/tables-mitm-parts.ts layer R FILE N c1 c2 …
//        tsx bench/tables-mitm-parts.ts part I/K[@FROM] FILE N c1 c2 …
//        tsx bench/tables-mitm-parts.ts sum FILE1,FILE2,… N c1 c2 …
//        tsx bench/tables-mitm-parts.ts sum --row-by-row FILE1,FILE2,… N c1 c2 …   (the same shares carried on row by row)
import { InvalidArgumentError } from "commander";
import { createProgram, integerOption, runMain } from "../src/cli/program.js";
import { InputError, UsageError } from "../src/errors.js";
import { readInSlices } from "../src/io/folder.js";
import { readFailure } from "../src/io/lines.js";
import { checkOutputPath, openAtomicStream } from "../src/io/atomic-write.js";
import { quote } from "../src/io/quote.js";
import { decodeLayerFile, encodeLayerFile, tablesKernelDigest } from "../src/tables/layer-file.js";
import { symLayer, symMitmSum, symRowByRowFrom, type SymLayerPart } from "../src/tables/sym-wasm.js";
import type { SymProblem } from "../src/tables/sym-ts.js";

const NAME = "tables-mitm-parts";
const started = process.cpuUsage();
const log = (what: string) => {
  const used = process.cpuUsage(started);
  console.log(`${new Date().toISOString()} cpu ${((used.user + used.system) / 1e6).toFixed(1)} s: ${what}`);
};
const onLayer = (row: number, rows: number, states: number) => log(`layer ${row} of ${rows}: ${states} classes`);

// Classes are canonical forms of this kernel build: parts made by another build may name
// one class two ways, so a file records the build's digest and parts of another build are
// refused. Files written before 2026-11-27 13:15 carry none; the canonical form changed on
// 2026-11-27 evening (round 0 of the column invariants), so they are of another build too.
const kernelDigest = tablesKernelDigest();

function readPart(path: string): SymLayerPart {
  let data: Uint8Array;
  try {
    data = readInSlices(path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw readFailure(path, error);
  }
  const { part, kernel, body } = decodeLayerFile(data, path);
  if (kernel === undefined)
    throw new InputError(
      "written before kernel digests were recorded, by a build whose classes are named differently",
      { file: path },
      "a part of this build (make it again)",
    );
  if (kernel !== kernelDigest)
    throw new InputError(
      `made by another build of the tables kernel (${kernel.slice(0, 12)}…, this one ${kernelDigest.slice(0, 12)}…)`,
      { file: path },
      "a part of this build: its classes may be named differently in another",
    );
  if (body === undefined) log(`${path}: no digest of its classes recorded (written before they were); not checked`);
  return part;
}

async function writePart(path: string, part: SymLayerPart | undefined): Promise<void> {
  if (!part) throw new UsageError("a count passed 128 bits: this tool sums 128-bit counts only");
  const out = await openAtomicStream(path, "FILE", false);
  try {
    const bytes = encodeLayerFile(part, kernelDigest);
    // In slices: one write of more than 2 GiB is refused.
    for (let at = 0; at < bytes.length; at += 1 << 30) out.stream.write(bytes.subarray(at, at + (1 << 30)));
    out.stream.end();
    await out.commit();
  } catch (error) {
    out.abort();
    throw error;
  }
  log(`wrote ${path}: ${part.states} classes`);
}

const count = integerOption(0, 64);
const problemOf = (n: number, counts: number[]): SymProblem => ({ size: n, counts, given: [] });

function shareOf(text: string): { share: number; shares: number; from?: string } {
  const match = /^(\d{1,7})\/(\d{1,7})(?:@(.+))?$/s.exec(text);
  if (!match) throw new InvalidArgumentError(`expected I/K or I/K@FILE with 0 ≤ I < K, got ${quote(text)}`);
  const [, share, shares, from] = match;
  return { share: Number(share), shares: Number(shares), ...(from === undefined ? {} : { from }) };
}

function filesOf(text: string): string[] {
  const files = text.split(",");
  if (files.some((file) => file === "")) throw new InvalidArgumentError(`expected FILE1,FILE2,… with no empty name, got ${quote(text)}`);
  return files;
}

const program = createProgram(NAME, "A symmetric count split into parts across processes and days (docs/tables.md)");
program
  .command("layer")
  .description("write layer R of the count, whole, to FILE")
  .argument("<R>", "the layer (a row from 1 to N − 1)", integerOption(1, 63))
  .argument("<FILE>", "the layer file to write")
  .argument("<N>", "the table size", count)
  .argument("<counts...>", "the symbol counts of every row and column", (value: string, previous: number[] = []) => [...previous, count(value)])
  .action(async (row: number, file: string, n: number, counts: number[]) => {
    checkOutputPath(file, "FILE", false); // before hours of work, not after
    await writePart(file, symLayer(problemOf(n, counts), row, 0, 1, undefined, onLayer));
  });
program
  .command("part")
  .description("write share I of K of layer ⌈N/2⌉ to FILE, starting from the layer in FROM if given")
  .argument("<I/K[@FROM]>", "the share, and the layer file to start from", shareOf)
  .argument("<FILE>", "the share file to write")
  .argument("<N>", "the table size", count)
  .argument("<counts...>", "the symbol counts", (value: string, previous: number[] = []) => [...previous, count(value)])
  .action(async (which: ReturnType<typeof shareOf>, file: string, n: number, counts: number[]) => {
    checkOutputPath(file, "FILE", false);
    const from = which.from === undefined ? undefined : readPart(which.from);
    if (from) log(`read ${which.from}: layer ${from.row}, ${from.states} classes`);
    await writePart(file, symLayer(problemOf(n, counts), Math.ceil(n / 2), which.share, which.shares, from, onLayer));
  });
program
  .command("sum")
  .description("load every share of layer ⌈N/2⌉ and print the count")
  .argument("<FILES>", "the share files, comma-separated (a --checkpoint folder's share-I-of-K.bin too)", filesOf)
  .argument("<N>", "the table size", count)
  .argument("<counts...>", "the symbol counts", (value: string, previous: number[] = []) => [...previous, count(value)])
  .option("--row-by-row", "carry the shares on row by row to the end instead of pairing them: a second way to the same count")
  .action((files: string[], n: number, counts: number[], options: { rowByRow?: boolean }) => {
    const parts = files.map(readPart);
    log(`read ${parts.length} parts: ${parts.map((p) => p.states).join(" + ")} classes`);
    const problem = problemOf(n, counts);
    const total = options.rowByRow ? symRowByRowFrom(problem, parts, onLayer) : symMitmSum(problem, parts);
    if (total === undefined) throw new UsageError("a count passed 128 bits: this tool sums 128-bit counts only");
    log(`total${options.rowByRow ? ", row by row" : ""}: ${total}`);
  });

await runMain(NAME, async () => {
  await program.parseAsync(process.argv);
});
