// count-farms sequence NAME [--to N] [--time] [--threads N]: a named family of table
// counts as OEIS b-file lines "n a(n)", each printed as soon as it is counted.
import { availableParallelism } from "node:os";
import { createProgram, integerOption } from "./program.js";
import { SEQUENCES, sequenceFamily, sequenceTerms } from "../tables/sequences.js";
import { countSequenceTerm } from "../tables/sequence-count.js";

interface SequenceOptions {
  to?: number;
  time?: boolean;
  threads?: number;
}

export async function runSequence(args: string[]): Promise<void> {
  const program = createProgram("count-farms sequence", "Print a named sequence of table counts as OEIS b-file lines (n a(n)).")
    .argument("<name>", `one of: ${SEQUENCES.map((f) => f.name).join(", ")}`)
    .option("--to <n>", "last table size (triangles: last row); default per sequence", integerOption(0))
    .option("--time", "each term's time on stderr")
    .option("--threads <n>", "worker threads (default: all cores from 12×12 on, where a term outweighs starting them; else 1)", integerOption(1, 256))
    .addHelpText("after", "\n" + SEQUENCES.map((f) => `  ${f.name}${f.oeis ? ` (${f.oeis})` : ""}: ${f.definition}`).join("\n"));
  program.parse(args, { from: "user" });
  const options = program.opts<SequenceOptions>();
  const family = sequenceFamily(program.args[0]!);
  const terms = sequenceTerms(family, options.to);
  for (const term of terms) {
    const start = process.hrtime.bigint();
    const threads = options.threads ?? (term.size >= 12 ? availableParallelism() : 1);
    const value = await countSequenceTerm(term, { threads });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    process.stdout.write(`${term.index} ${value}\n`);
    if (options.time) process.stderr.write(`${family.name} ${term.index} (n=${term.size}, counts ${term.counts.join(",") || "-"}): ${ms.toFixed(1)} ms\n`);
  }
}
