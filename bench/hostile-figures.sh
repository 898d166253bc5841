#!/bin/bash
# Whole-process figures for issue 13 (BENCHMARKS.md, "Hostile input and streaming" in docs/benchmarks-history.md):
# peak RSS and time of the CLIs on huge lines, a 5000×5000 SVG, and 1,000,000
# count-farms cases (first answer, RSS while running). Usage: bench/hostile-figures.sh [DIST]
# (DIST defaults to dist/; pass another build's dist/ to compare, interleaving runs).
set -u
DIST=${1:-dist}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 - "$TMP" <<'PY'
import sys
d = sys.argv[1]
open(f"{d}/row50.txt", "w").write("1\n" + "2" * 50_000_000 + "\n0221102\n")
open(f"{d}/n50.txt", "w").write("1" * 50_000_000 + "\n")
open(f"{d}/x50.txt", "w").write("x" * 50_000_000)
rows = ["2100221", "0221102", "2002211", "2012210"]
with open(f"{d}/cases1m.txt", "w") as f:
    f.write("1000000\n")
    for i in range(1_000_000):
        f.write(rows[2 * (i % 2)] + "\n" + rows[2 * (i % 2) + 1] + "\n")
PY
t() { /usr/bin/time -f "$1: %e s wall, %U s user, %M KB peak RSS" "${@:2}" > /dev/null 2> "$TMP/err"; tail -1 "$TMP/err"; }
t "count-farms, a 50 MB row" node "$DIST/cli/count-farms.js" "$TMP/row50.txt"
t "count-farms, a first line of 50 M digits" node "$DIST/cli/count-farms.js" "$TMP/n50.txt"
t "pen-paper validate, a 50 MB line" node "$DIST/cli/pen-paper.js" validate "$TMP/x50.txt"
t "pen-paper --size 5000 --format svg --out" node "$DIST/cli/pen-paper.js" --size 5000 --seed 1 --format svg --out "$TMP/t.svg"
echo "SVG size: $(stat -c %s "$TMP/t.svg") bytes"
start=$(date +%s.%N)
node "$DIST/cli/count-farms.js" "$TMP/cases1m.txt" > "$TMP/out.txt" &
pid=$!
first=""
for i in $(seq 1 600); do
  if [ -z "$first" ] && [ -s "$TMP/out.txt" ]; then first=1; echo "count-farms 1,000,000 cases: first answer after $(echo "$(date +%s.%N) - $start" | bc) s"; fi
  sleep 0.1
  if [ $((i % 100)) -eq 0 ]; then echo "  t=$((i / 10)) s: RSS $(ps -o rss= -p $pid) KB, $(wc -l < "$TMP/out.txt") answers"; fi
done
kill $pid
