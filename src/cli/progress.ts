// Progress lines, drawn on stderr only where a person watches a capable terminal (never in
// pipes, files, logs, TERM=dumb or with NO_COLOR set), and always handing the terminal
// back: a line hides the cursor and turns line wrap off (a line wider than the terminal
// would scroll instead of being redrawn), so it is stopped on exit and on
// SIGINT/SIGTERM/SIGHUP as well as at the end of the work. One line, redrawn at most ten
// times a second: a dependency would only add weight here.
import { constants } from "node:os";

export interface Progress {
  /** (finished tasks, all tasks). */
  update(done: number, all: number): void;
  stop(): void;
}

/** A line on stderr: `{bar}`, `{value}`, `{total}`, `{percentage}`, `{eta}` (seconds), `{eta_formatted}` and payload keys fill its format. */
export interface ProgressLine {
  start(total: number, value: number, payload?: Record<string, string>): void;
  update(value: number, payload?: Record<string, string>): void;
  increment(by: number): void;
  stop(): void;
}

/** Whether a progress line may be drawn on stderr now. */
export function progressWanted(env: NodeJS.ProcessEnv = process.env, stream: { isTTY?: boolean } = process.stderr): boolean {
  if (!stream.isTTY) return false;
  if (env.TERM === "dumb") return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return true;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const BAR_WIDTH = 30;
const REDRAW_MS = 100;

/** Seconds as "42s", "3m07s" or "2h05m"; "?" before there is a rate. */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "?";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, "0")}m`;
}

/** The text of a progress line (no terminal codes), `elapsed` seconds after its start. */
export function progressText(format: string, value: number, total: number, elapsed: number, payload: Record<string, string> = {}): string {
  const share = total > 0 ? Math.min(1, value / total) : 0;
  const eta = value > 0 ? (elapsed * (total - value)) / value : NaN;
  const filled = Math.round(share * BAR_WIDTH);
  const fields: Record<string, string> = {
    bar: "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled),
    value: String(value),
    total: String(total),
    percentage: String(Math.floor(share * 100)),
    eta: Number.isFinite(eta) ? String(Math.round(eta)) : "?",
    eta_formatted: formatSeconds(eta),
    ...payload,
  };
  return format.replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);
}

/**
 * A progress line on stderr, or undefined when `progressWanted()` says no. Its `stop()`
 * is also run on exit and on a signal (then the process ends with 128 + the signal
 * number, unless another handler, such as the atomic file sink's, ends it).
 */
export function terminalBar(options: { format: string; clearOnComplete?: boolean }): ProgressLine | undefined {
  if (!progressWanted()) return undefined;
  const err = process.stderr;
  let running = false;
  let total = 0;
  let value = 0;
  let payload: Record<string, string> = {};
  let started = 0;
  let drawn = 0;
  const draw = (): void => {
    drawn = Date.now();
    err.write(`\r\u001b[2K${progressText(options.format, value, total, (drawn - started) / 1000, payload)}`);
  };
  const stop = (): void => {
    if (!running) return;
    running = false;
    for (const signal of SIGNALS) process.off(signal, onSignal);
    process.off("exit", stop);
    if (options.clearOnComplete) err.write("\r\u001b[2K");
    else {
      draw();
      err.write("\n");
    }
    err.write("\u001b[?25h\u001b[?7h"); // cursor shown, line wrap on
  };
  function update(at: number, more?: Record<string, string>): void {
    value = at;
    if (more) payload = { ...payload, ...more };
    if (running && Date.now() - drawn >= REDRAW_MS) draw();
  }
  function onSignal(signal: (typeof SIGNALS)[number]): void {
    const alone = process.listenerCount(signal) === 1;
    stop();
    if (alone) process.exit(128 + constants.signals[signal]);
  }
  return {
    start(all, at, more) {
      total = all;
      value = at;
      payload = { ...payload, ...more };
      if (!running) {
        running = true;
        started = Date.now();
        for (const signal of SIGNALS) process.on(signal, onSignal);
        process.on("exit", stop);
        err.write("\u001b[?25l\u001b[?7l"); // cursor hidden, line wrap off
      }
      draw();
    },
    update,
    increment(by) {
      update(value + by);
    },
    stop,
  };
}

/** A line counting `unit` (e.g. "searches"), or a do-nothing Progress off a capable terminal. */
export function progressOnTerminal(label: string, unit: string): Progress {
  const bar = terminalBar({ format: `${label} [{bar}] {value}/{total} ${unit}, about {eta_formatted} left`, clearOnComplete: true });
  if (!bar) return { update() {}, stop() {} };
  let started = false;
  return {
    update(done, all) {
      if (!started) bar.start(all, 0);
      started = true;
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
