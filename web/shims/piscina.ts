// piscina: worker-thread pools are Node-only; the page runs each job in one Web Worker.
export class Piscina {
  constructor() {
    throw new Error("tabula: thread pools are not available in the browser (use threads: 1)");
  }
}
