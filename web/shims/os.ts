// node:os: the page runs a job on one thread.
export function availableParallelism(): number {
  return 1;
}
