// Tours panel: generate and draw a tour (numbers on small boards, the path on big ones,
// optional animation), validate a pasted grid, count tours on small boards.
import { $, JobView, clearFieldErrors, describe, download, dropText, el, ms, setFieldError, wireDrop } from "../ui.js";
import { showInputProblem } from "./farms.js";
import { SVG_BOARD_MAX } from "../worker/protocol.js";

interface Tour {
  size: number;
  closed: boolean;
  grid: Int32Array;
  seed?: number;
}

export function setUpTours(): void {
  const board = new BoardView();
  setUpGenerate(board);
  setUpValidate(board);
  setUpCount();
}

/** Draws tours into the figure: the library's SVG on small boards, a canvas bitmap on big ones. */
class BoardView {
  private readonly figure = $("tour-board");
  private readonly job = new JobView("tour-job", "Drawing");

  async draw(tour: Tour, into: HTMLElement = this.figure): Promise<void> {
    const pixels = Math.min(2000, Math.max(600, tour.size * 2));
    const picture = await this.job.run({ type: "tour-picture", size: tour.size, closed: tour.closed, grid: tour.grid, pixels });
    if (!picture) return;
    into.dataset.size = String(tour.size); // which board is on show (tests and benches wait for it)
    const caption = el("figcaption", { textContent: `${tour.closed ? "Closed" : "Open"} tour of a ${tour.size}×${tour.size} board: green is 1, red is ${(tour.size * tour.size).toLocaleString("en")}.` });
    if (picture.svg) {
      const holder = el("div", { className: "svg-holder" });
      holder.innerHTML = picture.svg; // the library's own SVG, numbers only
      into.replaceChildren(holder, caption);
    } else if (picture.bitmap) {
      const canvas = el("canvas", { width: picture.bitmap.width, height: picture.bitmap.height });
      canvas.setAttribute("role", "img");
      canvas.setAttribute("aria-label", caption.textContent!);
      canvas.getContext("bitmaprenderer")!.transferFromImageBitmap(picture.bitmap);
      into.replaceChildren(canvas, caption);
    }
  }

  /** Step-by-step: the path is drawn along and each number appears as it is reached. */
  animate(tour: Tour): boolean {
    const svg = this.figure.querySelector("svg");
    if (!svg) return false;
    const squares = tour.size * tour.size;
    const step = Math.max(20, Math.min(400, 20_000 / squares)); // ms per step: 20 s at most
    const path = svg.querySelector(":scope > path");
    svg.classList.remove("animating");
    void svg.getBoundingClientRect(); // restart the CSS animations
    svg.style.setProperty("--duration", `${(step * squares) / 1000}s`);
    if (path) path.setAttribute("pathLength", "1");
    svg.querySelectorAll("text").forEach((text) => text.style.setProperty("--delay", `${((Number(text.textContent) - 1) * step) / 1000}s`));
    svg.classList.add("animating");
    return true;
  }
}

function setUpGenerate(board: BoardView): void {
  const job = new JobView("tour-job", "Generating");
  const saveJob = new JobView("tour-job", "Preparing the download");
  const form = $("tour-form");
  let tour: Tour | undefined;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const size = Number($<HTMLInputElement>("tour-size").value);
    const closed = form.querySelector<HTMLInputElement>('input[name="tour-kind"]:checked')!.value === "closed";
    const seed = Number($<HTMLInputElement>("tour-seed").value || "0");
    const rowText = $<HTMLInputElement>("tour-start-row").value;
    const colText = $<HTMLInputElement>("tour-start-col").value;
    if ((rowText === "") !== (colText === "")) return setFieldError("tour-start-row", "give both the row and the column, or neither (expected e.g. 1 and 1)");
    const start: [number, number] | undefined = rowText === "" ? undefined : [Number(rowText) - 1, Number(colText) - 1];
    try {
      const result = await job.run({ type: "tour-generate", size, closed, start, seed });
      if (!result) return;
      tour = { size: result.size, closed: result.closed, grid: result.grid, seed };
      $("tour-summary").dataset.ms = String(result.ms);
      $("tour-summary").textContent = `A${closed ? " closed" : "n open"} ${size}×${size} tour (${(size * size).toLocaleString("en")} squares) in ${ms(result.ms)}.`;
      $("tour-actions").hidden = false;
      $<HTMLButtonElement>("tour-animate").disabled = size > SVG_BOARD_MAX;
      $<HTMLButtonElement>("tour-animate").title = size > SVG_BOARD_MAX ? `animation is for boards up to ${SVG_BOARD_MAX}×${SVG_BOARD_MAX}` : "";
      await board.draw(tour);
    } catch (error) {
      const message = describe(error);
      setFieldError(/start/i.test(message) ? "tour-start-row" : /seed/i.test(message) ? "tour-seed" : "tour-size", message);
    }
  });
  $("tour-animate").addEventListener("click", () => tour && board.animate(tour));
  $("tour-actions").addEventListener("click", async (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-format]");
    if (!button || !tour) return;
    const format = button.dataset.format as "json" | "text" | "svg";
    const result = await saveJob.run({ type: "tour-format", ...tour, format });
    if (result) download(result.blob, `tour-${tour.size}x${tour.size}-${tour.closed ? "closed" : "open"}-seed${tour.seed ?? 0}.${format === "text" ? "txt" : format}`);
  });
}

function setUpValidate(board: BoardView): void {
  const job = new JobView("tour-validate-job", "Validating");
  const report = $("tour-report");
  const run = async () => {
    const text = dropText("tour-validate-text");
    try {
      const result = await job.run({ type: "tour-validate", text });
      if (!result) return;
      const n = result.size;
      if (result.ok) {
        const kind = result.closed ? "closed" : "open";
        const claim = result.claimedClosed === true && !result.closed ? " — but the file says closed, and the last square is not a move from the first" : "";
        const figure = el("figure", { className: "board" });
        report.replaceChildren(el("p", { className: claim ? "error" : "ok", textContent: `${claim ? "✘" : "✔"} a valid ${kind} tour of a ${n}×${n} board${claim}` }), figure);
        await board.draw({ size: n, closed: result.closed, grid: result.grid }, figure);
      } else {
        report.replaceChildren(el("p", { className: "error", textContent: `✘ not a tour: ${result.problem}` }));
      }
    } catch (error) {
      showInputProblem(report, error, text);
    }
  };
  wireDrop("tour-drop", "tour-validate-text", "tour-file", () => void run());
  $("tour-validate").addEventListener("click", () => void run());
}

function setUpCount(): void {
  const job = new JobView("tour-count-job", "Counting tours");
  const form = $("tour-count-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const size = Number($<HTMLSelectElement>("tour-count-size").value);
    const closed = form.querySelector<HTMLInputElement>('input[name="tour-count-kind"]:checked')!.value === "closed";
    $("tour-count").textContent = "";
    $("tour-count-time").textContent = "";
    try {
      const result = await job.run({ type: "tour-count", size, closed });
      if (!result) return;
      $("tour-count").textContent = result.count;
      $("tour-count").dataset.ms = String(result.ms);
      $("tour-count-time").textContent = `${closed ? "distinct closed cycles" : "directed tours (every start, both directions)"} on ${size}×${size} · ${ms(result.ms)}`;
    } catch (error) {
      $("tour-count-time").textContent = describe(error);
    }
  });
}
