// Node side of the browser tests: bundles test/browser/page/suite.ts for the browser with
// esbuild (no Node built-ins allowed), serves the repository over HTTP (the bundle finds
// the kernels at ../../build/<name>.wasm from build/browser-test/), and opens the page in
// Debian's Chromium through playwright-core.
import { build } from "esbuild";
import { createServer, type Server } from "node:http";
import { copyFileSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUT = join(ROOT, "build", "browser-test");

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".txt": "text/plain",
};

/** Bundles `entry` (relative to the root) for the browser into build/browser-test/<out>. */
export async function bundleForBrowser(entry: string, out: string): Promise<{ bytes: number; warnings: number }> {
  const result = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    outfile: join(OUT, out),
    logLevel: "silent",
    metafile: true,
  });
  return { bytes: statSync(join(OUT, out)).size, warnings: result.warnings.length };
}

/** A static server of the repository root on a free port. */
export async function serveRoot(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    try {
      const body = readFileSync(join(ROOT, path));
      response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

export interface SuitePage {
  browser: Browser;
  page: Page;
  /** Calls suite.<name>(...args) in the page. */
  call<T>(name: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/** Bundles the suite, serves it and opens it in Chromium, kernels ready. */
export async function openSuite(): Promise<SuitePage> {
  await bundleForBrowser("test/browser/page/suite.ts", "bundle.js");
  mkdirSync(OUT, { recursive: true });
  copyFileSync(join(ROOT, "test/browser/page/index.html"), join(OUT, "index.html"));
  const { server, origin } = await serveRoot();
  const browser = await launchChromium();
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${origin}/build/browser-test/index.html`);
  await page.waitForFunction('document.title === "ready"', undefined, { timeout: 60_000 }).catch(() => {
    throw new Error(`the suite page did not get ready: ${errors.join("; ") || "no page error"}`);
  });
  return {
    browser,
    page,
    call: <T>(name: string, ...args: unknown[]) =>
      page.evaluate(
        ([fn, params]) => (globalThis as unknown as { suite: Record<string, (...a: unknown[]) => unknown> }).suite[fn as string]!(...(params as unknown[])),
        [name, args] as const,
      ) as Promise<T>,
    close: async () => {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
