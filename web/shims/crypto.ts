// node:crypto's randomFillSync over the Web Crypto CSPRNG (at most 65536 bytes a call).
export function randomFillSync<T extends ArrayBufferView>(view: T): T {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(bytes.length, at + 65536)));
  return view;
}
