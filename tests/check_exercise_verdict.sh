#!/usr/bin/env bash
# Usage: check_exercise_verdict.sh accept|reject NAME TEST_PROGRAM [TOOL:GTEST_FILTER ...]
# Judges an exercise's test program (exercises/<step>/test.cu, built against a solution or
# against a wrong solution of exercises/wrong_solutions/):
#   accept  the solution: the tests of each GTEST_FILTER pass under compute-sanitizer TOOL
#           (memcheck, racecheck, ...) and the tool reports nothing.
#   reject  a wrong solution: the test program must fail a test or end with an error; if all
#           its tests pass, one of the sanitizer runs must report it. Exit 0 when rejected.
# A test that needs a GPU is skipped without one, and a skipped test cannot reject anything:
# when no test failed and some were skipped, or compute-sanitizer is needed and missing, the
# verdict is "not judged" with exit code 77, which ctest shows as skipped (SKIP_RETURN_CODE),
# never as passed. Exit code 1: the verdict is not the one wanted. The verdict line is in
# the test's output, so `ctest --output-junit FILE` records it with the test's status.
set -u
mode=$1
name=$2
program=$3
shift 3
sanitizer_runs=("$@")
log=$(mktemp)
report=$(mktemp)
trap 'rm -f "$log" "$report"' EXIT

# One verdict line, then the exit code.
finish() {
    local code=$1
    shift
    echo "$name: $*"
    exit "$code"
}

# Runs the test program (with any arguments, or under compute-sanitizer) and reads gtest's
# XML report, which it writes when it ends normally: ran (tests run; empty without a report:
# the program ended early), failed (names of the failed tests), skipped (how many); from its
# output, where (the test running when it ended early); and status (the exit code).
run_tests() {
    : >"$report"
    "$@" --gtest_output="xml:$report" >"$log" 2>&1
    status=$?
    ran=$(sed -n 's/^<testsuites tests="\([0-9]*\)".*/\1/p' "$report")
    failed=$(awk '/<testcase / { match($0, / name="[^"]*"/); test = substr($0, RSTART + 7, RLENGTH - 8)
                                 match($0, / classname="[^"]*"/); suite = substr($0, RSTART + 12, RLENGTH - 13) }
                  /<failure / { print suite "." test }' "$report" | sort -u | paste -sd, - | sed 's/,/, /g')
    skipped=$(grep -c 'result="skipped"' "$report")
    where=$(sed -n 's/^\[ RUN      \] //p' "$log" | tail -1)
}

# The last line of the output that says what went wrong when the program ended early (a
# CUDA error ends it with one line: "error: CUDA: ...").
last_error() {
    grep -iE 'error|abort|fault|terminate' "$log" | tail -1 | cut -c1-160
}

reports_noun() { if [ "$1" = racecheck ]; then echo hazards; else echo errors; fi; }

# The number of reports in a compute-sanitizer run (racecheck counts hazards, warnings
# included: a race between two lanes of a warp is reported as a warning), empty if missing.
sanitizer_reports() {
    if [ "$1" = racecheck ]; then
        sed -n 's/^========= RACECHECK SUMMARY: \([0-9]*\) hazard.*/\1/p' "$log" | tail -1
    else
        sed -n 's/^========= ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$log" | tail -1
    fi
}

first_report() {
    grep -m1 -E '^========= +(Invalid|Error|Warning|Race|Barrier|Uninitialized)' "$log" |
        sed 's/^========= *//' | cut -c1-120
}

# The tool runs: a read past the end of a buffer is seen only with padding after each
# allocation (else it may land in the next one).
sanitize() {
    local tool=$1 filter=$2 padding=()
    [ "$tool" = memcheck ] && padding=(--padding 64)
    run_tests compute-sanitizer --tool "$tool" "${padding[@]}" "$program" --gtest_filter="$filter"
}

need_sanitizer() {
    command -v compute-sanitizer >/dev/null ||
        finish 77 "not judged: compute-sanitizer not found (the CUDA Toolkit has it, in its bin/)"
}

# A program that is missing, or ends before its first test starts, has judged nothing.
[ -x "$program" ] || finish 1 "not judged: no test program $program (build it first)"
ended_early() {  # the verdict when the program ended before gtest's summary, in a test or not
    [ -n "$where" ] || finish 1 "not judged: the test program ended with exit code $status" \
        "before any test started: $(last_error)"
    finish 0 "$@"
}

case $mode in
accept)
    [ ${#sanitizer_runs[@]} -gt 0 ] || finish 1 "accept needs at least one TOOL:GTEST_FILTER"
    verdicts=()
    for run in "${sanitizer_runs[@]}"; do
        tool=${run%%:*} filter=${run#*:}
        run_tests "$program" --gtest_filter="$filter"  # without a GPU the tests say so, quickly
        [ -n "$ran" ] && [ "$skipped" -gt 0 ] &&
            finish 77 "not judged: $skipped of $ran tests skipped: $(grep -m1 'no CUDA device' "$log")"
        need_sanitizer
        sanitize "$tool" "$filter"
        reports=$(sanitizer_reports "$tool")
        [ -n "$reports" ] || finish 1 "FAILED: $tool printed no summary (exit code $status): $(last_error)"
        [ "$reports" -eq 0 ] ||
            finish 1 "FAILED: $tool reported $reports $(reports_noun "$tool") in $filter: $(first_report)"
        [ -n "$ran" ] || finish 1 "FAILED under $tool: ended with exit code $status in $where: $(last_error)"
        [ "$ran" -gt 0 ] || finish 1 "FAILED: no test matches $filter"
        [ -z "$failed" ] || finish 1 "FAILED under $tool: $failed"
        [ "$status" -eq 0 ] || finish 1 "FAILED under $tool: exit code $status: $(last_error)"
        verdicts+=("$tool clean on $filter ($ran tests)")
    done
    finish 0 "accepted: $(printf '%s; ' "${verdicts[@]}" | sed 's/; $//')"
    ;;
reject)
    run_tests "$program"
    tests_ran=$ran
    [ -n "$ran" ] || ended_early "rejected: ${failed:+$failed failed, then }the test program" \
        "ended with exit code $status in $where: $(last_error)"
    [ -z "$failed" ] || finish 0 "rejected by $failed"
    [ "$skipped" -eq 0 ] ||
        finish 77 "not judged: no test failed, $skipped of $ran skipped: $(grep -m1 'no CUDA device' "$log")"
    [ ${#sanitizer_runs[@]} -gt 0 ] || finish 1 "NOT rejected: all $ran tests pass"
    need_sanitizer
    for run in "${sanitizer_runs[@]}"; do
        tool=${run%%:*} filter=${run#*:}
        sanitize "$tool" "$filter"
        reports=$(sanitizer_reports "$tool")
        [ -n "$reports" ] || finish 1 "not judged: $tool printed no summary (exit code $status): $(last_error)"
        [ "$reports" -eq 0 ] ||
            finish 0 "rejected by $tool in $filter: $reports $(reports_noun "$tool"), first: $(first_report)"
        [ -n "$ran" ] || ended_early "rejected under $tool: ended with exit code $status in $where: $(last_error)"
        [ -z "$failed" ] || finish 0 "rejected under $tool by $failed"
    done
    finish 1 "NOT rejected: all $tests_ran tests pass, and ${sanitizer_runs[*]} report nothing"
    ;;
*)
    echo "usage: $0 accept|reject NAME TEST_PROGRAM [TOOL:GTEST_FILTER ...]" >&2
    exit 2
    ;;
esac
