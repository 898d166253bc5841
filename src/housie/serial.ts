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
