// Numbers people read: an exact count with its digits grouped in threes (4,909,920), from
// the bigint's decimal string, so no count of any size passes through a float. The CLIs'
// --pretty and the web app (with a thin space, so a long count breaks only between groups).
import { argumentError } from "../args.js";

/**
 * `n` in decimal with `separator` between groups of three digits (other text comes back as it is).
 *
 * @param n the number, or its decimal digits
 * @param separator what goes between groups of three digits
 * @example
 * ```ts
 * import { groupDigits } from "tabula-grids";
 *
 * groupDigits(1234567n); // "1,234,567"
 * groupDigits("649599362683678", " "); // "649 599 362 683 678"
 * ```
 */
export function groupDigits(n: bigint | number | string, separator = ","): string {
  if (typeof n !== "bigint" && typeof n !== "number" && typeof n !== "string") throw argumentError("n", "a bigint, a number or a decimal string", n);
  if (typeof separator !== "string") throw argumentError("separator", "a string", separator);
  const text = typeof n === "string" ? n : n.toString();
  const match = /^(-?)(\d+)$/.exec(text);
  if (!match) return text;
  return match[1] + match[2]!.replace(/\B(?=(\d{3})+$)/g, separator);
}
