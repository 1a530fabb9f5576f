#!/usr/bin/env bash
# The test command: checks the tools, builds everything, runs every test (extra arguments go
# to ctest, e.g. -L cpu, -L gpu, -R step05) and says what ran, from ctest's JUnit file. A test
# that cannot run (no GPU: "no CUDA device"; no gnuplot: the charts) is reported as skipped,
# never as passed; a run in which no test ran is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpi_one_host.sh  # step 13 without ssh or rsh
build=${BUILD_DIR:-build}
scripts/setup.sh test
scripts/build.sh
results=$build/test-results.xml  # every test's name, status and output; it stays for reading
: >"$results"
status=0
(cd "$build" && ctest --output-on-failure --parallel "$(nproc)" \
    --output-junit test-results.xml "$@") || status=$?
count() { grep -c "<testcase .* status=\"$1\"" "$results" || true; }  # run, notrun, fail
ran=$(count run) skipped=$(count notrun)
# Why tests were skipped: the line each printed to say so (a script's "SKIPPED: ...",
# GoogleTest's line after "...: Skipped", a program's "error: ..."), each once, with how many.
awk '/<testcase / { skipped = 0; reason = "" }
     /<skipped / { skipped = 1 }
     /<\/testcase>/ && skipped { print (reason == "" ? "(no reason printed)" : reason) }
     !skipped || reason != "" { next }
     /: error: / { reason = substr($0, index($0, ": error: ") + 9) }
     /^[ \t]*(<system-out>)?SKIPPED: / { reason = substr($0, index($0, "SKIPPED: ") + 9) }
     /: Skipped$/ { getline; reason = $0 }' "$results" |
    sort | uniq -c | sed 's/^ *\([0-9]*\) /test: skipped: \1 x /'
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
