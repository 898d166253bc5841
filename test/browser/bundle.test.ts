// The bundle checks: esbuild bundles a page importing only tabula-grids/housie and tabula-grids/tours
// for the browser — no Node built-ins, only those two kernels referenced — and the page
// runs in Chromium; Vite builds a tabula-grids/tours page, shipping only tours.wasm as an asset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Server } from "node:http";
import { build } from "esbuild";
import { build as viteBuild } from "vite";
import { generateBooks } from "../../src/housie/generate/generate.js";
import { sampleTourUniform } from "../../src/tours/uniform.js";
import { KNIGHT } from "../../src/tours/leapers.js";
import { chromiumAvailable, launchChromium } from "../support/chromium.js";
import { bundleForBrowser, ROOT, serveRoot } from "./harness.js";

const OUT = join(ROOT, "build", "browser-test");

describe("bundling tabula-grids/housie and tabula-grids/tours for the browser", () => {
  let bundle = "";
  beforeAll(async () => {
    await bundleForBrowser("test/browser/page/housie-tours.ts", "housie-tours.js");
    bundle = readFileSync(join(OUT, "housie-tours.js"), "utf8");
  });

  it("needs no Node built-in and references only the housie and tours kernels", () => {
    expect(bundle).not.toMatch(/\bfrom\s*["']node:|import\(["']node:|require\(["']node:/);
    expect(bundle).not.toMatch(/piscina|worker_threads/);
    const kernels = [...bundle.matchAll(/new URL\("([^"]+\.wasm)", import\.meta\.url\)/g)].map((m) => m[1]);
    expect(kernels.sort()).toEqual(["../../build/housie.wasm", "../../build/tours.wasm"]);
  });

  it("fails loudly if a Node built-in sneaks onto the browser path", async () => {
    // The check above is only worth something if esbuild refuses node: imports here.
    const failing = build({ stdin: { contents: 'import "node:fs";', resolveDir: ROOT }, bundle: true, platform: "browser", write: false, logLevel: "silent" });
    await expect(failing).rejects.toThrow(/node:fs/);
  });

  describe.skipIf(!chromiumAvailable())("in Chromium", () => {
    let server: Server;
    let origin = "";
    beforeAll(async () => {
      copyFileSync(join(ROOT, "test/browser/page/housie-tours.html"), join(OUT, "housie-tours.html"));
      ({ server, origin } = await serveRoot());
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    /** The JSON a page leaves in its body once its title reads "done". */
    async function pageReport(path: string): Promise<unknown> {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.goto(`${origin}${path}`);
        await page.waitForFunction('document.title === "done"', undefined, { timeout: 60_000 }).catch(() => {
          throw new Error(`the page did not finish: ${errors.join("; ") || "no page error"}`);
        });
        return JSON.parse((await page.textContent("body")) ?? "null");
      } finally {
        await browser.close();
      }
    }

    it("runs: seeded books equal Node's and validate, the tour validates, the uniform tour is Node's", async () => {
      expect(await pageReport("/build/browser-test/housie-tours.html")).toEqual({
        books: 10,
        booksValid: true,
        firstTicket: generateBooks(10, { seed: 2024n })[0]!.tickets[0],
        tour: { ok: true, closed: true },
        uniform: Array.from(sampleTourUniform({ rows: 6, cols: 6, moves: KNIGHT, closed: true, seed: 7 })),
      });
    });

    it("Vite ships only the tours kernel for a tabula-grids/tours page, and the page runs", async () => {
      const result = await viteBuild({
        root: join(ROOT, "test/browser/page/vite"),
        base: "./",
        configFile: false,
        logLevel: "silent",
        build: { outDir: join(OUT, "vite"), emptyOutDir: true, target: "es2022" },
      });
      const files = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output.map((o) => o.fileName) : []));
      expect(files.filter((f) => f.endsWith(".wasm")).map((f) => f.replace(/-[^.]+\.wasm$/, ".wasm"))).toEqual(["assets/tours.wasm"]);
      expect(await pageReport("/build/browser-test/vite/index.html")).toEqual({ ok: true, closed: false });
    });
  });
});
