// Launches Debian's Chromium (/usr/bin/chromium) through playwright-core for the browser
// and end-to-end tests. Browser builds cannot be downloaded on these machines, so we
// never use `playwright install`; CHROMIUM_PATH overrides the binary.
import { chromium, type Browser } from "playwright-core";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether a Chromium binary is there to drive. */
export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * A headless Chromium (playwright gives it a fresh temporary profile). The background-networking flags keep it
 * from reaching for Google's hosts, which this machine's closed network refuses.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
