#!/usr/bin/env bash
# Usage: check_plots.sh REPOSITORY_ROOT RESULTS_TABLE
# scripts/plot.sh on the committed H200 CSVs (docs/results/, step 13's two_gpus/), on
# tests/plots/fixture.csv (a framework row, no SM clock) and the H100's type sweep (not at equal
# bytes), on step 13 with one GPU or no strong rows: its tables must be the committed ones; each chart a PNG and an SVG that says what it
# should, every GPU program in its palette colour; with one more column in the middle of each
# CSV (read by name, through RESULTS_TABLE), every chart and table the same, byte for byte.
# Without gnuplot: skipped (exit code 77), or failed under REDUCTION_REQUIRE_GNUPLOT=1 (CI).
set -u
root=$1
tool=$(realpath "$2")
cd "$root" || exit 1
export BUILD_DIR=${tool%/*}  # scripts/plot.sh finds results_table there
# shellcheck source=require_gnuplot.sh
source "$(dirname "$0")/require_gnuplot.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
plot() {  # FOLDER: scripts/plot.sh on the work folder FOLDER
    scripts/plot.sh "$work/$1" >"$work/$1.log" 2>&1 || { fail "plot.sh $1:"; cat "$work/$1.log"; }
}
drawn() {  # CHART TEXT...: CHART.png is a PNG, and CHART.svg says every TEXT
    [ "$(head -c 4 "$work/$1.png" | od -An -c | tr -d ' ')" = 211PNG ] || fail "$1.png: not a PNG"
    for text in "${@:2}"; do
        grep -qF -- "$text" "$work/$1.svg" || fail "$1.svg does not say '$text'"
    done
}
colours() {  # CHART CSV: each GPU program of CSV but CUB (black) in its palette colour
    local program rgb
    for program in $("$tool" --select step --where compute_capability!= \
                     --where 'step!=cub_reference' "$2" | awk 'NR > 1 && !seen[$0]++'); do
        rgb=$(gnuplot -e "load 'docs/plots/palette.gp'; c = colour('$program')" -e "print \
            sprintf('rgb(%3d, %3d, %3d)', int(c / 65536), int(c / 256) % 256, c % 256)" 2>&1)
        grep -qF "$rgb" "$work/$1.svg" || fail "$1.svg has not $program's colour, $rgb"
    done
}

h200=docs/results/NVIDIA_H200
two_gpus=experiments/step13_scaling/results/NVIDIA_H200/two_gpus
mkdir "$work"/{plain,fixture,one_rank,weak_only,wider}
cp "$h200"/{table,sweep_n,sweep_block,sweep_type}.csv "$h200"/{platform,host_caches}.txt \
    "$two_gpus/scaling.csv" "$work/plain/"
plot plain
for table in "$h200"/sweep_{n,n_time,block,type}.md "$two_gpus/scaling.md"; do
    cmp -s "$table" "$work/plain/${table##*/}" || fail "${table##*/} is not the committed $table"
done
drawn plain/bars step01_cpu_serial '>3.61<' '>0.76<' 'CUB 4511 GB/s' 'log scale'
drawn plain/roofline 'compute roof' 'ridge: 6.9' step03_multi_block
drawn plain/sweep_n 'Bandwidth against n' 'Time of one sum' 'L2 = 60 MiB' step12_single_pass
drawn plain/sweep_block 'threads per block' step03_multi_block
drawn plain/sweep_type 'at equal bytes: NVIDIA H200, 256 MiB' 'cdouble, 16 B' step13_multi_gpu
drawn plain/cpu_n 'L1d: 48 KiB' 'L2: 2 MiB' 'L3: 300 MiB' float
drawn plain/scaling 'Weak scaling' 'ideal, 2 x one GPU' 'target 97 %' 'Strong scaling' '2 GPUs'
for chart in bars:table roofline:table sweep_n sweep_block sweep_type scaling; do
    colours "plain/${chart%:*}" "$work/plain/${chart#*:}.csv"
done
cp tests/plots/fixture.csv "$work/fixture/table.csv"  # a framework's row; no SM clock
cp docs/results/NVIDIA_H100_80GB_HBM3/sweep_type.csv "$work/fixture/"  # n = 2^24 of each type
plot fixture
drawn fixture/sweep_type 'NOT at equal bytes: 64 MiB to 256 MiB'
drawn fixture/bars torch_sum
colours fixture/bars "$work/fixture/table.csv"
drawn fixture/roofline 'no compute roof'
cp experiments/step13_scaling/results/NVIDIA_H200/scaling.csv "$work/one_rank/"
plot one_rank
drawn one_rank/scaling 'Weak scaling' 'measured on one GPU only'
"$tool" --select "$(head -1 "$two_gpus/scaling.csv")" --where kind!=strong "$two_gpus/scaling.csv" \
    >"$work/weak_only/scaling.csv"
plot weak_only
drawn weak_only/scaling 'ideal, 2 x one GPU' 'no strong-scaling rows in this CSV'

# One column more, in the middle of every CSV: the same charts and tables, byte for byte.
for csv in "$work/plain/"*.csv; do
    awk -F, -v OFS=, '{ $3 = $3 OFS (NR == 1 ? "a_new_column" : "new value " NR) } 1' "$csv" \
        >"$work/wider/${csv##*/}"
done
cp "$work/plain/"*.txt "$work/wider/"
plot wider
made=0
for file in "$work/plain/"*.{png,svg,md}; do
    made=$((made + 1))
    cmp -s "$file" "$work/wider/${file##*/}" || fail "${file##*/} changes with a column more"
done
[ "$made" -eq 20 ] || fail "$made charts and tables made, not 20"
echo "check_plots: $failures problem(s)"
exit "$failures"
