// Every QR code on the printed pages decodes (jsQR, from the npm registry) from pages
// rendered at 100, 200 and 300 dpi, each to its ticket's series and reference.
import { describe, expect } from "vitest";
import jsqrModule from "jsqr";
import { renderPdf } from "../../src/housie/output/pdf.js";
import { generateBooks } from "../../src/housie/generate/generate.js";
import { pageGeometry } from "../../src/housie/output/layout.js";
import { printedRef } from "../../src/housie/model/reference.js";
import { canRender, crop, renderPdfPages } from "../support/pdf-render.js";
import type { PdfLayout, PdfPaper } from "../../src/housie/output/pdf-options.js";

import { slowTest } from "../support/tier.js";
/** jsQR is CommonJS: its function is the module or its `default`, whichever the loader hands over. */
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsqrModule as unknown as { default?: Decode }).default ?? jsqrModule) as unknown as Decode;

describe.skipIf(!(await canRender()))("QR codes decode from rendered pages", () => {
  const cases: [PdfLayout, PdfPaper, bigint][] = [
    ["strip", "a4", 18_446_744_073_709_551_610n], // 20-digit references: the densest codes
    ["sheet", "a4", 18_446_744_073_709_551_610n],
    ["sheet", "letter", 18_446_744_073_709_551_610n],
    ["strip", "letter", 7n],
  ];
  for (const [layout, paper, first] of cases) {
    // Rendering and decoding pages costs seconds: every decoding test is in the slow suite
    // (npm test reads the encoder's codes back with jsQR in housie-qr-encoder.test.ts).
    slowTest(
      `${layout} ${paper}, serials from ${first}: every code at 100, 200 and 300 dpi`,
      async () => {
        const books = generateBooks(layout === "sheet" ? 3 : 2, { seed: 4n, firstSerial: first });
        const parts: Uint8Array[] = [];
        await renderPdf(books, (c) => void parts.push(c), { layout, paper, qr: true, series: "HALL7" });
        const g = pageGeometry({ layout, paper, qr: true });
        const want = books.flatMap((b) => [1, 2, 3, 4, 5, 6].map((i) => `TG1/HALL7/${printedRef(b.serial, i)}`));
        for (const dpi of [100, 200, 300]) {
          const [page] = await renderPdfPages(Buffer.concat(parts), dpi);
          const read: string[] = [];
          for (const box of g.tickets.flat().slice(0, want.length)) {
            const t = g.ticket;
            const stub = crop(page!, box.x, box.y, t.stub, box.h);
            const code = jsQR(stub.data, stub.width, stub.height);
            read.push(code?.data ?? `(none at ${dpi} dpi)`);
          }
          expect(read, `${dpi} dpi`).toEqual(want);
        }
      },
      60_000,
    );
  }

  slowTest(
    "a night of games: each code names its game (G2-…), at 100 and 200 dpi",
    async () => {
      const books = generateBooks(2, { seed: 4n, firstSerial: 18_446_744_073_709_551_610n }).map((b, i) => ({
        ...b,
        game: { number: i + 1, name: ["Red", "Blue"][i]! },
      }));
      const parts: Uint8Array[] = [];
      await renderPdf(books, (c) => void parts.push(c), { layout: "strip", paper: "a4", qr: true, series: "HALL7", games: "Red,Blue" });
      const g = pageGeometry({ layout: "strip", paper: "a4", qr: true });
      const want = books.flatMap((b) => [1, 2, 3, 4, 5, 6].map((i) => `TG1/HALL7/${printedRef(b.serial, i, b.game.number)}`));
      expect(want[6]).toMatch(/^TG1\/HALL7\/G2-18446744073709551611-1-\d$/);
      for (const dpi of [100, 200]) {
        const [page] = await renderPdfPages(Buffer.concat(parts), dpi);
        const read = g.tickets
          .flat()
          .slice(0, want.length)
          .map((box) => {
            const stub = crop(page!, box.x, box.y, g.ticket.stub, box.h);
            return jsQR(stub.data, stub.width, stub.height)?.data ?? `(none at ${dpi} dpi)`;
          });
        expect(read, `${dpi} dpi`).toEqual(want);
      }
    },
    60_000,
  );
});
