// The Web Worker: every heavy call into the library runs here, so the page never
// freezes. It imports the library's browser entry points and nothing else of logic.
import { ready as farmsReady, countFarm, parseFarmInput, parseFarmRow, rowText } from "tabula-grids/farms";
import { ready as tablesReady, countTablesParallel } from "tabula-grids/tables";
import { ready as housieReady, countHousie, HousieRun, housieFormatter, planNight, validateHousieJsonl, type HousieRecord } from "tabula-grids/housie";
import {
  ready as toursReady,
  generateTour,
  validateTour,
  parseTourFile,
  writeTour,
  tourSvg,
  paintTour,
  tourCanvasSize,
  countHamiltonian,
  uniformTourSampler,
  parseLeapers,
  formatLeapers,
  type TourFormat,
} from "tabula-grids/tours";
import { SVG_BOARD_MAX, UNIFORM_WEB_MAX_STATES, type Job, type JobError, type Reply, type Request, type Results, type PreviewRecord } from "./protocol.js";

/** done of total; text, when given, says what the job is at in words. */
type Progress = (done: number, total: number, text?: string) => void;
type Handlers = { [T in Job["type"]]: (job: Extract<Job, { type: T }>, progress: Progress) => Promise<Results[T]> | Results[T] };

/** Each entry point's kernels are fetched and compiled on the first job that needs them. */
const readiness: Record<string, () => Promise<unknown>> = {
  farms: () => farmsReady(), // the farms kernel and the tables kernel its fast engine uses
  tables: () => tablesReady(),
  housie: () => housieReady(),
  tour: () => toursReady(),
};
const loading = new Map<string, Promise<unknown>>();
function ready(job: Job): Promise<unknown> {
  const area = job.type.split("-")[0]!;
  if (!loading.has(area)) loading.set(area, readiness[area]!());
  return loading.get(area)!;
}

function since(start: number): number {
  return performance.now() - start;
}

const handlers: Handlers = {
  "farms-pair": ({ rows }) => {
    const start = performance.now();
    const parsed = rows.map((row, i) => {
      try {
        return parseFarmRow(row);
      } catch (error) {
        throw Object.assign(error as Error, { field: `row${i + 1}` });
      }
    });
    const count = countFarm(parsed[0]!, parsed[1]!);
    return { count: count.toString(), ms: since(start) };
  },

  "farms-file": ({ text }, progress) => {
    const start = performance.now();
    const cases = parseFarmInput(text);
    return {
      cases: cases.map(({ rows }, i) => {
        const t = performance.now();
        const count = countFarm(rows[0], rows[1]).toString();
        progress(i + 1, cases.length);
        return { case: i + 1, rows: [rowText(rows[0]), rowText(rows[1])] as [string, string], count, ms: since(t) };
      }),
      ms: since(start),
    };
  },

  tables: async ({ size, counts, given, distinctRows, distinctColumns }, progress) => {
    const start = performance.now();
    // In one thread here (a browser has no worker_threads); progress after each job of the plan.
    const count = await countTablesParallel({ size, counts, given, distinctRows, distinctColumns, onProgress: progress });
    return { count: count.toString(), ms: since(start) };
  },

  "housie-count": () => {
    const start = performance.now();
    const c = countHousie();
    return {
      patterns: c.patterns.toString(),
      vectors: c.vectors.toString(),
      tickets: c.tickets.toString(),
      orderedBooks: c.orderedBooks.toString(),
      unorderedBooks: c.books.toString(),
      ms: since(start),
    };
  },

  "housie-generate": ({ kind, count, seed, firstSerial, preview }, progress) => {
    const start = performance.now();
    // The same calls as `housie books|tickets -f jsonl`, so a seed gives the same bytes.
    const run = new HousieRun(kind, { seed: seed === undefined || seed === "" ? undefined : seed, firstSerial });
    run.reserve(count);
    const parts: Uint8Array[] = [];
    const shown: PreviewRecord[] = [];
    const decoder = new TextDecoder();
    for (let done = 0; done < count;) {
      const batch = Math.min(count - done, run.batchLimit);
      const bytes = run.nextJsonl(batch).slice(); // copy: the view is reused
      parts.push(bytes);
      if (shown.length < preview) {
        for (const line of decoder.decode(bytes).split("\n")) {
          if (line && shown.length < preview) shown.push(JSON.parse(line) as PreviewRecord);
        }
      }
      done += batch;
      progress(done, count);
    }
    return { jsonl: new Blob(parts as BlobPart[], { type: "application/x-ndjson" }), preview: shown, records: count, ms: since(start) };
  },

  "housie-format": async ({ kind, jsonl, format, print }) => {
    const start = performance.now();
    const formatter = housieFormatter(format, kind, print);
    const out: string[] = [formatter.header()];
    const night = print.games ? planNight(print.games) : undefined; // a night's records dealt to its games, as the CLI deals them
    let index = 0;
    for (const line of (await jsonl.text()).split("\n")) {
      if (!line) continue;
      const record = JSON.parse(line) as HousieRecord;
      out.push(formatter.record(night ? night.tag(record, index++) : record));
    }
    out.push(formatter.footer());
    const type = format === "csv" ? "text/csv" : format === "html" ? "text/html" : "text/plain";
    return { blob: new Blob(out, { type: `${type};charset=utf-8` }), ms: since(start) };
  },

  "housie-pdf": async ({ jsonl, records, print }, progress) => {
    const start = performance.now();
    // pdfkit (~100 KB gzipped) is fetched only when a PDF is asked for.
    const { PdfWriter } = await import("tabula-grids/housie/pdf");
    const parts: Uint8Array[] = [];
    const { loadWebFonts } = await import("./pdf-fonts.js"); // fetched only if some text is outside Latin-1
    const writer = new PdfWriter((chunk) => void parts.push(chunk), { ...print, unicodeFonts: loadWebFonts });
    const night = print.games ? planNight(print.games) : undefined; // each game its own records, as `housie books --games`
    let done = 0;
    for (const line of (await jsonl.text()).split("\n")) {
      if (!line) continue;
      const record = JSON.parse(line) as HousieRecord;
      await writer.add(night ? night.tag(record, done) : record); // the same pages as `housie … -f pdf`
      progress(++done, records);
    }
    await writer.finish();
    return { blob: new Blob(parts as BlobPart[], { type: "application/pdf" }), pages: writer.pages, ms: since(start) };
  },

  "housie-validate": ({ text }) => {
    const start = performance.now();
    return { ...validateHousieJsonl(text), ms: since(start) };
  },

  "tour-generate": ({ rows, cols, closed, start: square, seed, moves, uniform }) => {
    const start = performance.now();
    let leapers;
    try {
      leapers = moves === undefined ? undefined : parseLeapers(moves);
    } catch (error) {
      throw Object.assign(error as Error, { field: "tour-leapers" });
    }
    if (uniform) {
      // The frontier counter's layers, then one walk through them (the CLI's `pen-paper sample`).
      const sampler = uniformTourSampler({ rows, cols, closed, ...(leapers ? { moves: leapers } : {}), maxStates: UNIFORM_WEB_MAX_STATES });
      const grid = sampler.samples(1, seed).next().value as Int32Array;
      return { rows, cols, closed, grid, count: sampler.count.toString(), ms: since(start) };
    }
    const board = rows === cols ? { size: rows } : { rows, cols };
    const grid = generateTour({ ...board, closed, start: square, seed, ...(leapers ? { moves: leapers } : {}) });
    return { rows, cols, closed, grid, ms: since(start) };
  },

  "tour-validate": ({ text }) => {
    const start = performance.now();
    const file = parseTourFile(text);
    const { rows, cols } = file;
    const check = file.moves ? validateTour(file.grid, { rows, cols, moves: file.moves }) : validateTour(file.grid, file.size);
    const moves = file.moves ? formatLeapers(file.moves) : undefined;
    return {
      size: file.size,
      rows,
      cols,
      moves,
      grid: file.grid,
      ok: check.ok,
      closed: check.closed,
      problem: check.problem,
      claimedClosed: file.closed,
      ms: since(start),
    };
  },

  "tour-count": ({ rows, cols, moves, closed, from }, progress) => {
    const start = performance.now();
    let leapers;
    try {
      leapers = parseLeapers(moves);
    } catch (error) {
      throw Object.assign(error as Error, { field: "tour-count-leapers" });
    }
    // One call into the kernel's frontier DP; it reports each finished step (a square
    // taken), which the page shows as "step k of N, S states".
    const onProgress = (step: number, steps: number, states: number, passes: number) =>
      progress(step, steps, `step ${step} of ${steps}, ${states.toLocaleString("en")} states${passes > 1 ? ` in ${passes} passes` : ""}`);
    const result = countHamiltonian({ rows, cols, moves: leapers, closed, from, onProgress });
    return {
      count: result.count.toString(),
      moves: formatLeapers(leapers),
      width: result.width,
      peakStates: result.peakStates,
      peakBytes: result.peakBytes,
      ms: since(start),
    };
  },

  "tour-format": async ({ rows, cols, closed, grid, seed, moves, format }) => {
    const start = performance.now();
    const parts: string[] = [];
    await writeTour({ size: rows, rows, cols, closed, grid, seed, moves }, format as TourFormat, (chunk) => void parts.push(chunk));
    const type = format === "json" ? "application/json" : format === "svg" ? "image/svg+xml" : "text/plain";
    return { blob: new Blob(parts, { type }), ms: since(start) };
  },

  "tour-picture": ({ size, rows = size, cols = size, closed, grid, pixels }) => {
    const start = performance.now();
    const board = { rows: rows ?? 0, cols: cols ?? 0, closed, grid }; // a missing side is refused by tourSvg and paintTour
    // Small boards: the library's SVG (arcs routed around the numbers); big ones: the path painted off screen.
    if (Math.max(board.rows, board.cols) <= SVG_BOARD_MAX) return { svg: tourSvg(board), ms: since(start) };
    const [width, height] = tourCanvasSize(board.rows, board.cols, pixels);
    const canvas = new OffscreenCanvas(width, height);
    paintTour(canvas.getContext("2d")!, board, pixels);
    return { bitmap: canvas.transferToImageBitmap(), ms: since(start) };
  },
};

function toJobError(error: unknown): JobError {
  const e = error as Partial<JobError> & { name?: string; message?: string };
  return {
    name: e?.name ?? "Error",
    field: typeof e?.field === "string" ? e.field : undefined,
    message: e?.message ?? String(error),
    line: typeof e?.line === "number" ? e.line : undefined,
    problem: typeof e?.problem === "string" ? e.problem : undefined,
    expected: typeof e?.expected === "string" ? e.expected : undefined,
  };
}

const post = (reply: Reply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(reply, transfer);

self.onmessage = async (event: MessageEvent<Request>) => {
  const { id, job } = event.data;
  let lastProgress = 0;
  const progress: Progress = (done, total, text) => {
    const now = performance.now();
    if (done < total && now - lastProgress < 50) return; // at most ~20 updates a second
    lastProgress = now;
    post({ id, kind: "progress", done, total, ...(text === undefined ? {} : { text }) });
  };
  try {
    await ready(job);
    const handler = handlers[job.type] as (job: Job, progress: Progress) => Promise<unknown> | unknown;
    const value = await handler(job, progress);
    const { grid, bitmap } = value as { grid?: unknown; bitmap?: ImageBitmap };
    const transfer: Transferable[] = [];
    if (grid instanceof Int32Array && job.type !== "tour-format" && job.type !== "tour-picture") transfer.push(grid.buffer);
    if (bitmap) transfer.push(bitmap);
    post({ id, kind: "result", value }, transfer);
  } catch (error) {
    post({ id, kind: "error", error: toJobError(error) });
  }
};
