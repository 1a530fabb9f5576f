#!/usr/bin/env bash
# For maintainers: proves that every exercise test can fail. Builds the exercise tests against
# the solutions (solutions/) and against every wrong solution (exercises/wrong_solutions/),
# runs them, and writes a summary to OUTFILE: the device, then each wrong solution and what
# rejected it. Exit code 0 only if every solution passes every test and every wrong solution
# is rejected, with nothing skipped. Needs a GPU, nvcc, GoogleTest and compute-sanitizer.
#   scripts/maintainer/check_exercise_fixtures.sh OUTFILE
# From the environment: CMAKE_CUDA_ARCHITECTURES (default native: the GPU of this machine),
# BUILD_DIR (default build-exercise-fixtures), REDUCTION_COMMIT (the commit to name, outside git).
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUTFILE" >&2; exit 2; }
out=$(realpath -m "$1")
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-build-exercise-fixtures}
arch=${CMAKE_CUDA_ARCHITECTURES:-native}
jobs=$(nproc)
work=$(realpath -m "$build")/check_exercise_fixtures  # the logs of the last run stay here (absolute: ctest runs each test in its own folder)

fail() { echo "check_exercise_fixtures: $*" >&2; exit 1; }

echo "== configure ($build, CUDA architectures $arch)"
mkdir -p "$work"
cmake -S . -B "$build" -DCMAKE_CUDA_ARCHITECTURES="$arch" -DREDUCTION_EXERCISE_SOLUTIONS=ON \
      -DREDUCTION_EXERCISE_FIXTURES=ON >"$work/configure.log" 2>&1 ||
    { tail -30 "$work/configure.log"; fail "configure failed"; }
echo "== build the exercise tests ($jobs jobs)"
cmake --build "$build" --target exercise_programs -j "$jobs" >"$work/build.log" 2>&1 ||
    { grep -E 'error|Error' "$work/build.log" | head -30; fail "build failed"; }

# One ctest run; prints its results, leaves the names by status in $work/<label>.<status>.
run_ctest() {
    local label=$1
    (cd "$build" && ctest -L "$label" -j "$jobs" --output-on-failure) >"$work/$label.log" 2>&1
    # Result lines: "  3/120 Test  #17: name ......   Passed    0.52 sec" (or ***Failed, ...)
    sed -n 's/^ *[0-9]*\/[0-9]* Test *#[0-9]*: \([^ ]*\) \.* *\**\([A-Za-z]*\).*/\2 \1/p' \
        "$work/$label.log" >"$work/$label.results"
    for status in Passed Failed Skipped Timeout; do
        awk -v s="$status" '$1 == s { print $2 }' "$work/$label.results" | sort >"$work/$label.$status"
    done
    # Anything else (Exception, Not Run, ...) counts as failed.
    awk '$1 != "Passed" && $1 != "Failed" && $1 != "Skipped" && $1 != "Timeout" { print $2 }' \
        "$work/$label.results" >>"$work/$label.Failed"
}

echo "== the solutions: ctest -L exercise"
run_ctest exercise
echo "== the wrong solutions: ctest -L wrong_solution"
export EXERCISE_VERDICTS=$work/verdicts.tsv
: >"$EXERCISE_VERDICTS"
run_ctest wrong_solution

count() { wc -l <"$1" | tr -d ' '; }
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
{
    echo "# Exercise tests against their solutions and against wrong solutions"
    echo
    echo "scripts/maintainer/check_exercise_fixtures.sh, $(date -u '+%Y-%m-%d %H:%M UTC')"
    if [ -n "${REDUCTION_COMMIT:-}" ]; then  # a copy whose .git may be older: the caller names it
        echo "commit: $REDUCTION_COMMIT"
    elif git rev-parse --git-dir >/dev/null 2>&1; then
        echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- exercises solutions tests || echo ' (with local changes)')"
    else
        echo "commit: unknown (not a git checkout; set REDUCTION_COMMIT)"
    fi
    echo "device: ${device:-none found (nvidia-smi)}"
    echo "CUDA: $(nvcc --version | tail -1); $(compute-sanitizer --version 2>/dev/null | tail -1)"
    echo "CUDA architectures: $arch"
    echo
    echo "## Solutions (ctest -L exercise): every test must pass"
    echo
    echo "$(count "$work/exercise.Passed") passed, $(count "$work/exercise.Failed") failed," \
         "$(count "$work/exercise.Timeout") timed out, $(count "$work/exercise.Skipped") skipped"
    for status in Failed Timeout Skipped; do
        sed "s/^/  $status: /" "$work/exercise.$status"
    done
    echo
    echo "## Wrong solutions (ctest -L wrong_solution): every one must be rejected"
    echo
    echo "$(count "$work/wrong_solution.Passed") of $(count "$work/wrong_solution.results") rejected"
    echo
    # Every wrong solution, in order, with the verdict its check wrote (a check killed by the
    # timeout writes none).
    while read -r status name; do
        verdict=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$EXERCISE_VERDICTS" | tail -1)
        case $status in
        Passed) mark=ok ;;
        Skipped) mark=SKIPPED ;;
        *) mark=FAILED ;;
        esac
        printf '%-8s %-40s %s\n' "$mark" "${name#wrong_solution.}" "${verdict:-no verdict ($status)}"
    done < <(sort -k2 "$work/wrong_solution.results")
} >"$out"
cat "$out"

problems=$(( $(count "$work/exercise.Failed") + $(count "$work/exercise.Timeout") +
             $(count "$work/exercise.Skipped") + $(count "$work/wrong_solution.Failed") +
             $(count "$work/wrong_solution.Timeout") + $(count "$work/wrong_solution.Skipped") ))
[ "$(count "$work/exercise.results")" -gt 0 ] || fail "no solution test ran (see $work/exercise.log)"
[ "$(count "$work/wrong_solution.results")" -gt 0 ] || fail "no wrong-solution test ran"
if [ "$problems" -ne 0 ]; then
    echo "check_exercise_fixtures: $problems problems: a solution failed or was skipped, or a" \
         "wrong solution was not rejected; the ctest logs are in $work/" >&2
    exit 1
fi
echo "check_exercise_fixtures: every solution passes, every wrong solution is rejected"
