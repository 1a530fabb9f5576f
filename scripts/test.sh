#!/usr/bin/env bash
# The test command: checks the tools, builds everything, runs every test, and says what ran.
# Without a GPU the GPU tests are reported as skipped ("no CUDA device"), never as passed;
# without gnuplot the chart test is skipped ("gnuplot not found"). A run in which no test
# ran is a failure. Extra arguments go to ctest, e.g. -L cpu, -L gpu, -R step05. What ran
# is read from ctest's JUnit file, $BUILD_DIR/test-results.xml, which stays for later reading.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpi_one_host.sh  # step 13 without ssh or rsh
build=${BUILD_DIR:-build}
scripts/setup.sh test
scripts/build.sh
results=$build/test-results.xml  # ctest's JUnit XML: every test's name, status and output
: >"$results"
set +e
(cd "$build" && ctest --output-on-failure --parallel "$(nproc)" --output-junit test-results.xml "$@")
status=$?
set -e
count() { grep -c "<testcase .* status=\"$1\"" "$results" || true; }  # run, notrun, fail
ran=$(count run) skipped=$(count notrun)
# Why tests were skipped: the line each printed to say so (a script's "SKIPPED: ...",
# GoogleTest's line after "...: Skipped", a program's "error: ..."), each once, with how many.
if [ "$skipped" -gt 0 ]; then
    awk '/<testcase / { skip = 0; reason = ""; after = 0 }
         /<skipped / { skip = 1 }
         skip && reason == "" {
             line = $0; sub(/^[ \t]*(<system-out>)?/, "", line)
             if (after) reason = line
             else if (line ~ /^SKIPPED: /) reason = substr(line, 10)
             else if (line ~ /: error: /) reason = substr(line, index(line, ": error: ") + 9)
             after = line ~ /: Skipped$/
         }
         /<\/testcase>/ && skip { print (reason == "" ? "(no reason printed)" : reason) }' "$results" |
        sort | uniq -c | sed 's/^ *\([0-9]*\) /test: skipped: \1 x /'
fi
if [ "$status" -ne 0 ]; then
    echo "test: FAILED" >&2
    exit "$status"
fi
if [ "$ran" -eq 0 ]; then
    reason=$(sed -n 's/^REDUCTION_TESTS_OFF_REASON:INTERNAL=//p' "$build/CMakeCache.txt")
    echo "test: no test ran (${reason:-$skipped skipped}): that is not a pass" >&2
    exit 1
fi
echo "test: OK ($ran ran and passed, $skipped skipped)"
