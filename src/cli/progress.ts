// A progress bar with an estimate of the time left, for long counts, drawn on stderr
// only when it is a terminal (never in pipes, files or logs).
import { Presets, SingleBar } from "cli-progress";

export interface Progress {
  /** (finished tasks, all tasks). */
  update(done: number, all: number): void;
  stop(): void;
}

/** A bar counting `unit` (e.g. "searches"), or a do-nothing Progress when stderr is not a terminal. */
export function progressOnTerminal(label: string, unit: string): Progress {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const bar = new SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {value}/{total} ${unit}, about {eta_formatted} left`, clearOnComplete: true, etaBuffer: 50 },
    Presets.shades_classic,
  );
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
