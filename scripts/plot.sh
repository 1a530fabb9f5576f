#!/usr/bin/env bash
# Rebuilds every table and chart from the CSVs in a results folder (scripts/bench.sh writes
# them): table.csv -> table.md, bars.png/.svg; sweep_n/block/type.csv -> charts.
#   scripts/plot.sh RESULTS_DIR      e.g. scripts/plot.sh docs/results/NVIDIA_H200
set -euo pipefail
cd "$(dirname "$0")/.."
results=${1:?usage: scripts/plot.sh RESULTS_DIR}
command -v gnuplot >/dev/null || { echo "plot: gnuplot is missing (sudo apt-get install gnuplot-nox)" >&2; exit 1; }

if [ -f "$results/table.csv" ]; then
    gnuplot -e "csv='$results/table.csv'; out='$results/table.md'" docs/plots/table.gp
    gnuplot -e "csv='$results/table.csv'; out='$results/bars'" docs/plots/bars.gp
    echo "plot: $results/table.md, $results/bars.png, $results/bars.svg"
fi
for kind in n block type; do
    csv=$results/sweep_$kind.csv
    [ -f "$csv" ] || continue
    # The programs in the order they first appear, the device, and its peak bandwidth.
    programs=$(awk -F, 'NR > 1 && !seen[$1]++ { printf "%s ", $1 }' "$csv")
    device=$(awk -F, 'NR > 1 && $7 != "" { print $3; exit }' "$csv")
    peak=$(awk -F, 'NR > 1 && $7 != "" { print $7; exit }' "$csv")
    gnuplot -e "csv='$csv'; out='$results/sweep_$kind'; kind='$kind'; programs='$programs'; peak=$peak; device='$device'" \
        docs/plots/sweep.gp
    echo "plot: $results/sweep_$kind.png, $results/sweep_$kind.svg"
done
