/* Native reference for bench/farms.bench.ts: the same published algorithm as
 * assembly/farms/published.ts (same fingerprints, allowed-row bitsets and pair table), built with
 * cc -O3 -march=native, so the bench can report the WASM kernel's distance to native.
 * Usage: published ROW0 ROW1 REPEATS  -> prints the count and the median ms per call. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 210
#define SLOT_BITS 15
#define SLOTS (1 << SLOT_BITS)
#define MAX_PAIRS (210 * 209 / 2)
static const int64_t TARGET = 0x22222222222222LL;
static int64_t row_print[ROWS]; static int32_t row_mask[ROWS], row_code[ROWS];
static int64_t slot_key[SLOTS]; static int32_t slot_start[SLOTS], slot_end[SLOTS];
static int32_t entries[MAX_PAIRS], pend_slot[MAX_PAIRS], pend_entry[MAX_PAIRS], used_slots[MAX_PAIRS]; static int used_count;
static int64_t cand_print[ROWS]; static int32_t cand_mask[ROWS];

static int64_t print_of(int code) { int64_t p = 0; for (int c = 0; c < 7; c++) { int s = (code >> 2*c) & 3;
  if (s == 0) p += 1LL << (4*c); else if (s == 1) p += 1LL << (4*(7+c)); } return p; }
static int mask_of(int code) { int m = 0, b = 0; for (int i = 0; i < 7; i++) for (int j = i+1; j < 7; j++, b++)
  if (((code >> 2*i) & 3) == ((code >> 2*j) & 3)) m |= 1 << b; return m; }
static inline int slot_of(int64_t k) { return (int)((uint64_t)(k * (int64_t)0x9E3779B97F4A7C15ULL) >> (64 - SLOT_BITS)); }

#define WORDS 4
static uint64_t with_symbol[14][WORDS]; static int cand_n;
static void index_candidates(int n) { cand_n = n; memset(with_symbol, 0, sizeof with_symbol);
  for (int r = 0; r < n; r++) for (int f = 0; f < 14; f++) if ((cand_print[r] >> 4*f) & 0xf) with_symbol[f][r >> 6] |= 1ULL << (r & 63); }
static inline int64_t zero_fields(int64_t x) { return ~(((x & 0x77777777777777LL) + 0x77777777777777LL) | x) & 0x88888888888888LL; }
static inline void narrow(const uint64_t *from, int64_t before, int64_t after, uint64_t *out) {
  uint64_t a0 = from[0], a1 = from[1], a2 = from[2], a3 = from[3];
  for (uint64_t ex = zero_fields(after) & ~zero_fields(before); ex; ex &= ex - 1) { int f = __builtin_ctzll(ex) >> 2;
    a0 &= ~with_symbol[f][0]; a1 &= ~with_symbol[f][1]; a2 &= ~with_symbol[f][2]; a3 &= ~with_symbol[f][3]; }
  out[0] = a0; out[1] = a1; out[2] = a2; out[3] = a3; }
static inline void allowed_rows(int64_t rem, uint64_t *out) {
  for (int w = 0; w < WORDS; w++) { int b = cand_n - 64*w; out[w] = b >= 64 ? ~0ULL : b <= 0 ? 0 : (1ULL << b) - 1; }
  narrow(out, -1, rem, out); }
static inline uint64_t word_above(const uint64_t *set, int w, int index) { int first = index + 1 - 64*w;
  return first <= 0 ? set[w] : first >= 64 ? 0 : set[w] & (~0ULL << first); }
static inline int find_slot(int64_t key) { int s = slot_of(key);
  while (slot_key[s] != key) { if (slot_key[s] == -1) return -1; s = (s + 1) & (SLOTS - 1); } return s; }

static int64_t count(int code0, int code1) {
  if (code0 == code1) return 0;
  int n = 0;
  for (int r = 0; r < ROWS; r++) { if (row_code[r] == code0 || row_code[r] == code1) continue;
    cand_print[n] = row_print[r]; cand_mask[n] = row_mask[r]; n++; }
  index_candidates(n);
  int64_t need = TARGET - print_of(code0) - print_of(code1); int gmask = mask_of(code0) & mask_of(code1);
  uint64_t top[WORDS], a5[WORDS], a3[WORDS], a4[WORDS];
  allowed_rows(need, top);
  for (int u = 0; u < used_count; u++) slot_key[used_slots[u]] = -1;
  used_count = 0;
  int pending = 0;
  for (int m5 = n - 2; m5 >= 0; m5--) { if (!(top[m5 >> 6] >> (m5 & 63) & 1)) continue;
    int64_t p5 = cand_print[m5]; narrow(top, need, need - p5, a5);
    for (int w = (m5 + 1) >> 6; w < WORDS; w++) for (uint64_t b = word_above(a5, w, m5); b; b &= b - 1) {
      int m6 = 64*w + __builtin_ctzll(b); int64_t key = p5 + cand_print[m6];
      int s = slot_of(key); while (slot_key[s] != key && slot_key[s] != -1) s = (s + 1) & (SLOTS - 1);
      if (slot_key[s] == -1) { slot_key[s] = key; slot_end[s] = 0; used_slots[used_count++] = s; }
      slot_end[s]++; pend_slot[pending] = s;
      pend_entry[pending++] = (m5 << 21) | (cand_mask[m5] & cand_mask[m6]); } }
  int off = 0; for (int u = 0; u < used_count; u++) { int s = used_slots[u], c = slot_end[s]; slot_start[s] = off; slot_end[s] = off; off += c; }
  for (int p = 0; p < pending; p++) entries[slot_end[pend_slot[p]]++] = pend_entry[p];
  int64_t sets = 0;
  for (int w2 = 0; w2 < WORDS; w2++) for (uint64_t b2 = top[w2]; b2; b2 &= b2 - 1) {
    int m2 = 64*w2 + __builtin_ctzll(b2); if (m2 >= n - 4) break;
    int64_t r2 = need - cand_print[m2]; int k2 = gmask & cand_mask[m2]; narrow(top, need, r2, a3);
    for (int w3 = (m2 + 1) >> 6; w3 < WORDS; w3++) for (uint64_t b3 = word_above(a3, w3, m2); b3; b3 &= b3 - 1) {
      int m3 = 64*w3 + __builtin_ctzll(b3); int64_t r3 = r2 - cand_print[m3]; int k3 = k2 & cand_mask[m3];
      narrow(a3, r2, r3, a4);
      for (int w4 = (m3 + 1) >> 6; w4 < WORDS; w4++) for (uint64_t b4 = word_above(a4, w4, m3); b4; b4 &= b4 - 1) {
        int m4 = 64*w4 + __builtin_ctzll(b4); int s = find_slot(r3 - cand_print[m4]); if (s < 0) continue;
        int k4 = k3 & cand_mask[m4];
        for (int e = slot_start[s]; e < slot_end[s]; e++) { int entry = entries[e]; if ((entry >> 21) <= m4) break;
          if ((entry & k4) == 0) sets++; } } } }
  return sets;
}

static int code_of(const char *s) { int c = 0, k = 0; for (; *s; s++) if (*s >= '0' && *s <= '2') c |= (*s - '0') << (2 * k++); return c; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = 0; for (int x = 0; x < 2187; x++) { int v = x, code = 0, z = 0, o = 0;
    for (int c = 6; c >= 0; c--) { int s = v % 3; v /= 3; z += s == 0; o += s == 1; code |= s << 2*c; }
    if (z != 2 || o != 2) continue; row_code[n] = code; row_print[n] = print_of(code); row_mask[n] = mask_of(code); n++; }
  for (int s = 0; s < SLOTS; s++) slot_key[s] = -1;
  int a = code_of(argv[1]), b = code_of(argv[2]), reps = atoi(argv[3]);
  double *ms = malloc(sizeof(double) * reps); int64_t result = 0;
  for (int i = 0; i < reps; i++) { struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
    result = count(a, b); clock_gettime(CLOCK_MONOTONIC, &t1);
    ms[i] = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6; }
  qsort(ms, reps, sizeof(double), cmp);
  printf("%lld %.4f\n", (long long)(result * 120), ms[reps / 2]);
  return 0;
}
