// Small DOM helpers shared by the panels: running a job with a progress bar and a cancel
// button, field errors, file drops and downloads.
import { groupDigits } from "tabula-grids/housie";
import { JobCancelled, JobFailed, WorkerClient } from "./worker/client.js";
import type { Job, JobOf, JobType, Results } from "./worker/protocol.js";

export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

export function ms(value: number): string {
  return value < 1 ? `${value.toFixed(2)} ms` : value < 1000 ? `${value.toFixed(1)} ms` : `${(value / 1000).toFixed(2)} s`;
}

/** A count as people read it: the library's digit grouping with thin spaces (a long count breaks only between groups). */
export function grouped(decimal: string): string {
  return groupDigits(decimal, "\u2009");
}

/** Shows an exact count in `out`: grouped on screen, the plain digits in data-value and the tooltip. */
export function showCount(out: HTMLElement, decimal: string): void {
  out.textContent = grouped(decimal);
  out.dataset.value = decimal;
  out.title = decimal;
}

/**
 * Runs the jobs of one panel section on its worker: shows a progress bar, elapsed time and a
 * Cancel button while it runs; resolves to the result, or undefined when cancelled.
 */
export class JobView {
  private readonly box: HTMLElement;
  private running = false;
  /** Each section has its own worker, so cancelling one job leaves the others running. */
  private readonly client = new WorkerClient();

  constructor(
    boxId: string,
    private readonly label: string,
  ) {
    this.box = $(boxId);
  }

  get busy(): boolean {
    return this.running;
  }

  async run<T extends JobType>(job: JobOf<T> & Job): Promise<Results[T] | undefined> {
    if (this.running) return undefined;
    this.running = true;
    const started = performance.now();
    this.box.replaceChildren();
    const status = document.createElement("span");
    status.className = "job-status";
    status.setAttribute("role", "status");
    status.textContent = `${this.label}…`;
    const bar = document.createElement("progress");
    bar.setAttribute("aria-label", `${this.label} progress`);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => this.client.cancel());
    const show = window.setTimeout(() => this.box.append(bar, status, cancel), 150); // quick jobs show nothing
    let progress = "";
    const render = () => {
      status.textContent = `${this.label}… ${progress}${ms(performance.now() - started)}`;
    };
    const tick = window.setInterval(render, 250);
    let updates = 0;
    delete this.box.dataset.progress;
    try {
      return await this.client.run<T>(job, (done, total, text) => {
        this.box.dataset.progress = `${done}/${total} in ${++updates} updates`; // what arrived, for tests and tools
        bar.max = total;
        bar.value = done;
        progress = `${text ?? `${done.toLocaleString("en")} of ${total.toLocaleString("en")}`} · `;
        render();
      });
    } catch (error) {
      if (error instanceof JobCancelled) {
        this.box.replaceChildren(
          Object.assign(document.createElement("span"), {
            className: "job-status",
            textContent: `${this.label}: cancelled after ${ms(performance.now() - started)}`,
          }),
        );
        return undefined;
      }
      throw error;
    } finally {
      window.clearTimeout(show);
      window.clearInterval(tick);
      if (this.box.querySelector("progress")) this.box.replaceChildren();
      this.running = false;
    }
  }
}

/** Describes a failed job in one line: the problem and what was expected. */
export function describe(error: unknown): string {
  if (error instanceof JobFailed) {
    const { problem, expected, line, message } = error.detail;
    if (problem) return `${line !== undefined ? `line ${line}: ` : ""}${problem}${expected ? ` (expected ${expected})` : ""}`;
    return message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function setFieldError(fieldId: string, message: string): void {
  const field = $(fieldId);
  const out = document.getElementById(`${fieldId}-error`);
  field.setAttribute("aria-invalid", message ? "true" : "false");
  if (out) out.textContent = message;
}

export function clearFieldErrors(form: HTMLElement): void {
  form.querySelectorAll("[aria-invalid]").forEach((el) => el.setAttribute("aria-invalid", "false"));
  form.querySelectorAll(".field-error").forEach((el) => (el.textContent = ""));
}

/** Saves a blob under a file name through a temporary link. */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A textarea that also takes dropped files and a file picker; `onFile` runs after a file arrives. */
export function wireDrop(zoneId: string, textareaId: string, inputId: string, onFile: (text: string, name: string) => void): void {
  const zone = $(zoneId);
  const textarea = $<HTMLTextAreaElement>(textareaId);
  const input = $<HTMLInputElement>(inputId);
  const take = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    textarea.value = text.length > 200_000 ? `${text.slice(0, 200_000)}\n…` : text;
    textarea.dataset.full = text.length > 200_000 ? "1" : "";
    fullTexts.set(textarea, text);
    onFile(text, file.name);
  };
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    void take(event.dataTransfer?.files[0]);
  });
  input.addEventListener("change", () => void take(input.files?.[0]));
  textarea.addEventListener("input", () => fullTexts.delete(textarea));
}

const fullTexts = new WeakMap<HTMLTextAreaElement, string>();

/** The text of a drop zone: the whole dropped file, or what is typed in the box. */
export function dropText(textareaId: string): string {
  const textarea = $<HTMLTextAreaElement>(textareaId);
  return fullTexts.get(textarea) ?? textarea.value;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props);
  element.append(...children);
  return element;
}
