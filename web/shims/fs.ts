// node:fs: the page has no file system; the library only touches it for Node worker pools.
export function existsSync(): boolean {
  return false;
}
export function readFileSync(): never {
  throw new Error("tabula: no file system in the browser");
}
