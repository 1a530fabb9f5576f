#!/usr/bin/env bash
# Rebuilds the tables and charts from the CSVs in a results folder (scripts/tutorial.sh and
# scripts/bench.sh write them): table.csv -> table.md (Markdown) and bars.png/.svg;
# sweep_n/block/type.csv -> sweep_*.png/.svg. The table needs no gnuplot; the charts do.
#   scripts/plot.sh RESULTS_DIR      e.g. scripts/plot.sh build/results
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
results=${1:?usage: scripts/plot.sh RESULTS_DIR}

if [ -f "$results/table.csv" ]; then
    [ -x "$build/results_table" ] || scripts/build.sh results_table >/dev/null
    "$build/results_table" --markdown "$results/table.csv" >"$results/table.md"
    echo "plot: $results/table.md"
fi
if ! command -v gnuplot >/dev/null; then
    echo "plot: gnuplot not found (Debian/Ubuntu package gnuplot-nox): no chart drawn" >&2
    exit 1
fi
if [ -f "$results/table.csv" ]; then
    gnuplot -e "csv='$results/table.csv'; out='$results/bars'" docs/plots/bars.gp
    echo "plot: $results/bars.png, $results/bars.svg"
fi

column() {  # NAME CSV: the number of the column with that header name
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) print i; exit }' "$2"
}
for kind in n block type; do
    csv=$results/sweep_$kind.csv
    [ -f "$csv" ] || continue
    # The programs in the order they first appear, the device, and its peak bandwidth.
    programs=$(awk -F, 'NR > 1 && !seen[$1]++ { printf "%s ", $1 }' "$csv")
    peak_column=$(column peak_gbs "$csv")
    device_column=$(column device "$csv")
    device=$(awk -F, -v p="$peak_column" -v d="$device_column" 'NR > 1 && $p != "" { print $d; exit }' "$csv")
    peak=$(awk -F, -v p="$peak_column" 'NR > 1 && $p != "" { print $p; exit }' "$csv")
    gnuplot -e "csv='$csv'; out='$results/sweep_$kind'; kind='$kind'; programs='$programs'; peak=$peak; device='$device'" \
        docs/plots/sweep.gp
    echo "plot: $results/sweep_$kind.png, $results/sweep_$kind.svg"
done
