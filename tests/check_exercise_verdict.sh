#!/usr/bin/env bash
# Usage: check_exercise_verdict.sh accept|reject NAME TEST_PROGRAM [TOOL:GTEST_FILTER ...]
# Judges an exercise's test program (exercises/<step>/test.cu) built against a solution or
# against a wrong solution of exercises/wrong_solutions/:
#   accept  the solution: the tests of each GTEST_FILTER pass under compute-sanitizer TOOL
#           (memcheck, racecheck, ...) and the tool reports nothing.
#   reject  a wrong solution: the test program must fail a test or end with an error in one;
#           if all its tests pass, a sanitizer run must report it. Exit 0 when rejected.
# A skipped test (no GPU) judges nothing: when no test failed and some were skipped, or
# compute-sanitizer is needed and missing, the verdict is "not judged", exit code 77 (ctest:
# skipped, never passed). Exit code 1: not the verdict wanted. The one verdict line is in
# the test's output, so `ctest --output-junit FILE` records it.
set -u
mode=$1 name=$2 program=$3
shift 3
sanitizer_runs=("$@")
log=$(mktemp)
report=$(mktemp)
trap 'rm -f "$log" "$report"' EXIT

finish() {  # CODE VERDICT...
    # A verdict not reached is a skip: the line scripts/test.sh reports skips by.
    [ "$1" -ne 77 ] || echo "SKIPPED: $name: ${*:2}"
    echo "$name: ${*:2}"
    exit "$1"
}

# The last line of the output that says what went wrong when the program ended early (a
# CUDA error ends it with one line: "error: CUDA: ...").
last_error() {
    grep -iE 'error|abort|fault|terminate|no such file' "$log" | tail -1 | cut -c1-160
}

first_report() {
    grep -m1 -E '^========= +(Invalid|Error|Warning|Race|Barrier|Uninitialized)' "$log" |
        sed 's/^========= *//' | cut -c1-120
}

# Runs the test program (alone or under compute-sanitizer) and sets status (its exit code)
# and problem: what went wrong, empty if nothing did. It reads gtest's XML report, which the
# program writes when it ends normally: ran (tests run; empty without a report: it ended early),
# failed (a <testcase> line, then <failure>), skipped; from its output, where (the test
# running when it ended early) and compute-sanitizer's summary (racecheck counts hazards,
# warnings included: a race between two lanes of a warp is a warning).
judge() {
    : >"$report"
    "$@" --gtest_output="xml:$report" >"$log" 2>&1
    status=$?
    # A correctness matrix without a GPU runs no case: it says so and exits 77.
    [ "$status" -ne 77 ] || ! grep -q '^SKIPPED: ' "$log" ||
        finish 77 "not judged: $(grep -m1 '^SKIPPED: ' "$log" | cut -c10-)"
    ran=$(sed -n 's/^<testsuites tests="\([0-9]*\)".*/\1/p' "$report")
    skipped=$(grep -c 'result="skipped"' "$report")
    local failed where
    failed=$(grep -B1 '<failure ' "$report" | sort -u |
        sed -n 's/.*<testcase name="\([^"]*\)".* classname="\([^"]*\)".*/\2.\1/p' |
        paste -sd, | sed 's/,/, /g')
    where=$(sed -n 's/^\[ RUN      \] //p' "$log" | tail -1)
    summary=$(grep -m1 -E '^========= [A-Z]+ SUMMARY: ' "$log" | sed 's/^========= //')
    problem=
    if [ -n "$summary" ] && [[ $summary != *" SUMMARY: 0 "* ]]; then
        problem="$summary; first: $(first_report)"
    elif [ -z "$ran" ]; then  # a program that ends before its first test has judged nothing
        [ -n "$where" ] || finish 1 "not judged: the test program ended with exit code $status" \
            "before any test started: $(last_error)"
        problem="ended with exit code $status in $where: $(last_error)"
    elif [ -n "$failed" ]; then
        problem="$failed failed"
    fi
}

# TOOL FILTER: the filter's tests under the tool. A read past the end of a buffer is seen
# only with padding after each allocation (else it may land in the next one).
sanitize() {
    local padding=()
    [ "$1" = memcheck ] && padding=(--padding 64)
    command -v compute-sanitizer >/dev/null ||
        finish 77 "not judged: compute-sanitizer not found (the CUDA Toolkit has it, in its bin/)"
    judge compute-sanitizer --tool "$1" "${padding[@]}" "$program" --gtest_filter="$2"
    [ -n "$summary" ] || finish 1 "not judged: $1 printed no summary: $(last_error)"
}

not_judged() {
    finish 77 "not judged: $skipped of $ran tests skipped: $(grep -m1 'no CUDA device' "$log")"
}

case $mode in
accept)
    [ ${#sanitizer_runs[@]} -gt 0 ] || finish 1 "accept needs at least one TOOL:GTEST_FILTER"
    verdicts=
    for run in "${sanitizer_runs[@]}"; do
        tool=${run%%:*} filter=${run#*:}
        judge "$program" --gtest_filter="$filter"  # without a GPU the tests say so, quickly
        [ "$skipped" -eq 0 ] || not_judged
        sanitize "$tool" "$filter"
        [ -z "$problem" ] && [ "$status" -eq 0 ] ||
            finish 1 "FAILED under $tool in $filter: ${problem:-exit code $status: $(last_error)}"
        [ "$ran" -gt 0 ] || finish 1 "FAILED: no test matches $filter"
        verdicts+="$tool clean on $filter ($ran tests); "
    done
    finish 0 "accepted: ${verdicts%; }"
    ;;
reject)
    judge "$program"
    [ -z "$problem" ] || finish 0 "rejected: $problem"
    [ "$skipped" -eq 0 ] || not_judged
    [ ${#sanitizer_runs[@]} -gt 0 ] || finish 1 "NOT rejected: all $ran tests pass"
    tests_ran=$ran
    for run in "${sanitizer_runs[@]}"; do
        tool=${run%%:*} filter=${run#*:}
        sanitize "$tool" "$filter"
        [ -z "$problem" ] || finish 0 "rejected under $tool in $filter: $problem"
    done
    finish 1 "NOT rejected: all $tests_ran tests pass, and ${sanitizer_runs[*]} report nothing"
    ;;
*)
    echo "usage: $0 accept|reject NAME TEST_PROGRAM [TOOL:GTEST_FILTER ...]" >&2
    exit 2
    ;;
esac
