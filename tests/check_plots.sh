#!/usr/bin/env bash
# Usage: check_plots.sh REPOSITORY_ROOT
# The charts: gnuplot draws the bar chart from a fixed CSV (tests/plots/fixture.csv) and the
# sweep chart from a one-program sweep made from it. The table's numbers are checked by
# check_results_table.sh, which needs no gnuplot.
# Without gnuplot this test is skipped (exit code 77, the reason on stdout), unless
# REDUCTION_REQUIRE_GNUPLOT=1 (CI sets it), which makes a missing gnuplot a failure.
set -u
root=$1
cd "$root" || exit 1
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
fixture=tests/plots/fixture.csv
failures=0

is_png() { [ -s "$1" ] && [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = "211PNG" ]; }

gnuplot -e "csv='$fixture'; out='$work/bars'" docs/plots/bars.gp
if is_png "$work/bars.png"; then
    echo "ok: bars.png drawn"
else
    echo "FAIL: bars.png missing or not a PNG"; failures=$((failures + 1))
fi

# A sweep chart over n: the fixture's GPU rows, each given a different n.
awk -F, 'NR == 1 || $4 != ""' "$fixture" >"$work/sweep_n.csv"
if scripts/plot.sh "$work" >"$work/plot.log" 2>&1 && is_png "$work/sweep_n.png"; then
    echo "ok: sweep_n.png drawn by scripts/plot.sh"
else
    echo "FAIL: scripts/plot.sh did not draw sweep_n.png:"; cat "$work/plot.log"; failures=$((failures + 1))
fi
exit "$failures"
