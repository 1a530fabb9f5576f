#!/usr/bin/env bash
# The test command: checks the tools, builds the programs and their tests, runs the quick
# selection and says what ran, from ctest's JUnit file:
#   scripts/test.sh [--exhaustive] [CTEST ARGUMENTS]    e.g. -L cpu, -L gpu, -R step05
# The quick selection is every test but those labelled exhaustive: every program x every type
# at the largest block (exact check, odd n, misaligned input), the command lines, most CPU
# tests. --exhaustive (the first argument) also builds the experiments and runs every test:
# every block size, the experiments' checks, the README's nvcc commands, a copied step
# folder, the frameworks' runner (CI runs this). A test
# that cannot run (no GPU: "no CUDA device"; no gnuplot: the charts) is reported as skipped,
# never as passed; a run in which no test ran is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpi_one_host.sh  # step 13 without ssh or rsh
build=${BUILD_DIR:-build}
targets=(all) exclude=exhaustive arguments=()
if [ "${1:-}" = --exhaustive ]; then
    shift
    targets=(all experiments) exclude=
fi
# ctest ANDs several --label-exclude (a test is left out only if it matches every one): the
# caller's join the exhaustive label in one expression, which leaves out either.
while [ $# -gt 0 ]; do
    case $1 in
    -LE | --label-exclude) exclude+="${exclude:+|}${2:?$1 needs a label}" && shift 2 ;;
    *) arguments+=("$1") && shift ;;
    esac
done
selection=()
[ -z "$exclude" ] || selection=(--label-exclude "$exclude")
scripts/setup.sh test
scripts/build.sh "${targets[@]}"
results=$build/test-results.xml  # every test's name, status and output; it stays for reading
: >"$results"
status=0
(cd "$build" && ctest --output-on-failure --parallel "$(nproc)" \
    --output-junit test-results.xml "${selection[@]}" "${arguments[@]}") || status=$?
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
