// Quotes offending input inside a one-line error message: never more than a few dozen
// characters (a 50 MB line must not become a 50 MB message) and never a raw control
// byte, NUL or broken UTF-8 (they would garble the terminal or the log).

/** Characters of the offending text kept in a message; the rest becomes "…". */
export const QUOTE_LIMIT = 40;

/** How much to escape: "quoted" (inside quotes), "text" (offending text), "line" (only what is unsafe: a line already quoted). */
type EscapeMode = "quoted" | "text" | "line";

function escapeChar(ch: string, mode: EscapeMode): string {
  const code = ch.codePointAt(0)!;
  switch (ch) {
    case '"':
      return mode === "quoted" ? '\\"' : ch;
    case "\\":
      return mode === "line" ? ch : "\\\\";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
  }
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, "0")}`;
  // U+FFFD is what a byte that is not UTF-8 decodes to; lone surrogates cannot be printed.
  if (code === 0xfffd || (code >= 0xd800 && code <= 0xdfff) || code === 0x2028 || code === 0x2029 || code === 0xfeff) {
    return `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return ch;
}

/**
 * `text` in double quotes, escaped, cut to `limit` characters (code points) with "…"
 * when longer. Only the kept prefix is looked at, so quoting a huge string is cheap.
 */
export function quote(text: string, limit = QUOTE_LIMIT): string {
  return `"${escaped(text, limit, "quoted")}"`.replace(/…"$/, '"…');
}

/** Escaped and cut to `limit` characters, "…" appended when cut. */
export function shorten(text: string, limit = QUOTE_LIMIT): string {
  return escaped(text, limit, "text");
}

function escaped(text: string, limit: number, mode: EscapeMode): string {
  let out = "";
  let kept = 0;
  let i = 0;
  while (i < text.length && kept < limit) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    out += escapeChar(ch, mode);
    i += ch.length;
    kept++;
  }
  return i < text.length ? `${out}…` : out;
}

/** A JSON value as it would be written, shortened and escaped like `quote` (without the quotes for non-strings). */
export function quoteValue(value: unknown, limit = QUOTE_LIMIT): string {
  if (typeof value === "string") return quote(value, limit);
  let text: string;
  try {
    // bigints as their digits; a value JSON cannot show (a cycle, a symbol) by its kind.
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)) ?? String(value);
  } catch {
    try {
      text = Object.prototype.toString.call(value);
    } catch {
      text = "[an object that throws when read]"; // a proxy whose traps throw
    }
  }
  return shorten(text, limit);
}

/** Characters of a whole error line kept (the offending text in it is already quoted and cut). */
export const LINE_LIMIT = 400;

/**
 * The last guard of every error line a CLI prints: control bytes, DEL, broken UTF-8 and
 * line breaks escaped (the line stays one line and cannot drive the terminal), and the
 * whole cut to LINE_LIMIT characters. Quotes are kept as written.
 */
export function errorLine(text: string, limit = LINE_LIMIT): string {
  return escaped(text, limit, "line");
}

/**
 * A message from a parser that echoes offending values whole (commander): each value in
 * single quotes after "argument", "option" or "command" quoted and cut like all offending
 * text, then the line guarded by `errorLine`.
 */
export function parserErrorLine(text: string): string {
  const quoted = text
    .replace(/(argument )'([\s\S]*)'( is invalid)/, (_all, before: string, value: string, after: string) => `${before}${quote(value)}${after}`)
    .replace(/(unknown (?:option|command) )'([\s\S]*?)'(?=$|\s|\n|\()/, (_all, before: string, value: string) => `${before}${quote(value)}`);
  // The value is quoted once, up front (shortened when long): a parser's own "got …" would say it again.
  return errorLine(quoted.replace(/( is invalid\. [^\n]*?)[,;]? got [^\n]*$/, "$1"));
}
