// Progress bars, drawn on stderr only where a person watches a capable terminal (never in
// pipes, files, logs, TERM=dumb or with NO_COLOR set), and always handing the terminal
// back: a bar hides the cursor and turns line wrap off, so it is stopped on exit and on
// SIGINT/SIGTERM/SIGHUP as well as at the end of the work.
import { constants } from "node:os";
import { Presets, SingleBar, type Options } from "cli-progress";

export interface Progress {
  /** (finished tasks, all tasks). */
  update(done: number, all: number): void;
  stop(): void;
}

/** Whether a progress bar may be drawn on stderr now. */
export function progressWanted(env: NodeJS.ProcessEnv = process.env, stream: { isTTY?: boolean } = process.stderr): boolean {
  if (!stream.isTTY) return false;
  if (env.TERM === "dumb") return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return true;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * A cli-progress bar on stderr, or undefined when `progressWanted()` says no. Its
 * `stop()` is also run on exit and on a signal (then the process ends with 128 + the
 * signal number, unless another handler, such as the atomic file sink's, ends it).
 */
export function terminalBar(options: Options, preset = Presets.shades_classic): SingleBar | undefined {
  if (!progressWanted()) return undefined;
  const bar = new SingleBar({ stream: process.stderr, ...options }, preset);
  const stopBar = bar.stop.bind(bar);
  const onSignal = (signal: (typeof SIGNALS)[number]): void => {
    const alone = process.listenerCount(signal) === 1;
    bar.stop();
    if (alone) process.exit(128 + constants.signals[signal]);
  };
  const onExit = (): void => bar.stop();
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on("exit", onExit);
  bar.stop = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    process.off("exit", onExit);
    stopBar(); // does nothing when the bar is not running
  };
  return bar;
}

/** A bar counting `unit` (e.g. "searches"), or a do-nothing Progress off a capable terminal. */
export function progressOnTerminal(label: string, unit: string): Progress {
  const bar = terminalBar({ format: `${label} [{bar}] {value}/{total} ${unit}, about {eta_formatted} left`, clearOnComplete: true, etaBuffer: 50 });
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
