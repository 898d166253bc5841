// Tours panel: generate and draw a tour (tour-board.ts: numbers on small boards, the path
// on big ones, zoom and a step-by-step player), validate a pasted grid, count tours.
import { $, JobView, clearFieldErrors, describe, download, dropText, el, ms, setFieldError, showCount, wireDrop } from "../ui.js";
import { JobFailed } from "../worker/client.js";
import { showInputProblem } from "./farms.js";
import { SVG_BOARD_MAX } from "../worker/protocol.js";
import { BoardView, type Tour } from "./tour-board.js";

export function setUpTours(): void {
  const board = new BoardView();
  setUpGenerate(board);
  setUpValidate(board);
  setUpCount();
}

function setUpGenerate(board: BoardView): void {
  const job = new JobView("tour-job", "Generating");
  const saveJob = new JobView("tour-job", "Preparing the download");
  const form = $("tour-form");
  let tour: (Tour & { rows: number; cols: number }) | undefined;
  let tourMoves: string | undefined; // the tour's moves when not pen-and-paper, for the downloads
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const rows = Number($<HTMLInputElement>("tour-size").value);
    const colsText = $<HTMLInputElement>("tour-cols").value;
    const cols = colsText === "" ? rows : Number(colsText); // empty: a square board
    const closed = form.querySelector<HTMLInputElement>('input[name="tour-kind"]:checked')!.value === "closed";
    const uniform = form.querySelector<HTMLInputElement>('input[name="tour-draw"]:checked')!.value === "uniform";
    const seed = Number($<HTMLInputElement>("tour-seed").value || "0");
    const rowText = $<HTMLInputElement>("tour-start-row").value;
    const colText = $<HTMLInputElement>("tour-start-col").value;
    if ((rowText === "") !== (colText === "")) return setFieldError("tour-start-row", "give both the row and the column, or neither (expected e.g. 1 and 1)");
    const start: [number, number] | undefined = rowText === "" ? undefined : [Number(rowText) - 1, Number(colText) - 1];
    const choice = form.querySelector<HTMLInputElement>('input[name="tour-moves"]:checked')!.value;
    // Pen-and-paper sends no moves (the generator as ever); the knight and typed leapers do.
    const moves = choice === "custom" ? $<HTMLInputElement>("tour-leapers").value.trim() : choice === "0,3+2,2" ? undefined : choice;
    if (moves === "") return setFieldError("tour-leapers", "name the leapers: a,b joined by + (1,2 is the knight)");
    if (uniform) {
      // The sampler keeps every layer of the frontier count: the count panel's boards, no more.
      if (!countReachable(rows, cols))
        return setFieldError(
          "tour-draw",
          `uniform tours are drawn here on boards up to 7×7, 5×8 and 4×12 (every layer of the count is kept in memory), not ${rows}×${cols}; choose "built" for bigger boards`,
        );
      if (start) return setFieldError("tour-start-row", 'a uniform tour starts where the draw puts it: leave the start empty (or choose "built")');
    }
    try {
      const result = await job.run({ type: "tour-generate", rows, cols, closed, start, seed, moves, uniform });
      if (!result) return;
      tour = { rows, cols, closed: result.closed, grid: result.grid, seed };
      tourMoves = moves;
      const piece = moves === undefined ? "" : moves === "1,2" ? " knight's" : ` ${moves} leaper`;
      // The sampler counts cycles, or paths each read two ways: an open draw is uniform among the directed tours.
      const among = result.count === undefined ? 0n : BigInt(result.count) * (closed ? 1n : 2n);
      const drawn =
        result.count === undefined ? "" : `, drawn uniformly among ${among.toLocaleString("en")} ${closed ? "closed tours (cycles)" : "open tours (directed)"}`;
      $("tour-summary").dataset.ms = String(result.ms);
      $("tour-summary").textContent =
        `A${closed ? " closed" : "n open"}${piece} ${rows}×${cols} tour (${(rows * cols).toLocaleString("en")} squares)${drawn} in ${ms(result.ms)}.`;
      $("tour-actions").hidden = false;
      const big = Math.max(rows, cols) > SVG_BOARD_MAX;
      $<HTMLButtonElement>("tour-animate").disabled = big;
      $<HTMLButtonElement>("tour-animate").title = big ? `animation is for boards up to ${SVG_BOARD_MAX}×${SVG_BOARD_MAX}` : "";
      await board.draw(tour);
    } catch (error) {
      const message = describe(error);
      const field = error instanceof JobFailed && error.detail.field === "tour-leapers" ? "tour-leapers" : undefined;
      setFieldError(field ?? (/start/i.test(message) ? "tour-start-row" : /seed/i.test(message) ? "tour-seed" : uniform ? "tour-draw" : "tour-size"), message);
    }
  });
  $("tour-leapers").addEventListener("focus", () => (form.querySelector<HTMLInputElement>('input[name="tour-moves"][value="custom"]')!.checked = true));
  $("tour-animate").addEventListener("click", () => tour && board.animate());
  $("tour-actions").addEventListener("click", async (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-format]");
    if (!button || !tour) return;
    const format = button.dataset.format as "json" | "text" | "svg";
    const result = await saveJob.run({ type: "tour-format", ...tour, moves: tourMoves, format });
    if (result)
      download(result.blob, `tour-${tour.rows}x${tour.cols}-${tour.closed ? "closed" : "open"}-seed${tour.seed ?? 0}.${format === "text" ? "txt" : format}`);
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
      if (result.ok) {
        const kind = result.closed ? "closed" : "open";
        const claim = result.claimedClosed === true && !result.closed ? " — but the file says closed, and the last square is not a move from the first" : "";
        const figure = el("figure", { className: "board" });
        const of = result.moves === undefined ? "" : ` (moves ${result.moves})`;
        report.replaceChildren(
          el("p", {
            className: claim ? "error" : "ok",
            textContent: `${claim ? "✘" : "✔"} a valid ${kind} tour of a ${result.rows}×${result.cols} board${of}${claim}`,
          }),
          figure,
        );
        await board.draw({ rows: result.rows, cols: result.cols, closed: result.closed, grid: result.grid }, figure);
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

/** Longest board side the count panel offers (for boards 4 or fewer squares across). */
export const COUNT_SIDE_MAX = 12;

/**
 * Boards the count panel offers: what the frontier counter answers in seconds. Measured in
 * Chromium (headless, 2026-11-25, wall time on a shared machine at a load of about 11 on 2
 * cores, so on a quiet one less): all directed paths of 7×7 pen-and-paper 6.6 s, 5×8 2.4 s,
 * 4×12 0.7 s; knight's paths 5×8 1.4 s, 6×7 2.0 s, 4×12 0.5 s; 7×7 closed tours 0.3-0.7 s.
 * (Before the kernel dropped dead states: 4×12 about 2 s, 5×8 7-10 s, 7×7 20 s.) The
 * knight's paths on 7×7 take about 2 CPU minutes (Node).
 */
export function countReachable(rows: number, cols: number): boolean {
  const short = Math.min(rows, cols),
    long = Math.max(rows, cols);
  return short <= 4 ? long <= COUNT_SIDE_MAX : short === 5 ? long <= 8 : long <= 7;
}

function setUpCount(): void {
  const job = new JobView("tour-count-job", "Counting tours");
  const form = $("tour-count-form");
  const rowsField = $<HTMLSelectElement>("tour-count-rows");
  const colsField = $<HTMLSelectElement>("tour-count-cols");
  const leapersField = $<HTMLInputElement>("tour-count-leapers");
  const picker = $("tour-count-squares");
  const fromText = $("tour-count-from-text");
  for (const field of [rowsField, colsField]) {
    for (let n = 1; n <= COUNT_SIDE_MAX; n++) field.append(el("option", { value: String(n), textContent: String(n), selected: n === 6 }));
  }
  // Each side offers only what keeps the board within reach of the other.
  const limitSides = () => {
    for (const [field, other] of [
      [rowsField, colsField],
      [colsField, rowsField],
    ] as const) {
      for (const option of field.options) option.disabled = !countReachable(Number(option.value), Number(other.value));
    }
  };
  let from: [number, number] | undefined;

  const movesText = () => {
    const choice = form.querySelector<HTMLInputElement>('input[name="tour-count-moves"]:checked')!.value;
    return choice === "custom" ? leapersField.value.trim() : choice;
  };
  const showFrom = () => {
    picker
      .querySelectorAll<HTMLButtonElement>("button")
      .forEach((b) => b.setAttribute("aria-pressed", String(from !== undefined && b.dataset.square === `${from[0]},${from[1]}`)));
    fromText.textContent = from
      ? `only tours numbered 1 on row ${from[0] + 1}, column ${from[1] + 1} (click it again for every square)`
      : "every square (click one to count only the tours from it)";
  };
  // A board of buttons, one a square: clicking one counts only the tours from it.
  const drawPicker = () => {
    const rows = Number(rowsField.value),
      cols = Number(colsField.value);
    if (from && (from[0] >= rows || from[1] >= cols)) from = undefined;
    picker.style.setProperty("--cols", String(cols));
    picker.replaceChildren();
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const square = el("button", { type: "button", title: `row ${r + 1}, column ${c + 1}` });
        square.dataset.square = `${r},${c}`;
        square.setAttribute("aria-label", `from row ${r + 1}, column ${c + 1}`);
        picker.append(square);
      }
    }
    showFrom();
  };
  picker.addEventListener("click", (event) => {
    const square = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-square]");
    if (!square) return;
    const [r, c] = square.dataset.square!.split(",").map(Number) as [number, number];
    from = from && from[0] === r && from[1] === c ? undefined : [r, c];
    showFrom();
  });
  for (const field of [rowsField, colsField]) field.addEventListener("change", () => (limitSides(), drawPicker()));
  limitSides();
  leapersField.addEventListener("focus", () => (form.querySelector<HTMLInputElement>('input[name="tour-count-moves"][value="custom"]')!.checked = true));
  drawPicker();
  $("tour-count-reach").textContent =
    "Boards up to 7×7, 5×8 and 4×12: most answer within a second or two; the slowest take longer (all pen-and-paper tours of 7×7 about 5 s, the knight's 5×8 under 2 s; the knight's and other leapers' paths on 7×7 can take minutes). Cancel stops a count.";

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const rows = Number(rowsField.value),
      cols = Number(colsField.value);
    const closed = form.querySelector<HTMLInputElement>('input[name="tour-count-kind"]:checked')!.value === "closed";
    const moves = movesText();
    showCount($("tour-count"), "");
    $("tour-count-time").textContent = "";
    if (moves === "") return setFieldError("tour-count-leapers", "name the leapers: a,b joined by + (1,2 is the knight)");
    try {
      const result = await job.run({ type: "tour-count", rows, cols, moves, closed, from });
      if (!result) return;
      showCount($("tour-count"), result.count);
      $("tour-count").dataset.ms = String(result.ms);
      const what = closed
        ? from
          ? "directed closed tours"
          : "distinct closed cycles"
        : from
          ? "directed tours"
          : "directed tours (every start, both directions)";
      const where = from ? ` from row ${from[0] + 1}, column ${from[1] + 1}` : "";
      $("tour-count-time").textContent =
        `${what} on ${rows}×${cols}${where}, moves ${result.moves} · frontier of ${result.width} squares, ${result.peakStates.toLocaleString("en")} states at most · ${ms(result.ms)}`;
    } catch (error) {
      const message = describe(error);
      if (error instanceof JobFailed && error.detail.field === "tour-count-leapers") setFieldError("tour-count-leapers", message);
      else $("tour-count-time").textContent = message;
    }
  });
}
