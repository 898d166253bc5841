// Reads a tour file from disk or standard input for `pen-paper validate`, line by line in
// bounded memory (Node only: the portable parser is parse.ts).
import { InputError } from "../errors.js";
import { readLines } from "../io/lines.js";
import { quote } from "../io/quote.js";
import { MAX_TOUR_LINE, parseTourFile, type TourFile } from "./parse.js";

/**
 * Reads and parses a tour file ("-" for standard input) line by line; a line longer than
 * MAX_TOUR_LINE is an InputError at that line, read no further.
 */
export async function readTourFile(file: string): Promise<TourFile> {
  const lines: string[] = [];
  let newline = false;
  for await (const line of readLines(file, MAX_TOUR_LINE)) {
    newline = line.newline;
    if (line.cut) {
      throw new InputError(`line is longer than ${MAX_TOUR_LINE} characters: ${quote(line.text)}`, { line: line.number }, "one grid row per line");
    }
    lines.push(line.text);
  }
  return parseTourFile(lines.join("\n") + (newline ? "\n" : ""));
}
