// Serial numbers of books and tickets: identities printed on paper, so exact (bigint)
// from the option to every output format and back through the validator.

/** Largest serial a record can carry: the kernel writes serials as unsigned 64-bit. */
export const MAX_SERIAL = (1n << 64n) - 1n;

/** A serial from user input (bigint, safe-integer number or decimal text), or undefined. */
export function parseSerial(value: bigint | number | string): bigint | undefined {
  let serial: bigint;
  if (typeof value === "bigint") serial = value;
  else if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) return undefined;
    serial = BigInt(value);
  } else {
    if (!/^\s*\d+\s*$/.test(value)) return undefined;
    serial = BigInt(value.trim());
  }
  return serial >= 0n && serial <= MAX_SERIAL ? serial : undefined;
}

/** Why `count` records from `first` do not fit below MAX_SERIAL, or undefined when they do. */
export function serialOverflow(first: bigint, count: number | bigint): string | undefined {
  const last = first + BigInt(count) - 1n;
  if (last <= MAX_SERIAL) return undefined;
  return `serials ${first} to ${last} pass the largest serial ${MAX_SERIAL} (2^64-1)`;
}

const TWO_32 = 4294967296;

/**
 * The serial written as the ASCII digits b[from, to) (no sign, no leading zero unless
 * "0") into out[at] (low 32 bits) and out[at + 1] (high 32 bits); false, out untouched,
 * when the digits are not such a serial or pass MAX_SERIAL. Shared by the byte-level
 * line readers (the series codec's TS fast path, series/fast-line.ts), which find the digits themselves.
 */
export function serialWordsFromDigits(b: Uint8Array, from: number, to: number, out: Uint32Array, at: number): boolean {
  const digits = to - from;
  if (digits === 0 || digits > 20 || (digits > 1 && b[from] === 48)) return false;
  if (digits <= 15) {
    // below 2^53: exact in a double, no bigint
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = b[i]! - 48;
      if (d < 0 || d > 9) return false;
      n = n * 10 + d;
    }
    const low = n % TWO_32;
    out[at] = low;
    out[at + 1] = (n - low) / TWO_32;
    return true;
  }
  let n = 0n;
  for (let i = from; i < to; i++) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) return false;
    n = n * 10n + BigInt(d);
  }
  if (n > MAX_SERIAL) return false;
  out[at] = Number(n & 0xffffffffn);
  out[at + 1] = Number(n >> 32n);
  return true;
}
