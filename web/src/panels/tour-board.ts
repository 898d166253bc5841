// The tour board: the library's own picture (tourSvg on small boards, paintTour on a
// canvas for big ones, both drawn in the worker) of any rows × cols board and leaper, in a
// viewport that zooms and pans, with a player that walks the tour step by step (play,
// pause, step, speed, scrub) and a path-only switch that hides the numbers. Numbers never
// show below TOUR_MIN_NUMBER_PX (10 px): when the fitted board would make them smaller,
// the board shows the path only and says so, and the numbers come back as you zoom in.
import { tourFitNumberPixels, tourNumbersReadable } from "tabula-grids/tours";
import { $, JobView, el } from "../ui.js";

/** A tour to draw: a size × size board, or rows × cols. */
export interface Tour {
  size?: number;
  rows?: number;
  cols?: number;
  closed: boolean;
  grid: Int32Array;
  seed?: number;
}

/** The board's rows and columns. */
function sides(tour: Tour): [rows: number, cols: number] {
  return [tour.rows ?? tour.size ?? 0, tour.cols ?? tour.size ?? 0];
}

/** Steps a second the player offers. */
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 250];

/** Zoom by CSS transform about a point; drag to pan; Ctrl/⌘ + wheel (and pinch) to zoom. */
class ZoomPan {
  scale = 1;
  private x = 0;
  private y = 0;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly stage: HTMLElement,
    private readonly maxScale: number,
    private readonly onChange: () => void,
  ) {
    viewport.addEventListener(
      "wheel",
      (event) => {
        if (!event.ctrlKey && !event.metaKey) return; // a plain wheel scrolls the page
        event.preventDefault();
        const box = viewport.getBoundingClientRect();
        this.zoomAt(Math.exp(-event.deltaY * 0.002), event.clientX - box.left, event.clientY - box.top);
      },
      { passive: false },
    );
    let drag: { id: number; x: number; y: number } | undefined;
    viewport.addEventListener("pointerdown", (event) => {
      if (this.scale === 1 || event.button !== 0) return;
      drag = { id: event.pointerId, x: event.clientX, y: event.clientY };
      viewport.setPointerCapture(event.pointerId);
      viewport.classList.add("dragging");
    });
    viewport.addEventListener("pointermove", (event) => {
      if (!drag || drag.id !== event.pointerId) return;
      this.panBy(event.clientX - drag.x, event.clientY - drag.y);
      drag.x = event.clientX;
      drag.y = event.clientY;
    });
    const end = () => {
      drag = undefined;
      viewport.classList.remove("dragging");
    };
    viewport.addEventListener("pointerup", end);
    viewport.addEventListener("pointercancel", end);
    viewport.addEventListener("dblclick", (event) => {
      const box = viewport.getBoundingClientRect();
      this.zoomAt(event.shiftKey ? 0.5 : 2, event.clientX - box.left, event.clientY - box.top);
    });
    viewport.addEventListener("keydown", (event) => {
      const step = viewport.clientWidth / 8;
      const actions: Record<string, () => void> = {
        "+": () => this.zoomBy(1.5),
        "=": () => this.zoomBy(1.5),
        "-": () => this.zoomBy(1 / 1.5),
        "0": () => this.reset(),
        ArrowLeft: () => this.panBy(step, 0),
        ArrowRight: () => this.panBy(-step, 0),
        ArrowUp: () => this.panBy(0, step),
        ArrowDown: () => this.panBy(0, -step),
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    });
  }

  /** Zooms by `factor` about the viewport's centre. */
  zoomBy(factor: number): void {
    this.zoomAt(factor, this.viewport.clientWidth / 2, this.viewport.clientHeight / 2);
  }

  /** Zooms by `factor` keeping the point (px, py) of the viewport where it is. */
  zoomAt(factor: number, px: number, py: number): void {
    const scale = Math.min(this.maxScale, Math.max(1, this.scale * factor));
    this.x = px - ((px - this.x) * scale) / this.scale;
    this.y = py - ((py - this.y) * scale) / this.scale;
    this.scale = scale;
    this.apply();
  }

  panBy(dx: number, dy: number): void {
    this.x += dx;
    this.y += dy;
    this.apply();
  }

  reset(): void {
    this.scale = 1;
    this.x = this.y = 0;
    this.apply();
  }

  private apply(): void {
    const w = this.viewport.clientWidth,
      h = this.viewport.clientHeight;
    this.x = Math.min(0, Math.max(w - w * this.scale, this.x));
    this.y = Math.min(0, Math.max(h - h * this.scale, this.y));
    this.stage.style.transform = this.scale === 1 ? "" : `translate(${this.x}px, ${this.y}px) scale(${this.scale})`;
    this.viewport.dataset.zoom = this.scale.toFixed(2);
    this.viewport.classList.toggle("zoomed", this.scale > 1);
    this.onChange();
  }
}

/** Walks the SVG's moves and numbers: step k shows numbers 1..k and the moves between them. */
class Player {
  private readonly moves: SVGElement[] = []; // moves[j] joins step j and j + 1 (1-based); moves[total] closes the tour
  private readonly numbers: SVGElement[] = [];
  private readonly endRing: SVGElement | null;
  private shown: number;
  private timer: number | undefined;
  private last = 0;
  private carry = 0;
  stepsPerSecond: number;

  constructor(
    private readonly svg: SVGSVGElement,
    readonly total: number,
    private readonly onChange: () => void,
  ) {
    svg.querySelectorAll<SVGElement>(".moves > path").forEach((path) => (this.moves[Number(path.dataset.step)] = path));
    svg.querySelectorAll<SVGElement>(".numbers > text").forEach((text) => (this.numbers[Number(text.textContent)] = text));
    this.endRing = svg.querySelector<SVGElement>(".rings > .end");
    this.shown = total;
    this.stepsPerSecond = SPEEDS.find((s) => s >= total / 20) ?? SPEEDS[SPEEDS.length - 1]!; // about 20 s for the whole tour
  }

  get step(): number {
    return this.shown;
  }

  get playing(): boolean {
    return this.timer !== undefined;
  }

  /** Shows steps 1..k (1 ≤ k ≤ total). */
  show(k: number): void {
    k = Math.min(this.total, Math.max(1, Math.round(k)));
    const from = Math.min(k, this.shown),
      to = Math.max(k, this.shown);
    const visible = (on: boolean) => (on ? "" : "hidden");
    for (let s = from; s <= to; s++) {
      this.numbers[s]?.setAttribute("visibility", visible(s <= k));
      this.moves[s - 1]?.setAttribute("visibility", visible(s <= k));
    }
    this.numbers[this.shown]?.classList.remove("current");
    this.moves[this.shown - 1]?.classList.remove("current");
    this.shown = k;
    const whole = k === this.total;
    this.moves[this.total]?.setAttribute("visibility", visible(whole));
    this.endRing?.setAttribute("visibility", visible(whole));
    if (!whole) {
      this.numbers[k]?.classList.add("current");
      this.moves[k - 1]?.classList.add("current");
    }
    this.svg.classList.toggle("animating", !whole || this.playing);
    this.svg.dataset.step = String(k);
    this.onChange();
  }

  play(): void {
    if (this.playing) return;
    if (this.shown === this.total) this.show(1);
    this.last = performance.now();
    this.carry = 0;
    const tick = (now: number) => {
      this.carry += ((now - this.last) / 1000) * this.stepsPerSecond;
      this.last = now;
      const steps = Math.floor(this.carry);
      if (steps > 0) {
        this.carry -= steps;
        this.show(this.shown + steps);
      }
      if (this.shown >= this.total) this.pause();
      else this.timer = requestAnimationFrame(tick);
    };
    this.timer = requestAnimationFrame(tick);
    this.svg.classList.add("animating");
    this.onChange();
  }

  pause(): void {
    if (this.timer !== undefined) cancelAnimationFrame(this.timer);
    this.timer = undefined;
    this.svg.classList.toggle("animating", this.shown !== this.total);
    this.onChange();
  }
}

/**
 * A dot at each square's centre, shown (by CSS) only while the numbers are hidden: the arcs
 * stop short of the numbers, so without them a dot marks the square each gap stands for.
 */
function addDots(svg: SVGSVGElement): void {
  const ns = "http://www.w3.org/2000/svg";
  const dots = document.createElementNS(ns, "g");
  dots.setAttribute("class", "dots");
  dots.setAttribute("fill", "#777");
  for (const text of svg.querySelectorAll(".numbers > text")) {
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", text.getAttribute("x")!);
    dot.setAttribute("cy", text.getAttribute("y")!);
    dot.setAttribute("r", "3.5");
    dots.append(dot);
  }
  svg.insertBefore(dots, svg.querySelector(".rings"));
}

function button(act: string, text: string, label: string): HTMLButtonElement {
  const b = el("button", { type: "button", textContent: text, title: label });
  b.dataset.act = act;
  b.setAttribute("aria-label", label);
  return b;
}

/** One board on show: its viewport, zoom and (for SVG boards) its player and controls. */
class Board {
  readonly player: Player | undefined;

  constructor(figure: HTMLElement, tour: Tour, picture: { svg?: string; bitmap?: ImageBitmap }, caption: string) {
    const [rows, cols] = sides(tour);
    const n = Math.max(rows, cols);
    const stage = el("div", { className: "board-stage" });
    const viewport = el("div", { className: "board-viewport", tabIndex: 0 });
    // The board's own shape (an 8×10 board is no square), but never more than 4 high to 3 wide on screen.
    viewport.style.aspectRatio = String(Math.max(cols / rows, 0.75));
    viewport.setAttribute("aria-label", `${caption} Drag to pan when zoomed; + and − zoom, 0 resets, arrow keys pan.`);
    viewport.append(stage);
    let svg: SVGSVGElement | null = null;
    if (picture.svg !== undefined) {
      stage.innerHTML = picture.svg; // the library's own SVG
      svg = stage.querySelector("svg");
    } else if (picture.bitmap) {
      const canvas = el("canvas", { width: picture.bitmap.width, height: picture.bitmap.height });
      canvas.setAttribute("role", "img");
      canvas.setAttribute("aria-label", caption);
      canvas.getContext("bitmaprenderer")!.transferFromImageBitmap(picture.bitmap);
      stage.append(canvas);
    }
    if (svg) addDots(svg);
    const zoomText = el("span", { className: "zoom-text muted" });
    const numbersNote = el("span", { className: "numbers-note muted" });
    // Numbers only where they are at least 10 px on screen; else the path alone, and a word why.
    const fitNumbers = () => {
      if (!svg || viewport.clientWidth === 0) return;
      const readable = tourNumbersReadable(rows, cols, viewport.clientWidth, viewport.clientHeight, zoom.scale);
      svg.classList.toggle("numbers-small", !readable);
      const px = tourFitNumberPixels(rows, cols, viewport.clientWidth, viewport.clientHeight, zoom.scale);
      numbersNote.textContent = readable ? "" : `path only: numbers would be ${px.toFixed(1)} px here; zoom in to read them`;
    };
    const zoom = new ZoomPan(viewport, stage, Math.max(4, n / 2.5), () => {
      zoomText.textContent = `${Math.round(zoom.scale * 100)}%`;
      fitNumbers();
    });
    new ResizeObserver(fitNumbers).observe(viewport);
    const tools = el("div", { className: "board-tools" });
    tools.setAttribute("role", "toolbar");
    tools.setAttribute("aria-label", "Board view");
    const zoomTools = el(
      "span",
      { className: "tool-group" },
      button("zoom-out", "−", "Zoom out"),
      button("zoom-in", "+", "Zoom in"),
      button("zoom-reset", "Fit", "Fit the board"),
      zoomText,
      numbersNote,
    );
    tools.append(zoomTools);
    if (svg) {
      const total = rows * cols;
      const stepText = el("output", { className: "step-text" });
      const scrub = el("input", { type: "range", min: "1", max: String(total), value: String(total), className: "step-range" });
      scrub.setAttribute("aria-label", "Step shown");
      const speed = el("select", { className: "speed" });
      speed.setAttribute("aria-label", "Steps a second");
      const playButton = button("play", "▶ Play", "Play");
      const player = new Player(svg, total, () => {
        stepText.textContent = `step ${player.step.toLocaleString("en")} of ${total.toLocaleString("en")}`;
        scrub.value = String(player.step);
        playButton.textContent = player.playing ? "⏸ Pause" : "▶ Play";
        playButton.setAttribute("aria-label", player.playing ? "Pause" : "Play");
        playButton.setAttribute("aria-pressed", String(player.playing));
      });
      this.player = player;
      for (const s of SPEEDS) speed.append(el("option", { value: String(s), textContent: `${s} / s`, selected: s === player.stepsPerSecond }));
      speed.addEventListener("change", () => (player.stepsPerSecond = Number(speed.value)));
      scrub.addEventListener("input", () => {
        const step = Number(scrub.value); // before pause() puts the slider back on the step shown
        player.pause();
        player.show(step);
      });
      const numbersBox = el("input", { type: "checkbox", checked: true });
      numbersBox.addEventListener("change", () => svg.classList.toggle("path-only", !numbersBox.checked));
      const playTools = el(
        "span",
        { className: "tool-group" },
        button("first", "« 1", "First step"),
        button("back", "‹ Back", "Step back"),
        playButton,
        button("forward", "Next ›", "Step forward"),
        button("last", "All »", "Whole tour"),
        speed,
        scrub,
        stepText,
        el("label", { className: "inline" }, numbersBox, " numbers"),
      );
      tools.append(playTools);
      player.show(total);
    }
    tools.addEventListener("click", (event) => {
      const act = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-act]")?.dataset.act;
      const p = this.player;
      const actions: Record<string, () => void> = {
        "zoom-in": () => zoom.zoomBy(1.5),
        "zoom-out": () => zoom.zoomBy(1 / 1.5),
        "zoom-reset": () => zoom.reset(),
        play: () => (p?.playing ? p.pause() : p?.play()),
        first: () => (p?.pause(), p?.show(1)),
        back: () => (p?.pause(), p?.show(p.step - 1)),
        forward: () => (p?.pause(), p?.show(p.step + 1)),
        last: () => (p?.pause(), p?.show(p.total)),
      };
      if (act) actions[act]?.();
    });
    viewport.addEventListener("keydown", (event) => {
      if (!this.player) return;
      const p = this.player;
      if (event.key === " ") (event.preventDefault(), p.playing ? p.pause() : p.play());
      else if (event.key === "," || event.key === "<") (p.pause(), p.show(p.step - 1));
      else if (event.key === "." || event.key === ">") (p.pause(), p.show(p.step + 1));
    });
    zoom.reset();
    figure.dataset.size = rows === cols ? String(n) : `${rows}x${cols}`; // which board is on show (tests and benches wait for it)
    figure.replaceChildren(tools, viewport, el("figcaption", { textContent: caption }));
  }
}

/** Draws tours into a figure: the library's SVG on small boards, a canvas bitmap on big ones. */
export class BoardView {
  private readonly figure = $("tour-board");
  private readonly job = new JobView("tour-job", "Drawing");
  private board: Board | undefined;

  async draw(tour: Tour, into: HTMLElement = this.figure): Promise<void> {
    const [rows, cols] = sides(tour);
    const pixels = Math.min(2400, Math.max(1400, Math.max(rows, cols) * 2)); // canvas boards: room to zoom before the pixels show
    const picture = await this.job.run({ type: "tour-picture", rows, cols, closed: tour.closed, grid: tour.grid, pixels });
    if (!picture) return;
    const squares = (rows * cols).toLocaleString("en");
    const path =
      picture.svg !== undefined
        ? `each move an arc with a chevron pointing the way, consecutive moves in different colours, from 1 (green frame) to ${squares} (red frame)`
        : `the path runs from 1 (green ring) through blue and purple to ${squares} (red ring)`;
    const caption = `${tour.closed ? "Closed" : "Open"} tour of a ${rows}×${cols} board: ${path}${tour.closed ? ", and a dashed move closes it" : ""}.`;
    const board = new Board(into, tour, picture, caption);
    if (into === this.figure) {
      this.board?.player?.pause();
      this.board = board;
    }
  }

  /** Plays the tour on the main board from step 1; false when the board has no player (a canvas). */
  animate(): boolean {
    const player = this.board?.player;
    if (!player) return false;
    player.pause();
    player.show(1);
    player.play();
    return true;
  }
}
