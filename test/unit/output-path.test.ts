// The shared output path in-process: the quoting helper, the atomic file sink and
// writeOutput (producer → pipeline → sink), and the compact SVG path.
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { quote, quoteValue, shorten } from "../../src/io/quote.js";
import { atomicWriteFailure, checkOutputPath, openAtomicStream, writeChunk } from "../../src/io/atomic-write.js";
import { writeOutput, stdoutFailure } from "../../src/io/output.js";
import { OutputClosed, OutputError } from "../../src/io/output-errors.js";
import { UsageError } from "../../src/errors.js";
import { tourChunks } from "../../src/tours/format.js";
import { generateTour } from "../../src/tours/generate.js";

const dir = mkdtempSync(join(tmpdir(), "output-path-"));

describe("quote", () => {
  it("keeps at most 40 characters and marks the cut", () => {
    expect(quote("x".repeat(50_000_000))).toBe(`"${"x".repeat(40)}"…`);
    expect(quote("short")).toBe('"short"');
    expect(shorten("abc", 2)).toBe("ab…");
  });

  it("escapes control bytes, NUL, quotes, broken UTF-8 and lone surrogates", () => {
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quote("\u0000\u0007\u001b\u007f\u0085")).toBe('"\\x00\\x07\\x1b\\x7f\\x85"');
    expect(quote("\n\r\t")).toBe('"\\n\\r\\t"');
    expect(quote(Buffer.from([0xff, 0xfe]).toString("utf8"))).toBe('"\\ufffd\\ufffd"');
    expect(quote("\ud800x")).toBe('"\\ud800x"');
    expect(quote("héllo ✓ 😀")).toBe('"héllo ✓ 😀"'); // printable text stays readable
  });

  it("counts characters, not UTF-16 units, and never splits a pair", () => {
    expect(quote("😀".repeat(50))).toBe(`"${"😀".repeat(40)}"…`);
  });

  it("quoteValue shows a JSON value as written, shortened", () => {
    expect(quoteValue([1, "a", null])).toBe('[1,"a",null]');
    expect(quoteValue("x\u0000")).toBe('"x\\x00"');
    expect(quoteValue(1e308)).toBe("1e+308");
    expect(quoteValue(new Array(100_000).fill(1))).toMatch(/^\[1,1,.*…$/);
    expect(quoteValue(undefined)).toBe("undefined");
  });
});

describe("checkOutputPath", () => {
  it("accepts a new file in an existing folder and an existing regular file", () => {
    expect(() => checkOutputPath(join(dir, "new.txt"))).not.toThrow();
    writeFileSync(join(dir, "old.txt"), "x");
    expect(() => checkOutputPath(join(dir, "old.txt"))).not.toThrow();
  });

  it.each([
    ["", /^--out: empty file name \(expected a file path, or - for standard output\)$/],
    [".", /^\.: is a directory \(expected a file path\)$/],
    ["/dev/null", /^\/dev\/null: is a character device/],
    ["/no/such/folder/x", /^\/no\/such\/folder\/x: cannot write \(no such file or directory, ENOENT\)$/],
  ])("refuses %j", (path, message) => {
    expect(() => checkOutputPath(path)).toThrow(UsageError);
    expect(() => checkOutputPath(path)).toThrow(message);
  });

  it("names the argument the path came from, and refuses - where it cannot be standard output", () => {
    expect(() => checkOutputPath("", "GAME", false)).toThrow(/^GAME: empty file name \(expected a file path\)$/);
    expect(() => checkOutputPath("", "-o")).toThrow(/^-o: empty file name \(expected a file path, or - for standard output\)$/);
    expect(() => checkOutputPath("-", "GAME", false)).toThrow(/^GAME: "-" is not a file here \(expected a file path; write \.\/- for a file named -\)$/);
    expect(() => checkOutputPath("-", "-o")).not.toThrow(); // standard output
  });
});

describe("writeOutput to a file", () => {
  async function* lines(n: number, failAt = -1): AsyncGenerator<string> {
    for (let i = 0; i < n; i++) {
      if (i === failAt) throw new Error("producer failed");
      yield `line ${i}\n`;
    }
  }

  it("writes the whole output under the target name and nothing else", async () => {
    const target = join(dir, "whole.txt");
    await writeOutput(lines(100_000), target);
    const text = readFileSync(target, "utf8");
    expect(text.split("\n")).toHaveLength(100_001);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("a failing producer leaves the old target untouched and no temporary file", async () => {
    const target = join(dir, "keep.txt");
    writeFileSync(target, "old content\n");
    await expect(writeOutput(lines(100_000, 50_000), target)).rejects.toThrow("producer failed");
    expect(readFileSync(target, "utf8")).toBe("old content\n");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("openAtomicStream/writeChunk (the API other code calls) commit and abort", async () => {
    const target = join(dir, "api.txt");
    const a = await openAtomicStream(target);
    await writeChunk(a.stream, "abc");
    expect(existsSync(target)).toBe(false); // not before commit
    await a.commit();
    expect(readFileSync(target, "utf8")).toBe("abc");
    const b = await openAtomicStream(target);
    await writeChunk(b.stream, "partial");
    b.abort();
    expect(readFileSync(target, "utf8")).toBe("abc");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("write errors become one line naming the file (simulated ENOSPC)", () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write" });
    const failure = atomicWriteFailure("out.jsonl", enospc);
    expect(failure).toBeInstanceOf(OutputError);
    expect(failure.message).toBe("out.jsonl: no space left on device (nothing written)");
    expect(stdoutFailure(enospc).message).toBe("cannot write output: no space left on device");
    expect(stdoutFailure(Object.assign(new Error("EPIPE"), { code: "EPIPE", syscall: "write" }))).toBeInstanceOf(OutputClosed);
    const bug = new TypeError("a bug");
    expect(atomicWriteFailure("x", bug)).toBe(bug); // not a system error: reported as a bug
  });
});

describe("SVG path", () => {
  /** Squares visited by the path: M x y then h/v/l relative moves in square units. */
  function decode(d: string): [number, number][] {
    const start = /^M([\d.]+) ([\d.]+)/.exec(d)!;
    let x = Number(start[1]) - 0.5;
    let y = Number(start[2]) - 0.5;
    const points: [number, number][] = [[y, x]];
    for (const [, cmd, a, b] of d.slice(start[0].length).matchAll(/([hvl])(-?\d+)(?: (-?\d+))?/g)) {
      if (cmd === "h") x += Number(a);
      else if (cmd === "v") y += Number(a);
      else {
        x += Number(a);
        y += Number(b);
      }
      points.push([y, x]);
    }
    return points;
  }

  // Boards above 40×40 (smaller ones draw each move as an arc: test/unit/tours-draw.test.ts).
  it.each([
    [41, false],
    [45, true],
  ])("visits the squares in tour order, band after band (side %i, closed %s)", (n, closed) => {
    const grid = generateTour({ size: n, closed, seed: 3 });
    const svg = [...tourChunks({ size: n, closed, grid }, "svg")].join("");
    const bands = [...svg.matchAll(/<path stroke="#[0-9a-f]{6}"[^>]* d="([^"]*)"/g)].map((m) => m[1]!);
    expect(bands).toHaveLength(16);
    // Each band starts where the last ended: its first point repeats the last one.
    const points = bands.flatMap((d, i) => (i === 0 ? decode(d) : decode(d).slice(1)));
    expect(points).toHaveLength(n * n);
    points.forEach(([r, c], k) => expect(grid[r * n + c]).toBe(k + 1));
    expect(/<path class="closing"/.test(svg)).toBe(closed);
  });
});
