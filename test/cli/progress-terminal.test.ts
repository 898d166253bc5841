// Progress bars hand the terminal back: line wrap is turned on again when the run is
// killed by SIGTERM/SIGINT, and no bar is drawn off a capable terminal (pipes, TERM=dumb,
// NO_COLOR). The terminal is a pseudo-terminal from util-linux `script` (skipped without it).
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatSeconds, progressText, progressWanted } from "../../src/cli/progress.js";
import { ROOT } from "../support/cli-run.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;
const dir = mkdtempSync(join(tmpdir(), "progress-"));

describe("progressWanted", () => {
  it("draws only on a terminal that is not dumb, without NO_COLOR", () => {
    expect(progressWanted({ TERM: "xterm" }, { isTTY: true })).toBe(true);
    expect(progressWanted({ TERM: "xterm" }, { isTTY: false })).toBe(false);
    expect(progressWanted({ TERM: "dumb" }, { isTTY: true })).toBe(false);
    expect(progressWanted({ TERM: "xterm", NO_COLOR: "1" }, { isTTY: true })).toBe(false);
    expect(progressWanted({ TERM: "xterm", NO_COLOR: "" }, { isTTY: true })).toBe(true);
  });
});

describe("progressText", () => {
  it("fills the bar, the counts, the share and the time left at the rate so far", () => {
    expect(progressText("books [{bar}] {value}/{total} {percentage}%, about {eta_formatted} left", 25, 100, 10)).toBe(
      `books [${"█".repeat(8)}${"░".repeat(22)}] 25/100 25%, about 30s left`,
    );
    expect(progressText("part {part}: {eta}s", 0, 10, 5, { part: "3/8" })).toBe("part 3/8: ?s");
    expect(progressText("{unknown} stays", 1, 1, 0)).toBe("{unknown} stays");
  });
  it("writes times as seconds, minutes or hours", () => {
    expect([formatSeconds(59.4), formatSeconds(187), formatSeconds(7500), formatSeconds(NaN)]).toEqual(["59s", "3m07s", "2h05m", "?"]);
  });
});

describe.runIf(hasScript)("a bar on a pseudo-terminal", () => {
  const program = join(dir, "bar.mjs");
  writeFileSync(
    program,
    `
    import { terminalBar } from ${JSON.stringify(`${ROOT}/dist/cli/progress.js`)};
    const bar = terminalBar({ format: "work [{bar}] {value}" });
    bar?.start(100, 0);
    let done = 0;
    setInterval(() => bar?.update(++done % 100), 20);
    setTimeout(() => process.kill(process.pid, process.env.SIGNAL), 300);
  `,
  );
  const run = (env: Record<string, string>) => {
    const log = join(dir, `${Object.values(env).join("-")}.log`);
    const result = spawnSync("script", ["-qfec", `node ${program}`, log], { env: { ...process.env, TERM: "xterm", NO_COLOR: "", ...env }, timeout: 20_000 });
    return { status: result.status, text: readFileSync(log, "latin1") };
  };

  it.each(["SIGTERM", "SIGINT"])("turns line wrap back on when killed by %s", (signal) => {
    const { status, text } = run({ SIGNAL: signal });
    expect(status).toBe(128 + (signal === "SIGTERM" ? 15 : 2));
    expect(text).toContain("\u001b[?7l");
    expect(text.lastIndexOf("\u001b[?7h")).toBeGreaterThan(text.lastIndexOf("\u001b[?7l"));
  });

  it("draws nothing with TERM=dumb or NO_COLOR", () => {
    for (const env of [{ TERM: "dumb" }, { NO_COLOR: "1" }] as Record<string, string>[]) {
      const { text } = run({ SIGNAL: "SIGTERM", ...env });
      expect(text).not.toContain("work [");
    }
  });
});
