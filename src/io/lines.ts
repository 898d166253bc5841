// Reads a text file (or standard input) line by line in bounded memory: a line longer
// than `maxLength` is handed over cut to its first `maxLength` characters (flagged
// `cut`), and the rest of it is skipped as it streams past, so a 50 MB line costs no
// more than a short one.
import { createReadStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { InputError } from "../errors.js";
import { reasonOf } from "./output-errors.js";

export interface TextLine {
  /** The line without its "\n" (and "\r"), at most maxLength characters. */
  text: string;
  /** 1-based line number. */
  number: number;
  /** The line was longer than maxLength and `text` is only its start. */
  cut: boolean;
  /** The line ended with "\n" (false only for a last line without one). */
  newline: boolean;
}

/** How a file is named in messages: "-" is standard input. */
export function inputName(file: string): string {
  return file === "-" ? "<stdin>" : file;
}

/** A failure to open or read `file` as one InputError naming it ("no such file", …). */
export function readFailure(file: string, error: unknown): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : `cannot read (${reasonOf(error)})`;
  return new InputError(why, { file: inputName(file) });
}

/** Lines of `file` ("-" for standard input); read errors are InputErrors naming the file. */
export async function* readLines(file: string, maxLength: number): AsyncGenerator<TextLine> {
  const stream = file === "-" ? process.stdin : createReadStream(file);
  const decoder = new StringDecoder("utf8");
  let partial = "";
  let cut = false;
  let number = 1;
  const take = (piece: string): void => {
    if (cut) return;
    if (partial.length + piece.length > maxLength) {
      partial += piece.slice(0, maxLength - partial.length);
      cut = true;
    } else partial += piece;
  };
  const line = (newline = true): TextLine => {
    const text = !cut && partial.endsWith("\r") ? partial.slice(0, -1) : partial;
    const result = { text, number, cut, newline };
    partial = "";
    cut = false;
    number++;
    return result;
  };
  try {
    for await (const chunk of stream) {
      const text = decoder.write(chunk as Buffer);
      let from = 0;
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", from)) {
        take(text.slice(from, at));
        from = at + 1;
        yield line();
      }
      take(text.slice(from));
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    if ((error as NodeJS.ErrnoException).code !== undefined) throw readFailure(file, error);
    throw error;
  } finally {
    if (file !== "-") stream.destroy();
  }
  take(decoder.end());
  if (partial.length > 0 || cut) yield line(false);
}
