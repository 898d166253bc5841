// Farms panel: the 7×7 editor, contest files, and the general table count.
import { $, JobView, clearFieldErrors, describe, dropText, el, grouped, ms, setFieldError, showCount, wireDrop } from "../ui.js";
import { JobFailed } from "../worker/client.js";
import contestExample from "../../../examples/challenge24-2008.txt?raw";

const SIZE = 7;
const GIVEN_ROWS = 2;

export function setUpFarms(): void {
  setUpEditor();
  setUpContestFile();
  setUpTables();
}

function setUpEditor(): void {
  const grid = $("farm-grid");
  const inputs = [$<HTMLInputElement>("farm-row1"), $<HTMLInputElement>("farm-row2")];
  const job = new JobView("farm-job", "Counting");
  const cells: HTMLButtonElement[][] = [];
  for (let r = 0; r < SIZE; r++) {
    const row = el("div", { className: "farm-row" });
    row.setAttribute("role", "row");
    cells.push([]);
    for (let c = 0; c < SIZE; c++) {
      const given = r < GIVEN_ROWS;
      const cell = el("button", { type: "button", className: given ? "cell given" : "cell free", tabIndex: r === 0 && c === 0 ? 0 : -1 });
      cell.setAttribute("role", "gridcell");
      if (!given) {
        cell.disabled = true;
        cell.textContent = "·";
        cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}: to be filled`);
      }
      row.append(cell);
      cells[r]!.push(cell);
    }
    grid.append(row);
  }

  const symbols = (r: number) => inputs[r]!.value.replace(/\s+/g, "");
  const paint = () => {
    for (let r = 0; r < GIVEN_ROWS; r++) {
      const text = symbols(r);
      cells[r]!.forEach((cell, c) => {
        const symbol = text[c] ?? "";
        cell.textContent = symbol || " ";
        cell.dataset.symbol = symbol;
        cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}: ${symbol || "empty"}`);
      });
    }
  };
  const setSymbol = (r: number, c: number, symbol: string) => {
    const chars = symbols(r).padEnd(SIZE, "0").slice(0, SIZE).split("");
    chars[c] = symbol;
    inputs[r]!.value = chars.join("");
    paint();
    schedule();
  };

  let timer = 0;
  const count = async () => {
    window.clearTimeout(timer);
    clearFieldErrors($("farm-form"));
    const out = $("farm-count");
    try {
      const result = await job.run({ type: "farms-pair", rows: [inputs[0]!.value, inputs[1]!.value] });
      if (!result) return;
      showCount(out, result.count);
      $("farm-time").textContent = `ways to fill rows 3–7 · ${ms(result.ms)}`;
    } catch (error) {
      showCount(out, "");
      $("farm-time").textContent = "";
      const field = error instanceof JobFailed ? error.detail.field : undefined;
      setFieldError(field === "row2" ? "farm-row2" : "farm-row1", describe(error));
    }
  };
  const schedule = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void count(), 250);
  };

  cells.slice(0, GIVEN_ROWS).forEach((row, r) =>
    row.forEach((cell, c) => {
      cell.addEventListener("click", () => setSymbol(r, c, String((Number(cell.dataset.symbol || "2") + 1) % 3)));
      cell.addEventListener("keydown", (event) => {
        if (/^[012]$/.test(event.key)) setSymbol(r, c, event.key);
        const move = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[event.key];
        if (!move) return;
        event.preventDefault();
        const target = cells[Math.min(GIVEN_ROWS - 1, Math.max(0, r + move[0]!))]![Math.min(SIZE - 1, Math.max(0, c + move[1]!))]!;
        cell.tabIndex = -1;
        target.tabIndex = 0;
        target.focus();
      });
    }),
  );
  for (const input of inputs)
    input.addEventListener("input", () => {
      paint();
      schedule();
    });
  $("farm-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void count();
  });
  paint();
  void count();
}

function setUpContestFile(): void {
  const job = new JobView("farm-file-job", "Counting cases");
  const table = $<HTMLTableElement>("farm-file-results");
  const problem = $("farm-file-error");
  const run = async () => {
    problem.replaceChildren();
    const text = dropText("farm-file-text");
    try {
      const result = await job.run({ type: "farms-file", text });
      if (!result) return;
      table.tBodies[0]!.replaceChildren(
        ...result.cases.map((c) =>
          el(
            "tr",
            {},
            el("td", { textContent: String(c.case) }),
            el("td", { className: "mono", textContent: c.rows[0] }),
            el("td", { className: "mono", textContent: c.rows[1] }),
            el("td", { className: "num mono", textContent: grouped(c.count), title: c.count }),
            el("td", { className: "num", textContent: c.ms.toFixed(2) }),
          ),
        ),
      );
      table.caption!.textContent = `${result.cases.length} answers in ${ms(result.ms)}`;
      table.hidden = false;
      table.dataset.ms = String(result.ms);
    } catch (error) {
      table.hidden = true;
      showInputProblem(problem, error, text);
    }
  };
  wireDrop("farm-drop", "farm-file-text", "farm-file", () => void run());
  $("farm-example").addEventListener("click", () => {
    $<HTMLTextAreaElement>("farm-file-text").value = contestExample;
    void run();
  });
  $("farm-file-count").addEventListener("click", () => void run());
}

/** The error's line, with the offending line of the text quoted under it. */
export function showInputProblem(box: HTMLElement, error: unknown, text: string): void {
  const line = error instanceof JobFailed ? error.detail.line : undefined;
  const parts: Node[] = [el("p", { className: "error", textContent: describe(error) })];
  if (line !== undefined) {
    const quoted = text.split(/\r?\n/)[line - 1];
    if (quoted !== undefined)
      parts.push(
        el(
          "pre",
          { className: "quote" },
          el("span", { className: "lineno", textContent: `${line} │ ` }),
          quoted.length > 200 ? `${quoted.slice(0, 200)}…` : quoted,
        ),
      );
  }
  box.replaceChildren(...parts);
}

function setUpTables(): void {
  const job = new JobView("tables-job", "Counting tables");
  const form = $("tables-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    const size = Number($<HTMLInputElement>("tables-size").value);
    const countsText = $<HTMLInputElement>("tables-counts").value.trim();
    const counts = countsText
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number);
    if (counts.some((c) => !Number.isInteger(c) || c < 0)) {
      setFieldError("tables-counts", `"${countsText}" is not a list of whole numbers (expected counts like 3,3 or 2,2,3)`);
      return;
    }
    const given = $<HTMLTextAreaElement>("tables-given")
      .value.split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    try {
      const result = await job.run({
        type: "tables",
        size,
        counts,
        given,
        distinctRows: $<HTMLInputElement>("tables-distinct-rows").checked,
        distinctColumns: $<HTMLInputElement>("tables-distinct-columns").checked,
      });
      if (!result) return;
      showCount($("tables-count"), result.count);
      $("tables-count").dataset.ms = String(result.ms);
      $("tables-time").textContent = `${result.count.length} digits · ${ms(result.ms)}`;
    } catch (error) {
      showCount($("tables-count"), "");
      $("tables-time").textContent = "";
      const message = describe(error);
      const name = error instanceof JobFailed ? error.detail.name : "";
      if (name !== "UsageError" && name !== "InputError") {
        $("tables-time").textContent = message; // not the input's fault (e.g. a KernelError)
        return;
      }
      // The library names the option first: "size …", "counts …", "given row …".
      const field = /^size\b/i.test(message) ? "tables-size" : /^counts\b/i.test(message) ? "tables-counts" : "tables-given";
      setFieldError(field, message);
    }
  });
}
