// Integer weights for exactly uniform books and tickets.
//
// A book's column-count matrix (six vectors c_1..c_6 whose columns sum to 9,10,...,10,11)
// carries prod_t p(c_t) * prod_j n_j! / prod_t c_tj! books, where p(c) is the number of
// patterns of vector c. Up to the constant prod_j n_j!, that is prod_t w(c_t) with
// w(c) = p(c) / prod_j c_j!, which depends only on how many 3s c has. `ticketWeight`
// holds w scaled to the smallest integers (p(c) * prod_j 6/c_j!, divided by their gcd).
//
// A single ticket of vector c has p(c) * prod_j C(n_j, c_j) fillings: `fillingWeight`.

import { COLUMNS, VECTOR_COUNT, vectorDigits, patternsOf, columnSize, ensurePatterns, vectorCount } from "./patterns";

export const ticketWeight = new StaticArray<u32>(VECTOR_COUNT);
export const fillingWeight = new StaticArray<u64>(VECTOR_COUNT);
/** Cumulative fillingWeight (inclusive), for the single-ticket draw. */
export const fillingCumulative = new StaticArray<u64>(VECTOR_COUNT);
let weightsReady = false;

function gcd(a: u64, b: u64): u64 {
  while (b != 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

function choose(n: i32, k: i32): u64 {
  let r: u64 = 1;
  for (let i = 0; i < k; i++) r = (r * <u64>(n - i)) / <u64>(i + 1);
  return r;
}

export function ensureWeights(): void {
  if (weightsReady) return;
  ensurePatterns();
  const vectors = vectorCount();
  const raw = new StaticArray<u64>(VECTOR_COUNT);
  // C(n_j, c) for each column and c = 0..3, at 4 j + c (u64 divisions are slow).
  const chooseOf = new StaticArray<u64>(4 * COLUMNS);
  for (let j = 0; j < COLUMNS; j++) for (let c = 0; c < 4; c++) unchecked((chooseOf[4 * j + c] = choose(unchecked(columnSize[j]), c)));
  let g: u64 = 0;
  let fillingTotal: u64 = 0;
  for (let v = 0; v < vectors; v++) {
    let w = <u64>patternsOf(v);
    let f = <u64>patternsOf(v);
    for (let j = 0; j < COLUMNS; j++) {
      const c = <i32>unchecked(vectorDigits[v * COLUMNS + j]);
      w *= c == 1 ? 6 : c == 2 ? 3 : 1; // 6 / c!
      f *= unchecked(chooseOf[4 * j + c]);
    }
    unchecked((raw[v] = w));
    g = gcd(w, g);
    unchecked((fillingWeight[v] = f));
    fillingTotal += f;
    unchecked((fillingCumulative[v] = fillingTotal));
  }
  for (let v = 0; v < vectors; v++) unchecked((ticketWeight[v] = <u32>(unchecked(raw[v]) / g)));
  weightsReady = true;
}

export function ticketWeightOf(v: i32): u32 {
  ensureWeights();
  return unchecked(ticketWeight[v]);
}
export function fillingWeightOf(v: i32): u64 {
  ensureWeights();
  return unchecked(fillingWeight[v]);
}
