// Renders PDF pages to pixels with pdfjs-dist on @napi-rs/canvas (the canvas pdfjs-dist
// itself installs for Node as an optional dependency), so tests can read rendered pages
// (e.g. decode QR codes) with nothing but npm packages.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface RenderedPage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  scale: number;
}

/** Whether the canvas is there (an optional dependency may be missing on a platform). */
export async function canRender(): Promise<boolean> {
  try {
    await import("@napi-rs/canvas");
    return true;
  } catch {
    return false;
  }
}

/** Every page of the PDF rendered at `dpi` as RGBA pixels. */
export async function renderPdfPages(bytes: Uint8Array, dpi: number): Promise<RenderedPage[]> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const out: RenderedPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const scale = dpi / 72;
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext("2d");
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      out.push({ width: canvas.width, height: canvas.height, data: new Uint8ClampedArray(image.data), scale });
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The pixels of a rectangle (in points) of a rendered page. */
export function crop(page: RenderedPage, x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number; height: number } {
  const x0 = Math.max(0, Math.floor(x * page.scale));
  const y0 = Math.max(0, Math.floor(y * page.scale));
  const width = Math.min(page.width - x0, Math.ceil(w * page.scale));
  const height = Math.min(page.height - y0, Math.ceil(h * page.scale));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let r = 0; r < height; r++) data.set(page.data.subarray(((y0 + r) * page.width + x0) * 4, ((y0 + r) * page.width + x0 + width) * 4), r * width * 4);
  return { data, width, height };
}
