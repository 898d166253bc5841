// Numbers people read: an exact count with its digits grouped in threes (4,909,920), from
// the bigint's decimal string, so no count of any size passes through a float.

/** `n` in decimal with `separator` between groups of three digits. */
export function groupDigits(n: bigint | number | string, separator = ","): string {
  const text = typeof n === "string" ? n : n.toString();
  const match = /^(-?)(\d+)$/.exec(text);
  if (!match) return text;
  return match[1] + match[2]!.replace(/\B(?=(\d{3})+$)/g, separator);
}
