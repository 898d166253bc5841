// count-farms: the symmetric method's progress on a terminal — one stderr line redrawn
// after each row with the number of states of the new layer (nothing in pipes or files).

export interface LayerProgress {
  update(rowsPlaced: number, rows: number, states: number): void;
  stop(): void;
}

export function layerProgressOnTerminal(): LayerProgress {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  let drawn = false;
  const start = Date.now();
  return {
    update(rowsPlaced, rows, states) {
      drawn = true;
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      process.stderr.write(`\rcounting: row ${rowsPlaced}/${rows}, ${states} states (${seconds} s)\x1b[K`);
    },
    stop() {
      if (drawn) process.stderr.write("\r\x1b[K");
    },
  };
}
