#!/usr/bin/env bash
# Usage: check_plots.sh REPOSITORY_ROOT
# The plotting pipeline on a fixed CSV (tests/plots/fixture.csv, real rows of an H200 run
# plus a CUB row placed mid-file on purpose): the table must match the committed
# expected_table.md byte for byte, its speedup columns must match an independent awk
# computation, and the bar chart must be drawn. gnuplot missing is a failure, not a skip.
set -u
root=$1
cd "$root" || exit 1
command -v gnuplot >/dev/null || { echo "FAIL: gnuplot is missing (sudo apt-get install gnuplot-nox)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixture=tests/plots/fixture.csv
failures=0

gnuplot -e "csv='$fixture'; out='$work/table.md'" docs/plots/table.gp || { echo "FAIL: table.gp"; exit 1; }
if cmp -s "$work/table.md" tests/plots/expected_table.md; then
    echo "ok: table.md reproduces tests/plots/expected_table.md byte for byte"
else
    echo "FAIL: table.md differs from tests/plots/expected_table.md:"; diff tests/plots/expected_table.md "$work/table.md"
    failures=$((failures + 1))
fi

# Step speedup = previous step's time / this one's (CUB is never the previous step);
# cumulative = the first row's time / this one's; CUB has no step speedup.
awk -F, 'NR == 2 { first = $18 }
         NR > 1 { step = ($1 == "cub_reference" || previous == "") ? "" : sprintf("%.2f", previous / $18)
                  printf "%s|%s|%.2f\n", $1, step, first / $18
                  if ($1 != "cub_reference") previous = $18 }' "$fixture" | sort >"$work/expected_speedups"
awk -F'|' '/^\| step[0-9]|^\| cub_reference/ { gsub(/ /, "", $2); gsub(/ /, "", $7); gsub(/ /, "", $8)
                                                 print $2 "|" $7 "|" $8 }' "$work/table.md" | sort >"$work/table_speedups"
if cmp -s "$work/expected_speedups" "$work/table_speedups"; then
    echo "ok: step and cumulative speedups agree with an independent computation ($(wc -l <"$work/table_speedups") rows)"
else
    echo "FAIL: speedup columns (expected | table):"; paste -d' ' "$work/expected_speedups" "$work/table_speedups"
    failures=$((failures + 1))
fi

gnuplot -e "csv='$fixture'; out='$work/bars'" docs/plots/bars.gp
if [ -s "$work/bars.png" ] && [ "$(head -c 4 "$work/bars.png" | od -An -c | tr -d ' ')" = "211PNG" ]; then
    echo "ok: bars.png drawn"
else
    echo "FAIL: bars.png missing or not a PNG"; failures=$((failures + 1))
fi
exit "$failures"
