// The host side of the kernels' random source: a kernel's block of 32-bit words filled
// from globalThis.crypto (the OS CSPRNG in Node, Deno, Bun and browsers).

// Most engines cap one getRandomValues call at 65,536 bytes.
const RANDOM_CHUNK_WORDS = 16384;

/** Fills `block` with uniform random words, in chunks the engines accept. */
export function fillRandomWords(block: Uint32Array): void {
  for (let at = 0; at < block.length; at += RANDOM_CHUNK_WORDS) globalThis.crypto.getRandomValues(block.subarray(at, at + RANDOM_CHUNK_WORDS));
}
