// Messages between the page and its Web Worker. Every job carries an id; the worker
// answers with any number of progress messages, then one result or one error.
import type { HousieFileReport, PrintOptions } from "tabula-grids/housie";

/** Boards drawn as the library's SVG, with numbers in the squares; bigger ones go on a canvas. */
export const SVG_BOARD_MAX = 40;

/**
 * States the uniform sampler's layers may hold in the browser (its maxStates): about 150
 * bytes each as maps, so some 300 MB. Reaches 7×7 pen-and-paper closed (107 k kept) and
 * the knight's 6×6 closed and open and 6×7 open (0.95 M); 7×7 pen-and-paper open (2.6 M) is the CLI's.
 */
export const UNIFORM_WEB_MAX_STATES = 2_000_000;

export type HousieKind = "books" | "tickets";

export type Job =
  | { type: "farms-pair"; rows: [string, string] }
  | { type: "farms-file"; text: string }
  | { type: "tables"; size: number; counts: number[]; given: string[]; distinctRows: boolean; distinctColumns: boolean }
  | { type: "housie-count" }
  | { type: "housie-generate"; kind: HousieKind; count: number; seed?: string; firstSerial: number; preview: number }
  | { type: "housie-format"; kind: HousieKind; jsonl: Blob; format: "csv" | "html" | "text"; print: PrintOptions }
  | { type: "housie-pdf"; jsonl: Blob; records: number; print: PrintOptions }
  | { type: "housie-validate"; text: string }
  /** A rows × cols board; moves: "a,b+c,d" (parseLeapers), absent = pen-and-paper; uniform: one tour drawn uniformly among all (small boards). */
  | { type: "tour-generate"; rows: number; cols: number; closed: boolean; start?: [number, number]; seed: number; moves?: string; uniform?: boolean }
  | { type: "tour-validate"; text: string }
  /** Frontier DP count on a rows×cols board; moves as "a,b+c,d" (parseLeapers); from: 0-based square. */
  | { type: "tour-count"; rows: number; cols: number; moves: string; closed: boolean; from?: [number, number] }
  | { type: "tour-format"; rows: number; cols: number; closed: boolean; grid: Int32Array; seed?: number; moves?: string; format: "json" | "text" | "svg" }
  /** The board is size × size, or rows × cols; `pixels` along its longer side when painted on a canvas. */
  | { type: "tour-picture"; size?: number; rows?: number; cols?: number; closed: boolean; grid: Int32Array; pixels: number };

export interface FarmCaseResult {
  case: number;
  rows: [string, string];
  count: string;
  ms: number;
}

export interface HousieCountsResult {
  patterns: string;
  vectors: string;
  tickets: string;
  orderedBooks: string;
  unorderedBooks: string;
}

export interface PreviewRecord {
  serial: number;
  tickets: (number | null)[][][];
}

export interface Results {
  "farms-pair": { count: string; ms: number };
  "farms-file": { cases: FarmCaseResult[]; ms: number };
  tables: { count: string; ms: number };
  "housie-count": HousieCountsResult & { ms: number };
  "housie-generate": { jsonl: Blob; preview: PreviewRecord[]; records: number; ms: number };
  "housie-format": { blob: Blob; ms: number };
  "housie-pdf": { blob: Blob; pages: number; ms: number };
  "housie-validate": HousieFileReport & { ms: number };
  /** count: with uniform, how many tours the one was drawn from (undirected: distinct cycles, or paths). */
  "tour-generate": { rows: number; cols: number; closed: boolean; grid: Int32Array; count?: string; ms: number };
  "tour-validate": {
    size: number;
    rows: number;
    cols: number;
    moves?: string;
    grid: Int32Array;
    ok: boolean;
    closed: boolean;
    problem?: string;
    claimedClosed?: boolean;
    ms: number;
  };
  "tour-count": { count: string; moves: string; width: number; peakStates: number; peakBytes: number; ms: number };
  "tour-format": { blob: Blob; ms: number };
  /** Small boards: the library's SVG (numbers in the squares); big ones: the path drawn off screen. */
  "tour-picture": { svg?: string; bitmap?: ImageBitmap; ms: number };
}

export type JobType = Job["type"];
export type JobOf<T extends JobType> = Extract<Job, { type: T }>;

/** A failure the user can act on: bad input at a line, or a request out of range. */
export interface JobError {
  name: string;
  /** The form field the problem is in, when the job names one. */
  field?: string;
  message: string;
  line?: number;
  problem?: string;
  expected?: string;
}

export type Request = { id: number; job: Job };
export type Reply =
  /** text: what the job is at, in words (e.g. a frontier count's step and states), shown instead of "done of total". */
  | { id: number; kind: "progress"; done: number; total: number; text?: string }
  | { id: number; kind: "result"; value: unknown }
  | { id: number; kind: "error"; error: JobError };
