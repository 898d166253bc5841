// Worker thread of `housie validate`'s fast pass (fast-pass.ts): proves the second half of
// a file, from a line start to its end, with its own kernel instance, and posts the
// range's proof (or undefined: the main thread then gives the file to the codec).
// Loaded from dist/ (compiled JS).
import { closeSync, fstatSync, openSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { proveRange, type RangeProof } from "./fast-pass.js";

const { file, from } = workerData as { file: string; from: number };
let proof: RangeProof | undefined;
try {
  const fd = openSync(file, "r");
  try {
    proof = proveRange(fd, from, fstatSync(fd).size);
  } finally {
    closeSync(fd);
  }
} catch {
  proof = undefined; // a read error: the codec meets it again and says so
}
parentPort!.postMessage(proof, proof ? [proof.words.buffer as ArrayBuffer] : []);
