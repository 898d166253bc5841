// The web app under test: the built site served on 127.0.0.1, one Chromium, and a record
// of everything the page printed to its console (the tests require no errors).
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.js";
import { serveStatic, type StaticSite } from "./static-server.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SHOTS = `${ROOT}test-results/e2e/`;

export interface App {
  site: StaticSite;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/** Opens the app at `hash` (a tab) in a fresh page watched for console errors. */
export async function openApp(viewport = { width: 1200, height: 900 }): Promise<App> {
  mkdirSync(SHOTS, { recursive: true });
  const site = await serveStatic(`${ROOT}dist-web`);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const problems: string[] = [];
  // The app must work offline: any request that leaves 127.0.0.1 is a failure.
  await context.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) => {
    problems.push(`network request to ${route.request().url()}`);
    return route.abort();
  });
  // The page's Content-Security-Policy (a header and a <meta>): any violation is a problem.
  await context.addInitScript(
    `document.addEventListener("securitypolicyviolation", (event) => console.error("CSP violation: " + event.violatedDirective + " blocked " + (event.blockedURI || "inline")));`,
  );
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
  page.on("worker", (worker) =>
    worker.on("console", (message) => {
      if (message.type() === "error") problems.push(`worker console error: ${message.text()}`);
    }),
  );
  await page.goto(site.url);
  await page.locator("body[data-ready='1']").waitFor();
  return {
    site,
    browser,
    context,
    page,
    problems,
    close: async () => {
      await browser.close();
      await site.close();
    },
  };
}

export async function showTab(page: Page, name: "farms" | "housie" | "game" | "tours"): Promise<void> {
  await page.click(`#tab-${name}`);
  await page.locator(`#panel-${name}`).waitFor({ state: "visible" });
}

/** Drops a file onto a drop zone as a user dragging it from the desktop would. */
export async function dropFile(page: Page, zone: string, name: string, text: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    `(() => { const t = new DataTransfer(); t.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)}, { type: "text/plain" })); return t; })()`,
  );
  await page.dispatchEvent(zone, "dragover", { dataTransfer: transfer });
  await page.dispatchEvent(zone, "drop", { dataTransfer: transfer });
}

/** Clicks a download button and returns the downloaded file's bytes. */
export async function downloadBytes(page: Page, selector: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 20_000 }), page.click(selector)]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}
