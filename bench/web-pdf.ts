// Housie PDF pages per second in the web app (Chromium, Web Worker, pdfkit's browser
// build loaded on first use) next to Node (the same PdfWriter in this process), one run
// each. `npm run build && npm run build:web && npx tsx bench/web-pdf.ts`
import os from "node:os";
import { generateBooks, ready } from "../src/housie/index.js";
import { PdfWriter } from "../src/housie/output/pdf.js";
import { downloadBytes, openApp, showTab } from "../test/e2e/app.js";

const BOOKS = 500; // one strip page each
await ready();
const node: Record<string, { ms: number; pages: number; bytes: number }> = {};
for (const qr of [false, true]) {
  const records = [...generateBooks(BOOKS, { seed: 1n })];
  let bytes = 0;
  const start = performance.now();
  const writer = new PdfWriter((chunk) => void (bytes += chunk.length), { qr });
  for (const record of records) await writer.add(record);
  await writer.finish();
  node[String(qr)] = { ms: performance.now() - start, pages: writer.pages, bytes };
}

const app = await openApp();
const { page } = app;
await showTab(page, "housie");
await page.fill("#housie-count", String(BOOKS));
await page.fill("#housie-seed", "1");
await page.click("#housie-form button[type=submit]");
await page.locator("#housie-downloads").waitFor({ timeout: 120_000 });
console.log(`${os.cpus()[0]?.model}, ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}`);
console.log("| work (one run each) | in the page | Node | page / Node |\n| --- | ---: | ---: | ---: |");
for (const qr of [false, true]) {
  await page.setChecked("#housie-qr", qr);
  const { bytes } = await downloadBytes(page, '#housie-downloads [data-format="pdf"]');
  const ms = Number(await page.getAttribute("#housie-downloads", "data-pdf-ms"));
  const pages = Number(await page.getAttribute("#housie-downloads", "data-pdf-pages"));
  const n = node[String(qr)]!;
  const rate = (p: number, t: number) => `${((p / t) * 1000).toFixed(0)} pages/s`;
  console.log(
    `| ${BOOKS} strip pages${qr ? " with QR codes" : ""} (${(bytes.length / 1e6).toFixed(2)} MB in the page, ${(n.bytes / 1e6).toFixed(2)} MB in Node) | ${rate(pages, ms)} (${ms.toFixed(0)} ms) | ${rate(n.pages, n.ms)} (${n.ms.toFixed(0)} ms) | ${(ms / n.ms).toFixed(1)}× the time |`,
  );
}
if (app.problems.length) console.log(app.problems);
await app.close();
