// node:url's fileURLToPath: only used by the library to name Node worker files, which the
// page never starts (its jobs run in one Web Worker).
export function fileURLToPath(url: string | URL): string {
  return String(url);
}
