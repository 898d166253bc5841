// The general mode's command-line text (--counts "2,2,3", --given "ROW;ROW") as a checked
// table problem. Bad text is a UsageError of one line that quotes it shortened.
import { UsageError } from "../errors.js";
import { quote } from "../io/quote.js";
import { MAX_TABLE_SIZE, normalizeProblem, type NormalizedProblem } from "./problem.js";

/** "2,2,3" as [2, 2, 3]; every count a whole number from 0 to MAX_TABLE_SIZE. */
export function parseCountsText(text: string): number[] {
  if (!/^\s*\d+(\s*,\s*\d+)*\s*$/.test(text)) {
    throw new UsageError(`--counts expects whole numbers separated by commas, like 2,2,3 (got ${quote(text)})`);
  }
  return text.split(",").map((part) => {
    const count = Number(part.trim());
    if (count > MAX_TABLE_SIZE) throw new UsageError(`--counts: ${quote(part.trim())} is more than the largest size ${MAX_TABLE_SIZE}`);
    return count;
  });
}

/** "2100221;0221102" as rows (spaces inside a row ignored, empty parts dropped). */
export function parseGivenText(text: string | undefined): string[] {
  return (text ?? "")
    .split(";")
    .map((row) => row.trim())
    .filter((row) => row.length > 0);
}

export interface GeneralModeText {
  size: number;
  counts: string;
  given?: string;
  allowEqualRows?: boolean;
  allowEqualColumns?: boolean;
}

/** The general mode's options as a checked problem (UsageError on anything bad). */
export function generalModeProblem(options: GeneralModeText): NormalizedProblem {
  return normalizeProblem({
    size: options.size,
    counts: parseCountsText(options.counts),
    given: parseGivenText(options.given),
    distinctRows: !options.allowEqualRows,
    distinctColumns: !options.allowEqualColumns,
  });
}
