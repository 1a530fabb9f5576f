#!/usr/bin/env bash
# Usage: check_part2_charts.sh REPOSITORY_ROOT RESULTS_TABLE
# Part II's figures and tables, redrawn from the committed CSVs of every GPU: run.sh of
# experiments/rows_by_length and experiments/softmax_by_length with TABLES_ONLY=1 on a copy of
# each results folder must give the committed tables byte for byte, a PNG, and an SVG that names
# the GPU, every program of the CSV, the peak and (softmax, where experiments/copy_ceiling has a
# run of that GPU) the fastest copy. Without gnuplot: skipped (exit code 77), or failed under
# REDUCTION_REQUIRE_GNUPLOT=1 (CI).
set -u
root=$1
tool=$(realpath "$2")
cd "$root" || exit 1
export BUILD_DIR=${tool%/*}  # the drivers find results_table there
# shellcheck source=require_gnuplot.sh
source "$(dirname "$0")/require_gnuplot.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 charts=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

for experiment in rows_by_length softmax_by_length; do
    for committed in "experiments/$experiment/results"/*/; do
        committed=${committed%/}
        csv=$committed/$experiment.csv
        [ -f "$csv" ] || continue
        gpu=${committed##*/}
        copy=$work/$experiment/$gpu  # the GPU's folder name: softmax's run.sh finds its copy run by it
        mkdir -p "$copy"
        cp "$committed"/*.csv "$copy/"
        TABLES_ONLY=1 "experiments/$experiment/run.sh" "$copy" >"$copy.log" 2>&1 ||
            { fail "$experiment/run.sh on $gpu:"; cat "$copy.log"; continue; }
        for table in "$copy"/*.md; do
            cmp -s "$table" "$committed/${table##*/}" ||
                fail "$experiment, $gpu: ${table##*/} is not the committed table"
        done
        chart=$copy/$experiment
        [ "$(head -c 4 "$chart.png" 2>/dev/null | od -An -c | tr -d ' ')" = 211PNG ] ||
            fail "$experiment, $gpu: no PNG drawn"
        says=("$("$tool" --select device "$csv" | sed -n 2p)" "peak ")
        mapfile -t -O 2 says < <("$tool" --select step --where type=float "$csv" | awk 'NR > 1 && !seen[$0]++')
        if [ "$experiment" = softmax_by_length ] && [ -f "experiments/copy_ceiling/results/$gpu/copy_ceiling.csv" ]; then
            says+=("fastest copy ")
        fi
        for text in "${says[@]}"; do
            grep -qF -- "$text" "$chart.svg" 2>/dev/null || fail "$experiment, $gpu: the SVG does not say '$text'"
        done
        charts=$((charts + 1))
    done
done
[ "$charts" -ge 4 ] || fail "$charts charts drawn, expected one per GPU for each of the two experiments"
[ "$failures" -eq 0 ] || exit 1
echo "ok: $charts Part II charts and their tables redrawn from the committed CSVs"
