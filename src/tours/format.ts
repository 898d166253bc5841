// Renders a tour as text, JSON or SVG in chunks (a 5000×5000 board is hundreds of MB of
// output, so nothing builds the whole string).

export type TourFormat = "text" | "json" | "svg";
export const TOUR_FORMATS: readonly TourFormat[] = ["text", "json", "svg"];

/** Boards above this side keep only the path in SVG: the numbers would be unreadable. */
export const SVG_NUMBERS_MAX = 40;
const CHUNK = 1 << 16;
const CELL = 40; // SVG units per square

export interface TourDocument {
  size: number;
  closed: boolean;
  grid: Int32Array;
  seed?: number;
}

type Sink = (chunk: string) => Promise<void> | void;

/** Collects lines and hands them to `sink` about CHUNK characters at a time. */
class Chunker {
  private parts: string[] = [];
  private length = 0;
  constructor(private readonly sink: Sink) {}
  async add(text: string): Promise<void> {
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= CHUNK) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const text = this.parts.join("");
    this.parts = [];
    this.length = 0;
    await this.sink(text);
  }
}

export async function writeTour(doc: TourDocument, format: TourFormat, sink: Sink): Promise<void> {
  const out = new Chunker(sink);
  if (format === "text") await writeText(doc, out);
  else if (format === "json") await writeJson(doc, out);
  else await writeSvg(doc, out);
  await out.flush();
}

function centred(text: string, width: number): string {
  const left = Math.floor((width - text.length) / 2);
  return " ".repeat(left) + text + " ".repeat(width - text.length - left);
}

/** Numbers centred in cells of equal width, between a top and a bottom rule. */
async function writeText({ size: n, grid }: TourDocument, out: Chunker): Promise<void> {
  const width = String(n * n).length;
  const rule = `+${"-".repeat(n * (width + 1) + 1)}+\n`;
  await out.add(rule);
  for (let r = 0; r < n; r++) {
    const cells: string[] = [];
    for (let c = 0; c < n; c++) cells.push(centred(String(grid[r * n + c]), width));
    await out.add(`| ${cells.join(" ")} |\n`);
  }
  await out.add(rule);
}

/** {"size": N, "closed": bool, "grid": [[...], ...]}, one grid row a line. */
async function writeJson({ size: n, closed, grid, seed }: TourDocument, out: Chunker): Promise<void> {
  await out.add(`{"size": ${n}, "closed": ${closed},${seed === undefined ? "" : ` "seed": ${seed},`} "grid": [\n`);
  for (let r = 0; r < n; r++) {
    await out.add(`  [${Array.from(grid.subarray(r * n, r * n + n)).join(", ")}]${r + 1 < n ? "," : ""}\n`);
  }
  await out.add("]}\n");
}

/** Grid lines, the path through square centres, start and end marks, and numbers on small boards. */
async function writeSvg({ size: n, closed, grid }: TourDocument, out: Chunker): Promise<void> {
  const side = n * CELL;
  const total = n * n;
  const order = new Int32Array(total); // square of each step
  for (let i = 0; i < total; i++) order[grid[i]! - 1] = i;
  const centre = (i: number) => `${(i % n) * CELL + CELL / 2} ${Math.floor(i / n) * CELL + CELL / 2}`;
  await out.add(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${Math.min(side, 1000)}" height="${Math.min(side, 1000)}">\n` +
      `<title>${closed ? "Closed" : "Open"} pen-and-paper tour of a ${n}×${n} board</title>\n` +
      `<defs><pattern id="squares" width="${CELL}" height="${CELL}" patternUnits="userSpaceOnUse">` +
      `<path d="M ${CELL} 0 L 0 0 0 ${CELL}" fill="none" stroke="#bbb" stroke-width="1"/></pattern></defs>\n` +
      `<rect width="${side}" height="${side}" fill="white"/>\n<rect width="${side}" height="${side}" fill="url(#squares)" stroke="#888" stroke-width="2"/>\n`,
  );
  // Small boards: a stroke a tenth of a square wide. Big boards: one screen pixel at any
  // zoom (non-scaling), so the path stays a visible line instead of a smear.
  const stroke = n <= SVG_NUMBERS_MAX ? `stroke-width="${CELL / 10}"` : `stroke-width="1" vector-effect="non-scaling-stroke"`;
  await out.add(`<path fill="none" stroke="#1f77b4" ${stroke} stroke-linejoin="round" stroke-opacity="0.7" d="M ${centre(order[0]!)}`);
  for (let k = 1; k < total; k += 4096) {
    const steps: string[] = [];
    for (let j = k; j < Math.min(total, k + 4096); j++) steps.push(` L ${centre(order[j]!)}`);
    await out.add(steps.join(""));
  }
  await out.add(`${closed ? " Z" : ""}"/>\n`);
  await out.add(`<circle cx="${centre(order[0]!).replace(" ", `" cy="`)}" r="${CELL / 4}" fill="#2ca02c"/>\n`);
  await out.add(`<circle cx="${centre(order[total - 1]!).replace(" ", `" cy="`)}" r="${CELL / 4}" fill="#d62728"/>\n`);
  if (n <= SVG_NUMBERS_MAX) {
    await out.add(`<g font-family="sans-serif" font-size="${CELL / 3}" text-anchor="middle" dominant-baseline="central">\n`);
    for (let r = 0; r < n; r++) {
      const texts: string[] = [];
      for (let c = 0; c < n; c++) texts.push(`<text x="${c * CELL + CELL / 2}" y="${r * CELL + CELL / 2}">${grid[r * n + c]}</text>\n`);
      await out.add(texts.join(""));
    }
    await out.add("</g>\n");
  }
  await out.add("</svg>\n");
}
