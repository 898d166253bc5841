#!/usr/bin/env node
// count-farms [FILE|-]: counts the completions of each 7×7 farming-puzzle case.
import { Option } from "commander";
import { createProgram, readInputText, runMain } from "./program.js";
import { InputError } from "../errors.js";
import { parseFarmInput, type FarmCase } from "../farms/parse.js";
import { DEFAULT_FARM_ENGINE, FARM_ENGINES, farmEngines, type FarmCounter, type FarmEngine } from "../farms/count.js";
import { rowText } from "../farms/rows.js";

interface CountFarmsOptions {
  engine: FarmEngine;
  json?: boolean;
  time?: boolean;
}

function parseCases(file: string): FarmCase[] {
  const text = readInputText(file);
  try {
    return parseFarmInput(text);
  } catch (error) {
    throw error instanceof InputError ? error.inFile(file === "-" ? "<stdin>" : file) : error;
  }
}

await runMain("count-farms", async () => {
  const program = createProgram(
    "count-farms",
    "Count the ways to complete 7×7 tables (two 0s, two 1s, three 2s in every row and column; rows distinct; columns distinct) below two given rows.",
  )
    .argument("[file]", 'input in the contest format (first line N, then 2N rows); "-" or nothing reads standard input', "-")
    .addOption(new Option("--engine <name>", "counting engine").choices(FARM_ENGINES).default(DEFAULT_FARM_ENGINE))
    .option("--json", "one JSON object per case: rows, count (decimal string), engine, microseconds")
    .option("--time", "per-case and total time on stderr")
    .addHelpText("after", "\nOutput: one decimal count per case, in input order. Exit status 2 on bad input (nothing is printed to stdout).");
  program.parse();
  const options = program.opts<CountFarmsOptions>();
  const cases = parseCases(program.args[0] ?? "-");

  const count = farmEngines[options.engine] as FarmCounter;
  let totalMicros = 0;
  const out: string[] = [];
  cases.forEach((c, k) => {
    const start = process.hrtime.bigint();
    const result = count(c.rows[0], c.rows[1]);
    const micros = Number(process.hrtime.bigint() - start) / 1000;
    totalMicros += micros;
    if (options.time) process.stderr.write(`case ${k + 1}: ${(micros / 1000).toFixed(3)} ms\n`);
    out.push(
      options.json
        ? JSON.stringify({
            case: k + 1,
            rows: c.rows.map(rowText),
            count: result.toString(),
            engine: options.engine,
            microseconds: Math.round(micros),
          })
        : result.toString(),
    );
  });
  if (options.time) process.stderr.write(`total: ${(totalMicros / 1000).toFixed(3)} ms for ${cases.length} case(s)\n`);
  if (out.length > 0) process.stdout.write(out.join("\n") + "\n");
});
