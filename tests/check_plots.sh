#!/usr/bin/env bash
# Usage: check_plots.sh REPOSITORY_ROOT RESULTS_TABLE
# The charts, drawn by gnuplot from fixed CSVs in tests/plots/ (real rows of an H200 run,
# plus synthetic rows marked as such): the bar chart and the roofline from fixture.csv
# (with and without an SM clock), and everything scripts/plot.sh draws from a results
# folder holding the three sweeps (the type sweep at n = 2^24 and, made here, at equal
# bytes), a platform.txt and the CPU's caches (both formats); and step 13's scaling chart
# and table from scaling.csv (with 1, 2 and 4 ranks, and with one rank only). Each chart
# must be a PNG and an SVG that says what it should (a title, a mark); every program keeps
# its palette colour in every chart; the Markdown tables must be written. The table's numbers are checked by
# check_results_table.sh, which needs no gnuplot.
# The charts read every results CSV by column name, through RESULTS_TABLE (the built
# tools/results_table): a CSV with one more column in the middle must give the same charts
# and tables, byte for byte.
# Without gnuplot this test is skipped (exit code 77, the reason on stdout), unless
# REDUCTION_REQUIRE_GNUPLOT=1 (CI sets it), which makes a missing gnuplot a failure.
set -u
root=$1
tool=$(realpath "$2")
cd "$root" || exit 1
export BUILD_DIR=${tool%/*}  # scripts/plot.sh finds results_table there
if ! command -v gnuplot >/dev/null; then
    if [ "${REDUCTION_REQUIRE_GNUPLOT:-0}" = 1 ]; then
        echo "FAIL: gnuplot not found, and REDUCTION_REQUIRE_GNUPLOT=1 requires it"
        exit 1
    fi
    echo "SKIPPED: gnuplot not found (Debian/Ubuntu package gnuplot-nox); the charts are not drawn"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixtures=tests/plots
failures=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

is_png() { [ -s "$1" ] && [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = "211PNG" ]; }
# CHART TEXT...: CHART.png is a PNG and CHART.svg contains every TEXT.
drawn() {
    local chart=$1 text
    shift
    is_png "$chart.png" || { fail "$chart.png missing or not a PNG"; return; }
    for text in "$@"; do
        grep -q -- "$text" "$chart.svg" || { fail "$chart.svg does not say '$text'"; return; }
    done
    ok "$(basename "$chart") drawn"
}

gnuplot -e "tool='$tool'; csv='$fixtures/fixture.csv'; out='$work/bars'" docs/plots/bars.gp
drawn "$work/bars" step01_cpu_serial step02_naive_single_block '>5.57<' '>0.77<' 'log scale'
gnuplot -e "tool='$tool'; csv='$fixtures/fixture.csv'; out='$work/roofline'; clock_mhz=1980" docs/plots/roofline.gp
drawn "$work/roofline" 'compute roof' 'ridge' step03_multi_block
gnuplot -e "tool='$tool'; csv='$fixtures/fixture.csv'; out='$work/roofline_no_clock'" docs/plots/roofline.gp
drawn "$work/roofline_no_clock" 'no compute roof' step03_multi_block

# A results folder as scripts/bench.sh leaves it, minus table.csv (its Markdown table needs
# the results_table tool, which check_results_table.sh tests).
results=$work/results
mkdir "$results"
cp "$fixtures/sweep_n.csv" "$fixtures/sweep_block.csv" "$fixtures/sweep_type.csv" "$fixtures/cpu_caches.txt" "$results/"
cp docs/results/NVIDIA_H200/platform.txt "$results/"
if scripts/plot.sh "$results" >"$work/plot.log" 2>&1; then
    ok "scripts/plot.sh ran"
else
    fail "scripts/plot.sh failed:"; cat "$work/plot.log"
fi
drawn "$results/sweep_n" 'Bandwidth against n' 'Time of one sum' 'L2 = 60 MiB' step12_single_pass
drawn "$results/sweep_block" 'threads per block' step03_multi_block
drawn "$results/sweep_type" 'NOT at equal bytes' 'cdouble, 16 B'
drawn "$results/cpu_n" 'L1d: 32 KiB' 'L3: 32 MiB' float
for kind in n block type; do
    grep -q '^| step12_single_pass |' "$results/sweep_$kind.md" && ok "sweep_$kind.md written" ||
        fail "sweep_$kind.md has no row for step12_single_pass"
done
grep -q '^| step12_single_pass | 3.9 |' "$results/sweep_n_time.md" && ok "sweep_n_time.md written" ||
    fail "sweep_n_time.md has no time for step12_single_pass at 2^10"

# The type sweep at equal bytes, as scripts/bench.sh now measures it: the same rows with
# n = 2^28 bytes / element size (synthetic; only the chart's labels are checked).
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { size = $c["bytes"] / $c["n"]; $c["n"] = 2 ^ 28 / size; $c["bytes"] = 2 ^ 28; $c["technique"] = "synthetic test row" } 1' \
    "$fixtures/sweep_type.csv" >"$results/sweep_type.csv"
# And the CPU's caches as the H200 machine recorded them (sysfs lines), which win over lscpu's.
cp docs/results/NVIDIA_H200/host_caches.txt "$results/"
scripts/plot.sh "$results" >"$work/plot.log" 2>&1 || { fail "scripts/plot.sh failed on equal bytes:"; cat "$work/plot.log"; }
drawn "$results/sweep_type" 'at equal bytes' '256 MiB of each type' 'cdouble, 16 B'
drawn "$results/cpu_n" 'L1d: 48 KiB' 'L2: 2 MiB' 'L3: 300 MiB'

# Step 13's scaling: tests/plots/scaling.csv holds the one-rank rows of an H200 run and,
# marked "synthetic test row", 2- and 4-rank rows made from them. The table's efficiency
# is checked against one computed here; the chart must draw the ideal lines and the target.
scaling=$work/scaling
mkdir "$scaling"
cp "$fixtures/scaling.csv" "$scaling/"
scripts/plot.sh "$scaling" >"$work/plot.log" 2>&1 || { fail "scripts/plot.sh failed on scaling.csv:"; cat "$work/plot.log"; }
drawn "$scaling/scaling" 'Weak scaling' 'ideal, 4 x one GPU' 'target 97 %' 'Strong scaling' '4 GPUs'
expected=$("$tool" --select n,gbs --where ranks=1 --where kind=weak "$fixtures/scaling.csv" |
              awk -F, '$1 == 2^30 { print $2 }')
expected=$("$tool" --select n,gbs --where ranks=2 --where kind=weak "$fixtures/scaling.csv" |
           awk -F, -v one="$expected" '$1 == 2^31 { printf "%.1f %%", 100 * $2 / (2 * one) }')
grep -q "^| weak | 2 | 2^31 | 2^30 | .* | $expected | yes |$" "$scaling/scaling.md" &&
    ok "scaling.md: 2 GPUs at 2^30 per GPU, efficiency $expected" ||
    fail "scaling.md has no weak row for 2 GPUs at 2^30 per GPU with efficiency $expected"
grep -q '^Strong scaling, 2 GPUs: faster than one GPU from n = 2^24 on' "$scaling/scaling.md" &&
    ok "scaling.md: where 2 GPUs become faster" || fail "scaling.md does not say from which n 2 GPUs are faster"
# With one rank only (as measured so far on one H200), the chart says there is no efficiency.
mkdir "$work/one_rank"
cp experiments/step13_scaling/results/NVIDIA_H200/scaling.csv "$work/one_rank/"
scripts/plot.sh "$work/one_rank" >"$work/plot.log" 2>&1 || { fail "scripts/plot.sh failed on one rank's scaling.csv:"; cat "$work/plot.log"; }
drawn "$work/one_rank/scaling" 'Weak scaling' 'measured on one GPU only'
# The two-H200 CSV: weak and strong rows, both drawn. With its strong rows taken out, the
# third panel says there are none.
mkdir "$work/two_gpus" "$work/weak_only"
cp experiments/step13_scaling/results/NVIDIA_H200/two_gpus/scaling.csv "$work/two_gpus/"
scripts/plot.sh "$work/two_gpus" >"$work/plot.log" 2>&1 || { fail "scripts/plot.sh failed on the two-GPU scaling.csv:"; cat "$work/plot.log"; }
drawn "$work/two_gpus/scaling" 'ideal, 2 x one GPU' 'Strong scaling'
# The strong panel has its own "1 GPU" curve, the weak panel the other.
[ "$(grep -c '<title>1 GPU</title>' "$work/two_gpus/scaling.svg")" -eq 2 ] ||
    fail "the two-GPU chart has no strong-scaling curves"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } $c["kind"] != "strong"' \
    experiments/step13_scaling/results/NVIDIA_H200/two_gpus/scaling.csv >"$work/weak_only/scaling.csv"
scripts/plot.sh "$work/weak_only" >"$work/plot.log" 2>&1 || { fail "scripts/plot.sh failed on weak rows only:"; cat "$work/plot.log"; }
drawn "$work/weak_only/scaling" 'ideal, 2 x one GPU' 'no strong-scaling rows in this CSV'

# One colour per program in every chart: each GPU program of a chart's CSV (CUB's black
# aside) is drawn in its palette colour there.
before=$failures
rgb() {  # PROGRAM: its palette colour as the SVGs write it, e.g. rgb(214,  39,  40)
    gnuplot -e "load 'docs/plots/palette.gp'; c = colour('$1'); \
        print sprintf('rgb(%3d, %3d, %3d)', int(c / 65536), int(c / 256) % 256, c % 256)" 2>&1
}
for pair in "bars:$fixtures/fixture.csv" "roofline:$fixtures/fixture.csv" "results/sweep_n:$fixtures/sweep_n.csv" \
    "results/sweep_block:$fixtures/sweep_block.csv" "results/sweep_type:$fixtures/sweep_type.csv" \
    "scaling/scaling:$fixtures/scaling.csv"; do
    chart=$work/${pair%%:*}.svg
    for program in $("$tool" --select step --where compute_capability!= "${pair#*:}" |
                     awk 'NR > 1 && !/^cub/ && !seen[$0]++'); do
        grep -qF "$(rgb "$program")" "$chart" || fail "$program's colour $(rgb "$program") is not in $(basename "$chart")"
    done
done
[ "$failures" -eq "$before" ] && ok "each GPU program in its palette colour in every chart"

# One column more, in the middle of every CSV: every chart and table of a results folder
# comes out the same, byte for byte, since each is read by column name, never by place.
before=$failures
mkdir "$work/plain" "$work/wider"
cp "$fixtures/sweep_n.csv" "$fixtures/sweep_block.csv" "$fixtures/sweep_type.csv" "$fixtures/scaling.csv" \
    "$fixtures/cpu_caches.txt" docs/results/NVIDIA_H200/platform.txt "$work/plain/"
cp "$fixtures/fixture.csv" "$work/plain/table.csv"
cp "$work/plain/"* "$work/wider/"
for csv in "$work/wider/"*.csv; do
    awk -F, -v OFS=, '{ $3 = $3 OFS (NR == 1 ? "a_new_column" : "a new value " NR) } 1' "$csv" >"$csv.wider"
    mv "$csv.wider" "$csv"
done
scripts/plot.sh "$work/plain" >"$work/plot.log" 2>&1 || { fail "scripts/plot.sh failed:"; cat "$work/plot.log"; }
scripts/plot.sh "$work/wider" >"$work/plot.log" 2>&1 || { fail "scripts/plot.sh failed with a new column:"; cat "$work/plot.log"; }
drawn=0
for made in "$work/plain/"*.svg "$work/plain/"*.md; do
    drawn=$((drawn + 1))
    cmp -s "$made" "$work/wider/${made##*/}" || fail "${made##*/} changes when the CSVs get one column more"
done
[ "$drawn" -ge 13 ] || fail "only $drawn charts and tables were made from the plain folder"
[ "$failures" -eq "$before" ] && ok "a new column in the middle of every CSV changes none of the $drawn charts and tables"

if [ "$failures" -gt 0 ]; then
    echo "check_plots: $failures problem(s)"
fi
exit "$failures"
