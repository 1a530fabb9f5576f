#!/usr/bin/env bash
# The test command: checks the tools, builds everything, runs every test, and says what ran.
# Without a GPU the GPU tests are reported as skipped ("no CUDA device"), never as passed;
# without gnuplot the chart test is skipped ("gnuplot not found"). A run in which no test
# ran is a failure. Extra arguments go to ctest, e.g. -L cpu, -L gpu, -R step05.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpi_one_host.sh  # step 13 without ssh or rsh
build=${BUILD_DIR:-build}
scripts/setup.sh test
scripts/build.sh
tests_built=$(cd "$build" && ctest -N 2>/dev/null | sed -n 's/^Total Tests: //p')
if [ "${tests_built:-0}" -eq 0 ]; then
    reason=$(sed -n 's/^REDUCTION_TESTS_OFF_REASON:INTERNAL=//p' "$build/CMakeCache.txt")
    echo "test: no test was built: ${reason:-see $build/configure.log}" >&2
    exit 1
fi
log=$build/test.log
set +e
(cd "$build" && ctest --output-on-failure --parallel "$(nproc)" "$@") | tee "$log"
status=${PIPESTATUS[0]}
set -e
total=$(sed -n 's/.* out of \([0-9][0-9]*\)$/\1/p' "$log" | tail -1)  # CMake 3: "..., 0 tests failed out of N"; 4: "100% tests passed out of N"
skipped=$(grep -c '(Skipped)' "$log" || true)
# Why tests were skipped: the reasons they printed (GoogleTest's "Skipped" message, or a
# script's "SKIPPED:" line), each once, with how many tests gave it.
if [ "$skipped" -gt 0 ]; then
    awk 'skipnext { sub(/^ */, ""); print; skipnext = 0 }
         /: Skipped$/ { skipnext = 1 }
         /^SKIPPED: / { sub(/^SKIPPED: /, ""); print }' \
        "$build/Testing/Temporary/LastTest.log" | sort | uniq -c | sed 's/^ */test: skipped: /' |
        sed 's/: \([0-9]*\) /: \1 x /'
fi
if [ "$status" -ne 0 ]; then
    echo "test: FAILED" >&2
    exit "$status"
fi
total=${total:-0}
if [ "$total" -le "$skipped" ]; then
    echo "test: no test ran (all $skipped skipped or none found): that is not a pass" >&2
    exit 1
fi
echo "test: OK ($((total - skipped)) ran and passed, $skipped skipped)"
