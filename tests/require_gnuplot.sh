# shellcheck shell=bash
# Sourced by the chart tests (check_plots.sh, check_part2_charts.sh): without gnuplot the test
# reports itself skipped (exit code 77), or fails under REDUCTION_REQUIRE_GNUPLOT=1 (CI).
if ! command -v gnuplot >/dev/null; then
    if [ "${REDUCTION_REQUIRE_GNUPLOT:-0}" = 1 ]; then
        echo "FAIL: gnuplot not found, and REDUCTION_REQUIRE_GNUPLOT=1 requires it"
        exit 1
    fi
    echo "SKIPPED: gnuplot not found (Debian/Ubuntu package gnuplot-nox); no chart drawn"
    exit 77
fi
